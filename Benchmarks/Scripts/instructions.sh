#!/usr/bin/env bash
# Instructions per round of each named workload, counted by valgrind's callgrind: deterministic,
# so it tells a real change from the noise of a shared machine. Each workload runs twice, with
# R rounds and with 0 (start-up and set-up only); the difference / R is the cost of one round.
#
#   Scripts/instructions.sh [-r ROUNDS] "OnKit send, 10 plain" "[closure] loop, 10" ...
#   (names as printed by: .build/release/onkit-ratios --list)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=100000
if [[ "${1:-}" == "-r" ]]; then rounds=$2; shift 2; fi
swift build -c release --product onkit-ratios >/dev/null 2>&1
# Valgrind cannot read the debug info Swift emits; a copy without it keeps the symbols.
binary=$(mktemp)
trap 'rm -f "$binary" "$binary".out' EXIT
strip --strip-debug -o "$binary" .build/release/onkit-ratios
count() {
    valgrind --tool=callgrind --callgrind-out-file="$binary".out "$binary" --profile "$1" --rounds "$2" 2>&1 \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
printf '%-45s %12s\n' "workload" "instr/round"
for name in "$@"; do
    full=$(count "$name" "$rounds")
    empty=$(count "$name" 0)
    printf '%-45s %12.1f\n' "$name" "$(echo "($full - $empty) / $rounds" | bc -l)"
done
