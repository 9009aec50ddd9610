#!/bin/sh
# Waits until every shard <run-dir>/shard-0 .. shard-<count-1> is complete (its run.json says so), for a
# merge step that is started together with the shards (the Kubernetes merge Job's init container).
#
#   deploy/wait-shards.sh <run-dir> <count> [poll seconds]
set -u
if [ "$#" -lt 2 ]; then
  echo "usage: $0 <run-dir> <count> [poll seconds]" >&2
  exit 2
fi
run_dir=$1 count=$2 poll=${3:-30}
while :; do
  done_count=0
  i=0
  while [ "$i" -lt "$count" ]; do
    if grep -qs '"complete": true' "$run_dir/shard-$i/run.json"; then done_count=$((done_count + 1)); fi
    i=$((i + 1))
  done
  echo "$(date -u +%FT%TZ) $done_count of $count shards complete"
  if [ "$done_count" -eq "$count" ]; then exit 0; fi
  sleep "$poll"
done
