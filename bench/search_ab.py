"""Two checkouts of Hermes searching one history, interleaved query by query: is a change faster?

    python bench/search_ab.py --base /tmp/base-checkout --db /tmp/bench/home-10000/state.db

`--base` is another checkout (e.g. `git archive main | tar -x -C /tmp/base-checkout`); the
other side is this one. Each side runs in its own process and answers one query at a time
(its time is measured inside that process, so the pipe is not counted); the order of the two
flips every query, so a change in the machine's load hits both alike. The history is a
search_bench.py one kept with --keep. Prints each category's median and p99 for both sides
and the ratio base/this (above 1: this checkout is faster). Nothing here asserts anything.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench"))

from benchutil import LineServer, pct  # noqa: E402

POOLS = {
    "common word": ["function", "error", "data", "config", "database", "test", "code", "file",
                    "running", "important", "importantly", "tests"],
    "phrase": ['"error handling"', '"unit tests"', '"database migration"', '"config file"',
               '"pull request"', '"memory leak"', '"race condition"', '"type hints"',
               '"command line"', '"stack trace"'],
    "prefix": ["conf*", "data*", "test*", "func*", "err*", "mod*", "serv*", "ver*", "upd*",
               "ret*", "runni*", "cous*", "dres*", "impo*", "file*"],
    "rare word": [],  # filled from the history's vocabulary (2–20 messages each)
    "2-char CJK": ["认证", "数据", "代码", "测试", "模块", "配置", "错误", "缓存"],
    "1-char CJK": ["码", "据", "试", "缓", "的", "证", "错", "页"],
}

_SERVE = """
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from hermes.sessions import SessionStore
from hermes.sessions.search import discover
store = SessionStore(Path(sys.argv[2]))
for line in sys.stdin:
    q = json.loads(line)
    t = time.perf_counter()
    found = discover(store, q)
    print(json.dumps({"ms": (time.perf_counter() - t) * 1000, "hits": len(found)}), flush=True)
"""


class Side(LineServer):
    """One checkout's discover in its own process, fed one query per line."""

    def __init__(self, checkout: Path, db: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(checkout), HERMES_HOME=str(db.parent))
        self.proc = subprocess.Popen([sys.executable, "-c", _SERVE, str(checkout), str(db)],
                                     env=env, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE)



def rare_words(db: Path) -> list[str]:
    import sqlite3

    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    conn.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, messages_fts, row)")
    words = [r[0] for r in conn.execute(
        "SELECT term FROM temp.v WHERE doc BETWEEN 2 AND 20 AND term GLOB '[a-z]*' LIMIT 40")]
    conn.close()
    return words or ["zorbli"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base", required=True, help="the other checkout")
    parser.add_argument("--db", required=True, help="a state.db kept by search_bench.py --keep")
    parser.add_argument("--runs", type=int, default=200, help="queries per category and side")
    args = parser.parse_args()
    db = Path(args.db)
    POOLS["rare word"] = rare_words(db)
    base, this = Side(Path(args.base), db), Side(REPO, db)
    load = os.getloadavg()[0]
    print(f"{db} · base {args.base} · this {REPO} · load {load:.1f}")
    try:
        for label, pool in POOLS.items():
            for q in pool:  # warm both, and check they find the same number of sessions
                if base.query(q)[1] != this.query(q)[1]:
                    print(f"  {label}: {q!r} finds a different number of sessions on the two sides")
            times: tuple[list[float], list[float]] = ([], [])
            for i in range(args.runs):
                q = pool[i % len(pool)]
                for side in ((0, 1) if i % 2 == 0 else (1, 0)):
                    times[side].append((base, this)[side].query(q)[0])
            mb, mt = statistics.median(times[0]), statistics.median(times[1])
            print(f"  {label:<12} base {mb:6.2f} / {pct(times[0], 0.99):6.2f} ms   this {mt:6.2f} / "
                  f"{pct(times[1], 0.99):6.2f} ms   median ratio {mb / mt:5.2f}x")
    finally:
        base.close()
        this.close()
    print(f"load {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
