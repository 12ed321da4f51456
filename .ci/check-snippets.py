#!/usr/bin/env python3
"""Checks that every Swift snippet of the README and of the DocC articles is code that compiles.

Every ```swift block (at any indentation: a block may sit in a list item) of README.md and of
every .md file of a .docc catalog under Sources/ is split into chunks at blank lines. Each chunk
must appear, line by line (leading and trailing white space ignored), in a Swift file of:
- Sources/OnKitAppleUsage, the iOS usage target that apple-typecheck type-checks, for UIKit
  snippets: those of the README's "## UIKit" section and of any article whose name has "UIKit";
- Sources/OnKitMacUsage, the macOS usage target (`apple-typecheck --platform macos`), for AppKit
  snippets, by the same rule with "AppKit";
- Tests/, Sources/onkit-example or Sources/OnKitAppleUsage for every other snippet.
A block fenced as ```swift no-compile (Package.swift lines) is skipped, and says why beside it.
No article at all is an error, so that a moved catalog cannot pass by checking nothing.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent


def swift_lines(*folders):
    return [[line.strip() for line in path.read_text().splitlines()]
            for folder in folders for path in sorted((root / folder).rglob("*.swift"))]


apple_usage = swift_lines("Sources/OnKitAppleUsage")
mac_usage = swift_lines("Sources/OnKitMacUsage")
platform_usage = {"UIKit": (apple_usage, "Sources/OnKitAppleUsage"), "AppKit": (mac_usage, "Sources/OnKitMacUsage")}
everywhere = swift_lines("Tests", "Sources/onkit-example") + apple_usage


def chunks(markdown):
    for block in re.findall(r"^[ \t]*```swift\n(.*?)^[ \t]*```", markdown, flags=re.S | re.M):
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


# (where, markdown, the files that must compile it)
documents = []
readme = (root / "README.md").read_text()
for platform, (usage, _) in platform_usage.items():
    section = re.search(rf"^## {platform}.*?(?=^## |\Z)", readme, flags=re.S | re.M)
    if section:
        documents.append((f"README.md, {platform} section", section.group(0), usage))
        readme = readme[:section.start()] + readme[section.end():]
documents.append(("README.md", readme, everywhere))
articles = sorted(path for catalog in (root / "Sources").rglob("*.docc") for path in catalog.rglob("*.md"))
if not articles:
    print("no DocC article found under Sources/*.docc", file=sys.stderr)
    sys.exit(1)
for path in articles:
    sources = next((usage for platform, (usage, _) in platform_usage.items() if platform in path.name), everywhere)
    documents.append((str(path.relative_to(root)), path.read_text(), sources))

checked = missing = 0
for where, markdown, sources in documents:
    for chunk in chunks(markdown):
        checked += 1
        if not found(chunk, sources):
            missing += 1
            compiled_by = next((folder for usage, folder in platform_usage.values() if sources is usage),
                               "a test, the example or OnKitAppleUsage")
            print(f"{where}: snippet not compiled by {compiled_by}:\n" + "\n".join(chunk) + "\n", file=sys.stderr)
print(f"snippets: README and {len(articles)} articles, {checked} chunks checked, {missing} missing")
sys.exit(1 if missing else 0)
