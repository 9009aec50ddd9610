#!/usr/bin/env bash
# Submits a sweep: a job array of SHARDS tasks (one shard each), then the merge, which starts only when
# every task has succeeded (afterok). Run from the tavolo checkout on the login node:
#
#   deploy/slurm/submit.sh tournaments/stramat-dado.json /shared/sweeps/dado 16
#
# Extra sbatch options (partition, account, ...) go in SBATCH_ARGS, e.g. SBATCH_ARGS="-p long -A games".
set -euo pipefail
if [ "$#" -lt 3 ]; then
  echo "usage: $0 <tournament.json> <run-dir> <shards>" >&2
  exit 2
fi
tournament=$1 run_dir=$2 shards=$3
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$run_dir"
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_ARGS:-} --array="0-$((shards - 1))" \
  --export="ALL,TOURNAMENT=$tournament,RUN_DIR=$run_dir" "$here/sweep.sbatch")
array=${array%%;*}
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} --dependency="afterok:$array" --kill-on-invalid-dep=yes \
  --export="ALL,RUN_DIR=$run_dir,SHARDS=$shards" "$here/merge.sbatch")
echo "sweep: array job $array ($shards shards into $run_dir/shard-*), merge: job $merge (after all succeed)"
echo "results: $run_dir/merged/ when job $merge has finished (squeue -j $array,$merge)"
