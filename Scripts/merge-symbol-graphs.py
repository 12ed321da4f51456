#!/usr/bin/env python3
"""Merges Apple-platform symbol graphs into a Linux documentation build of OnKit.

A Linux build never compiles the UIKit, AppKit, KVO and Combine members, so DocC cannot show
them. `apple-typecheck --symbol-graph-dir DIR` writes the graphs of an iOS (or macOS) build
(CI merges both);
this script writes, into OUT, the Linux graphs as they are plus, from each Apple graph, only the
symbols the Linux graphs lack. A symbol both builds have is kept once, the Linux one: its
identifier can differ between the two (a signature that mentions `URL` names Foundation on
Apple platforms and FoundationEssentials on Linux), and DocC would show it twice. Relationships
of the symbols kept are rewritten to the Linux identifiers.

    Scripts/merge-symbol-graphs.py OUT LINUX_DIR APPLE_DIR [APPLE_DIR …]

Then: swift package generate-documentation --target OnKit --additional-symbol-graph-dir OUT
(the plugin passes OUT instead of its own graphs, which is why the Linux ones are copied too).
"""
import json
import pathlib
import shutil
import sys

out, linux, apple_dirs = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]
module = "OnKit"  # the URLSession catalog would take the same steps with its own module
if out.exists():
    shutil.rmtree(out)
(out / "linux").mkdir(parents=True)


def key(symbol):
    return (tuple(symbol["pathComponents"]), symbol["kind"]["identifier"])


linux_ids = {}
def graphs(folder):
    folder = pathlib.Path(folder)
    return sorted([*folder.glob(f"{module}.symbols.json"), *folder.glob(f"{module}@*.symbols.json")])


for path in graphs(linux):
    shutil.copy(path, out / "linux" / path.name)
    for symbol in json.loads(path.read_text())["symbols"]:
        linux_ids[key(symbol)] = symbol["identifier"]["precise"]

# A symbol two Apple builds share (iOS and macOS: KVO, Combine) has one identifier in both:
# kept from the first graph that has it. Symbols that differ (UIKit's `On.tap` where the base is
# a UIButton, AppKit's where it is an NSButton) have their own identifiers, and both are kept.
apple_ids = set()
for number, folder in enumerate(apple_dirs):
    destination = out / f"apple{number}"
    destination.mkdir()
    for path in graphs(folder):
        graph = json.loads(path.read_text())
        renamed, kept = {}, []
        for symbol in graph["symbols"]:
            precise = symbol["identifier"]["precise"]
            if key(symbol) in linux_ids:
                renamed[precise] = linux_ids[key(symbol)]
            elif precise in apple_ids:
                renamed[precise] = precise
            else:
                kept.append(symbol)
                apple_ids.add(precise)
        kept_ids = {symbol["identifier"]["precise"] for symbol in kept}
        relationships = []
        for relationship in graph["relationships"]:
            if relationship["source"] not in kept_ids:
                continue  # the Linux graph has it
            relationship["target"] = renamed.get(relationship["target"], relationship["target"])
            relationships.append(relationship)
        graph["symbols"], graph["relationships"] = kept, relationships
        (destination / path.name).write_text(json.dumps(graph))
        print(f"{path.name}: {len(kept)} symbols kept of {len(kept) + len(renamed)}")
