#!/bin/sh
# Records the sample sessions that Tests/ReducerKitSamplesTests replays as regression tests
# (see Tests/ReducerKitSamplesTests/Fixtures/README.md), one log file per sample.
#
# Each session is `rkdebug record --random N --seed S` on the immediate clock, so the same
# seeds give the same actions on every run; todos and app are recorded with --live, so their
# ids, dates and colours differ from run to run while the replay stays exact.
# Each file is then switched out of WAL mode and vacuumed: one small self-contained file, with
# no -wal or -shm beside it, that opens read-only anywhere.
#
# Usage: scripts/record-fixtures.sh [scratch-path]   (default: .build)
set -eu
cd "$(dirname "$0")/.."
scratch="${1:-.build}"
fixtures=Tests/ReducerKitSamplesTests/Fixtures

command -v sqlite3 >/dev/null 2>&1 || {
  echo "record-fixtures: needs the sqlite3 command-line shell (apt-get install sqlite3)" >&2
  exit 1
}

swift build --product rkdebug --scratch-path "$scratch" >/dev/null
rkdebug="$(swift build --show-bin-path --scratch-path "$scratch")/rkdebug"

# record FEATURE COUNT SEED [--live]: records FEATURE into $fixtures/FEATURE.sqlite.
record() {
  file="$fixtures/$1.sqlite"
  rm -f "$file" "$file-wal" "$file-shm"
  "$rkdebug" record --db "$file" --feature "$1" --random "$2" --seed "$3" ${4:-}
  sqlite3 "$file" "PRAGMA journal_mode = DELETE; VACUUM;" >/dev/null
  rm -f "$file-wal" "$file-shm"
}

# The counts and seeds are part of the fixtures: change them only together with the files.
# Todos and the app read uuid, date and random numbers; they are recorded with the live values,
# so their replay shows that the recorded values are fed back exactly.
record counter 300 1
record todos 300 2 --live
record search 250 3
record app 300 4 --live
record library 250 5
# The playlist's effect changes a @Shared song with withLock: entries of their own.
record playlist 150 6

ls -l "$fixtures"/*.sqlite
