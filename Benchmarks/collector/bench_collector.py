#!/usr/bin/env python3
"""The collector's two goals of issue 30, measured through the release `rkdebug` as a team uses it.

ingest: `rkdebug push` of --ingest-sessions recorded Todos sessions (`record --feature todos
--random N`, distinct seeds) into `rkdebug serve` on PostgreSQL, by each count of --uploaders
`push` processes at once (1, 2 and 4 by default), in actions per second; against PostgreSQL's own `COPY` (psql's `\\copy`)
of the very rows the collector stored, into a database with the same schema, indexes and
constraints, in one transaction. Goal: ingest within 3x of COPY. Pushes and COPY alternate in
--ingest-rounds rounds, each ratio taken within its round: the median is reported.

remote-find: the same search run by the collector (`GET /v1/find`, timed from here, no process
start) over --find-sessions copies of one pushed session, made with SQL in PostgreSQL, against
the same route on a collector holding that one session, times the number of sessions.

find: `rkdebug find --all-sessions --where EXPR` over a log of --find-sessions sessions of N
actions each, against one session's `find --session 1 --where EXPR` times the number of
sessions (its median over --rounds runs, less a process's start: `rkdebug sessions` on a
one-session log). Goal: faster than that sequential sum on two cores. The sessions are copies
of one recorded session made with SQL (recording a thousand takes hours); each is read and
scanned as any other.

    python3 Benchmarks/collector/bench_collector.py --rkdebug .build/release/rkdebug \\
        --database "$RKDEBUG_TEST_POSTGRES_URL"

--database is a PostgreSQL server's URL whose user may create databases (the cluster of
scripts/postgres-test-cluster.sh); two databases are made and dropped on it. Needs `psql`.
Prints a Markdown table; the exit status is 0 when everything ran, goals met or not.
"""

import argparse
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import json
import urllib.parse
import urllib.request
import uuid

TABLES = ["session", "action", "effect", "snapshot", "input"]


def run(argv, env=None, quiet=True, allowed=(0,)):
    """Runs argv to completion: wall seconds. Exits the benchmark when it fails."""
    start = time.perf_counter()
    result = subprocess.run(
        argv, env=env, stdout=subprocess.DEVNULL if quiet else subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )
    wall = time.perf_counter() - start
    if result.returncode not in allowed:
        sys.exit(f"bench_collector: {' '.join(argv)} exited {result.returncode}: "
                 f"{result.stderr.strip()}")
    return wall


def psql(url, *arguments):
    """Runs psql on the database at url and returns its output."""
    result = subprocess.run(
        ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, *arguments],
        capture_output=True, text=True,
    )
    if result.returncode != 0:
        sys.exit(f"bench_collector: psql {' '.join(arguments)}: {result.stderr.strip()}")
    return result.stdout


def database_url(server, name):
    parts = urllib.parse.urlsplit(server)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def record(rkdebug, db, actions, seed):
    run([rkdebug, "record", "--feature", "todos", "--random", str(actions), "--seed", str(seed),
         "--db", db])


class Collector:
    """`rkdebug serve` on a database, with a token file of one push,read token."""

    def __init__(self, rkdebug, database, folder):
        self.token = uuid.uuid4().hex
        tokens = os.path.join(folder, "tokens")
        with open(tokens, "w") as file:
            file.write(f"push,read {self.token}\n")
        self.process = subprocess.Popen(
            [rkdebug, "serve", "--database", database, "--tokens", tokens],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        line = self.process.stdout.readline()
        if "collecting at " not in line:
            self.process.kill()
            sys.exit(f"bench_collector: serve did not start: {line}{self.process.stderr.read()}")
        self.url = line.split("collecting at ")[1].strip()

    def stop(self):
        self.process.terminate()
        self.process.wait()


def ingest(args, server, folder):
    """Per round (--ingest-rounds): seconds of push by each count of uploaders, and of COPY of
    the rows the last one stored; and the action count. Each ratio is taken within its round."""
    logs = []
    for seed in range(1, args.ingest_sessions + 1):
        log = os.path.join(folder, f"ingest-{seed}.sqlite")
        record(args.rkdebug, log, args.actions, seed)
        logs.append(log)
    actions = sum(
        sqlite3.connect(log).execute("SELECT count(*) FROM action_entry").fetchone()[0]
        for log in logs
    )
    counts = [int(count) for count in args.uploaders.split(",")]
    rounds = []
    for _ in range(args.ingest_rounds):
        figures = {}
        for uploaders in counts:
            figures[uploaders] = push(args, server, folder, logs, uploaders, actions)
            name = f"rkbench_ingest_{os.getpid()}"
            if uploaders == counts[-1]:
                copy_seconds = copy(server, name, folder, args.rounds)
            psql(server, "-c", f"DROP DATABASE {name}")
        rounds.append((figures, copy_seconds))
    return actions, rounds


def push(args, server, folder, logs, uploaders, actions):
    """Seconds for `uploaders` push processes to send `logs` into a collector on a new
    database (left for COPY to read)."""
    name = f"rkbench_ingest_{os.getpid()}"
    psql(server, "-c", f"DROP DATABASE IF EXISTS {name}", "-c", f"CREATE DATABASE {name}")
    collector = Collector(args.rkdebug, database_url(server, name), folder)
    try:
        env = dict(os.environ, RKDEBUG_TOKEN=collector.token)
        start = time.perf_counter()
        # The sessions are shared out among the uploaders; each pushes its share in turn.
        pending = [logs[i::uploaders] for i in range(uploaders)]
        processes = [
            subprocess.Popen(
                ["sh", "-c", " && ".join(
                    f"'{args.rkdebug}' push --db '{log}' --to '{collector.url}' "
                    f"--batch {args.batch}" for log in share)],
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for share in pending if share
        ]
        for process in processes:
            _, stderr = process.communicate()
            if process.returncode != 0:
                sys.exit(f"bench_collector: push failed: {stderr.strip()}")
        seconds = time.perf_counter() - start
    finally:
        collector.stop()
    stored = int(psql(database_url(server, name), "-At", "-c",
                      "SELECT count(*) FROM action").strip())
    if stored != actions:
        sys.exit(f"bench_collector: the collector stored {stored} actions of {actions}")
    return seconds


def copy(server, source_name, folder, rounds):
    """Median seconds of COPY of every row of source_name into a database of the same schema."""
    source = database_url(server, source_name)
    files = {}
    for table in TABLES:
        files[table] = os.path.join(folder, f"{table}.copy")
        psql(source, "-c", f"\\copy {table} TO '{files[table]}'")
    schema = subprocess.run(
        ["pg_dump", "--schema-only", "--no-owner", "-d", source],
        capture_output=True, text=True, check=True,
    ).stdout
    target_name = f"{source_name}_copy"
    target = database_url(server, target_name)
    script = os.path.join(folder, "copy.sql")
    with open(script, "w") as file:
        file.write("BEGIN;\n")
        for table in TABLES:
            file.write(f"\\copy {table} FROM '{files[table]}'\n")
        file.write("COMMIT;\n")
    # A psql that connects and does nothing: its time is taken off each COPY's.
    startup = []
    seconds = []
    for _ in range(rounds):
        psql(server, "-c", f"DROP DATABASE IF EXISTS {target_name}",
             "-c", f"CREATE DATABASE {target_name}")
        subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", target],
                       input=schema, capture_output=True, text=True, check=True)
        startup.append(run(["psql", "-X", "-q", "-d", target, "-c", "SELECT 1"]))
        seconds.append(run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", target,
                            "-f", script]))
    psql(server, "-c", f"DROP DATABASE {target_name}")
    return statistics.median(seconds) - statistics.median(startup)


def copies(log, count):
    """Makes the log's session 1 into `count` sessions, copying its rows with SQL."""
    database = sqlite3.connect(log)
    columns = {
        table: [row[1] for row in database.execute(f"PRAGMA table_info({table})")]
        for table in ["session", "action_entry", "effect", "snapshot", "input"]
    }
    for number in range(2, count + 1):
        session = [c for c in columns["session"] if c not in ("id", "uuid")]
        database.execute(
            f"INSERT INTO session (id, uuid, {', '.join(session)}) "
            f"SELECT ?, ?, {', '.join(session)} FROM session WHERE id = 1",
            (number, str(uuid.uuid4()).upper()))
        for table in ["action_entry", "effect", "snapshot", "input"]:
            rest = [c for c in columns[table] if c != "session_id"]
            database.execute(
                f"INSERT INTO {table} (session_id, {', '.join(rest)}) "
                f"SELECT ?, {', '.join(rest)} FROM {table} WHERE session_id = 1", (number,))
        if number % 100 == 0:
            database.commit()
    database.commit()
    database.close()


def find(args, folder):
    """Seconds of find --all-sessions, and of one session's find and a process's start."""
    one = os.path.join(folder, "find-one.sqlite")
    record(args.rkdebug, one, args.actions, 1)
    many = os.path.join(folder, "find-many.sqlite")
    with open(one, "rb") as source, open(many, "wb") as target:
        target.write(source.read())
    copies(many, args.find_sessions)
    where = ["--where", args.where]
    singles, starts, alls = [], [], []
    for _ in range(args.rounds):
        # find exits 1 when the predicate holds nowhere, as grep does.
        singles.append(
            run([args.rkdebug, "find", "--db", many, "--session", "1", *where], allowed=(0, 1)))
        starts.append(run([args.rkdebug, "sessions", "--db", one]))
    for _ in range(max(1, args.rounds // 2)):
        alls.append(
            run([args.rkdebug, "find", "--db", many, "--all-sessions", *where], allowed=(0, 1)))
    return statistics.median(alls), statistics.median(singles), statistics.median(starts)


def remote_find(args, server, folder):
    """Seconds of `GET /v1/find` on a collector of one session and on one of many copies."""
    log = os.path.join(folder, "remote-one.sqlite")
    record(args.rkdebug, log, args.actions, 1)
    one = f"rkbench_find_one_{os.getpid()}"
    many = f"rkbench_find_many_{os.getpid()}"
    for name in (one, many):
        psql(server, "-c", f"DROP DATABASE IF EXISTS {name}")
    psql(server, "-c", f"CREATE DATABASE {one}")
    collector = Collector(args.rkdebug, database_url(server, one), folder)
    try:
        env = dict(os.environ, RKDEBUG_TOKEN=collector.token)
        run([args.rkdebug, "push", "--db", log, "--to", collector.url], env=env)
    finally:
        collector.stop()
    # The copies, made in PostgreSQL: every row of session 1 again under new sessions.
    psql(server, "-c", f"CREATE DATABASE {many} TEMPLATE {one}")
    columns = {
        table: psql(database_url(server, many), "-At", "-c",
                    "SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) "
                    f"FROM information_schema.columns WHERE table_name = '{table}' "
                    "AND column_name NOT IN ('id', 'uuid', 'session_id')").strip()
        for table in TABLES
    }
    script = [
        f"INSERT INTO session (uuid, {columns['session']}) "
        f"SELECT upper(gen_random_uuid()::text), {columns['session']} "
        f"FROM session, generate_series(2, {args.find_sessions}) WHERE id = 1;",
    ]
    for table in TABLES[1:]:
        keep = columns[table] if table != "effect" else "id, " + columns[table]
        script.append(
            f"INSERT INTO {table} (session_id, {keep}) SELECT s.id, {', '.join('t.' + c.strip() for c in keep.split(','))} "
            f"FROM {table} AS t CROSS JOIN (SELECT id FROM session WHERE id <> 1) AS s "
            "WHERE t.session_id = 1;")
    psql(database_url(server, many), "-c", "\n".join(script))
    where = urllib.parse.quote(args.where, safe="")
    seconds = {}
    for name, rounds in ((one, args.rounds), (many, max(1, args.rounds // 2))):
        collector = Collector(args.rkdebug, database_url(server, name), folder)
        try:
            times = []
            for _ in range(rounds):
                request = urllib.request.Request(
                    f"{collector.url}/v1/find?where={where}",
                    headers={"Authorization": f"Bearer {collector.token}"})
                start = time.perf_counter()
                with urllib.request.urlopen(request, timeout=3600) as response:
                    lines = [json.loads(line) for line in response.read().splitlines()]
                times.append(time.perf_counter() - start)
                expected = 1 if name == one else args.find_sessions
                if lines[0].get("searched") != expected or lines[-1] != {"end": True}:
                    sys.exit(f"bench_collector: a search answered {lines[0]} … {lines[-1]}")
            seconds[name] = statistics.median(times)
        finally:
            collector.stop()
    for name in (one, many):
        psql(server, "-c", f"DROP DATABASE {name}")
    return seconds[many], seconds[one]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rkdebug", required=True)
    parser.add_argument("--database", default=os.environ.get("RKDEBUG_TEST_POSTGRES_URL"))
    parser.add_argument("--actions", type=int, default=10_000)
    parser.add_argument("--ingest-sessions", type=int, default=8)
    parser.add_argument("--uploaders", default="1,2,4",
                        help="how many `push` processes share the sessions, one run each")
    parser.add_argument("--batch", type=int, default=2000)
    parser.add_argument("--find-sessions", type=int, default=1000)
    parser.add_argument("--where", default="todos.count >= 3")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ingest-rounds", type=int, default=3,
                        help="rounds of every push count and COPY; ratios are their medians")
    parser.add_argument("--only", choices=["ingest", "find", "remote-find"])
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="rkbench-collector.") as folder:
        if args.only in (None, "ingest"):
            if not args.database:
                sys.exit("bench_collector: name a PostgreSQL server with --database "
                         "(or $RKDEBUG_TEST_POSTGRES_URL)")
            actions, rounds = ingest(args, args.database, folder)
            copies = [actions / copy_seconds for _, copy_seconds in rounds]
            for uploaders in rounds[0][0]:
                rates = [actions / figures[uploaders] for figures, _ in rounds]
                ratios = sorted(
                    (actions / copy_seconds) / (actions / figures[uploaders])
                    for figures, copy_seconds in rounds)
                rows.append((f"ingest, {uploaders} uploader(s): {actions:,} actions, "
                             f"median of {len(rounds)} rounds",
                             f"{statistics.median(rates):,.0f} actions/s "
                             f"({min(rates):,.0f}-{max(rates):,.0f})",
                             f"COPY {statistics.median(copies):,.0f} actions/s "
                             f"({min(copies):,.0f}-{max(copies):,.0f}): "
                             f"**{statistics.median(ratios):.2f}x** "
                             f"({ratios[0]:.2f}-{ratios[-1]:.2f}x, each against its "
                             f"round's COPY; goal <= 3x)"))
        if args.only in (None, "remote-find"):
            if not args.database:
                sys.exit("bench_collector: name a PostgreSQL server with --database")
            everything, single = remote_find(args, args.database, folder)
            total = single * args.find_sessions
            rows.append((f"GET /v1/find on the collector, {args.find_sessions:,} sessions of "
                         f"{args.actions:,} actions",
                         f"{everything:.2f} s",
                         f"one session {single * 1000:.1f} ms: sum {total:.1f} s: "
                         f"**{everything / total:.2f}x** (goal < 1x)"))
        if args.only in (None, "find"):
            everything, single, start = find(args, folder)
            total = single * args.find_sessions
            net = (single - start) * args.find_sessions
            rows.append((f"find --all-sessions, {args.find_sessions:,} sessions of "
                         f"{args.actions:,} actions",
                         f"{everything:.2f} s",
                         f"one session {single * 1000:.1f} ms, process start "
                         f"{start * 1000:.1f} ms: sum {total:.1f} s, without the starts "
                         f"{net:.1f} s: **{everything / net:.2f}x** (goal < 1x)"))
    print("| benchmark | measured | against |")
    print("| --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
