#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the collector's tests (docs/collector.md).
#
#   eval "$(scripts/postgres-test-cluster.sh start)"   # sets RKDEBUG_TEST_POSTGRES_URL and _DIR
#   swift test --filter RKDebugCollectorTests
#   scripts/postgres-test-cluster.sh stop "$RKDEBUG_TEST_POSTGRES_DIR"
#
# `start` runs initdb in a new temporary folder and starts the server on a free port of
# 127.0.0.1 only (no other address, no TLS, trust authentication: nothing but this machine's
# processes can reach it, and it holds nothing but test data), then creates the database
# rkdebug_test. It prints shell `export` lines, and the stop command as a comment. `restart`,
# `down` and `up` serve the tests that stop the server under a request. PostgreSQL
# refuses to run as root: as root, the server runs as the unprivileged user `postgres` (the
# Debian package's), which owns the folder. `stop` stops the server and removes the folder.
# PG_BIN names the folder of initdb and pg_ctl; by default the newest /usr/lib/postgresql/*/bin.
set -euo pipefail

usage() {
  echo "usage: $0 start | restart DIR [fast|immediate] | down DIR | up DIR | stop DIR" >&2
  exit 64
}

bin="${PG_BIN:-}"
if [ -z "$bin" ]; then
  bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
fi
if [ -z "$bin" ] || [ ! -x "$bin/pg_ctl" ]; then
  echo "postgres-test-cluster: no PostgreSQL found (install Debian's postgresql, or set PG_BIN)" >&2
  exit 1
fi

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd / && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/rkdebug-postgres.XXXXXX)
    if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale \
      >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
    started=no
    for _ in 1 2 3; do
      # A free port, asked of the kernel; another process may take it before the server
      # does, hence the retries.
      port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0))
print(s.getsockname()[1])')
      if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >/dev/null 2>&1; then
        started=yes
        echo "$port" >"$dir/port"
        break
      fi
    done
    if [ "$started" != yes ]; then
      cat "$dir/server.log" >&2 || true
      echo "postgres-test-cluster: the server did not start" >&2
      exit 1
    fi
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres rkdebug_test
    echo "export RKDEBUG_TEST_POSTGRES_URL='postgres://postgres@127.0.0.1:$port/rkdebug_test'"
    echo "export RKDEBUG_TEST_POSTGRES_DIR='$dir'"
    echo "# stop with: $0 stop '$dir'"
    ;;
  restart)
    # For the tests that restart the server under a running upload; `immediate` stops it as a
    # crash would: its backends quit at once, whatever their clients are doing.
    dir="${2:-}"
    mode="${3:-fast}"
    [ -n "$dir" ] && [ -d "$dir/data" ] || usage
    case "$mode" in fast | immediate) ;; *) usage ;; esac
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m "$mode" -w -t 60 restart \
      >/dev/null
    ;;
  down | up)
    # For the tests of a request made while the server is down: `down` stops it as a crash
    # would, keeping its folder; `up` starts it again.
    dir="${2:-}"
    [ -n "$dir" ] && [ -d "$dir/data" ] || usage
    if [ "$1" = down ]; then
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null
    else
      as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $(cat "$dir/port") -k $dir" start >/dev/null
    fi
    ;;
  stop)
    dir="${2:-}"
    [ -n "$dir" ] && [ -d "$dir/data" ] || usage
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
  *)
    usage
    ;;
esac
