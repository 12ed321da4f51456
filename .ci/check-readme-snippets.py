#!/usr/bin/env python3
"""Checks that the README's Swift snippets are code that a test or the example compiles.

Every ```swift block of README.md is split into chunks at blank lines; each chunk must appear,
line by line (leading and trailing white space ignored), in a Swift file under Tests/ or in the
example program. A block fenced as ```swift no-compile (Apple-only code, Package.swift lines) is
skipped, and says why in the README.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = (root / "README.md").read_text()
blocks = re.findall(r"```swift\n(.*?)```", readme, flags=re.S)

sources = []
for folder in ("Tests", "Sources/onkit-example"):
    for path in sorted((root / folder).rglob("*.swift")):
        sources.append([line.strip() for line in path.read_text().splitlines()])


def found(chunk):
    n = len(chunk)
    return any(lines[i:i + n] == chunk for lines in sources for i in range(len(lines) - n + 1))


missing = []
checked = 0
for block in blocks:
    chunk = []
    for line in block.splitlines() + [""]:
        if line.strip():
            chunk.append(line.strip())
        elif chunk:
            checked += 1
            if not found(chunk):
                missing.append("\n".join(chunk))
            chunk = []

for chunk in missing:
    print("README snippet not compiled by any test or the example:\n" + chunk + "\n", file=sys.stderr)
print(f"README snippets: {checked} chunks checked, {len(missing)} missing")
sys.exit(1 if missing else 0)
