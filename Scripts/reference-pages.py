#!/usr/bin/env python3
"""Writes, or checks, one reference page per host type: the `on.` members of each type.

For every `extension On where Base: T` (or `Base == T`, or a member's own `where Base: T`) in
Sources/OnKit and Sources/OnKitURLSession, every public member is listed on T's page with:
its summary, its shape (event or decision, sender, arguments, answer and combine rule), the
delegate method or control event it comes from (read from the delegate proxy's selector table
and the member's body), and its one-line example (from its `///` comment, which
check-snippets.py proves compiles).

The pages are DocC articles, so they build on Linux too, where the UIKit and AppKit members do
not exist: OnKit.docc/Reference/<T>-Callbacks.md, and for URLSession
OnKitURLSession.docc/URLSessionCallbacks.md. `On`'s page (OnKit.docc/Extensions/On.md) links
each page, grouped by framework, in its last groups, which this script writes too.

    python3 Scripts/reference-pages.py          # writes the pages and On's groups
    python3 Scripts/reference-pages.py --check  # fails if a page or On's groups are not what
                                                # the sources say (a member added, renamed or
                                                # removed without its page): CI runs this

Members are found in the sources, not in symbol graphs, so that the check runs everywhere in
seconds; a member another helper adds is picked up the next time the pages are written.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
onkit_catalog = root / "Sources/OnKit/OnKit.docc"
reference = onkit_catalog / "Reference"
session_page = root / "Sources/OnKitURLSession/OnKitURLSession.docc/URLSessionCallbacks.md"
on_page = onkit_catalog / "Extensions/On.md"
GENERATED_MARK = "<!-- The groups below are written by Scripts/reference-pages.py. -->"

FRAMEWORKS = {"UIKit": "UIKit", "AppKit": "AppKit", "OnKitURLSession": "URLSession"}
# Superclasses whose members a type also has, where both have pages.
SUPERCLASSES = {
    "UIButton": "UIControl", "UITextField": "UIControl", "ValueChangingControl": "UIControl",
    "UITableView": "UIScrollView", "UICollectionView": "UIScrollView", "UITextView": "UIScrollView",
    "UITableViewCell": "UIView", "UITableViewHeaderFooterView": "UIView",
    "UICollectionReusableView": "UIView",
}
TITLES = {
    "TargetActionHost": "AppKit controls, menu items, toolbar items and recognizers",
    "ValueChangingControl": "Controls with a value",
    "DelegateProxyHost": "Any object with an OnKit delegate proxy",
    "PropertyChangeNotifying": "@Notifying classes",
    "NSObject & PropertyChangeNotifying": "@Notifying NSObject subclasses",
    "Observable & Sendable": "@Observable models",
    "NSObject": "NSObject (key-value observing)",
}


def framework_of(path):
    parts = path.relative_to(root / "Sources").parts
    if parts[0] == "OnKitURLSession":
        return "URLSession"
    if parts[1] in ("UIKit", "AppKit"):
        return parts[1]
    if parts[1] == "PropertyChanges":
        return "Property changes"
    return "Foundation"


def comment_above(lines, index):
    """The `///` lines above line `index`, attributes between them skipped."""
    body = []
    i = index - 1
    while i >= 0 and re.match(r"\s*@\w+", lines[i]) and not lines[i].strip().startswith("///"):
        i -= 1
    while i >= 0 and lines[i].strip().startswith("///"):
        body.insert(0, re.sub(r"^\s*/// ?", "", lines[i]))
        i -= 1
    return body


def summary_of(comment):
    prose = " ".join(line.strip() for line in comment if line.strip())
    prose = prose.split("```")[0]
    first = re.split(r"(?<=[.!?])\s+(?=[A-Z`(])", prose.strip())[0].strip()
    first = re.sub(r":\s*`[^`]*\{[^`]*`\.?$", ".", first)  # the inline example goes to its own line
    return first.strip()


def example_of(comment):
    prose = re.sub(r"\s+", " ", "\n".join(comment).split("```")[0])
    for span in re.findall(r"`([^`]+)`", prose):
        if ".on." in span and "{" in span:
            return span
    fenced = re.findall(r"```swift\n(.*?)```", "\n".join(comment) + "\n", flags=re.S)
    for block in fenced:
        for line in block.splitlines():
            if ".on." in line and "{" in line and line.rstrip().endswith("}"):
                return line.strip()
    return None


def block_of(comment):
    """The first fenced example of a comment, for a member without a one-line example."""
    fenced = re.findall(r"```swift\n(.*?)```", "\n".join(comment) + "\n", flags=re.S)
    return fenced[0].rstrip("\n").splitlines() if fenced else None


def combine_rule(comment, factory):
    prose = re.sub(r"\s+", " ", " ".join(comment))
    said = re.search(r"Combine rule: ([^.;(]*)", prose)
    if said:
        return said.group(1).strip().rstrip(",")
    if factory == "all":
        return "all must allow (`Decision.all()`)"
    if factory == "any":
        return "any may allow (`Decision.any()`)"
    for phrase in ("all handlers must allow", "all must allow", "any may allow", "the first answer"):
        if phrase in prose.lower():
            return phrase
    return None


# The proxies' tables: which delegate method feeds which stored event or decision, and which
# factory (`.all()`, `.any()`) made each decision.
selectors, factories = {}, {}
sources = sorted(p for folder in ("Sources/OnKit", "Sources/OnKitURLSession") for p in (root / folder).rglob("*.swift"))
for path in sources:
    text = path.read_text()
    for selector, name in re.findall(r"case #selector\(([^)]*\([^)]*\)|[^)]*)\):\s*(\w+)", text):
        selectors.setdefault((path.parent, name), selector)
        selectors.setdefault((None, name), selector if (None, name) not in selectors else None)
    for name, factory in re.findall(r"let (\w+) = Decision<[^=]*>\.(all|any)\(", text):
        factories.setdefault((path.parent, name), factory)


# The delegate methods OnKit's proxies implement, by folder: what each sends or asks, and its
# argument labels (Foundation's proxies on Linux have no selector table).
methods = []  # (folder, selector, labels, names it sends or asks)
for path in sources:
    lines = path.read_text().splitlines()
    for index, line in enumerate(lines):
        found = re.match(r"(\s*)(?:@\w+\s+)*(?:nonisolated\s+)?(?:@objc\s+)?func (\w+)\((.*)", line)
        if not found or found.group(2) in ("callback", "ask", "installed"):
            continue
        indent, name, rest = found.groups()
        signature = rest
        j = index
        while signature.count("(") >= signature.count(")") and j + 1 < len(lines) and "{" not in lines[j]:
            j += 1
            signature += " " + lines[j].strip()
        parameters = signature.split(")")[0] if signature.count("(") == 0 else re.split(r"\)\s*(?:->|\{|throws|async)", signature)[0]
        labels = [part.strip().split()[0].rstrip(":") for part in re.split(r",(?![^\[<(]*[\]>)])", parameters) if ":" in part]
        body = []
        for k in range(j + 1, min(len(lines), j + 30)):
            if lines[k].startswith(indent + "}") or re.match(rf"{indent}\S", lines[k]):
                break
            body.append(lines[k])
        text = "\n".join(body)
        sent = set(re.findall(r"\b(\w+)\.send\(", text)) | set(re.findall(r"\bask\(\s*(\w+)", text)) | set(re.findall(r"\b(\w+)\.ask\(", text))
        methods.append((path.parent, f"{name}({''.join(label + ':' for label in labels)})", labels, sent))


def origin(path, body, member):
    event = re.search(r"\bevent\(\s*(\.[\w]+|\[[^\]]*\])\s*\)", body)
    if event:
        return f"control event `{event.group(1)}`"
    keypath = re.search(r"(?:callback|face)\(\\\.(\w+)", body) or re.search(r"\\\.(\w+)\)", body)
    name = keypath.group(1) if keypath else member
    for folder in (path.parent, path.parent.parent):
        for (where, stored), selector in selectors.items():
            if where is not None and stored == name and (where == folder or where.parent == folder):
                return f"`{selector}`"
    for folder, selector, labels, sent in methods:
        if folder == path.parent and name in sent:
            return f"`{selector}`"
    for folder, selector, labels, sent in methods:
        if folder == path.parent and (member in labels or member + "At" in labels):
            return f"`{selector}`"
    for folder, selector, labels, sent in methods:  # windowDidBecomeKey(_:) for didBecomeKey
        if folder == path.parent and selector.split("(")[0].lower().endswith(member.lower()) and selector.split("(")[0] != member:
            return f"`{selector}`"
    if re.search(r"\baction\b|targetAction|SlotTarget|ActionTarget", body) and member in ("tap", "action", "valueChanged", "doubleClick"):
        return "its target-action"
    if "notification" in body.lower():
        return "a notification"
    return None


members = {}  # type -> list of member records
for path in sources:
    if ".docc" in path.parts or path.relative_to(root / "Sources").parts[0].endswith("Usage"):
        continue
    lines = path.read_text().splitlines()
    depth, host = 0, None
    conditions = []  # the `#if` conditions around each line
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#if "):
            conditions.append(stripped[4:])
        elif stripped.startswith("#else") and conditions:
            conditions[-1] = "!(" + conditions[-1] + ")"
        elif stripped.startswith("#endif") and conditions:
            conditions.pop()
        if depth == 0:
            match = re.match(r"(?:@\w+\s+)*(?:public\s+)?extension On(?:\s+where\s+Base\s*(?::|==)\s*([^{]+?))?\s*\{", stripped)
            if match:
                host = match.group(1).strip() if match.group(1) else ""
        if depth == 1 and host is not None:
            declaration = re.match(r"(?:@[\w]+(?:\([^)]*\))?\s+)*(?:nonisolated\s+)?public\s+(var|func)\s+(\w+)", stripped)
            if declaration:
                # The declaration up to its body, and its body (for the origin).
                text, j = stripped, index
                while "{" not in re.sub(r"\{[^{}]*\}", "", text.split("->")[-1]) and not re.search(r"\)\s*(->.*)?\{\s*$|\{\s*[^}]*$", text) and j + 1 < len(lines):
                    j += 1
                    text += " " + lines[j].strip()
                body_lines, k, level = [], j, 0
                for k in range(index, min(len(lines), index + 40)):
                    body_lines.append(lines[k])
                    level += lines[k].count("{") - lines[k].count("}")
                    if level <= 0 and k > index:
                        break
                body = "\n".join(body_lines)
                kind, name = declaration.groups()
                own_host = re.search(r"where Base\s*(?::|==)\s*([A-Za-z]+)", text)
                target = host or (own_host.group(1) if own_host else "")
                if not target:
                    continue
                comment = comment_above(lines, index)
                signature = re.sub(r"\s*\{[^{}]*$", "", text).strip()
                type_match = re.search(r"((?:ReadOnly(?:Local)?(?:Event|Decision)|EventAfterDecision)<.*?>)(?=\s*(?:\{|where|$))", signature)
                record = {
                    "name": name + ("()" if kind == "func" and re.search(rf"func {name}(?:<[^>]*>)?\(\)", signature) else ""),
                    "kind": kind, "signature": signature, "type": type_match.group(1) if type_match else None,
                    "summary": summary_of(comment), "example": example_of(comment), "block": block_of(comment),
                    "origin": origin(path, body, name),
                    "factory": factories.get((path.parent, re.search(r"callback\(\\\.(\w+)", body).group(1)))
                    if re.search(r"callback\(\\\.(\w+)", body) else None,
                    "comment": comment, "framework": framework_of(path), "file": path.relative_to(root),
                    # Inside `#if canImport(ObjectiveC)` (or UIKit, AppKit, Combine): not on Linux.
                    "apple_only": any(re.search(r"canImport\((ObjectiveC|UIKit|AppKit|Combine)\)", c) and not c.startswith("!(")
                                      for c in conditions),
                }
                members.setdefault((target, record["framework"]), []).append(record)
        depth += stripped.count("{") - stripped.count("}")
        if depth <= 0:
            depth, host = 0, None

# A host name that two frameworks declare (UIKit's and AppKit's `ValueChangingControl`) gets a
# page per framework; every other host, one page.
hosts_by_name = {}
for host, framework in members:
    hosts_by_name.setdefault(host, set()).add(framework)


def page_name(host, framework=None):
    base = re.sub(r"[^A-Za-z]+", "", host.replace("&", "And"))
    if framework and len(hosts_by_name.get(host, ())) > 1:
        base += "-" + framework
    return base + "-Callbacks"


def shape(record, host):
    kind_type = record["type"]
    if not kind_type:
        if record["kind"] == "func":
            return "a method: " + ("the closure forms of the event it returns" if "EventSubscription" in record["signature"] else "see its declaration")
        return None
    # An event a decision is asked before (`EventAfterDecision<Base, Args, DecisionTwin.X>`): an
    # event, whose third parameter names that decision.
    twin = re.match(r"EventAfterDecision<(.*), DecisionTwin\.(\w+)>$", kind_type)
    if twin:
        kind_type = f"ReadOnlyEvent<{twin.group(1)}>"
    generic = re.match(r"ReadOnly(Local)?(Event|Decision)<(.*)>$", kind_type)
    if not generic:
        return f"`{kind_type}`"
    local, what, arguments = generic.groups()
    parts, level, current = [], 0, ""
    for character in arguments:
        if character == "," and level == 0:
            parts.append(current.strip())
            current = ""
            continue
        level += character in "<([" and 1 or 0
        level -= character in ">)]" and 1 or 0
        current += character
    parts.append(current.strip())
    sender = f"the `{host}` itself, typed as you hold it" if parts[0] == "Base" else f"`{parts[0]}`"
    words = f"{'local ' if local else ''}{what.lower()}; sender: {sender}"
    if len(parts) > 1:
        words += f", arguments `{parts[1]}`"
    if twin:
        decision = twin.group(2)[0].lower() + twin.group(2)[1:]
        words += f"; to refuse the change, `on.{decision}`, asked before it"
    if what == "Decision" and len(parts) > 2:
        words += f", answer `{parts[2]}`"
        rule = combine_rule(record["comment"], record["factory"])
        if rule:
            words += f"; {rule}"
    return words


def render(host, records, url_session=False):
    framework = records[0]["framework"]
    title = TITLES.get(host, host)
    if len(hosts_by_name.get(host, ())) > 1:
        title += f" ({framework})"
    lines = [f"# {title} callbacks" if title == host else f"# {title}", ""]
    article = "an" if host[0] in "AEIO" or host.startswith("NS") else "a"
    lines.append(f"Every `on.` member of {article} `{host}` ({framework}): its shape, the "
                 "delegate method or control event it comes from, and an example.")
    lines += ["", "## Overview", ""]
    lines.append("Each member is a read-only event or decision with the surface every OnKit callback has "
                 "(any number of handlers, the four handler shapes, `owner:`, `once`, `values`); "
                 + ("OnKit's Semantics article gives the rules. " if url_session else "<doc:Semantics> gives the rules. ")
                 + ("" if url_session else "")
                 + ("Written by `Scripts/reference-pages.py` from the sources; CI fails when a member is "
                    "missing here."))
    parent = SUPERCLASSES.get(host)
    if parent and (parent, framework) in members:
        lines += ["", f"It also has the members of <doc:{page_name(parent, framework)}>."]
    if framework in ("UIKit", "AppKit"):
        lines += ["", f"{framework} builds only: these members do not exist on Linux."]
    seen = set()
    for record in sorted(records, key=lambda r: r["name"]):
        heading = record["name"]
        if heading in seen:
            continue  # a method's closure overloads: one entry for the name
        seen.add(heading)
        lines += ["", f"### {heading}", ""]
        if record["summary"]:
            lines.append(record["summary"])
            lines.append("")
        details = []
        described = shape(record, host)
        if described:
            details.append(f"- Shape: {described}")
        details.append(f"- From: {record['origin'] or 'see its declaration'}")
        if record["apple_only"] and framework not in ("UIKit", "AppKit"):
            details.append("- Apple platforms only")
        if record["example"]:
            details.append(f"- Example: `{record['example']}`")
        lines += details
        if not record["example"] and record["block"]:
            lines += ["", "```swift", *record["block"], "```"]
    return "\n".join(lines) + "\n"


pages = {}
by_framework = {}
for (host, framework), records in sorted(members.items()):
    if framework == "URLSession":
        continue
    pages[reference / f"{page_name(host, framework)}.md"] = render(host, records)
    by_framework.setdefault(framework, []).append(host)
session = members.get(("URLSession", "URLSession"))
if session:
    text = render("URLSession", session, url_session=True)
    text += ("\n## Topics\n\n### Making a session and its callbacks\n\n"
             "On Linux these are extensions of FoundationNetworking's `URLSession` and of OnKit's `On`; "
             "they are curated here so that they are not filed under those modules alone.\n\n"
             "- ``FoundationNetworking/URLSession/on(configuration:delegate:delegateQueue:)``\n"
             + "".join(f"- ``OnKit/On/{r['name']}``\n" for r in sorted(session, key=lambda r: r['name'])
                       if not r["apple_only"]))
    pages[session_page] = text

# On's last groups: a page per host type, by framework.
groups = [GENERATED_MARK, ""]
for framework in ("UIKit", "AppKit", "Foundation", "Property changes"):
    hosts = by_framework.get(framework, [])
    if not hosts:
        continue
    groups += [f"### {framework}: callbacks by type", ""]
    groups += [f"- <doc:{page_name(host, framework)}>" for host in sorted(hosts)]
    groups.append("")
on_text = on_page.read_text()
head = on_text.split(GENERATED_MARK)[0].rstrip() + "\n\n"
pages[on_page] = head + "\n".join(groups).rstrip() + "\n"

check = "--check" in sys.argv
stale = []
for path, text in pages.items():
    if not path.exists() or path.read_text() != text:
        stale.append(path)
        if not check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
known = set(pages)
for path in sorted(reference.glob("*-Callbacks.md")):
    if path not in known:
        stale.append(path)
        if not check:
            path.unlink()
count = sum(len(records) for records in members.values())
if check and stale:
    for path in stale:
        print(f"{path.relative_to(root)}: not what the sources say (a member added, renamed or removed?)", file=sys.stderr)
    print("Run `python3 Scripts/reference-pages.py` and commit the pages.", file=sys.stderr)
    sys.exit(1)
print(f"reference pages: {len(pages) - 1} pages for {len(members)} host types, {count} members"
      + ("; all current" if check else f"; {len(stale)} written"))
