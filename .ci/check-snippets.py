#!/usr/bin/env python3
"""Checks that the Swift code the documentation shows is code that compiles.

Markdown (README.md, and every .md file of a .docc catalog under Sources/):
  every ```swift block (at any indentation: a block may sit in a list item) is split into chunks
  at blank lines. Each chunk must appear, line by line (leading and trailing white space
  ignored), in a Swift file of:
  - the usage targets that apple-typecheck type-checks (Sources/OnKitAppleUsage for iOS,
    Sources/OnKitMacUsage for macOS), for UIKit and AppKit snippets: those of the README's UIKit
    and AppKit sections and of any article whose name has "UIKit" or "AppKit";
  - the snippet tests, Tests/OnKitTests/Docs (the `///` examples' files aside), or a usage
    target, for every other snippet: .ci/typecheck-docs-main-actor.sh type-checks those tests
    again with `-default-isolation MainActor`, so each snippet must be in one of them.
  A block fenced as ```swift no-compile (Package.swift lines) is skipped, and says why beside it.
  In articles, every line of a code block is at most 76 columns (the issue asked for 80; a DocC page at 1280 px clips a code line past about 77).

`///` comments of public and open declarations in Sources/ (what DocC shows on a symbol's page):
  - a fenced ```swift block follows the markdown rule above, 76 columns included;
  - an inline example, a `code span` that holds a closure (`{ … in … }`, or a call with a
    trailing closure such as `button.on.tap { print("tapped") }`), must match compiled code,
    where `…` stands for any code and white space may differ: `parser.on.foundCharacters { text
    in … }` is matched by `parser.on.foundCharacters { text in print(text) }` in a test.
  Examples in the comments of UIKit and AppKit sources are matched against the usage targets
  that the SDK type-checks compile (Sources/OnKitAppleUsage and any Sources/*Usage*), and
  against the tests (the stand-ins there use the same calls).
No article at all is an error, so that a moved catalog cannot pass by checking nothing.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
ARTICLE_COLUMNS = 76  # the issue asks for 80; at 1280 px DocC shows about 77 before clipping


def swift_files(*folders):
    return [path for folder in folders for path in sorted(root.glob(folder)) if path.is_file()]


def swift_lines(files):
    return [[line.strip() for line in path.read_text().splitlines()] for path in files]


usage_files = swift_files("Sources/*Usage*/**/*.swift")
compiled_files = swift_files("Tests/**/*.swift", "Sources/onkit-example/**/*.swift") + usage_files
apple_usage = swift_lines(usage_files)
everywhere = swift_lines(compiled_files)
# README and article snippets: where the default-isolation checks compile them.
snippet_tests = [path for path in swift_files("Tests/OnKitTests/Docs/*.swift") if "DocCommentExamples" not in path.name]
documented = swift_lines(snippet_tests + usage_files)
# The compiled code as one text per file, white space collapsed, for the inline examples.
compiled_text = [re.sub(r"\s+", " ", path.read_text()) for path in compiled_files]


def fenced_blocks(markdown):
    return re.findall(r"^[ \t]*```swift\n(.*?)^[ \t]*```", markdown, flags=re.S | re.M)


def chunks(block):
    chunk = []
    for line in block.splitlines() + [""]:
        if line.strip():
            chunk.append(line.strip())
        elif chunk:
            yield chunk
            chunk = []


def found(chunk, sources):
    n = len(chunk)
    return any(lines[i:i + n] == chunk for lines in sources for i in range(len(lines) - n + 1))


def inline_pattern(example):
    """A regex for an inline example: `…` is any code, white space is any white space."""
    parts = []
    for piece in re.split(r"(…|\s+)", example.strip()):
        if piece == "…":
            parts.append(r".*?")
        elif piece.isspace():
            parts.append(r"\s*")
        elif piece:
            parts.append(re.escape(piece))
    return re.compile("".join(parts))


checked = missing = 0


def report(where, what, text, compiled_by):
    global missing
    missing += 1
    print(f"{where}: {what} not compiled by {compiled_by}:\n{text}\n", file=sys.stderr)


# Markdown: the README and the articles.
documents = []
readme = (root / "README.md").read_text()
# The README's UIKit and AppKit sections (## or ###) are compiled by the usage targets only.
while section := re.search(r"^#{2,3} (?:UIKit|AppKit)[^\n]*\n.*?(?=^#{2,3} |\Z)", readme, flags=re.S | re.M):
    documents.append((f"README.md, {section.group(0).splitlines()[0].lstrip('# ')} section", section.group(0), apple_usage, False))
    readme = readme[:section.start()] + readme[section.end():]
documents.append(("README.md", readme, documented, False))
articles = sorted(path for catalog in (root / "Sources").rglob("*.docc") for path in catalog.rglob("*.md"))
if not articles:
    print("no DocC article found under Sources/*.docc", file=sys.stderr)
    sys.exit(1)
for path in articles:
    sources = apple_usage if "UIKit" in path.name or "AppKit" in path.name else documented
    if path.name.endswith("-Callbacks.md") or path.name == "URLSessionCallbacks.md":
        # Reference pages (Scripts/reference-pages.py) copy the `///` examples: checked as those are.
        sources = apple_usage + everywhere
    documents.append((str(path.relative_to(root)), path.read_text(), sources, True))

long_lines = 0


def check_columns(where, what, block):
    """Reports each line of `block` wider than a DocC page shows."""
    global long_lines
    for line in block.splitlines():
        if len(line) > ARTICLE_COLUMNS:
            long_lines += 1
            print(f"{where}: {what} over {ARTICLE_COLUMNS} columns ({len(line)}):\n{line}\n", file=sys.stderr)


for where, markdown, sources, is_article in documents:
    if is_article:
        for block in re.findall(r"^[ \t]*```[^\n]*\n(.*?)^[ \t]*```", markdown, flags=re.S | re.M):
            check_columns(where, "code line", block)
    for block in fenced_blocks(markdown):
        for chunk in chunks(block):
            checked += 1
            if not found(chunk, sources):
                compiled_by = "a usage target" if sources is apple_usage else "a snippet test (Tests/OnKitTests/Docs) or a usage target"
                report(where, "snippet", "\n".join(chunk), compiled_by)

# `///` comments of the library's sources.
comment_fenced = comment_inline = 0
for path in sorted((root / "Sources").rglob("*.swift")):
    relative = path.relative_to(root)
    if relative.parts[1].endswith("Usage") or relative.parts[1] == "onkit-example":
        continue  # compiled code itself, not documentation
    apple_only = any(part in ("UIKit", "AppKit") for part in relative.parts)
    fenced_sources = apple_usage + everywhere if apple_only else everywhere
    lines = path.read_text().splitlines()
    # Each run of consecutive `///` lines is one comment; it is on a symbol's page when the
    # declaration after it (attributes aside) is public or open.
    runs, run = [], []
    for number, line in enumerate(lines + [""], start=1):
        stripped = line.strip()
        if stripped.startswith("///"):
            run.append((number, stripped[3:][1:] if stripped[3:4] == " " else stripped[3:]))
        elif run:
            # Attributes may stand on lines of their own (the comment waits for the declaration)
            # or before it on the same line (`@MainActor public var …`): both are skipped.
            declaration = re.sub(r"^(@\w+(\([^()]*(\([^()]*\)[^()]*)*\))?\s*)+", "", stripped)
            if not declaration:
                continue
            stripped = declaration
            if re.match(r"(public|open)\b|(@\S+\s+)*(public|open)\b", stripped) or re.search(r"\b(public|open) ", stripped):
                runs.append(run)
            run = []
    for run in runs:
        where = f"{relative}:{run[0][0]}"
        text = "\n".join(body for _, body in run)
        for block in fenced_blocks(text + "\n"):
            check_columns(where, "example line", block)
            for chunk in chunks(block):
                checked += 1
                comment_fenced += 1
                if not found(chunk, fenced_sources):
                    report(where, "fenced example", "\n".join(chunk), "a test, the example or a usage target")
        prose = re.sub(r"^[ \t]*```.*?^[ \t]*```", "", text + "\n", flags=re.S | re.M)
        prose = re.sub(r"\s+", " ", prose)
        for span in re.findall(r"`([^`]+)`", prose):
            if not re.search(r"\{[^{}]*\}", span) or not (" in " in span or re.search(r"\w\s*\{", span)):
                continue
            if re.fullmatch(r"\{[^{}]*\bin\s*\}", span.strip()):
                continue  # a shape's notation, `{ sender, a, b in }`, not code
            checked += 1
            comment_inline += 1
            pattern = inline_pattern(span)
            if not any(pattern.search(text) for text in compiled_text):
                report(where, "inline example", span, "a test, the example or a usage target")

print(f"snippets: README, {len(articles)} articles and /// comments ({comment_fenced} fenced chunks, "
      f"{comment_inline} inline examples); {checked} checked, {missing} not compiled, "
      f"{long_lines} article and example code lines over {ARTICLE_COLUMNS} columns")
sys.exit(1 if missing or long_lines else 0)
