#!/usr/bin/env bash
# Usage: scripts/rerun-if-hung.sh SECONDS COMMAND...
#
# Runs COMMAND with a time limit. A run that fails fails at once; a run still going after
# SECONDS is stopped, with the test process and apps it started, and COMMAND runs again, three
# runs at most. `make test` runs the CLI's suite through it: that suite hung, in some runs, with
# no test progressing. In the two stacks taken (2026-12-01), the only thread running Swift tasks
# waited forever in `Lock.lock`, called from swift-async-algorithms'
# `MergeStorage.iterateAsyncSequence` (the `merge` behind Hummingbird's DateCache, in the
# in-process test servers), on a mutex whose owner is that same thread. `MergeStorage.next`
# holds that lock across `withUnsafeThrowingContinuation`, and Swift 6.0-6.3 may enqueue the
# task again before running that closure (apple/swift-async-algorithms#430), leaving the lock
# held for the next job the thread runs. The two tests that ran a Hummingbird server in the
# test process now start `rkdebug ui` instead (no hang in 7 runs since, where half the runs
# hung before), and no server of ours runs DateCache any more (ReducerKitHTTP's
# HTTPServerService); this stays as the guard for what else may hang.
set -uo pipefail
limit="$1"
shift
for attempt in 1 2 3; do
  timeout --kill-after=30 "$limit" "$@"
  status=$?
  if [ "$status" -ne 124 ] && [ "$status" -ne 137 ]; then
    exit "$status"
  fi
  echo "rerun-if-hung: still running after ${limit} s (run $attempt of 3): $*" >&2
  # What a stopped run leaves behind: `swift test` starts the test process in a process
  # group of its own, which the time limit does not reach, and it starts live sample apps.
  pkill -KILL -f 'PackageTests\.xctest' || true
  pkill -f 'rkdebug demo --live' || true
done
exit 124
