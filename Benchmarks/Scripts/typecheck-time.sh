#!/usr/bin/env bash
# How long the type checker takes on Scripts/TypeCheck/Registrations.swift against a built OnKit
# module: the cost of the overload sets every registration resolves. Prints the function body's
# time for each of N runs, then the median, so two builds can be compared in one sitting:
#
#   Scripts/typecheck-time.sh [-n RUNS] [MODULES_DIR]   (default: ../.build/debug/Modules)
set -euo pipefail
cd "$(dirname "$0")"
runs=7
if [[ "${1:-}" == "-n" ]]; then runs=$2; shift 2; fi
modules=${1:-../../.build/debug/Modules}
times=()
for _ in $(seq "$runs"); do
    time=$(swiftc -swift-version 6 -parse-as-library -typecheck -I "$modules" \
        -I ../../Sources/OnKitThreadLocal/include -Xfrontend -debug-time-function-bodies \
        TypeCheck/Registrations.swift 2>&1 | sed -n 's/^\([0-9.]*\)ms.*register(.*/\1/p')
    times+=("$time")
    echo "register(center:t:b:s:lifetime:) ${time} ms"
done
printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print "median", a[int((NR + 1) / 2)], "ms" }'
