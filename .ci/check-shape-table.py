#!/usr/bin/env python3
"""Fails if a public member of `On` that takes a closure is neither an entry of a shape table nor
in the reviewed allowlist, so that no member can break the one-shape rule (README: "every source
takes the same four handler shapes … once, += and the owner: forms take the same shapes, with the
owner first"; the tables are Sources/OnKit/Events/*Shapes.swift).

    python3 .ci/check-shape-table.py [--complete] GRAPH_DIR...   # symbol graphs (*.symbols.json)
    python3 .ci/check-shape-table.py --self-test                 # proves that the check fails

GRAPH_DIR holds symbol graphs as `swift package dump-symbol-graph` (Linux) or `apple-typecheck
--symbol-graph-dir` (iOS, macOS) write them; every graph of a library module is read (usage,
scenario and test modules are skipped), so the members other products declare on `On`
(`OnKitURLSession@OnKit`) count too.

The members checked. A member of `On` (a method, subscript or property whose `memberOf` target is
the struct `On`) takes a closure when one of its parameters has a function type: `->` or
`@escaping` in its type, or a type alias (declared in the graphs) whose definition is one.

An entry of a shape table is one of:
  1. A member declared in a shape table itself: a file Sources/OnKit/Events/*Shapes.swift.
  2. A shortcut of a source that has the whole table. For a member `name(args…, _ handler)`
     (or `name(args…, owner: o, _ handler)`), with exactly one closure parameter, the last:
     - its source is a sibling: a member of `On` with the same base name `name`, no closure
       parameter, the same other parameters (labels and types, `owner:` aside) and the same
       `where` clause or a weaker one (a `Base: X` is met by `Base == X`), that returns a shape
       table type: a type (or a type alias of one) with `Sender` and `Args` generic parameters
       (`Answer` too for a decision; Void when absent) and both `callAsFunction(_:)` and
       `callAsFunction(owner:_:)` members. A property `name` is such a sibling for `name(_:)`.
     - with S, A, R the returned type's Sender, Args and Answer (after `Base == X`
       substitution), the overloads of the group (same base name, other parameters and `where`
       clause; with `owner:` and without it are two groups) take exactly the handler shapes of
       the table, each returning R:
         `()`, `(value)` (A; S when A is Void), `(S, A)`, and `(S, a, b…)` when A conforms to
         TwoValues, ThreeValues or FourValues (n + 1 parameters, S first);
       and an owner group the same, each with the owner's type first. `(A)` is also allowed when
       A is Void (the table has it). Attributes (`@Sendable`, `@MainActor`, `@escaping`) are not
       compared: a main-actor table takes the same shapes.
     So the shortcut accepts every closure its source accepts, and nothing else.

Everything else must be in .ci/shape-table-allowlist.txt: one line per member, `title | where
clause | reason`, as a failure prints it (`-` for no `where` clause); blank lines and `#` lines
are comments. An entry covers every overload of that title and `where` clause. With
--complete (the graphs of every platform given together), an allowlist line that matches no
member outside the tables is stale and fails too, so that the list only shrinks.

The self-test compiles .ci/fixtures/ShapeTableFixture.swift (a small `On` with one good
shortcut and three bad members) with swiftc into a symbol graph and runs the check on it with
.ci/fixtures/shape-table-allowlist.txt: it must fail on exactly the three bad members and on
the stale allowlist line, and pass on the rest.
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
ALLOWLIST = root / ".ci" / "shape-table-allowlist.txt"
SHAPE_TABLE_FILE = re.compile(r"/Sources/OnKit/Events/[^/]*Shapes\.swift$")
SKIPPED_MODULES = re.compile(r"Usage|Scenarios|PackageTests|PackageDiscoveredTests|^onkit-")
VALUES = {"TwoValues": 2, "ThreeValues": 3, "FourValues": 4}


def text(fragments):
    return "".join(fragment["spelling"] for fragment in fragments)


def split_top(string, separator=","):
    """Splits at `separator` outside brackets."""
    parts, depth, current = [], 0, ""
    for character in string:
        if character in "(<[":
            depth += 1
        elif character in ")>]" and not (character == ">" and current.endswith("-")):
            depth -= 1
        if character == separator and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += character
    if current.strip():
        parts.append(current.strip())
    return parts


def normalized(type_text):
    type_text = re.sub(r"@\w+(\([^()]*\))?|\b(sending|borrowing|consuming|__owned)\b", "", type_text)
    type_text = re.sub(r"\s+", "", type_text)
    return "()" if type_text in ("Void", "()") else type_text


def generic(type_text):
    """`ReadOnlyEvent<Base, Int>` -> ("ReadOnlyEvent", ["Base", "Int"])."""
    match = re.fullmatch(r"\s*(?:\w+\.)*(\w+)\s*(?:<(.*)>)?\s*", type_text)
    if not match:
        return None, []
    return match.group(1), split_top(match.group(2) or "")


def closing(type_text):
    """The index of the parenthesis that closes the one `type_text` opens with."""
    depth = 0
    for index, character in enumerate(type_text):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth == 0:
            return index
    return len(type_text)


def function_type(type_text):
    """`@escaping @Sendable (A, B) -> R` -> (["A", "B"], "R"), or None."""
    type_text = re.sub(r"@\w+(\([^()]*\))?", "", type_text).strip()
    if type_text.endswith("?") and type_text.startswith("(") and closing(type_text) == len(type_text) - 2:
        type_text = type_text[1:-2].strip()  # an optional closure, `(() -> Void)?`
    if not type_text.startswith("("):
        return None
    index = closing(type_text)
    rest = re.match(r"\s*(async\s*)?(throws(\([^()]*\))?\s*)?->\s*(.*)$", type_text[index + 1:], flags=re.S)
    if not rest:
        return None
    parameters = [re.sub(r"^\w+\s*:\s*", "", parameter) for parameter in split_top(type_text[1:index])]
    return [normalized(parameter) for parameter in parameters], normalized(rest.group(4))


class Graphs:
    """The symbols and relationships of every library graph in the given folders."""

    def __init__(self, folders):
        self.symbols, self.relationships, self.files = {}, [], 0
        for folder in folders:
            for path in sorted(pathlib.Path(folder).glob("*.symbols.json")):
                if SKIPPED_MODULES.search(path.name.split("@")[0]):
                    continue
                graph = json.loads(path.read_text())
                self.files += 1
                for symbol in graph["symbols"]:
                    self.symbols.setdefault(symbol["identifier"]["precise"], symbol)
                self.relationships += graph["relationships"]
        self.members = {}
        for relationship in self.relationships:
            if relationship["kind"] in ("memberOf", "optionalRequirementOf") and relationship["source"] in self.symbols:
                self.members.setdefault(relationship["target"], {})[relationship["source"]] = self.symbols[relationship["source"]]
        self.top = {}
        for symbol in self.symbols.values():
            if len(symbol["pathComponents"]) == 1:
                self.top.setdefault(symbol["pathComponents"][0], symbol)
        self.flat = {}  # type name -> number of values (TwoValues…FourValues)
        for relationship in self.relationships:
            if relationship["kind"] != "conformsTo":
                continue
            target = self.symbols.get(relationship["target"], {}).get("names", {}).get("title") \
                or (relationship.get("targetFallback") or "").split(".")[-1]
            source = self.symbols.get(relationship["source"])
            if target in VALUES and source and len(source["pathComponents"]) == 1:
                self.flat[source["pathComponents"][0]] = VALUES[target]

    def on_members(self):
        on = [identifier for identifier, symbol in self.symbols.items()
              if symbol["pathComponents"] == ["On"] and symbol["kind"]["identifier"] == "swift.struct"]
        return [symbol for identifier in on for symbol in self.members.get(identifier, {}).values()]

    def is_closure(self, fragments):
        if "->" in text(fragments) or "@escaping" in text(fragments):
            return True
        for fragment in fragments:
            alias = self.symbols.get(fragment.get("preciseIdentifier", ""))
            if alias and alias["kind"]["identifier"] == "swift.typealias" and "->" in text(alias["declarationFragments"]):
                return True
        return False

    def table_type(self, type_text):
        """The returned type's (S, A, R) if it is a shape table type, else None."""
        name, arguments = generic(type_text)
        for _ in range(5):  # type aliases of type aliases
            symbol = self.top.get(name)
            if not symbol or symbol["kind"]["identifier"] != "swift.typealias":
                break
            parameters = [parameter["name"] for parameter in symbol.get("swiftGenerics", {}).get("parameters", [])]
            definition = text(symbol["declarationFragments"]).split("=", 1)[1]
            for parameter, argument in zip(parameters, arguments):
                definition = re.sub(rf"\b{parameter}\b", lambda _: argument, definition)
            name, arguments = generic(definition)
        symbol = self.top.get(name)
        if not symbol or symbol["kind"]["identifier"] not in ("swift.struct", "swift.class", "swift.enum"):
            return None
        titles = {member["pathComponents"][-1] for member in self.members.get(symbol["identifier"]["precise"], {}).values()}
        if not {"callAsFunction(_:)", "callAsFunction(owner:_:)"} <= titles:
            return None
        parameters = [p["name"] for p in symbol.get("swiftGenerics", {}).get("parameters", []) if p.get("depth", 0) == 0]
        if "Sender" not in parameters or "Args" not in parameters or len(arguments) != len(parameters):
            return None
        bound = dict(zip(parameters, arguments))
        return bound["Sender"], bound["Args"], bound.get("Answer", "Void")


class Member:
    def __init__(self, graphs, symbol):
        self.symbol = symbol
        self.title = symbol["pathComponents"][-1]
        self.base_name = re.sub(r"\(.*", "", self.title)
        self.location = symbol.get("location", {}).get("uri", "")
        signature = symbol.get("functionSignature", {})
        parameters = signature.get("parameters", [])
        labels = re.findall(r"([\w]+):", self.title[self.title.find("("):]) if "(" in self.title else []
        if len(labels) != len(parameters):
            labels = [parameter["name"] for parameter in parameters]
        self.closures, self.others, self.owner = [], [], None
        for label, parameter in zip(labels, parameters):
            type_text = re.sub(r"^\s*\w+(\s+\w+)?\s*:\s*", "", text(parameter["declarationFragments"]))
            if graphs.is_closure(parameter["declarationFragments"]):
                self.closures.append(type_text)
            elif label == "owner":
                self.owner = normalized(type_text)
            else:
                self.others.append((label, normalized(type_text)))
        last_is_closure = bool(parameters) and graphs.is_closure(parameters[-1]["declarationFragments"])
        self.single_trailing_closure = len(self.closures) == 1 and last_is_closure
        if signature:
            self.returns = text(signature.get("returns", []))
        else:
            match = re.search(r":\s*(.*?)\s*(\{.*)?$", text(symbol["declarationFragments"]))
            self.returns = match.group(1) if match else ""
        constraints = set()
        for source in (symbol.get("swiftExtension", {}), symbol.get("swiftGenerics", {})):
            for constraint in source.get("constraints", []):
                if constraint["lhs"] != self.owner:
                    constraints.add((constraint["lhs"], constraint["kind"], normalized(constraint["rhs"])))
        self.constraints = frozenset(constraints)
        self.same_type = {lhs: rhs for lhs, kind, rhs in constraints if kind == "sameType"}
        self.where = ", ".join(sorted(f"{lhs} == {rhs}" if kind == "sameType" else f"{lhs}: {rhs}"
                                      for lhs, kind, rhs in constraints)) or "-"
        self.group = (self.base_name, tuple(self.others), self.constraints, self.owner is not None)

    def substituted(self, type_text):
        for lhs, rhs in self.same_type.items():
            type_text = re.sub(rf"\b{re.escape(lhs)}\b", lambda _: rhs, type_text)
        return normalized(type_text)

    def met_by(self, other):
        """Whether `other`'s where clause implies this member's."""
        implied = set(other.constraints) | {(lhs, "superclass", rhs) for lhs, kind, rhs in other.constraints if kind == "sameType"}
        return self.constraints <= implied


def check(graphs, allowlist_path, complete):
    """Returns (failures, stale allowlist lines, members checked, table entries)."""
    allowed = {}
    for number, line in enumerate(allowlist_path.read_text().splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = [field.strip() for field in line.split("|")]
        if len(fields) != 3 or not all(fields):
            return [f"{allowlist_path.name}:{number}: not `title | where clause | reason`: {line}"], [], 0, 0, 0
        allowed[(fields[0], fields[1])] = number
    members = [Member(graphs, symbol) for symbol in graphs.on_members()]
    with_closure = [member for member in members if member.closures]
    groups = {}
    for member in with_closure:
        groups.setdefault(member.group, []).append(member)
    failures, used, entries, allowlisted = [], set(), 0, 0
    for member in sorted(with_closure, key=lambda member: (member.title, member.where)):
        reason = verdict(graphs, member, members, groups)
        if reason is None:
            entries += 1
            continue
        key = (member.title, member.where)
        if key in allowed:
            used.add(key)
            allowlisted += 1
            continue
        failures.append(f"{member.title} | {member.where} | ?   ({reason}; {member.location.replace('file://', '')})")
    stale = [f"{allowlist_path.name}:{number}: {title} | {where}" for (title, where), number in allowed.items()
             if (title, where) not in used] if complete else []
    return sorted(set(failures)), stale, len(with_closure), entries, allowlisted


def verdict(graphs, member, members, groups):
    """None if `member` is an entry of a shape table, else why not."""
    if SHAPE_TABLE_FILE.search(member.location):
        return None
    if not member.single_trailing_closure:
        return "more than one closure parameter, or the closure is not the last"
    siblings = [other for other in members
                if other.base_name == member.base_name and not other.closures and other.owner is None
                and other.others == member.others and other.met_by(member) and graphs.table_type(other.returns)]
    if not siblings:
        return f"no sibling `{member.base_name}` with the same other parameters returns an event or decision"
    sender, args, answer = graphs.table_type(siblings[0].returns)
    sender, args, answer = member.substituted(sender), member.substituted(args), member.substituted(answer)
    value = sender if args == "()" else args
    required = {(), (value,), (sender, args)}
    allowed = set(required) | ({(args,)} if args == "()" else set())
    values = graphs.flat.get(generic(args)[0] or "", 0)
    owner = (member.owner,) if member.owner else ()
    shapes = set()
    for overload in groups[member.group]:
        parsed = function_type(overload.closures[0])
        if parsed is None:
            return f"the handler's type `{overload.closures[0]}` is not a function type this check can read"
        parameters, returns = parsed
        parameters = tuple(overload.substituted(parameter) for parameter in parameters)
        if returns != answer:
            return f"a handler returns {returns}, the source's table {answer}"
        if parameters[:len(owner)] != owner:
            return "the owner is not the handler's first parameter"
        shape = parameters[len(owner):]
        if values and len(shape) == values + 1 and shape[0] == sender:
            shape = ("flat",)
        shapes.add(shape)
    if values:
        required.add(("flat",))
        allowed.add(("flat",))
    show = lambda shape_set: ", ".join(sorted("{ " + ", ".join(shape) + (" in }" if shape else "}") for shape in shape_set))
    if shapes - allowed:
        return f"takes shapes outside its source's table: {show(shapes - allowed)}"
    if required - shapes:
        return f"lacks shapes of its source's table: {show(required - shapes)}"
    return None


def self_test():
    fixtures = root / ".ci" / "fixtures"
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "ShapeTableFixture",
                                 "-emit-module-path", f"{folder}/ShapeTableFixture.swiftmodule",
                                 "-emit-symbol-graph", "-emit-symbol-graph-dir", folder,
                                 str(fixtures / "ShapeTableFixture.swift")], capture_output=True, text=True)
        if result.returncode != 0:
            print("self-test: the fixture does not compile:\n" + result.stderr, file=sys.stderr)
            return 1
        failures, stale, checked, entries, _ = check(Graphs([folder]), fixtures / "shape-table-allowlist.txt", True)
    titles = sorted(failure.split(" | ")[0] for failure in failures)
    expected = ["doubleTap(_:)", "longPress(_:)", "press(_:)"]
    ok = titles == expected and len(stale) == 1 and "gone(_:)" in stale[0] and entries == 10
    for line in failures + stale:
        print("  self-test found: " + line)
    print(f"shape table self-test: {checked} members with a closure, {entries} table entries, "
          f"failures {titles}, stale {len(stale)}: " + ("fails as it must" if ok else f"WRONG (expected {expected}, 1 stale, 10 entries)"))
    return 0 if ok else 1


def main(arguments):
    if arguments == ["--self-test"]:
        return self_test()
    complete = "--complete" in arguments
    folders = [argument for argument in arguments if argument != "--complete"]
    if not folders:
        print(__doc__, file=sys.stderr)
        return 2
    graphs = Graphs(folders)
    failures, stale, checked, entries, allowlisted = check(graphs, ALLOWLIST, complete)
    if graphs.files == 0 or checked == 0:
        print(f"FAIL: no member of On with a closure in {', '.join(folders)}: the check would see nothing", file=sys.stderr)
        return 1
    for failure in failures:
        print("FAIL: not an entry of a shape table nor allowlisted: " + failure)
    for line in stale:
        print("FAIL: stale allowlist line (its member is gone or now a table entry): " + line)
    print(f"shape tables: {checked} members of On take a closure in {graphs.files} graphs ({', '.join(folders)}); "
          f"{entries} are table entries, {allowlisted} allowlisted, {checked - entries - allowlisted} neither"
          + (f", {len(stale)} stale allowlist lines" if complete else ""))
    return 1 if failures or stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
