#!/usr/bin/env bash
# Submits a grundy census to Slurm, or resubmits what is left of it: the shards that still
# have a game to run (`grundy census unfinished`) as array tasks (at most CONCURRENT at a
# time), then `grundy census merge` as a job that starts when all of them have succeeded.
# The same command recovers a census after a killed or failed task, or grows its budget:
# the shard count is the one the census was first submitted with (kept in
# OUT/slurm/census.env), a merge job left waiting on the old array is cancelled, and only
# the unfinished shards run (a non-contiguous array such as --array=1,3 is fine). Prints
# the job ids: "<array job> <merge job>" ("none <merge job>" when every shard is done).
#
#   deploy/slurm/submit.sh FAMILY BUDGET OUT [SHARDS [CONCURRENT]]
#   e.g. deploy/slurm/submit.sh 0.dddd 2^16 runs/census/0.dddd 64 16
#
# GRUNDY (default: `grundy` on PATH) is the binary every node runs; OUT must be on a file
# system all nodes share. Extra sbatch options (partition, account, time, hold) go in
# SBATCH_* environment variables, which sbatch reads itself (e.g. SBATCH_PARTITION=short).
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,16p' "$0" >&2
  exit 2
fi
family=$1 budget=$2 out=$3 shards=${4:-} concurrent=${5:-8}
here=$(cd "$(dirname "$0")" && pwd)
grundy=${GRUNDY:-$(command -v grundy || true)}
if [ -z "$grundy" ] || [ ! -x "$grundy" ]; then
  echo "submit.sh: no grundy binary (set GRUNDY=/path/to/grundy)" >&2
  exit 1
fi
mkdir -p "$out/slurm"
out=$(cd "$out" && pwd)
state="$out/slurm/census.env"
if [ -f "$state" ]; then
  # shellcheck disable=SC1090
  first_family=$(. "$state" && echo "$FAMILY") first_shards=$(. "$state" && echo "$SHARDS")
  old_array=$(. "$state" && echo "${ARRAY:-}") old_merge=$(. "$state" && echo "${MERGE:-}")
  if [ "$first_family" != "$family" ]; then
    echo "submit.sh: $out holds the census of $first_family, not $family" >&2
    exit 1
  fi
  if [ -n "$shards" ] && [ "$shards" != "$first_shards" ]; then
    echo "submit.sh: this census was submitted with $first_shards shards, not $shards (leave SHARDS out)" >&2
    exit 1
  fi
  shards=$first_shards
  if [ -n "$old_array" ] && [ "$old_array" != none ] && [ -n "$(squeue -h -r -j "$old_array" -o %i 2>/dev/null)" ]; then
    echo "submit.sh: tasks of array job $old_array are still queued or running; wait for them or scancel $old_array" >&2
    exit 1
  fi
  if [ -n "$old_merge" ] && [ -n "$(squeue -h -j "$old_merge" -o %i 2>/dev/null)" ]; then
    scancel "$old_merge"
    echo "submit.sh: cancelled merge job $old_merge, which waited on the old array" >&2
  fi
fi
shards=${shards:-16}
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then
  echo "submit.sh: SHARDS must be a positive number, got $shards" >&2
  exit 2
fi
# MISERE=1: a misère census, BUDGET being the heap bound; its shards are all submitted.
MISERE="${MISERE:-0}"
if [ "$MISERE" = 1 ]; then
  merge_args="--misere --bound $budget"
  todo="0-$((shards - 1))"
else
  merge_args="--budget $budget"
  todo=$("$grundy" census unfinished --family "$family" --budget "$budget" --out "$out" --shards "$shards")
fi
export FAMILY="$family" BUDGET="$budget" OUT="$out" GRUNDY="$grundy" SHARDS="$shards" MISERE
array=none
dependency=()
if [ -n "$todo" ]; then
  array=$(sbatch --parsable --array="$todo%$concurrent" --export=ALL \
    --output="$out/slurm/shard-%A_%a.out" "$here/census.sbatch")
  array=${array%%;*}
  dependency=(--dependency="afterok:$array" --kill-on-invalid-dep=yes)
  echo "submit.sh: shards $todo of $shards as array job $array" >&2
else
  echo "submit.sh: every shard of $shards is done; merging only" >&2
fi
merge=$(sbatch --parsable --job-name=grundy-census-merge "${dependency[@]}" --export=ALL \
  --output="$out/slurm/merge-%j.out" \
  --wrap="exec \"$grundy\" census merge --family \"$family\" $merge_args --out \"$out\"")
merge=${merge%%;*}
printf 'FAMILY=%q\nSHARDS=%q\nBUDGET=%q\nARRAY=%q\nMERGE=%q\n' "$family" "$shards" "$budget" "$array" "$merge" >"$state"
echo "$array $merge"
