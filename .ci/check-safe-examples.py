#!/usr/bin/env python3
"""Fails on an example a newcomer would copy into a leak: a handler that captures `self` or a
screen, on a source that outlives every screen, with its subscription never stored; and on an
`owner:` form whose closure still names `self` (a retain cycle whatever the source).

    python3 .ci/check-safe-examples.py               # README, articles, `///` comments
    python3 .ci/check-safe-examples.py --self-test   # must flag exactly the fixture's marked lines

Examples read: every ```swift block (one example per block, so a later `clock.cancel()` in the
block counts; a ```swift no-compile block is the code a diagnostic is quoted for, shown as what
not to write, and is skipped) and every `code span` with a closure in README.md and in every .md of a .docc
catalog under Sources/; in Sources/**/*.swift (usage targets and onkit-example aside: they are
code, not documentation), the fenced blocks and code spans of every `///` comment.

A registration on a long-lived source: a call whose text, from the source to the handler's `{`
(the first `{` at its own nesting level, the chain followed across lines that start with `.`),
names one of
  - a notification center: `NotificationCenter`, `center.on.`, `.on.notification(`,
    `.on.keyboard…` (the default center never goes);
  - `DispatchTimer.every`, `Timer.on(every:`; `Signal.….received`; `FileDescriptorEvents.readable`;
  - a singleton: `X.standard`, `X.shared`, `X.default` (`UserDefaults.standard`, an app-wide
    model `AppModel.shared`), or an app-wide model variable `app`, `appModel`, `appState`.
Not checked there: `.once` (the handler goes after one call, a form the issue keeps
discardable), `.values`, `.next` (no handler kept).

Its handler captures a screen when its body (string literals aside, their interpolations kept;
`//` comments aside) names, not after a `.` and not as one of the closure's own parameters,
`self` or a screen: `screen`, `controller`, `viewController`, `view`, `window`, or a name ending in
`Screen`, `Controller`, `View`, `Window`, `Label`, `Button` or `Field`. A name in a `[weak …]` or
`[unowned …]` capture list is not a strong capture.

The subscription is stored when:
  - `.store(in: …)` follows the handler's `}`; or the call is the right-hand side of `x += `
    (into a Lifetime or a collection) or of `return`;
  - it is assigned to existing storage (`name = …`, `self.name = …`: no `let`/`var`);
  - it is assigned with `let`/`var` to a name that the example names again after the handler
    (`clock.cancel()`, `lifetime += clock`, `center.on… -= clock`); `_ = …` is never storing;
  - or it is an `owner:` form whose closure names neither `self` nor the owner's variable (the
    owner is held weakly and handed back as the closure's first parameter).

Any `owner:` form (a call with an `owner:` argument and a closure, on any source) whose closure
names `self`, or the owner's own variable, is flagged too: the handler holds it strongly
(button → handler → controller → button), so the owner form cannot release it.

The self-test runs the rules on .ci/fixtures/unsafe-examples.md, whose flagged examples carry a
`// flagged` comment ending the line the check reports: it must report exactly those lines.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent

LONG_LIVED = re.compile(
    r"NotificationCenter\b|\bcenter\.on\.|\.on\.notification\(|\.on\.keyboard\w*"
    r"|DispatchTimer\.every\b|\bTimer\.on\(every:|\bSignal\.\w+\.received\b|FileDescriptorEvents\.readable\b"
    r"|\b[A-Z]\w*\.(?:standard|shared|default)\b|(?<![.\w])(?:app|appModel|appState)\.")
NOT_KEPT = re.compile(r"\.(once|values|next)\b")
SCREEN = re.compile(r"^(self|screen|controller|viewController|view|window|\w+(Screen|Controller|View|Window|Label|Button|Field))$")


def matching(text, start, open_character="{", close_character="}"):
    """Index just past the bracket that closes the one at `start`."""
    depth = 0
    index = start
    while index < len(text):
        character = text[index]
        if character == '"':
            index = skip_string(text, index)
            continue
        if character == open_character:
            depth += 1
        elif character == close_character:
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    return len(text)


def skip_string(text, start):
    """Index just past the string literal that opens at `start` (interpolations followed)."""
    index = start + 1
    while index < len(text) and text[index] not in '"\n':
        if text[index] == "\\" and index + 1 < len(text) and text[index + 1] == "(":
            index = matching(text, index + 1, "(", ")")
            continue
        index += 2 if text[index] == "\\" else 1
    return index + 1


def handler_after(text, start):
    """The index of the handler's `{` of the call that starts at `start`, or None."""
    depth, index = 0, start
    while index < len(text):
        character = text[index]
        if character == '"':
            index = skip_string(text, index)
            continue
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
            if depth < 0:
                return None
        elif character == "}" and depth == 0:
            return None
        elif character == "{" and depth <= 1:
            return index
        elif character == "\n" and depth == 0:
            rest = text[index + 1:].lstrip(" \t")
            if not rest.startswith(".") and not rest.startswith("{"):
                return None
        index += 1
    return None


def owner_handler(text, start):
    """The `{` of the closure of the call whose `owner:` argument ends at `start`, or None."""
    depth, index = 0, start
    while index < len(text):
        character = text[index]
        if character == '"':
            index = skip_string(text, index)
            continue
        if character in "([":
            depth += 1
        elif character in ")]":
            depth -= 1
            if depth < 0:  # the call closes: a trailing closure, or none
                trailing = re.match(r"\s*\{", text[index + 1:])
                return index + trailing.end() if trailing else None
        elif character == "{" and depth == 0:
            return index  # the closure is an argument
        elif character in "};":
            return None
        index += 1
    return None


def code_only(body):
    """The closure's code with string literals reduced to their interpolations, comments aside."""
    out, index = [], 0
    while index < len(body):
        if body.startswith("//", index):
            index = body.find("\n", index)
            if index < 0:
                break
            continue
        if body[index] == '"':
            end = skip_string(body, index)
            out.append(" " + " ".join(re.findall(r"\\\((.*?)\)", body[index:end])) + " ")
            index = end
            continue
        out.append(body[index])
        index += 1
    return "".join(out)


def strong_captures(closure):
    """The screens (and `self`) the closure holds strongly."""
    inner = closure[1:-1]
    weak, strong = set(), set()
    capture_list = re.match(r"\s*(@\w+\s*)*\[([^\]]*)\]", inner)
    if capture_list:
        for item in capture_list.group(2).split(","):
            words = item.split()
            if words and words[0] in ("weak", "unowned", "unowned(safe)", "unowned(unsafe)"):
                weak.add(re.split(r"\s*=", " ".join(words[1:]))[0].strip())
            elif words and SCREEN.match(words[-1]):
                strong.add(words[-1])  # `[self]`: captured strongly, whatever the body says
        inner = inner[capture_list.end():]
    parameters = set()
    signature = re.match(r"([^{}\n]*?)\bin\b", inner)
    if signature and not re.search(r"[=.]", re.sub(r"->.*", "", signature.group(1))):
        parameters = set(re.findall(r"\b\w+\b", re.sub(r":\s*[^,)]*", "", signature.group(1))))
        inner = inner[signature.end():]
    declared = set(re.findall(r"\b(?:let|var)\s+(\w+)", inner))
    names = set(re.findall(r"(?<![.\w$])(\w+)\b", code_only(inner)))
    return sorted(strong | {name for name in names if SCREEN.match(name) and name not in parameters | weak | declared})


def findings(example, first_line):
    """(line, message) for each unsafe registration in one example."""
    found = []

    def line_of(index):
        return first_line + example.count("\n", 0, index)

    seen = set()
    # The owner forms, on any source: the closure must not name self or the owner's variable.
    for owner in re.finditer(r"\bowner:\s*([\w.]+)", example):
        brace = owner_handler(example, owner.end())
        if brace is None or brace in seen:
            continue
        seen.add(brace)
        closure = example[brace:matching(example, brace)]
        held = [name for name in strong_captures(closure) if name == "self" or name == owner.group(1)]
        if held:
            found.append((line_of(owner.start()), f"an owner: form whose closure names {', '.join(held)}: a retain cycle; use the owner the closure is handed"))
    # Registrations on long-lived sources.
    for source in LONG_LIVED.finditer(example):
        brace = handler_after(example, source.start())
        if brace is None or brace in seen:
            continue
        call = example[source.start():brace]
        if NOT_KEPT.search(call):
            continue
        seen.add(brace)
        end = matching(example, brace)
        captured = strong_captures(example[brace:end])
        if not captured:
            continue
        if re.search(r"\bowner:", call):
            continue  # the owner form is judged above
        line_start = example.rfind("\n", 0, source.start()) + 1
        while line_start > 0 and example[line_start:].lstrip().startswith("."):
            line_start = example.rfind("\n", 0, line_start - 1) + 1
        prefix = example[line_start:source.start()]
        suffix = re.match(r"[^\n]*(\n\s*\.[^\n]*)*", example[end:]).group(0)
        after = example[end:]
        declaration = re.search(r"\b(?:let|var)\s+(\w+)(\s*:\s*[^=]+)?\s*=\s*(try[?!]?\s+)?(await\s+)?$", prefix)
        stored = (".store(in:" in suffix
                  or re.search(r"(\+=|\breturn)\s*(try[?!]?\s+)?(await\s+)?$", prefix)
                  or re.match(r"\s*(self\.)?[\w.]+\s*=\s*(try[?!]?\s+)?(await\s+)?$", prefix) and not re.match(r"\s*_\s*=", prefix)
                  or declaration and re.search(rf"\b{declaration.group(1)}\b", after))
        if not stored:
            found.append((line_of(source.start()), f"a handler that captures {', '.join(captured)} on a source that outlives the screen, "
                                                    "its subscription never stored: store it (.store(in:), a kept property) or use an owner: form"))
    return found


def examples_of_markdown(text):
    """(example, first line) for each ```swift block and each code span with a closure."""
    for block in re.finditer(r"^[ \t]*```swift([^\n]*)\n(.*?)^[ \t]*```", text, flags=re.S | re.M):
        if "no-compile" in block.group(1):
            continue  # the code a diagnostic is quoted for (Troubleshooting), never code to copy
        yield block.group(2), text.count("\n", 0, block.start(2)) + 1
    prose = re.sub(r"^[ \t]*```.*?^[ \t]*```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S | re.M)
    for span in re.finditer(r"`([^`]+)`", prose):
        if "{" in span.group(1):
            yield span.group(1), prose.count("\n", 0, span.start()) + 1


def examples_of_swift(text):
    """The `///` comments' examples, with the line numbers of the source file."""
    lines = text.splitlines()
    number = 0
    while number < len(lines):
        if not lines[number].strip().startswith("///"):
            number += 1
            continue
        start = number
        body = []
        while number < len(lines) and lines[number].strip().startswith("///"):
            stripped = lines[number].strip()[3:]
            body.append(stripped[1:] if stripped.startswith(" ") else stripped)
            number += 1
        for example, first in examples_of_markdown("\n".join(body)):
            yield example, start + first


def documents():
    yield root / "README.md"
    yield from sorted(path for catalog in (root / "Sources").rglob("*.docc") for path in catalog.rglob("*.md"))
    for path in sorted((root / "Sources").rglob("*.swift")):
        relative = path.relative_to(root)
        if not (relative.parts[1].endswith("Usage") or relative.parts[1] == "onkit-example"):
            yield path


def scan(path):
    text = path.read_text()
    examples = examples_of_swift(text) if path.suffix == ".swift" else examples_of_markdown(text)
    results = []
    for example, first in examples:
        results += [(line, message, text.splitlines()[line - 1].strip()) for line, message in findings(example, first)]
    return results


def self_test():
    fixture = root / ".ci" / "fixtures" / "unsafe-examples.md"
    lines = fixture.read_text().splitlines()
    expected = sorted(number for number, line in enumerate(lines, start=1) if line.rstrip().endswith("// flagged"))
    got = sorted({line for line, _, _ in scan(fixture)})
    for line, message, code in scan(fixture):
        print(f"  self-test found: {fixture.name}:{line}: {code}")
    ok = got == expected and expected
    print(f"safe examples self-test: {len(expected)} unsafe examples marked, {len(got)} flagged: "
          + ("fails as it must" if ok else f"WRONG (expected lines {expected}, got {got})"))
    return 0 if ok else 1


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    flagged, files = 0, 0
    for path in documents():
        files += 1
        for line, message, code in scan(path):
            flagged += 1
            print(f"FAIL: {path.relative_to(root)}:{line}: {message}:\n    {code}")
    if files < 2:
        print("FAIL: no documentation found: the check would see nothing", file=sys.stderr)
        return 1
    print(f"safe examples: README, articles and /// comments of {files} files; {flagged} unsafe examples")
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
