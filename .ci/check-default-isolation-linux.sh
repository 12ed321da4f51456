#!/usr/bin/env bash
# The README's and the articles' snippets (in Tests/OnKitTests/Docs, with their support code)
# compile to SIL with `-default-isolation MainActor`, as an Xcode 26 app compiles them, against
# the OnKit module of the debug build (run after `swift build --build-tests`).
set -euo pipefail
cd "$(dirname "$0")/.."
modules=$(swift build --show-bin-path)/Modules
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! swiftc -emit-module -o "$out/DocSnippets.swiftmodule" -module-name DocSnippets -parse-as-library \
    -swift-version 6 -default-isolation MainActor -I "$modules" \
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
    Tests/OnKitTests/Docs/*.swift Tests/OnKitTests/Support/*.swift Tests/OnKitTests/Core/Support/*.swift \
    Tests/OnKitTests/Foundation/DelegateTestSupport.swift > "$out/log" 2>&1; then
    cat "$out/log" >&2
    echo "FAIL: the README and article snippets do not compile with -default-isolation MainActor (above)" >&2
    exit 1
fi
if grep -E "warning:" "$out/log"; then
    echo "FAIL: warnings with -default-isolation MainActor (above)" >&2
    exit 1
fi
echo "README and article snippets: compile with -default-isolation MainActor, 0 warnings"
