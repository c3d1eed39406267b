#!/usr/bin/env bash
# The census on a real (single-node) Slurm, as CI runs it: submits the census of a small
# family as a job array of 4 shards through submit.sh, held; kills two of its tasks (1 and
# 3) before they run, so the merge job can never start and is cancelled by Slurm; then
# recovers with the one command a person would type again (submit.sh, same arguments),
# which must resubmit only shards 1 and 3 of 4 (a non-contiguous array) with a new merge
# job; checks that its table equals the census run in one process, byte for byte.
#
#   deploy/slurm/test-local.sh GRUNDY_BINARY
set -euo pipefail
grundy=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
family=0.ddd budget=2^12
work=$(mktemp -d /tmp/grundy-slurm-test.XXXXXX)
"$grundy" census --family "$family" --budget "$budget" --out "$work/one-process" >/dev/null

state_of() {
  scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1
}
# Waits until job $1 reaches one of the states in $2 (a regex); prints the state.
wait_for() {
  local s=""
  for _ in $(seq 600); do
    s=$(state_of "$1")
    if [[ "$s" =~ ^($2)$ ]]; then
      echo "$s"
      return 0
    fi
    sleep 1
  done
  echo "job $1 did not reach $2 (state ${s:-unknown})" >&2
  cat "$work"/slurm/slurm/*.out >&2 || true
  exit 1
}

read -r array merge < <(SBATCH_HOLD=1 GRUNDY="$grundy" "$here/submit.sh" "$family" "$budget" "$work/slurm" 4 2)
echo "submitted array job $array (4 shards, held) and merge job $merge"
scancel "${array}_1" "${array}_3"
scontrol release "$array"
scontrol release "$merge" 2>/dev/null || true
for task in 0 2; do
  wait_for "${array}_$task" COMPLETED >/dev/null
done
state=$(wait_for "$merge" 'CANCELLED|PENDING')
echo "tasks 1 and 3 killed; tasks 0 and 2 done; merge job $merge is $state"
todo=$("$grundy" census unfinished --family "$family" --budget "$budget" --out "$work/slurm" --shards 4)
[ "$todo" = "1,3" ] || { echo "expected shards 1,3 unfinished, found '$todo'" >&2; exit 1; }

# The recovery: the same command again.
read -r array2 merge2 < <(GRUNDY="$grundy" "$here/submit.sh" "$family" "$budget" "$work/slurm")
echo "resubmitted: array job $array2, merge job $merge2"
[ "$(state_of "$merge")" != PENDING ] || { echo "the old merge job $merge still waits" >&2; exit 1; }
wait_for "$merge2" COMPLETED >/dev/null
logs=$(ls "$work"/slurm/slurm/shard-"${array2}"_*.out | xargs -n1 basename | tr '\n' ' ')
[ "$logs" = "shard-${array2}_1.out shard-${array2}_3.out " ] || { echo "expected shards 1 and 3 only, found $logs" >&2; exit 1; }
cmp "$work/one-process/table.csv" "$work/slurm/table.csv"
cmp "$work/one-process/table.md" "$work/slurm/table.md"
echo "slurm census of $family at $budget: tasks 1 and 3 of 4 killed, recovered by one resubmission (shards 1 and 3 only, then merge); table.csv and table.md equal the one-process census"
rm -rf "$work"
