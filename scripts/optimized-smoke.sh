#!/bin/sh
# Runs an rkdebug binary end to end (`make optimized-smoke` gives it the optimized one): the
# demo, then, for every feature that `rkdebug features` lists, a seeded random recording and its
# replay, which exits 1 at the first divergence. Each command must exit 0; the output of one
# that fails is printed.
#
# Usage: scripts/optimized-smoke.sh RKDEBUG [ACTIONS] (ACTIONS random actions a feature,
# default 2000).
set -eu
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
count="${2:-2000}"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

# Runs the command, its output kept in out.log and printed only when it fails.
check() {
  if ! "$@" >out.log 2>&1; then
    cat out.log
    echo "optimized-smoke: '$*' failed" >&2
    exit 1
  fi
}

check "$bin" demo
echo "optimized-smoke: rkdebug demo exited 0"

# `features --json` writes one JSON object a line.
"$bin" features --json >features.jsonl
features=$(python3 -c \
  'import json, sys; print(" ".join(json.loads(line)["name"] for line in sys.stdin))' \
  <features.jsonl)
[ -n "$features" ] || { echo "optimized-smoke: rkdebug lists no features" >&2; exit 1; }
for feature in $features; do
  check "$bin" record --db "$feature.sqlite" --feature "$feature" --random "$count" --seed 43
  check "$bin" replay --db "$feature.sqlite"
  echo "optimized-smoke: $feature: $count random actions recorded and replayed without divergence"
done
