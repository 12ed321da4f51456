#!/usr/bin/env bash
# Type-checks the Apple usage targets again as Xcode 26's app templates compile them, with
# `-default-isolation MainActor`: apple-typecheck reads no such setting from Package.swift, so
# this takes its exact command for each usage target (printed by -v) and adds the flag.
# Usage: check-default-isolation.sh TOOL [--platform macos] -- TARGET...
set -euo pipefail
tool="$1"; shift
platform_args=()
while [ "$1" != "--" ]; do platform_args+=("$1"); shift; done
shift
for target in "$@"; do
    command=$("$tool" "${platform_args[@]}" -v --only "$target" 2>&1 | grep "^swiftc .* -module-name $target ")
    [ -n "$command" ] || { echo "FAIL: no compile command for $target" >&2; exit 1; }
    output=$(eval "$command -default-isolation MainActor" 2>&1) || { echo "$output" >&2; echo "FAIL: $target with -default-isolation MainActor" >&2; exit 1; }
    if grep -E "warning:|error:" <<<"$output"; then
        echo "FAIL: $target printed warnings with -default-isolation MainActor (above)" >&2
        exit 1
    fi
    echo "$target: type-checks with -default-isolation MainActor, 0 warnings"
done
