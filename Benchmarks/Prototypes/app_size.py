"""What an app-shaped log would weigh in other layouts (issue 44, docs/performance.md).

usage: python3 Benchmarks/Prototypes/app_size.py LOG.sqlite
(LOG.sqlite: a schema 7 log, e.g. from `rkdebug record --feature library --random 100000
--seed 3`)

Copies the log, rewrites the copy as each layout would store it, and prints bytes per entry
after VACUUM. The layouts are sketches for measuring, not formats a reader understands: a
removed value replaced by a placeholder stands for a reference to the operation that added
it; an empty label stands for a label rebuilt from the JSON by the registered feature.
"""
import json, os, shutil, sqlite3, sys, tempfile

source = sys.argv[1]
folder = tempfile.mkdtemp(prefix="app-size-")


def entries(path):
    with sqlite3.connect(path) as con:
        return con.execute("SELECT count(*) FROM action_entry").fetchone()[0]


def weigh(path):
    con = sqlite3.connect(path)
    con.execute("VACUUM")
    con.close()
    return os.path.getsize(path)


def removes_by_reference(ops):
    return [["-", op[1], 0] if isinstance(op, list) and op[0] == "-" else op for op in ops]


def compact_moves(ops):
    return [[">", op["path"], op["from"]] if isinstance(op, dict) and op.get("op") == "move"
            else op for op in ops]


def cancel_sets_without_unique(con):
    con.executescript("""
        CREATE TABLE cancel_set_copy (id INTEGER PRIMARY KEY, ids TEXT NOT NULL, digest INTEGER);
        INSERT INTO cancel_set_copy (id, ids) SELECT id, ids FROM cancel_set;
        DROP TABLE cancel_set;
        ALTER TABLE cancel_set_copy RENAME TO cancel_set;
        -- A stand-in for a digest of `ids`: only the index's size is measured.
        UPDATE cancel_set SET digest = id * 2654435761 % 4294967296;
        CREATE INDEX cancel_set_digest ON cancel_set (digest);
        """)


def no_labels(con):
    con.execute("UPDATE action_text SET label = ''")


def layout(name, ops=None, sql=()):
    path = os.path.join(folder, name + ".sqlite")
    shutil.copy(source, path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA foreign_keys = OFF")
    if ops:
        rows = con.execute("SELECT session_id, idx, ops FROM action_entry").fetchall()
        for session, index, text in rows:
            new = json.dumps(ops(json.loads(text)), separators=(",", ":"), ensure_ascii=False)
            con.execute("UPDATE action_entry SET ops = ? WHERE session_id = ? AND idx = ?",
                        (new, session, index))
    for change in sql:
        change(con)
    con.commit()
    con.close()
    return weigh(path)


count = entries(source)
print(f"{os.path.basename(source)}: {count:,} entries")
for name, ops, sql in [
    ("as it is", None, ()),
    ("cancel sets by digest, without UNIQUE (ids)", None, (cancel_sets_without_unique,)),
    ("removed values as references", removes_by_reference, ()),
    ("moves as compact operations", compact_moves, ()),
    ("no labels", None, (no_labels,)),
    ("all four", lambda ops: compact_moves(removes_by_reference(ops)),
     (cancel_sets_without_unique, no_labels)),
]:
    print(f"  {name}: {layout(name.replace(' ', '-'), ops, sql) / count:.0f} B/entry")
shutil.rmtree(folder)
