#!/usr/bin/env bash
# Runs Scripts/main-actor-daemon (a main.swift daemon whose signal, descriptor, timer and
# notification handlers run on the main actor) under dispatchMain() and under a running
# RunLoop.main, on Linux. Compiles it once with OnKit's sources into .build/main-actor-daemon.
#
#   Scripts/check-main-actor-daemon.sh
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/main-actor-daemon
mkdir -p "$out"
mapfile -t sources < <(find Sources/OnKit -name '*.swift' | sort)
if [[ ! -x $out/daemon || -n $(find Scripts/main-actor-daemon "${sources[@]}" -newer "$out/daemon" -print -quit) ]]; then
    echo "building the daemon…"
    swiftc -swift-version 6 -enable-upcoming-feature ExistentialAny -I Sources/OnKitThreadLocal/include -module-name MainActorDaemon \
        "${sources[@]}" Scripts/main-actor-daemon/main.swift -o "$out/daemon"
fi
failed=0
for mode in dispatchMain runLoop; do
    status=0
    result=$(SWIFT_BACKTRACE=enable=no timeout 30 "$out/daemon" "$mode" 2>&1) || status=$?
    echo "$mode: $(echo "$result" | tail -1) (exit status $status)"
    [[ $status -eq 0 && $result == ok ]] || failed=1
done
exit $failed
