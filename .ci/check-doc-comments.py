#!/usr/bin/env python3
"""Checks that every public or open declaration in the library targets has a `///` summary.

A declaration is a line starting (after attributes) with `public`/`open`; the nearest line above
it that is neither blank nor an attribute (`@…`) must be a `///` comment. Extensions are exempt
(they declare nothing themselves), as are `public init`s of `@usableFromInline` internals and
members of public protocol conformances that only restate a documented requirement (`==`,
`hash(into:)`, `description`, `makeIterator`): these are listed in EXEMPT.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
EXEMPT = re.compile(r"public (static func ==|func hash\(into|extension |var description|func makeIterator)")
declaration = re.compile(r"^\s*(?:@[\w()\":, .]+\s+)*(public|open)\s")
missing = []
for path in sorted((root / "Sources").rglob("*.swift")):
    if "onkit-example" in path.parts:
        continue
    lines = path.read_text().splitlines()
    for number, line in enumerate(lines):
        if not declaration.match(line) or EXEMPT.search(line):
            continue
        above = number - 1
        while above >= 0 and (not lines[above].strip() or lines[above].strip().startswith("@")):
            above -= 1
        if above < 0 or not lines[above].strip().startswith("///"):
            missing.append(f"{path.relative_to(root)}:{number + 1}: {line.strip()}")
for entry in missing:
    print("public symbol without a /// summary: " + entry, file=sys.stderr)
print(f"doc comments: {len(missing)} public declarations without a summary")
sys.exit(1 if missing else 0)
