#!/usr/bin/env bash
# Starts a single-node Slurm cluster on this machine, for the census test in CI: Debian's
# slurmctld, slurmd and munge, a fresh munge key, and a slurm.conf with one node (this
# host, its CPUs and memory) in one partition. Run as root; idempotent.
set -euo pipefail
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
fi
host=$(hostname -s)
read -r cpus mem < <(slurmd -C | tr ' ' '\n' | awk -F= '$1=="CPUs"{c=$2} $1=="RealMemory"{m=$2} END{print c, m}')
mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
fi
chown -R munge:munge /etc/munge /var/log/munge /run/munge /var/lib/munge
chmod 400 /etc/munge/munge.key
cat > /etc/slurm/slurm.conf <<CONF
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
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$((mem * 9 / 10)) State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
pgrep -x slurmctld >/dev/null || slurmctld
pgrep -x slurmd >/dev/null || slurmd
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
