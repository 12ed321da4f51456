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

    Scripts/merge-symbol-graphs.py OUT LINUX_DIR IOS_DIR [MACOS_DIR]

Then: swift package generate-documentation --target OnKit --additional-symbol-graph-dir OUT
(the plugin passes OUT instead of its own graphs, which is why the Linux ones are copied too).

Nothing Apple-only is left to DocC's automatic groups. The script adds, to the `## Topics` of
`On`'s own doc comment in the Linux graph, a group per host type ("UIKit: UITextField") of the
Apple-only members of `On`, and a group of the Apple-only types (`CellDisplay`,
`EventPublisher`), which would otherwise form groups of their own on the catalog's page. DocC
combines those groups with On.md's, which cannot link them: the Linux build has no such symbols.
Same-named members (three `didBeginEditing`) are told apart as DocC does, by the hash of their
identifiers.
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
apple_ids, shared = set(), set()  # shared: in more than one Apple build (KVO, Combine)
on_id = linux_ids[(("On",), "swift.struct")]
on_members, apple_types = [], {}  # to curate (see the top of this file)
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
                shared.add(precise)
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
        members = {r["source"] for r in relationships if r["kind"] == "memberOf" and r["target"] == on_id}
        for symbol in kept:
            if len(symbol["pathComponents"]) == 1 and symbol["kind"]["identifier"] != "swift.extension":
                apple_types[f"- ``{symbol['pathComponents'][0]}``"] = None
            if symbol["identifier"]["precise"] in members and len(symbol["pathComponents"]) == 2:
                on_members.append((number, symbol))
        (destination / path.name).write_text(json.dumps(graph))
        print(f"{path.name}: {len(kept)} symbols kept of {len(kept) + len(renamed)}")


def disambiguation(precise):
    """DocC's link suffix for a symbol: its identifier's FNV-1 hash folded to 24 bits, base 36."""
    fnv = 2166136261
    for byte in precise.encode():
        fnv = ((fnv * 16777619) & 0xFFFFFFFF) ^ byte
    folded = (fnv >> 24) ^ (fnv & 0xFFFFFF)
    digits = ""
    while True:
        folded, digit = divmod(folded, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if folded == 0:
            return digits


def host_of(symbol):
    """The host type a member of `On` is for: its `Base` constraints, as written."""
    constraints = [*symbol.get("swiftExtension", {}).get("constraints", []),
                   *symbol.get("swiftGenerics", {}).get("constraints", [])]
    hosts = [c["rhs"] for c in constraints if c["lhs"] == "Base"]
    return " & ".join(dict.fromkeys(hosts)) or "Any object"


# Curate the Apple-only members of `On` (see the top of this file).
linux_graph = out / "linux" / f"{module}.symbols.json"
graph = json.loads(linux_graph.read_text())
on = next(symbol for symbol in graph["symbols"] if symbol["identifier"]["precise"] == on_id)
by_host = {}
for number, symbol in on_members:
    precise = symbol["identifier"]["precise"]
    # Shared is known only once every Apple build is read; the iOS graphs come first.
    framework = "Apple platforms" if precise in shared else ("UIKit" if number == 0 else "AppKit")
    link = f"- ``On/{symbol['pathComponents'][1]}-{disambiguation(precise)}``"
    by_host.setdefault((framework, host_of(symbol)), {})[link] = None
lines = on.setdefault("docComment", {"lines": []})["lines"]  # kept, with their source ranges
added = [] if "## Topics" in (line["text"] for line in lines) else ["", "## Topics"]
order = {"UIKit": 0, "AppKit": 1, "Apple platforms": 2}
for framework, host in sorted(by_host, key=lambda group: (order[group[0]], group)):
    added += ["", f"### {framework}: {host}", "", *sorted(by_host[framework, host])]
if apple_types:  # else they would form the catalog page's own groups
    added += ["", "### Types the UIKit, AppKit and Combine callbacks use", "", *sorted(apple_types)]
lines += [{"text": line} for line in added]
linux_graph.write_text(json.dumps(graph))
print(f"On: {sum(map(len, by_host.values()))} Apple-only members curated in {len(by_host)} groups, "
      f"and {len(apple_types)} Apple-only types")
