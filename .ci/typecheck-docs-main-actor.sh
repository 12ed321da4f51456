#!/usr/bin/env bash
# Type-checks the README's and the articles' snippets as an app built with Xcode 26's default,
# `-default-isolation MainActor`, would compile them, on Linux (the UIKit and AppKit snippets
# live in the usage targets, which .ci/typecheck-default-isolation.py checks for iOS).
#
# The snippets are compiled by the tests in Tests/OnKitTests/Docs (.ci/check-snippets.py checks
# every README and article chunk is in one of them, or in a usage target). Their test support
# (Counter, pollUntil…) is not user code, so it is not recompiled: each file gets
# `@testable import OnKitTests` (the debug build's module) on its first line, and only the
# snippet files are type-checked with the flag. The `///` examples (DocCommentExamples*.swift)
# are outside the issue's scope and stay nonisolated.
#
# A canary that must fail with the flag proves it took effect. Needs `swift build --build-tests`
# first. Run from the package root.
set -euo pipefail
modules="$(swift build --show-bin-path)/Modules"
[ -f "$modules/OnKitTests.swiftmodule" ] || { echo "FAIL: build the tests first ($modules has no OnKitTests)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
count=0
for file in Tests/OnKitTests/Docs/*.swift; do
    case "$file" in *DocCommentExamples*) continue ;; esac
    { printf '@testable import OnKitTests; '; cat "$file"; } > "$work/$(basename "$file")"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "FAIL: no snippet tests found in Tests/OnKitTests/Docs"; exit 1; }
# Importing OnKit loads its Linux C module too (SwiftPM tells only its own targets where it is).
flags=(-typecheck -swift-version 6 -default-isolation MainActor -I "$modules" -I Sources/OnKitThreadLocal/include)

# The canary: a plain class's method called from a `@Sendable` handler is refused only when the
# class is a main-actor one, which the flag makes it.
cat > "$work/canary.swift" <<'SWIFT'
import Foundation
import OnKit
final class Screen: Sendable { func refresh() {} }
nonisolated func canary(_ center: NotificationCenter, _ screen: Screen) {
    center.on.notification(nil) { screen.refresh() }
}
SWIFT
swiftc "${flags[@]}" -module-name Canary "$work/canary.swift" > "$work/canary.log" 2>&1 || true
grep -q "main actor-isolated instance method 'refresh()'" "$work/canary.log" \
    || { cat "$work/canary.log"; echo "FAIL: the canary compiled: -default-isolation MainActor had no effect"; exit 1; }
rm "$work/canary.swift"

if ! swiftc "${flags[@]}" -module-name DocsMainActor "$work"/*.swift > "$work/log" 2>&1 || grep -q "warning:" "$work/log"; then
    sed "s#$work/#Tests/OnKitTests/Docs/#g" "$work/log"
    echo "FAIL: the README and article snippets do not type-check with -default-isolation MainActor"
    exit 1
fi
echo "docs with -default-isolation MainActor: $count snippet files type-check, 0 warnings (canary refused)"
