#!/usr/bin/env bash
# A throwaway single-node Slurm cluster on this machine, to try deploy/slurm/ for real (the tests and
# .ci/run use it). Needs Debian's slurm-wlm (apt-get install slurm-wlm) and root: slurmctld and slurmd
# run as root, without systemd, with every file under <state-dir>. No munge: authentication is
# auth/none, which is only acceptable because nothing outside this machine can reach the daemons
# (they listen on ports chosen by the caller, on a cluster of one node).
#
#   deploy/slurm/local-cluster.sh start <state-dir> [port]   # prints the SLURM_CONF to export
#   deploy/slurm/local-cluster.sh stop <state-dir>
#
# Clients (sbatch, squeue, scontrol) find the cluster through SLURM_CONF=<state-dir>/slurm.conf.
set -euo pipefail
if [ "$#" -lt 2 ]; then
  echo "usage: $0 start|stop <state-dir> [port]" >&2
  exit 2
fi
action=$1 state=$2 port=${3:-16817}

stop() {
  for daemon in slurmd slurmctld; do
    pidfile="$state/$daemon.pid"
    if [ -f "$pidfile" ]; then
      pid=$(cat "$pidfile")
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
      kill -9 "$pid" 2>/dev/null || true
      rm -f "$pidfile"
    fi
  done
}

write_conf() {
  local host cpus mem
  host=$(hostname -s)
  cpus=$(nproc)
  # Half the memory, so that slurmd's own check of the node (RealMemory <= what it finds) passes.
  mem=$(($(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) / 2))
  mkdir -p "$state/spool/ctld" "$state/spool/d" "$state/log"
  cat > "$state/slurm.conf" <<EOF
# Written by deploy/slurm/local-cluster.sh: a single-node cluster for tests.
ClusterName=tavolo-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
StateSaveLocation=$state/spool/ctld
SlurmdSpoolDir=$state/spool/d
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
# Let requeued tasks start again at once, and schedule often: the tests wait on this cluster.
SchedulerParameters=defer_batch=0,sched_interval=2,bf_interval=2
MinJobAge=600
KillWait=10
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
}

start() {
  command -v slurmctld >/dev/null || { echo "slurmctld not found: apt-get install slurm-wlm" >&2; exit 3; }
  stop
  rm -rf "$state/spool"
  write_conf
  export SLURM_CONF="$state/slurm.conf"
  # -i: ignore saved state (a fresh cluster every time); -c: clear the job list.
  slurmctld -c -i
  slurmd
  for _ in $(seq 150); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qx 'idle'; then
      echo "SLURM_CONF=$SLURM_CONF"
      return 0
    fi
    sleep 0.2
  done
  echo "the local Slurm cluster did not come up; logs in $state/log:" >&2
  tail -n 20 "$state/log/slurmctld.log" "$state/log/slurmd.log" >&2 || true
  stop
  exit 3
}

case "$action" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop <state-dir> [port]" >&2; exit 2 ;;
esac
