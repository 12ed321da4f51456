#!/usr/bin/env python3
"""Checks that the DocC articles' Swift snippets are code that a test, the example or the iOS
usage target compiles.

Every ```swift block of every .md file in a .docc catalog under Sources/ (the landing pages and
the articles) is split into chunks at blank lines; each chunk must appear, line by line (leading
and trailing white space ignored), in a Swift file under Tests/, Sources/onkit-example or
Sources/OnKitAppleUsage (UIKit code, type-checked for iOS). The rules are the README checker's:
a block fenced as ```swift no-compile (Package.swift lines) is skipped, and says why in the
article. A catalog with no article at all is an error, so that a moved catalog cannot pass by
checking nothing.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
articles = sorted(path for catalog in (root / "Sources").rglob("*.docc") for path in catalog.rglob("*.md"))
if not articles:
    print("no DocC article found under Sources/*.docc", file=sys.stderr)
    sys.exit(1)

sources = []
for folder in ("Tests", "Sources/onkit-example", "Sources/OnKitAppleUsage"):
    for path in sorted((root / folder).rglob("*.swift")):
        sources.append([line.strip() for line in path.read_text().splitlines()])


def found(chunk):
    n = len(chunk)
    return any(lines[i:i + n] == chunk for lines in sources for i in range(len(lines) - n + 1))


missing = []
checked = 0
for article in articles:
    # A fence may be indented (a code block inside a list item): ```swift at any indentation.
    blocks = re.findall(r"^[ \t]*```swift\n(.*?)^[ \t]*```", article.read_text(), flags=re.S | re.M)
    for block in blocks:
        chunk = []
        for line in block.splitlines() + [""]:
            if line.strip():
                chunk.append(line.strip())
            elif chunk:
                checked += 1
                if not found(chunk):
                    missing.append((article.relative_to(root), "\n".join(chunk)))
                chunk = []

for article, chunk in missing:
    print(f"{article}: snippet not compiled by any test, the example or OnKitAppleUsage:\n{chunk}\n",
          file=sys.stderr)
print(f"article snippets: {len(articles)} articles, {checked} chunks checked, {len(missing)} missing")
sys.exit(1 if missing else 0)
