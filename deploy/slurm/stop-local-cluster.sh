#!/usr/bin/env bash
# Stops what start-local-cluster.sh started: the daemons recorded in
# /run/grundy-slurm/started (name and process id), each only if that process is still the
# daemon of that name; daemons it found running are left alone. Run as root.
set -euo pipefail
state=/run/grundy-slurm
if [ ! -s "$state/started" ]; then
  echo "stop-local-cluster.sh: nothing recorded as started by start-local-cluster.sh"
  exit 0
fi
# The reverse order of starting: slurmd, slurmctld, munged.
tac "$state/started" | while read -r name pid; do
  if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$name" ]; then
    kill "$pid"
    for _ in $(seq 100); do
      [ -e "/proc/$pid" ] || break
      sleep 0.1
    done
    if [ -e "/proc/$pid" ]; then
      kill -KILL "$pid" 2>/dev/null || true
      echo "stopped $name ($pid) with SIGKILL after 10 s"
    else
      echo "stopped $name ($pid)"
    fi
  else
    echo "$name ($pid) is no longer running"
  fi
done
rm -f "$state/started"
