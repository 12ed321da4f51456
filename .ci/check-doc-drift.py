#!/usr/bin/env python3
"""Catches prose that drifted from the API: sentences the snippet check cannot see.

The snippets compile (check-snippets.py); the sentences around them go stale. This reads the
README, every article of the DocC catalogs under Sources/, and the `///` comments of the
library's sources, and fails on:

1. a promise that a feature "is coming" (or "are coming", "coming soon", "until then"): once
   the feature lands the sentence is wrong, and nothing else would notice. Say what exists.
2. an import the README says is not needed: the README's URLSession section says
   "`import OnKitURLSession` is the only import it needs (it re-exports A, and B on Linux)",
   so `import A` or `import B` beside `import OnKitURLSession`, or `import B` told to a reader
   of the URLSession docs, contradicts it.
3. an article or README section whose Swift code makes an `XMLParser` without the page saying
   `import FoundationXML` (where the parser lives on Linux), as the README does.
4. advice to reach for `MainActor.assumeIsolated`: every main-actor form OnKit has takes
   `on: MainActor.self` or `@MainActor` handlers, which the compiler checks.

    python3 .ci/check-doc-drift.py
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = (root / "README.md").read_text()
articles = sorted(path for catalog in (root / "Sources").rglob("*.docc") for path in catalog.rglob("*.md"))
if not articles:
    print("no DocC article found under Sources/*.docc", file=sys.stderr)
    sys.exit(1)

# What the README says `import OnKitURLSession` re-exports: the modules a reader must not be
# told to import beside it.
said = re.search(r"`import OnKitURLSession` is the only import it needs \(it re-exports ([^)]*)\)", re.sub(r"\s+", " ", readme))
if not said:
    print("README.md no longer says what `import OnKitURLSession` re-exports "
          "(\"`import OnKitURLSession` is the only import it needs (it re-exports …)\"): "
          "update this check with it.", file=sys.stderr)
    sys.exit(1)
reexported = [name for name in re.findall(r"\b([A-Z][A-Za-z]+)\b", said.group(1)) if name != "Linux"]

# The products, each with an import of its own (the README's product table).
products = set(re.findall(r"^\| `(\w+)` \| `import \w+` \|", readme, flags=re.M))


def code_blocks(text):
    return re.findall(r"^[ \t]*```swift[^\n]*\n(.*?)^[ \t]*```", text, flags=re.S | re.M)


documents = [("README.md", readme)] + [(str(path.relative_to(root)), path.read_text()) for path in articles]
# The `///` comments, one text per file (what DocC shows on symbol pages).
for path in sorted((root / "Sources").rglob("*.swift")):
    relative = path.relative_to(root)
    if relative.parts[1].endswith("Usage") or relative.parts[1] in ("onkit-example", "onkit-adapter-check"):
        continue
    comment = "\n".join(line.strip()[3:] for line in path.read_text().splitlines() if line.strip().startswith("///"))
    if comment:
        documents.append((str(relative), comment))

PROMISE = re.compile(r"\b(?:is|are) coming\b|\bcoming soon\b|\buntil then\b|\bnot (?:yet )?supported yet\b", re.I)
ASSUME = re.compile(r"\buse `?MainActor\.assumeIsolated", re.I)
problems = []
for where, text in documents:
    prose = re.sub(r"\s+", " ", text)
    for match in PROMISE.finditer(prose):
        start = max(0, match.start() - 80)
        problems.append(f"{where}: promises a feature (\"{match.group(0)}\"): say what exists today:\n  …{prose[start:match.end() + 60]}…")
    for match in ASSUME.finditer(prose):
        problems.append(f"{where}: advises `MainActor.assumeIsolated`; OnKit's main-actor forms (`on: MainActor.self`) are checked by the compiler")
    # `import B` anywhere (B not a product of its own), or `import A` in a snippet that already
    # imports OnKitURLSession.
    for name in reexported:
        alone = name not in products and re.search(rf"`import {name}`|^\s*(?:///\s*)?import {name}\s*$", text, flags=re.M)
        beside = any(re.search(rf"^\s*import {name}\s*$", block, flags=re.M)
                     for block in code_blocks(text) if re.search(r"^\s*import OnKitURLSession\s*$", block, flags=re.M))
        if alone or beside:
            problems.append(f"{where}: names `import {name}`, which the README says `import OnKitURLSession` "
                            f"makes unnecessary (it re-exports {', '.join(reexported)})")
    if where.endswith(".md"):
        code = "\n".join(code_blocks(text))
        if "XMLParser(" in code and "import FoundationXML" not in text:
            problems.append(f"{where}: makes an `XMLParser` but never says `import FoundationXML` "
                            "(where XMLParser lives on Linux)")

for problem in problems:
    print(problem + "\n", file=sys.stderr)
print(f"doc drift: README, {len(articles)} articles and the /// comments of {len(documents) - 1 - len(articles)} "
      f"files read; {len(problems)} stale sentences")
sys.exit(1 if problems else 0)
