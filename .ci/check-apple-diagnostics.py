#!/usr/bin/env python3
"""The diagnostics Troubleshooting quotes that only an Apple SDK can show, compared with what Swift
prints: each snippet below is compiled against the OnKit module apple-typecheck builds for its
platform (with the same SDK flags), and must give the expected text, as an error (the snippet
fails) or as a warning (it compiles).

- tvOS: the UIKit members of `on` that tvOS lacks are declared unavailable there, with a message
  that says what to use instead.
- iOS: a Bool handler on an event that has a decision twin is deprecated with a message naming
  the decision; a main-actor @Observable model without MainActorBound that sets a UILabel gets a
  warning (UIKit is @preconcurrency), not an error.

Skips a platform with a clear line when apple-typecheck or its SDK cache is absent, as
.ci/typecheck-default-isolation.py does, whose way of getting apple-typecheck's flags this reuses.
Run from the package root: `python3 .ci/check-apple-diagnostics.py`.
"""
import glob
import importlib.util
import os
import pathlib
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("isolation", root / ".ci" / "typecheck-default-isolation.py")
isolation = importlib.util.module_from_spec(spec)
spec.loader.exec_module(isolation)

# (platform, its SDK cache, the SDK in it, apple-typecheck's flags for it)
PLATFORMS = {
    "iOS": (pathlib.Path.home() / ".cache" / "onkit-ios-sdk", "iPhoneOS*.sdk", []),
    "tvOS": (pathlib.Path.home() / ".cache" / "onkit-tvos-sdk", "AppleTVOS*.sdk", ["--platform", "tvos"]),
}

# (platform, what it shows, code after `import UIKit` and `import OnKit`, "error" or "warning",
# the text Swift prints after "error: " or "warning: ", without the group tag)
CHECKS = [
    ("tvOS", "a search bar's Cancel button on tvOS names what to use",
     "@MainActor func f(_ bar: UISearchBar) { bar.on.cancelButtonClicked { bar in print(bar) } }",
     "error", "'cancelButtonClicked' is unavailable in tvOS: a tvOS search bar has no Cancel button; "
     "leaving the search ends editing: on.didEndEditing"),
    ("tvOS", "a search bar's bookmark button on tvOS names what to use",
     "@MainActor func f(_ bar: UISearchBar) { bar.on.bookmarkButtonClicked { bar in print(bar) } }",
     "error", "'bookmarkButtonClicked' is unavailable in tvOS: a tvOS search bar has no bookmark button; "
     "add a UIButton beside it and use its on.tap"),
    ("tvOS", "a table's swipe actions on tvOS name what to use",
     "@MainActor func f(_ table: UITableView) {\n"
     "    table.on.trailingSwipeActionsConfigurationForRow { indexPath in nil }\n}",
     "error", "'trailingSwipeActionsConfigurationForRow' is unavailable in tvOS: tvOS has no swipe actions; "
     "offer the row's actions in its context menu: on.contextMenuConfigurationForRow"),
    ("tvOS", "a table's leading swipe actions on tvOS name what to use",
     "@MainActor func f(_ table: UITableView) {\n"
     "    table.on.leadingSwipeActionsConfigurationForRow { indexPath in nil }\n}",
     "error", "'leadingSwipeActionsConfigurationForRow' is unavailable in tvOS: tvOS has no swipe actions; "
     "offer the row's actions in its context menu: on.contextMenuConfigurationForRow"),
    ("tvOS", "the keyboard's notifications on tvOS say why there are none",
     "@MainActor func f(_ center: NotificationCenter) {\n"
     "    let shown = center.on.keyboardWillShow { keyboard in print(keyboard) }\n    shown.cancel()\n}",
     "error", "'keyboardWillShow' is unavailable in tvOS: tvOS has no keyboard notifications: its keyboard "
     "takes the whole screen, so nothing needs to move out of its way"),
    ("tvOS", "the keyboard's main-actor face on tvOS says why there is none",
     "@MainActor func f(_ center: NotificationCenter, screen: AnyObject & Sendable) {\n"
     "    center.on.keyboardWillHide(on: MainActor.self).subscribe(owner: screen) { screen in print(screen) }\n}",
     "error", "'keyboardWillHide(on:)' is unavailable in tvOS: tvOS has no keyboard notifications: its "
     "keyboard takes the whole screen, so nothing needs to move out of its way"),
    ("tvOS", "the keyboard's main-actor handler on tvOS says why there is none",
     "@MainActor func f(_ center: NotificationCenter) {\n"
     "    let shown = center.on.keyboardWillChangeFrame(on: MainActor.self) { keyboard in print(keyboard) }\n"
     "    shown.cancel()\n}",
     "error", "'keyboardWillChangeFrame(on:_:)' is unavailable in tvOS: tvOS has no keyboard notifications: its "
     "keyboard takes the whole screen, so nothing needs to move out of its way"),
    ("iOS", "a Bool handler on a text field's textChanged names shouldChangeCharacters",
     "@MainActor func f(_ nameField: UITextField) { nameField.on.textChanged { text in text.count <= 10 } }",
     "warning", "'callAsFunction' is deprecated: an event cannot refuse: its handler's Bool is ignored; "
     "refuse the change in on.shouldChangeCharacters, which is asked before it"),
    ("iOS", "a Bool handler on a search bar's textDidChange names shouldChangeText",
     "@MainActor func f(_ bar: UISearchBar) { bar.on.textDidChange { text in !text.contains(\" \") } }",
     "warning", "'callAsFunction' is deprecated: an event cannot refuse: its handler's Bool is ignored; "
     "refuse the change in on.shouldChangeText, which is asked before it"),
    ("iOS", "a Bool handler on a text view's didChange names shouldChangeText",
     "@MainActor func f(_ notes: UITextView) { notes.on.didChange { notes in notes.text.count <= 280 } }",
     "warning", "'callAsFunction' is deprecated: an event cannot refuse: its handler's Bool is ignored; "
     "refuse the change in on.shouldChangeText, which is asked before it"),
    ("iOS", "a main-actor @Observable model without MainActorBound that sets a label: a warning",
     "import Observation\n"
     "@MainActor @Observable final class Profile: OnCompatible { var name = \"\" }\n"
     "@MainActor final class ProfileScreen {\n"
     "    let nameLabel = UILabel()\n"
     "    func show(_ profile: Profile) {\n"
     "        profile.on.change(of: \\.name) { name in self.nameLabel.text = name }\n"
     "    }\n}",
     "warning", "main actor-isolated property 'text' can not be mutated from a Sendable closure"),
]


def main():
    failures = []
    for platform, (cache, sdk, flags) in PLATFORMS.items():
        if not os.access(isolation.tool, os.X_OK):
            print(f"skipped: {platform} diagnostics (the apple-typecheck tool is not beside this clone)")
            continue
        if not glob.glob(str(cache / sdk)):
            print(f"skipped: {platform} diagnostics (no extracted SDK in {cache})")
            continue
        common = isolation.onkit_flags(platform, flags)
        if common is None:
            failures.append(f"{platform}: apple-typecheck did not type-check OnKit")
            continue
        with tempfile.TemporaryDirectory() as scratch:
            for number, (where, shown, code, kind, expected) in enumerate(CHECKS):
                if where == platform:
                    failures += check(common, scratch, number, platform, shown, code, kind, expected)
    if failures:
        print("FAIL: " + "; ".join(failures))
        return 1
    return 0


def check(common, scratch, number, platform, shown, code, kind, expected):
    path = os.path.join(scratch, f"Diagnostic{number}.swift")
    pathlib.Path(path).write_text("import UIKit\nimport OnKit\n" + code + "\n")
    out = subprocess.run(["swiftc", "-emit-module", "-module-name", f"Diagnostic{number}",
                          "-emit-module-path", os.path.join(scratch, f"Diagnostic{number}.swiftmodule"),
                          *common, path], capture_output=True, text=True)
    text = out.stdout + out.stderr
    # The first diagnostic of the expected kind, as Swift prints it, without the group tag.
    first = next((l.split(f": {kind}: ", 1)[1] for l in text.splitlines() if f": {kind}: " in l), "")
    first = first.rsplit(" [#", 1)[0] if first.endswith("]") else first
    compiled = out.returncode == 0
    ok = first == expected and compiled == (kind == "warning")
    print(f"{platform}: {shown}: {'yes' if ok else 'NO'}")
    if not ok:
        print(f"  expected {kind}: {expected}\n  got: {first or '(none)'}\n" + text)
        return [f"{platform}: {shown}"]
    return []


if __name__ == "__main__":
    sys.exit(main())
