#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine, for the census test in CI: Debian's
# slurmctld, slurmd and munge, a munge key if there is none, and a slurm.conf with one node
# (this host, its CPUs and memory) in one partition. Run as root; idempotent.
#
# It changes only what it made: a slurm.conf it did not write (no marker line below) is
# left alone and used as it is, and the daemons it starts are recorded in
# /run/grundy-slurm/started, so that stop-local-cluster.sh stops those and nothing else.
set -euo pipefail
marker="# Written by grundy's deploy/slurm/start-local-cluster.sh; it may rewrite this file."
conf=/etc/slurm/slurm.conf
state=/run/grundy-slurm
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
fi
host=$(hostname -s)
read -r cpus mem < <(slurmd -C | tr ' ' '\n' | awk -F= '$1=="CPUs"{c=$2} $1=="RealMemory"{m=$2} END{print c, m}')
mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm "$state"
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
chown -R munge:munge /etc/munge /var/log/munge /run/munge /var/lib/munge
chmod 400 /etc/munge/munge.key
# The script before this marker wrote "ClusterName=grundy-ci" as its first line: ours too.
if [ -e "$conf" ] && ! head -n 1 "$conf" | grep -qxF -e "$marker" -e "ClusterName=grundy-ci"; then
  echo "start-local-cluster.sh: keeping $conf, which this script did not write" >&2
else
  cat >"$conf.new" <<CONF
$marker
ClusterName=grundy-ci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$((mem * 9 / 10)) State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  mv "$conf.new" "$conf"
fi
# Start each daemon that is not running, and note it as ours.
start() {
  local name=$1
  shift
  # Running processes only: a zombie of an earlier run is not a daemon.
  if pgrep -r R,S,D -x "$name" >/dev/null; then
    return
  fi
  "$@"
  # The daemons fork twice: wait until one process of that name is left, and the same
  # one a moment later.
  local before="" now
  for _ in $(seq 50); do
    now=$(pgrep -r R,S,D -x "$name" || true)
    if [ -n "$now" ] && [ "$now" = "$before" ] && [ "$(echo "$now" | wc -l)" -eq 1 ]; then
      echo "$name $now" >>"$state/started"
      return
    fi
    before=$now
    sleep 0.2
  done
  echo "start-local-cluster.sh: $name did not start" >&2
  exit 1
}
start munged runuser -u munge -- /usr/sbin/munged
start slurmctld slurmctld
start slurmd slurmd
for _ in $(seq 60); do
  if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)$'; then
    sinfo
    exit 0
  fi
  sleep 1
done
echo "start-local-cluster.sh: Slurm did not come up" >&2
tail -n 20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
exit 1
