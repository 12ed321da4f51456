#!/usr/bin/env bash
# Reads a pipe to its end under load, many times, with OnKit's reader and, for comparison, a
# plain DispatchSourceRead (the crash of swift-corelibs-libdispatch #949, OnKit issue 23).
#
#   Scripts/stress-fd-readers.sh [RUNS] [READERS]
#
# RUNS (default 50) runs per reader; READERS (default "onkit"): any of "onkit dispatch
# dispatch-never-cancel". Each run pipes 1 MB into the reader (four writes of 256 KB, 20 ms
# apart) while two busy loops compete for the cores (one per core); the reader reads to end of
# file, cancels (except dispatch-never-cancel), and exits 0.5 s later with its heartbeat and
# signal watches still running. A run passes when it exits 0 having read every byte. Prints
# "<reader>: <passed> of <runs> passed" per reader and exits 1 if OnKit's reader failed a run.
# The readers are compiled once into .build/stress-fd-readers (OnKit's sources with the reader,
# one module, -O).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
readers=${2:-onkit}
out=.build/stress-fd-readers
mkdir -p "$out"

build() {  # name, source dir, with OnKit's sources?
    local name=$1 dir=$2 with_onkit=$3 sources=()
    if [[ $with_onkit == yes ]]; then
        mapfile -t sources < <(find Sources/OnKit -name '*.swift' | sort)
    fi
    if [[ ! -x $out/$name || -n $(find "$dir" "${sources[@]}" -newer "$out/$name" -print -quit) ]]; then
        echo "building $name…"
        swiftc -O -swift-version 6 -enable-upcoming-feature ExistentialAny -I Sources/OnKitThreadLocal/include -module-name "StressReader" \
            "${sources[@]}" "$dir/main.swift" -o "$out/$name"
    fi
}

busy_pids=()
start_load() { for _ in 1 2; do (while :; do :; done) & busy_pids+=($!); done; }
stop_load() { for pid in "${busy_pids[@]}"; do kill "$pid" 2>/dev/null || true; done; busy_pids=(); }
trap stop_load EXIT

head -c 262144 /dev/urandom > "$out/input"
produce() { for part in 1 2 3 4; do cat "$out/input"; sleep 0.02; done; }
failed_onkit=0
for reader in $readers; do
    case $reader in
        onkit) build onkit-reader Scripts/stress-fd-readers/onkit yes; binary=$out/onkit-reader; env=() ;;
        dispatch) build dispatch-reader Scripts/stress-fd-readers/dispatch no; binary=$out/dispatch-reader; env=() ;;
        dispatch-never-cancel)
            build dispatch-reader Scripts/stress-fd-readers/dispatch no; binary=$out/dispatch-reader; env=(NEVER_CANCEL=1) ;;
        *) echo "unknown reader $reader" >&2; exit 2 ;;
    esac
    passed=0
    start_load
    for ((run = 1; run <= runs; run++)); do
        status=0
        result=$(produce | env "${env[@]}" SWIFT_BACKTRACE=enable=no timeout 60 "$binary" 2>&1) || status=$?
        if [[ $status -eq 0 && $result == "read 1048576 bytes" ]]; then
            passed=$((passed + 1))
        else
            echo "$reader run $run: exit status $status: $(echo "$result" | tail -1)"
        fi
    done
    stop_load
    echo "$reader: $passed of $runs passed"
    if [[ $reader == onkit && $passed -ne $runs ]]; then failed_onkit=1; fi
done
exit $failed_onkit
