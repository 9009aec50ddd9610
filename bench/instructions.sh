#!/usr/bin/env bash
# Instructions and cycles per 4-player Stramat match (random bots) for the bare rules loop, the bare
# playMatch loop and a whole in-process run, counted by `perf stat` (Linux perf) as the difference
# between 300,000 and 100,000 matches, which cancels start-up. Instruction counts hardly move with what
# else the machine is doing, unlike wall time, so they show what a change costs. Run after `npm run build`:
#   bash bench/instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
# perf exits 0 and prints "<not supported>" where the virtual machine hides the counters.
if ! perf stat -x, -e instructions true 2>&1 >/dev/null | grep -Eq '^[0-9]+,'; then
  echo "bench/instructions.sh: perf cannot count instructions on this machine" >&2
  exit 2
fi
count() { perf stat -x, -e instructions,cycles node dist/bench/loop.js "$1" "$2" 2>&1 >/dev/null | grep -E 'instructions|cycles' | cut -d, -f1 | tr '\n' ' '; }
echo "| loop | instructions per match | cycles per match | instructions against the rules loop |"
echo "|---|---:|---:|---:|"
base=""
for kind in rules engine runner; do
  read -r i1 c1 <<<"$(count "$kind" 100000)"
  read -r i3 c3 <<<"$(count "$kind" 300000)"
  ipm=$(( (i3 - i1) / 200000 ))
  cpm=$(( (c3 - c1) / 200000 ))
  [ -z "$base" ] && base=$ipm
  awk -v k="$kind" -v i="$ipm" -v c="$cpm" -v b="$base" 'BEGIN { printf "| %s | %d | %d | %+.1f%% |\n", k, i, c, 100 * (i - b) / b }'
done
