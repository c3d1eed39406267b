#!/usr/bin/env bash
# Submits a grundy census to Slurm: SHARDS array tasks (at most CONCURRENT at a time), then
# `grundy census merge` as a job that starts when every task has succeeded. Prints the two
# job ids: "<array job> <merge job>".
#
#   deploy/slurm/submit.sh FAMILY BUDGET OUT [SHARDS [CONCURRENT]]
#   e.g. deploy/slurm/submit.sh 0.dddd 2^16 runs/census/0.dddd 64 16
#
# GRUNDY (default: `grundy` on PATH) is the binary every node runs; OUT must be on a file
# system all nodes share. Extra sbatch options (partition, account, time) go in SBATCH_*
# environment variables, which sbatch reads itself (e.g. SBATCH_PARTITION=short).
set -euo pipefail
if [ $# -lt 3 ]; then
  sed -n '2,12p' "$0" >&2
  exit 2
fi
family=$1 budget=$2 out=$3 shards=${4:-16} concurrent=${5:-8}
here=$(cd "$(dirname "$0")" && pwd)
grundy=${GRUNDY:-$(command -v grundy || true)}
if [ -z "$grundy" ] || [ ! -x "$grundy" ]; then
  echo "submit.sh: no grundy binary (set GRUNDY=/path/to/grundy)" >&2
  exit 1
fi
mkdir -p "$out/slurm"
out=$(cd "$out" && pwd)
export FAMILY="$family" BUDGET="$budget" OUT="$out" GRUNDY="$grundy" MISERE="${MISERE:-0}"
# MISERE=1: a misère census, BUDGET being the heap bound.
if [ "$MISERE" = 1 ]; then merge_args="--misere --bound $budget"; else merge_args="--budget $budget"; fi
array=$(sbatch --parsable --array="0-$((shards - 1))%$concurrent" --export=ALL \
  --output="$out/slurm/shard-%A_%a.out" "$here/census.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --job-name=grundy-census-merge --dependency="afterok:$array" --export=ALL \
  --output="$out/slurm/merge-%j.out" \
  --wrap="exec \"$grundy\" census merge --family \"$family\" $merge_args --out \"$out\"")
merge=${merge%%;*}
echo "$array $merge"
