#!/usr/bin/env python3
"""Fails if DocC filed members of the landing page, `On`, `Event` or `Decision` under a group
of its own ("Instance Methods", "Structures", "Subscribable Implementations"): every member
there belongs in a curated topic group (On.md, Event.md, Decision.md, the catalog's page).

    python3 .ci/check-doc-curation.py ARCHIVE   # a .doccarchive or a static site folder
"""
import json
import pathlib
import sys

data = pathlib.Path(sys.argv[1]) / "data" / "documentation"
pages = ["onkit", "onkit/on", "onkit/event", "onkit/decision"]
failed = False
for page in pages:
    path = data / f"{page}.json"
    if not path.exists():
        print(f"FAIL: {path} is missing: the check would see nothing", file=sys.stderr)
        failed = True
        continue
    document = json.loads(path.read_text())
    for section in document.get("topicSections", []):
        # DocC always links the page of a protocol's default implementations; the members on it
        # are curated in the type's own groups (the links there are what this check reads).
        implementations = all(i.endswith("-Implementations") for i in section["identifiers"])
        if section.get("generated") and not implementations:
            names = [identifier.rsplit("/", 1)[-1] for identifier in section["identifiers"]]
            print(f"FAIL: /documentation/{page} has an uncurated group \"{section.get('title')}\": "
                  + ", ".join(names), file=sys.stderr)
            failed = True
print(f"curation: {len(pages)} pages checked in {sys.argv[1]}, no automatic group")
sys.exit(1 if failed else 0)
