#!/usr/bin/env bash
# Plays one shard of a tournament into <run-dir>/shard-<index>, resuming it if it was started before
# (a requeued Slurm task, a Kubernetes pod started again): the same command is always safe to repeat.
#
#   deploy/run-shard.sh <spec.json> <index> <count> <run-dir> [threads]
#
# Exit code: tavolo's, except that 1 (the shard is complete but some matches ended because a bot
# faulted, see end_reason in matches.csv after the merge) becomes 0, so that the scheduler counts the
# shard as done and starts the merge. 2 = bad input (do not retry), 3 = batches kept failing, 143 = the
# scheduler stopped it (SIGTERM): retry, and --resume picks up where it stopped.
set -uo pipefail
if [ "$#" -lt 4 ]; then
  echo "usage: $0 <spec.json> <index> <count> <run-dir> [threads]" >&2
  exit 2
fi
spec=$1 index=$2 count=$3 run_dir=$4 threads=${5:-}
root=$(cd "$(dirname "$0")/.." && pwd)
tavolo=${TAVOLO:-"node $root/bin/tavolo.js"}
out="$run_dir/shard-$index"
mkdir -p "$run_dir"
args=(run "$spec" --shard "$index/$count" --out "$out" --resume)
if [ -n "$threads" ]; then args+=(--threads "$threads"); fi
echo "tavolo shard $index/$count of $spec -> $out (host $(hostname))"
# tavolo never takes over a journal lock written on another host (that run may still be writing). A
# scheduler that starts a new attempt of a shard only once the previous attempt has ended (Slurm's
# requeue; a Kubernetes Job with podReplacementPolicy: Failed) says so with
# TAVOLO_PREVIOUS_ATTEMPT_ENDED=1, and the previous attempt's lock is cleared here, loudly. Without it,
# a lock from another host stops the shard with exit code 2 and the way to clear it.
lock="$out/journal/lock"
if [ "${TAVOLO_PREVIOUS_ATTEMPT_ENDED:-0}" = 1 ] && [ -f "$lock" ] && ! grep -q "\"host\":\"$(hostname)\"" "$lock"; then
  echo "shard $index/$count: clearing the lock of the previous attempt, $(cat "$lock"): the scheduler started this attempt after that one ended"
  rm -f "$lock"
fi
# tavolo runs as a child; SIGTERM/SIGINT sent to this script (a container's PID 1, a Slurm batch shell)
# are passed on, so tavolo stops cleanly and keeps its journal.
$tavolo "${args[@]}" &
child=$!
trap 'kill -TERM "$child" 2>/dev/null' TERM
trap 'kill -INT "$child" 2>/dev/null' INT
wait "$child"
rc=$?
while kill -0 "$child" 2>/dev/null; do
  wait "$child"
  rc=$?
done
if [ "$rc" -eq 1 ]; then
  echo "shard $index/$count: complete; some matches ended because a bot faulted (recorded in the results)"
  exit 0
fi
exit "$rc"
