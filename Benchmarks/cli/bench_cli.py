#!/usr/bin/env python3
"""Every whole-session rkdebug command on a real-size Counter log, against the sqlite3 shell.

Issue 18's goals, measured as a user meets them: the release `rkdebug` binary on a log made by
`rkdebug record --feature counter --random N --seed 3` (1,000,000 by default: 1.28M actions),
each command's output sent to /dev/null, and in the same run the `sqlite3` shell reading the
same rows as the floor. Peak RSS comes from wait4(2); the memory goal compares it with the same
command on a log of N / 100 actions. `record --feature todos` is timed the same way
(--todos-actions, 1,000,000 by default). Medians of --rounds runs, each round alternating the
commands. Prints a Markdown table; the exit status is 0 when every command ran.

    python3 Benchmarks/cli/bench_cli.py --rkdebug .build/release/rkdebug

Needs `sqlite3` on the PATH (Debian's sqlite3 package) for the floors.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# An action's texts are its `action_text` row's or, in a row with arguments, its template's
# (docs/log-format.md): the rows are read, the shell does not fill the placeholders.
LOG_QUERY = (
    "SELECT e.idx, e.effect_id, coalesce(t.label, p.label), t.args FROM action_entry AS e "
    "JOIN action_text AS t ON t.id = e.text_id "
    "LEFT JOIN action_template AS p ON p.id = t.template_id "
    "WHERE e.session_id = 1 ORDER BY e.idx"
)
OPS_QUERY = "SELECT idx, ops FROM action_entry WHERE session_id = 1 ORDER BY idx"
EXPORT_QUERY = (
    "SELECT e.idx, coalesce(t.json, p.json), coalesce(t.label, p.label), t.args, e.ops "
    "FROM action_entry AS e JOIN action_text AS t ON t.id = e.text_id "
    "LEFT JOIN action_template AS p ON p.id = t.template_id "
    "WHERE e.session_id = 1 ORDER BY e.idx"
)


def run(argv, stdin=None, allowed=(0,)):
    """Runs argv with output to /dev/null: (wall seconds, CPU seconds, peak RSS in MiB)."""
    with open(os.devnull, "wb") as devnull:
        start = time.perf_counter()
        process = subprocess.Popen(
            argv, stdout=devnull, stderr=subprocess.PIPE, stdin=stdin or subprocess.DEVNULL
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        stderr = process.stderr.read().decode(errors="replace")
        process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code not in allowed:
        sys.exit(f"bench_cli: {' '.join(argv)} exited {code}: {stderr.strip()}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def action_count(db):
    out = subprocess.run(
        ["sqlite3", db, "SELECT count(*) FROM action_entry WHERE session_id = 1"],
        check=True, capture_output=True, text=True,
    )
    return int(out.stdout.strip())


def record(rkdebug, db, count, feature="counter"):
    """Records the log of `count` random actions of `feature`, timed."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    return run([rkdebug, "record", "--feature", feature, "--random", str(count),
                "--seed", "3", "--db", db])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rkdebug", required=True, help="the release rkdebug binary")
    parser.add_argument("--actions", type=int, default=1_000_000,
                        help="random actions sent to record the log (default 1,000,000)")
    parser.add_argument("--todos-actions", type=int, default=1_000_000,
                        help="random actions sent to record the Todos log (default 1,000,000)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--data", help="a folder for the logs (default: a temporary one)")
    args = parser.parse_args()
    if shutil.which("sqlite3") is None:
        sys.exit("bench_cli: needs the sqlite3 shell (apt-get install -y sqlite3)")
    rkdebug = os.path.abspath(args.rkdebug)
    data = args.data or tempfile.mkdtemp(prefix="bench-cli-")
    os.makedirs(data, exist_ok=True)
    big = os.path.join(data, "counter-big.sqlite")
    small = os.path.join(data, "counter-small.sqlite")
    small_actions = max(1, args.actions // 100)

    rounds = {}

    def note(name, figures):
        rounds.setdefault(name, []).append(figures)

    # Recording: the rate counts the actions sent, as the issue does.
    for _ in range(args.rounds):
        note("record", record(rkdebug, big, args.actions))
        note("record small", record(rkdebug, small, small_actions))
        todos = os.path.join(data, "todos.sqlite")
        note("record todos", record(rkdebug, todos, args.todos_actions, "todos"))
        note("record todos small", record(rkdebug, todos, max(1, args.todos_actions // 100),
                                          "todos"))
    logged = action_count(big)
    logged_small = action_count(small)
    export_file = os.path.join(data, "counter-big.jsonl")
    export_small = os.path.join(data, "counter-small.jsonl")
    run([rkdebug, "export", "--db", big, "-o", export_file])
    run([rkdebug, "export", "--db", small, "-o", export_small])
    changes_to = min(logged, 100_000)

    commands = {
        "log": ["log"],
        "history --path count": ["history", "--path", "count"],
        "export": ["export"],
        "find --where 'count > 5'": ["find", "--where", "count > 5"],
        "replay": ["replay"],
        f"changes --to {changes_to}": ["changes", "--to", str(changes_to)],
    }
    floors = {"log": LOG_QUERY, "history --path count": OPS_QUERY, "export": EXPORT_QUERY,
              "find --where 'count > 5'": OPS_QUERY}
    for _ in range(args.rounds):
        for name, argv in commands.items():
            note(name, run([rkdebug, *argv, "--db", big]))
            if name.startswith("changes"):
                argv = ["changes"]  # the whole small log, for its peak RSS
            # find exits 1 when the predicate never holds, as grep does.
            note(name + " small", run([rkdebug, *argv, "--db", small], allowed=(0, 1)))
            if name in floors:
                note(name + " floor", run(["sqlite3", big, floors[name]]))
        for db, source, key in ((os.path.join(data, "imported.sqlite"), export_file, "import"),
                                (os.path.join(data, "imported-small.sqlite"), export_small,
                                 "import small")):
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(db + suffix):
                    os.remove(db + suffix)
            note(key, run([rkdebug, "import", "--db", db, source]))

    def median(name, part):
        return statistics.median(figures[part] for figures in rounds[name])

    print(f"\n{logged:,} logged actions ({args.actions:,} sent), {args.rounds} rounds; "
          f"small log: {logged_small:,} actions\n")
    print("| command | wall (median) | CPU | peak RSS, big ÷ small | floor: sqlite3 shell | "
          "ratio (goal) |")
    print("| --- | --- | --- | --- | --- | --- |")
    goals = {"log": 3, "history --path count": 5, "export": 5, "find --where 'count > 5'": 5}
    for name in ["record", "record todos", *commands, "import"]:
        wall, cpu, rss = (median(name, i) for i in range(3))
        rss_small = median(name + " small", 2)
        memory = f"{rss:.1f} ÷ {rss_small:.1f} MiB = {rss / rss_small:.2f}×"
        if name.startswith("changes"):
            memory = f"{rss:.1f} MiB ({changes_to:,} actions); {rss_small:.1f} MiB (small log)"
        if name in floors:
            floor = median(name + " floor", 0)
            ratio = wall / floor
            verdict = "met" if ratio <= goals[name] else "**not met**"
            print(f"| `{name}` | {wall:.2f} s | {cpu:.2f} s | {memory} | {floor:.2f} s | "
                  f"{ratio:.2f}× (≤ {goals[name]}×: {verdict}) |")
        elif name == "record":
            rate = args.actions / wall
            verdict = "met" if rate >= 150_000 else "**not met**"
            print(f"| `record --feature counter --random {args.actions}` | {wall:.2f} s | "
                  f"{cpu:.2f} s | {memory} | — | {rate:,.0f} sent/s (≥ 150,000: {verdict}) |")
        elif name == "record todos":
            rate = args.todos_actions / wall
            verdict = "met" if rate >= 50_000 else "**not met**"
            print(f"| `record --feature todos --random {args.todos_actions}` | {wall:.2f} s | "
                  f"{cpu:.2f} s | {memory} | — | {rate:,.0f} sent/s (≥ 50,000: {verdict}) |")
        elif name == "replay":
            rate = logged / wall
            verdict = "met" if rate >= 500_000 else "**not met**"
            print(f"| `replay` | {wall:.2f} s | {cpu:.2f} s | {memory} | — | "
                  f"{rate:,.0f} actions/s (≥ 500,000: {verdict}) |")
        elif name.startswith("changes"):
            rate = changes_to / wall
            verdict = "met" if rate >= 100_000 else "**not met**"
            print(f"| `{name}` | {wall:.2f} s | {cpu:.2f} s | {memory} | — | "
                  f"{rate:,.0f} actions/s (≥ 100,000: {verdict}) |")
        else:
            print(f"| `{name}` | {wall:.2f} s | {cpu:.2f} s | {memory} | — | — |")
    size = os.path.getsize(big)
    print(f"\nlog size: {size:,} B, {size / logged:.1f} B per logged action (goal ≤ 80 B)")
    memory_goal = all(
        median(name, 2) <= 64 and median(name, 2) <= 1.2 * median(name + " small", 2)
        for name in ["record", "record todos", *commands, "import"]
        if not name.startswith("changes")
    )
    print(f"memory: every command ≤ 64 MiB and ≤ 1.2× its small-log figure: "
          f"{'met' if memory_goal else 'not met'}")


if __name__ == "__main__":
    main()
