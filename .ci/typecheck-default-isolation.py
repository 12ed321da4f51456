#!/usr/bin/env python3
"""iOS and macOS type-check of main-actor usage with `-default-isolation MainActor` (the Xcode 26
app template's setting), and of calls the compiler must refuse (iOS).

apple-typecheck cannot pass extra compiler flags, so this script asks it for its swiftc command
line for OnKit (`--only OnKit -v`, which also builds OnKit's module), then compiles, against that
module and with the same SDK flags:
1. the iOS usage target (every file of `Sources/OnKitAppleUsage`, the seed calls and the UIKit
   article's snippets among them) as a module with `-default-isolation MainActor`: zero errors and
   zero warnings; then the same for macOS and `Sources/OnKitMacUsage` (AppKit), with
   `apple-typecheck --platform macos`;
2. each refusal snippet below: it must fail, with the expected message.
Skips a platform with a clear line when apple-typecheck or its SDK cache is absent. Run from the package
root: `python3 .ci/typecheck-default-isolation.py`.
"""
import glob
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
tool = root.parent / "shared" / "tools" / "apple-typecheck"  # beside a clone, as .ci/run expects
if not tool.exists():
    tool = pathlib.Path("/work/shared/tools/apple-typecheck")  # beside a worktree
# (platform, its SDK cache, the SDK in it, apple-typecheck's flags for it, its usage targets)
PLATFORMS = [
    ("iOS", pathlib.Path.home() / ".cache" / "onkit-ios-sdk", "iPhoneOS*.sdk", [], ["Sources/OnKitAppleUsage"]),
    ("macOS", pathlib.Path.home() / ".cache" / "onkit-macos-sdk", "MacOSX*.sdk", ["--platform", "macos"],
     ["Sources/OnKitMacUsage"]),
]

# (what it shows, code, a fragment of the error the compiler must give)
REFUSALS = [
    ("a @MainActor timer handler on another queue",
     "func f() throws { try DispatchTimer.every(1, on: .global()) { @MainActor (_: DispatchTimer) in } }",
     "loses global actor 'MainActor'"),
    ("a @MainActor notification handler on another queue",
     "func f() { NotificationCenter.default.on.notification(nil, queue: .init()) { @MainActor (_: Notification) in } }",
     "loses global actor 'MainActor'"),
    ("an @Observable model's change(of:) without a handler names the forms to use",
     "@MainActor @Observable final class M: OnCompatible { var n = 0 }\n"
     "@MainActor final class S { func f(_ m: M) { m.on.change(of: \\.n).subscribe(owner: self) { _, _, _ in } } }",
     "an @Observable model's changes take the handler here"),
    ("the SDK's (range, string) guessed for a text field's flat form names the shape rule",
     "import UIKit\n@MainActor func f(_ field: UITextField) {\n"
     "    field.on.shouldChangeCharacters { range, string in range.location < 10 && !string.isEmpty }\n}",
     "two parameters are the sender and the arguments; flat forms start with the sender"),
]


def main():
    failures = []
    for platform, cache, sdk, flags, usage_targets in PLATFORMS:
        if not os.access(tool, os.X_OK):
            print(f"skipped: no {platform} SDK (the apple-typecheck tool is not beside this clone)")
            continue
        if not glob.glob(str(cache / sdk)):
            print(f"skipped: no {platform} SDK (no extracted SDK in {cache})")
            continue
        common = onkit_flags(platform, flags)
        if common is None:
            failures.append(f"{platform}: apple-typecheck did not type-check OnKit")
            continue
        with tempfile.TemporaryDirectory() as scratch:
            failures += usage_failures(platform, common, usage_targets, scratch)
            if platform == "iOS":
                failures += refusal_failures(common, scratch)
    if failures:
        print("FAIL: " + "; ".join(failures))
        return 1
    return 0


def onkit_flags(platform, flags):
    """apple-typecheck's swiftc flags for OnKit (SDK, target, module paths), without its name,
    output and sources; it also builds OnKit's module, which the usage code imports."""
    run = subprocess.run([str(tool), *flags, "--only", "OnKit", "-v"], cwd=root, capture_output=True, text=True)
    lines = [l for l in run.stdout.splitlines() if l.startswith("swiftc ") and "-module-name OnKit " in l]
    if run.returncode != 0 or not lines:
        print(run.stdout + run.stderr)
        return None
    onkit = shlex.split(lines[-1])
    common, i = [], 1
    while i < len(onkit):
        arg = onkit[i]
        if arg in ("-module-name", "-emit-module-path"):
            i += 2
            continue
        if not arg.endswith(".swift") and arg != "-emit-module":
            common.append(arg)
        i += 1
    return common


def usage_failures(platform, common, usage_targets, scratch):
    failures = []
    for number, usage in enumerate(usage_targets):
        out = subprocess.run(
            ["swiftc", "-emit-module", "-module-name", f"DefaultIsolationUsage{number}",
             "-emit-module-path", os.path.join(scratch, f"Usage{number}.swiftmodule"),
             "-default-isolation", "MainActor", "-parse-as-library", *common,
             *sorted(glob.glob(str(root / usage / "*.swift")))],
            capture_output=True, text=True)
        text = out.stdout + out.stderr
        bad = [l for l in text.splitlines() if ": error:" in l or ": warning:" in l]
        print(f"default isolation MainActor, {platform}: {usage}: {len(bad)} errors and warnings")
        if out.returncode != 0 or bad:
            failures.append(f"{platform}: {usage}")
            print(text)
    return failures


def refusal_failures(common, scratch):
    failures = []
    for number, (shown, code, expected) in enumerate(REFUSALS):
        path = os.path.join(scratch, f"Refusal{number}.swift")
        pathlib.Path(path).write_text("import Foundation\nimport Observation\nimport OnKit\n" + code + "\n")
        out = subprocess.run(["swiftc", "-typecheck", "-module-name", f"Refusal{number}", *common, path],
                             capture_output=True, text=True)
        text = out.stdout + out.stderr
        refused = out.returncode != 0 and expected in text
        print(f"refused as expected: {shown}: {'yes' if refused else 'NO'}")
        if not refused:
            failures.append(shown)
            print(text)
    return failures


if __name__ == "__main__":
    sys.exit(main())
