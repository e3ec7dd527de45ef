"""What the size of a Counter log would be in other layouts (docs/performance.md, goal 6).

usage: python3 Benchmarks/Prototypes/size.py LOG.sqlite
(LOG.sqlite: a Counter log, e.g. from `rkbench --child-record 200000 LOG.sqlite`)
Rewrites the log's actions into temporary databases with SQL and prints bytes per action.
"""
import sqlite3, os, sys, tempfile
src = sys.argv[1]
tmp = tempfile.mkdtemp()
n = sqlite3.connect(src).execute("select count(*) from action").fetchone()[0]
def build(path, ddl, fill):
    for s in ("", "-wal", "-shm"):
        try: os.unlink(path + s)
        except FileNotFoundError: pass
    con = sqlite3.connect(path)
    con.executescript(ddl)
    con.execute("attach ? as src", (src,))
    fill(con)
    con.commit()
    con.execute("detach src")
    con.close()
    return os.path.getsize(path)
cur = os.path.getsize(src)
print(f"current file: {cur/n:.1f} B/action ({n} actions)")
# V0: same schema, rows copied in order (no fragmentation from interleaved snapshot/effect writes)
v0 = build(os.path.join(tmp, "v0.sqlite"), """
CREATE TABLE action (session_id INTEGER NOT NULL, idx INTEGER NOT NULL, json TEXT NOT NULL, label TEXT NOT NULL,
 source TEXT NOT NULL, effect_id INTEGER, parent_idx INTEGER, time REAL NOT NULL, duration_ns INTEGER NOT NULL,
 patch TEXT NOT NULL, PRIMARY KEY (session_id, idx)) WITHOUT ROWID;""",
 lambda c: c.execute("insert into action select session_id, idx, json, label, source, effect_id, parent_idx, time, duration_ns, patch from src.action order by session_id, idx"))
print(f"V0 same schema, copied: {v0/n:.1f} B/action")
# V1: intern json+label; drop source (effect_id NULL means send); time as integer microseconds since session start
ddl1 = """
CREATE TABLE action_text (id INTEGER PRIMARY KEY, json TEXT NOT NULL UNIQUE, label TEXT NOT NULL);
CREATE TABLE action (session_id INTEGER NOT NULL, idx INTEGER NOT NULL, text_id INTEGER NOT NULL,
 effect_id INTEGER, parent_idx INTEGER, time_us INTEGER NOT NULL, duration_ns INTEGER NOT NULL,
 patch TEXT NOT NULL, PRIMARY KEY (session_id, idx)) WITHOUT ROWID;"""
def fill1(c):
    c.execute("insert into action_text (json, label) select json, min(label) from src.action group by json")
    c.execute("""insert into action select a.session_id, a.idx, t.id, a.effect_id, a.parent_idx,
      cast((a.time - s.started_at) * 1e6 as integer), a.duration_ns, a.patch
      from src.action a join action_text t on t.json = a.json join src.session s on s.id = a.session_id order by a.session_id, a.idx""")
v1 = build(os.path.join(tmp, "v1.sqlite"), ddl1, fill1)
print(f"V1 interned action text, no source, integer time: {v1/n:.1f} B/action")
# V2: V1 + patch without the JSON boilerplate of each op: [op, path, value, old] arrays
def fill2(c):
    fill1(c)
    import json
    rows = c.execute("select session_id, idx, patch from action").fetchall()
    c.executemany("update action set patch=? where session_id=? and idx=?",
      [(json.dumps([[o["op"][0], o["path"], o.get("value"), o.get("old")] for o in json.loads(p)], separators=(",",":")), s, i) for s, i, p in rows])
v2 = build(os.path.join(tmp, "v2.sqlite"), ddl1, fill2)
con = sqlite3.connect(os.path.join(tmp, "v2.sqlite")); con.execute("vacuum"); con.close()
v2 = os.path.getsize(os.path.join(tmp, "v2.sqlite"))
print(f"V2 = V1 + compact patch ops [\"r\",\"/count\",new,old] (vacuumed): {v2/n:.1f} B/action")
print("sample patch:", sqlite3.connect(src).execute("select patch from action limit 1 offset 1000").fetchone()[0])
