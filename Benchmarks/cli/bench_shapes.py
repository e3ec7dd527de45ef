#!/usr/bin/env python3
"""Every command on app-shaped sessions, each a ratio to SQLite doing the same work (issue 44).

For each sample (counter, todos, the tabbed app, the navigating library) the release `rkdebug`
records `--random N --seed 3` into a log, then runs each command on it with its output sent to
/dev/null; in the same round the `sqlite3` shell does the floor of that command: it reads
exactly the rows the command needs, or, for `record`, inserts the rows the recorder wrote into
an empty log of the same schema in one transaction. Each figure is the median of --rounds
rounds, the commands alternating within a round. Prints the feature × command table of ratios
(docs/performance.md keeps the last one), then the seconds behind it; exits 0 when every
command ran, whether or not a goal was met.

    python3 Benchmarks/cli/bench_shapes.py --rkdebug .build/release/rkdebug

Needs `sqlite3` on the PATH (Debian's sqlite3 package).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The floors' queries: the rows each command reads, as bench_cli.py reads them.
from bench_cli import EXPORT_QUERY, LOG_QUERY, OPS_QUERY

# Per sample: the `find` predicate, the path of a scalar, and the path of a field in a row or a
# pushed screen (None where the state has none), as issue 44 measured them.
SHAPES = {
    "counter": ("count > 5", "count", None),
    "todos": ("todos.count > 5", "filter", "todos[0].isComplete"),
    "app": ("counter.count > 5", "search.isSearching", "tab.todos._0.todos[0].isComplete"),
    "library": ("books.count > 3", "addBook.book.isFavorite", "books[0].isFavorite"),
}

# Each column: (heading, goal, whether a larger ratio is better).
COLUMNS = [
    ("record", 0.25, True),
    ("log", 3, False),
    ("export", 3, False),
    ("find", 3, False),
    ("history scalar", 3, False),
    ("history in a row", 5, False),
    ("replay", 10, False),
    ("changes", 30, False),
]
BYTES_GOAL = 100


def run(argv, stdin=None, allowed=(0,)):
    """Runs argv with its output to /dev/null and returns its wall seconds."""
    with open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        process = subprocess.run(
            argv, stdout=devnull, stderr=subprocess.PIPE, stdin=stdin or subprocess.DEVNULL
        )
        wall = time.perf_counter() - start
    if process.returncode not in allowed:
        stderr = process.stderr.decode(errors="replace").strip()
        sys.exit(f"bench_shapes: {' '.join(argv)} exited {process.returncode}: {stderr}")
    return wall


def remove_log(db):
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)


def scalar(db, sql):
    out = subprocess.run(["sqlite3", db, sql], check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


def insert_floor(source, target):
    """SQLite inserting every row of `source` into an empty log of its schema, timed."""
    remove_log(target)
    schema = subprocess.run(["sqlite3", source, ".schema"], check=True, capture_output=True,
                            text=True).stdout
    schema = "\n".join(line for line in schema.splitlines() if "sqlite_sequence" not in line)
    subprocess.run(["sqlite3", target], input=schema, check=True, text=True)
    tables = subprocess.run(
        ["sqlite3", source, "SELECT name FROM sqlite_master WHERE type = 'table' "
         "AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'"],
        check=True, capture_output=True, text=True).stdout.split()
    script = "PRAGMA journal_mode = WAL;\nATTACH DATABASE '%s' AS source;\nBEGIN;\n" % source
    script += "".join(f"INSERT INTO main.{t} SELECT * FROM source.{t};\n" for t in tables)
    script += "COMMIT;\n"
    return run(["sqlite3", target, script])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rkdebug", required=True, help="the release rkdebug binary")
    parser.add_argument("--actions", type=int, default=100_000,
                        help="random actions sent to record each log (default 100,000)")
    parser.add_argument("--features", default=",".join(SHAPES),
                        help="the samples, comma-separated (default: all four)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--data", help="a folder for the logs (default: a temporary one)")
    args = parser.parse_args()
    if shutil.which("sqlite3") is None:
        sys.exit("bench_shapes: needs the sqlite3 shell (apt-get install -y sqlite3)")
    features = args.features.split(",")
    for feature in features:
        if feature not in SHAPES:
            sys.exit(f"bench_shapes: no sample '{feature}'; the samples are {', '.join(SHAPES)}")
    rkdebug = os.path.abspath(args.rkdebug)
    data = args.data or tempfile.mkdtemp(prefix="bench-shapes-")
    os.makedirs(data, exist_ok=True)

    rounds = {}

    def note(key, seconds):
        rounds.setdefault(key, []).append(seconds)

    logged = {}
    size = {}
    for round_index in range(args.rounds):
        for feature in features:
            find, path, row = SHAPES[feature]
            db = os.path.join(data, f"{feature}.sqlite")
            remove_log(db)
            note((feature, "record"), run([rkdebug, "record", "--feature", feature, "--random",
                                           str(args.actions), "--seed", "3", "--db", db]))
            note((feature, "record floor"),
                 insert_floor(db, os.path.join(data, f"{feature}-insert.sqlite")))
            if round_index == 0:
                logged[feature] = scalar(
                    db, "SELECT count(*) FROM action_entry WHERE session_id = 1")
                size[feature] = os.path.getsize(db)
            commands = {
                "log": (["log"], LOG_QUERY),
                "export": (["export"], EXPORT_QUERY),
                # find exits 1 when the predicate never holds, as grep does.
                "find": (["find", "--where", find], OPS_QUERY),
                "history scalar": (["history", "--path", path], OPS_QUERY),
                "replay": (["replay"], EXPORT_QUERY),
                "changes": (["changes"], EXPORT_QUERY),
            }
            if row:
                commands["history in a row"] = (["history", "--path", row], OPS_QUERY)
            for column, (argv, floor) in commands.items():
                note((feature, column), run([rkdebug, *argv, "--db", db], allowed=(0, 1)))
                note((feature, column + " floor"), run(["sqlite3", db, floor]))

    def median(key):
        return statistics.median(rounds[key])

    def ratio(feature, column):
        if (feature, column) not in rounds:
            return None
        command, floor = median((feature, column)), median((feature, column + " floor"))
        # record is a rate: SQLite's insert time over the recorder's, so larger is better.
        return floor / command if column == "record" else command / floor

    print(f"\n{args.actions:,} random actions sent per sample, {args.rounds} rounds "
          f"(medians); each figure the command's ratio to SQLite's same work\n")
    print("| feature | " + " | ".join(c for c, _, _ in COLUMNS) + " | bytes/action |")
    print("| --- " * (len(COLUMNS) + 2) + "|")
    missed = []
    for feature in features:
        cells = []
        for column, goal, larger in COLUMNS:
            value = ratio(feature, column)
            if value is None:
                cells.append("–")
                continue
            met = value >= goal if larger else value <= goal
            if not met:
                missed.append(f"{feature} {column}")
            text = f"{value:.2f}" if column == "record" else f"{value:.1f}×"
            cells.append(text if met else f"**{text}**")
        per_action = size[feature] / logged[feature]
        if per_action > BYTES_GOAL:
            missed.append(f"{feature} bytes/action")
        bytes_text = f"{per_action:.0f}"
        cells.append(bytes_text if per_action <= BYTES_GOAL else f"**{bytes_text}**")
        print(f"| {feature} ({logged[feature]:,} actions) | " + " | ".join(cells) + " |")
    goals = ", ".join(f"{column} {'≥' if larger else '≤'} {goal}{'' if larger else '×'}"
                      for column, goal, larger in COLUMNS)
    print(f"\nGoals: {goals}, ≤ {BYTES_GOAL} bytes/action; in bold, a goal not met "
          f"({len(missed)}).\n")
    print("| feature | command | seconds | floor seconds |")
    print("| --- | --- | --- | --- |")
    for feature in features:
        for column, _, _ in COLUMNS:
            if (feature, column) in rounds:
                print(f"| {feature} | {column} | {median((feature, column)):.3f} | "
                      f"{median((feature, column + ' floor')):.3f} |")


if __name__ == "__main__":
    main()
