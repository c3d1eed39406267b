#!/usr/bin/env bash
# The census on a real (single-node) Slurm, as CI runs it: submits the census of a small
# family as a job array through submit.sh, waits for the merge job, and checks that its
# table equals the census run in one process, byte for byte.
#
#   deploy/slurm/test-local.sh GRUNDY_BINARY
set -euo pipefail
grundy=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
family=0.ddd budget=2^12
work=$(mktemp -d /tmp/grundy-slurm-test.XXXXXX)
"$grundy" census --family "$family" --budget "$budget" --out "$work/one-process" >/dev/null
read -r array merge < <(GRUNDY="$grundy" "$here/submit.sh" "$family" "$budget" "$work/slurm" 4 2)
echo "submitted array job $array (4 shards, 2 at a time) and merge job $merge"
state=""
for _ in $(seq 600); do
  state=$(scontrol show job "$merge" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1)
  case "$state" in
    COMPLETED) break ;;
    FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY)
      echo "merge job $merge ended $state" >&2
      cat "$work"/slurm/slurm/*.out >&2 || true
      exit 1 ;;
  esac
  sleep 1
done
if [ "$state" != COMPLETED ]; then
  echo "merge job $merge did not finish (state ${state:-unknown})" >&2
  exit 1
fi
shards=$(ls "$work"/slurm/slurm/shard-*.out | wc -l)
[ "$shards" -eq 4 ] || { echo "expected 4 shard logs, found $shards" >&2; exit 1; }
cmp "$work/one-process/table.csv" "$work/slurm/table.csv"
cmp "$work/one-process/table.md" "$work/slurm/table.md"
echo "slurm census of $family at $budget: 4 array tasks + merge; table.csv and table.md equal the one-process census"
rm -rf "$work"
