#!/usr/bin/env bash
# Combines the shards <run-dir>/shard-0 .. shard-<count-1> into <out> (default <run-dir>/merged): the
# files a single run would have written. tavolo merge checks that the shards are of the same tournament,
# complete, and all there.
#
#   deploy/merge-shards.sh <run-dir> <count> [out]
#
# Exit code: tavolo's, with 1 (some matches faulted; the results are complete) reported as 0.
set -uo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: $0 <run-dir> <count> [out]" >&2
  exit 2
fi
run_dir=$1 count=$2 out=${3:-$1/merged}
root=$(cd "$(dirname "$0")/.." && pwd)
tavolo=${TAVOLO:-"node $root/bin/tavolo.js"}
dirs=()
for ((i = 0; i < count; i++)); do dirs+=("$run_dir/shard-$i"); done
$tavolo merge "${dirs[@]}" --out "$out"
rc=$?
if [ "$rc" -eq 1 ]; then exit 0; fi
exit "$rc"
