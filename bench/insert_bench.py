"""The agent's per-message write path on histories of 10k, 100k and 1M messages, ours and the
peer's (Hermes Agent 0.19), interleaved run by run.

    python bench/insert_bench.py                          # 10k and 100k, ours only
    python bench/insert_bench.py --sizes 10k,100k,1m --peer /work/peer-venv/bin/python \
        --keep /tmp/insert-bench --json out.json

Ours: the writes one agent turn makes, through `History` (the adapter AgentSession writes
through) into `SessionStore`, bracketed by begin_turn()/end_turn() as AgentSession brackets a
turn: the user message, the assistant's tool call, the usage, the tool result, the reply
(stored first as a streaming checkpoint, then finished with update_message), the usage again.
Four messages a turn; every row commits as it is written, the turn's index entries at its end.
The peer: the same turns through `SessionDB.append_message` / `update_token_counts`
(bench/peer/peer_store.py; it has no checkpoint to finish). Both start from a copy of a base
history of N messages built through each store's own bulk path, with the same text
(bench/textgen.py), and the copy is fsynced before timing so the copy's own writeback does not
land in the measurement.

Printed per size: messages/s over the whole run (wall and CPU), per-message median and p99
(a turn's time over its four messages), the slowest quarter's rate (sustained, not a burst),
and the load average. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hermes.agent.stored_history import History  # noqa: E402
from hermes.sessions import SessionStore  # noqa: E402
from benchutil import parse_size, pct  # noqa: E402
from textgen import TextMaker  # noqa: E402

PEER_SCRIPT = REPO / "bench" / "peer" / "peer_store.py"
CALLS = [{"id": "c1", "type": "function",
          "function": {"name": "session_search", "arguments": '{"query": "x"}'}}]


def build_ours(path: Path, n: int) -> float:
    """N messages in sessions of 10–200 through SessionStore.batch() (one transaction and one
    index write per session); the same sessions the peer adapter builds."""
    maker, rng = TextMaker(), random.Random(11)
    start, written = time.perf_counter(), 0
    with SessionStore(path) as store:
        while written < n:
            size = min(rng.randint(10, 200), n - written)
            with store.batch():
                sid = store.create_session(source=rng.choice(["tui", "cli"]), model="bench/model",
                                           system_prompt="You are Hermes.", cwd="/home/me/project")
                for i in range(size):
                    role = "user" if i % 2 == 0 else "assistant"
                    store.append_message(sid, role, maker.message(role))
            written += size
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return time.perf_counter() - start


def build_peer(python: str, path: Path, n: int, home: Path) -> float:
    out = subprocess.run([python, str(PEER_SCRIPT), "build", str(path), str(n)], check=True,
                         capture_output=True, text=True, env=dict(os.environ, HERMES_HOME=str(home)))
    return float(json.loads(out.stdout.strip().splitlines()[-1])["seconds"])


def fresh_copy(base: Path, work: Path) -> Path:
    for suffix in ("", "-wal", "-shm"):
        Path(str(work) + suffix).unlink(missing_ok=True)
    shutil.copyfile(base, work)
    fd = os.open(work, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
    return work


def turn_plan(turns: int, seed: int) -> list[tuple[str, str, str]]:
    maker = TextMaker(seed)
    return [(maker.message("user"), '{"results": ["' + maker.message("assistant")[:200] + '"]}',
             maker.message("assistant")) for _ in range(turns)]


def run_ours(path: Path, plan: list[tuple[str, str, str]], fts: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    store = SessionStore(path)
    for setting in fts:  # e.g. automerge=8: an FTS5 setting tried on the copy before timing
        key, _, value = setting.partition("=")
        with store.writing() as conn:
            conn.execute("INSERT INTO messages_fts(messages_fts, rank) VALUES (?, ?)", (key, int(value)))
    history = History(store)
    sid = history.create(system_prompt="You are Hermes.", model="bench/model", source="bench")
    # an older checkout (A/B runs) has no turn bracket: each of its writes is indexed at once
    begin = getattr(history, "begin_turn", lambda: None)
    end = getattr(history, "end_turn", lambda: None)
    per_message: list[float] = []
    cpu0, start = time.process_time(), time.perf_counter()
    for user, tool, reply in plan:
        t = time.perf_counter()
        begin()
        history.append(sid, "user", user, token_count=10)
        history.append(sid, "assistant", "", tool_calls=CALLS, finish_reason="tool_calls")
        history.add_usage(sid, input_tokens=1, output_tokens=1, cache_tokens=0, cost=0.0)
        history.append(sid, "tool", tool, tool_call_id="c1", tool_name="session_search")
        reply_id = history.append(sid, "assistant", reply[: len(reply) // 2],
                                  finish_reason="interrupted")
        history.update(reply_id, reply, finish_reason="stop", token_count=20)
        history.add_usage(sid, input_tokens=1, output_tokens=1, cache_tokens=0, cost=0.0)
        end()
        per_message.extend([(time.perf_counter() - t) / 4] * 4)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    # A store that could not open the copy drops history and keeps running: a rate from such
    # a run would be the speed of writing nothing.
    stored = store.query("SELECT count(*) FROM messages WHERE session_id = ?", (sid,)) if sid else [(0,)]
    store.close()
    if stored[0][0] != 4 * len(plan):
        raise SystemExit(f"{path}: {stored[0][0]} of {4 * len(plan)} messages were stored; the base "
                         f"history is probably from an older schema (delete it to rebuild)")
    return {"messages": 4 * len(plan), "seconds": wall, "cpu_seconds": cpu,
            "per_message_ms": [x * 1000 for x in per_message]}


def run_peer(python: str, path: Path, plan_file: Path, home: Path) -> dict[str, Any]:
    out = subprocess.run([python, str(PEER_SCRIPT), "turns", str(path), str(plan_file)],
                         check=True, capture_output=True, text=True,
                         env=dict(os.environ, HERMES_HOME=str(home)))
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def summary(run: dict[str, Any]) -> dict[str, float]:
    ms = run["per_message_ms"]
    quarter = max(1, len(ms) // 4)
    slowest = max(sum(ms[i:i + quarter]) for i in range(0, len(ms) - quarter + 1, quarter))
    return {"rate": run["messages"] / run["seconds"], "cpu_rate": run["messages"] / run["cpu_seconds"],
            "median_ms": statistics.median(ms), "p99_ms": pct(ms, 0.99),
            "slowest_quarter_rate": quarter / (slowest / 1000)}


def show(who: str, n: int, s: dict[str, float], load: float) -> None:
    print(f"  {who:<5} {n:>9,}  {s['rate']:8,.0f}/s wall  {s['cpu_rate']:8,.0f}/s CPU   per message median "
          f"{s['median_ms']:6.3f} ms  p99 {s['p99_ms']:6.3f} ms   slowest quarter {s['slowest_quarter_rate']:7,.0f}/s"
          f"   load {load:.1f}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10k,100k", help="comma list, e.g. 10k,100k,1m")
    parser.add_argument("--turns", type=int, default=1000, help="agent turns per run (4 messages each)")
    parser.add_argument("--rounds", type=int, default=2, help="runs per store and size, interleaved")
    parser.add_argument("--peer", metavar="PYTHON", help="the peer venv's python (omit: ours only)")
    parser.add_argument("--keep", metavar="DIR", help="keep (and reuse) the base histories in DIR")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    parser.add_argument("--fts", action="append", default=[], metavar="KEY=N",
                        help="an FTS5 setting for our store's runs (automerge=8, crisismerge=32)")
    args = parser.parse_args()
    workdir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="hermes-insert-"))
    workdir.mkdir(parents=True, exist_ok=True)
    home = workdir / "peer-home"
    home.mkdir(exist_ok=True)
    print(f"sqlite {__import__('sqlite3').sqlite_version}, python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, {args.turns} turns a run "
          f"({4 * args.turns} messages), files in {workdir}", flush=True)
    results: list[dict[str, Any]] = []
    try:
        for n in (parse_size(s) for s in args.sizes.split(",") if s.strip()):
            stores = ["ours"] + (["peer"] if args.peer else [])
            bases = {who: workdir / f"base-{who}-{n}.db" for who in stores}
            for who, base in bases.items():
                if not base.exists():
                    tmp = base.with_suffix(".building")
                    for suffix in ("", "-wal", "-shm"):
                        Path(str(tmp) + suffix).unlink(missing_ok=True)
                    secs = build_ours(tmp, n) if who == "ours" else build_peer(args.peer, tmp, n, home)
                    os.replace(tmp, base)
                    print(f"  built {who} base of {n:,} messages in {secs:.0f} s ({n / secs:,.0f}/s)",
                          flush=True)
            runs: dict[str, list[dict[str, Any]]] = {who: [] for who in stores}
            for r in range(args.rounds):
                plan = turn_plan(args.turns, seed=100 + r)
                plan_file = workdir / "turns.json"
                plan_file.write_text(json.dumps(plan))
                for who in stores:
                    work = fresh_copy(bases[who], workdir / f"work-{who}.db")
                    run = (run_ours(work, plan, args.fts) if who == "ours"
                           else run_peer(args.peer, work, plan_file, home))
                    load = os.getloadavg()[0]
                    s = summary(run)
                    show(who, n, s, load)
                    runs[who].append(dict(s, load=load))
            for who in stores:
                med = {k: statistics.median(x[k] for x in runs[who]) for k in runs[who][0]}
                results.append({"store": who, "messages": n, **med})
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print("\nmedian of the runs:")
    for row in results:
        show(row["store"], row["messages"], row, row["load"])
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
