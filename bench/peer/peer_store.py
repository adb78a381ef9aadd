"""Drive the peer's session store (Hermes Agent 0.19's `hermes_state.SessionDB`) the way our
benchmarks drive ours, and print the numbers as JSON.

The peer is a benchmark reference only, never a dependency: this script runs in its own virtual
environment (`pip install hermes-agent==0.19.0` into /work/peer-venv) and imports nothing of
ours except bench/textgen.py (standard library only), so both stores get the same text.

    /work/peer-venv/bin/python bench/peer/peer_store.py build DB N
    /work/peer-venv/bin/python bench/peer/peer_store.py turns DB TURNS.json
    /work/peer-venv/bin/python bench/peer/peer_store.py list DB [REPEAT]
    /work/peer-venv/bin/python bench/peer/peer_store.py search DB QUERY...
    /work/peer-venv/bin/python bench/peer/peer_store.py serve DB   (queries on stdin, one per line)

HERMES_HOME should point at a scratch folder: the peer reads its home at import time.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/, for textgen

from textgen import TextMaker  # noqa: E402


def _db(path: str):  # noqa: ANN202 - the peer's type, imported late
    import hermes_state

    return hermes_state.SessionDB(Path(path))


def build(path: str, n: int) -> dict:
    """N messages in sessions of 10–200, through the peer's own bulk path (import_sessions,
    one call per 400 sessions), as ours builds through SessionStore.batch()."""
    db, maker, rng = _db(path), TextMaker(), random.Random(11)
    written, chunk, start, k = 0, [], time.perf_counter(), 0
    while written < n:
        size = min(rng.randint(10, 200), n - written)
        now = time.time()
        messages = [{"role": "user" if i % 2 == 0 else "assistant",
                     "content": maker.message("user" if i % 2 == 0 else "assistant"),
                     "timestamp": now} for i in range(size)]
        chunk.append({"id": f"bench_{k:07d}", "source": rng.choice(["tui", "cli"]),
                      "model": "bench/model", "started_at": now, "messages": messages})
        k += 1
        written += size
        if len(chunk) == 400 or written >= n:
            result = db.import_sessions(chunk)
            if not result.get("ok"):
                raise SystemExit(f"peer import failed: {result.get('errors')}")
            chunk = []
    secs = time.perf_counter() - start
    db.close()
    return {"messages": written, "seconds": secs}


def turns(path: str, turns_file: str) -> dict:
    """The writes of agent turns through the peer's per-message API: the user message, the
    assistant's tool call, the tool result, the reply, and the usage after each model call.
    (The peer has no update of a stored message, so it has no streaming checkpoint to finish.)"""
    db = _db(path)
    session = f"bench_turns_{os.getpid()}"
    db.create_session(session, "cli", model="bench/model")
    plan = json.loads(Path(turns_file).read_text())
    calls = [{"id": "c1", "type": "function",
              "function": {"name": "session_search", "arguments": '{"query": "x"}'}}]
    per_message: list[float] = []
    cpu0, start = time.process_time(), time.perf_counter()
    for user, tool, reply in plan:
        t = time.perf_counter()
        db.append_message(session, "user", user, token_count=10)
        db.append_message(session, "assistant", "", tool_calls=calls, finish_reason="tool_calls")
        db.update_token_counts(session, input_tokens=1, output_tokens=1)
        db.append_message(session, "tool", tool, tool_call_id="c1", tool_name="session_search")
        db.append_message(session, "assistant", reply, finish_reason="stop", token_count=20)
        db.update_token_counts(session, input_tokens=1, output_tokens=1)
        per_message.extend([(time.perf_counter() - t) / 4] * 4)
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu0
    db.close()
    return {"messages": 4 * len(plan), "seconds": wall, "cpu_seconds": cpu,
            "per_message_ms": [round(x * 1000, 4) for x in per_message]}


def list_sessions(path: str, repeat: int) -> dict:
    db = _db(path)
    ms = []
    for _ in range(repeat):
        t = time.perf_counter()
        db.list_sessions_rich(limit=50, order_by_last_active=True)
        ms.append((time.perf_counter() - t) * 1000)
    db.close()
    return {"median_ms": statistics.median(ms), "ms": ms}


def search(path: str, queries: list[str]) -> dict:
    db = _db(path)
    out = {}
    for q in queries:
        t = time.perf_counter()
        db.search_messages(q, limit=10)
        out[q] = (time.perf_counter() - t) * 1000
    db.close()
    return {"ms": out}


def serve(path: str) -> None:
    """One query per stdin line; one line of JSON back with the query's time inside this
    process (so the pipe is not counted), for benchmarks that interleave query by query."""
    db = _db(path)
    db.search_messages("warmup", limit=10)
    for line in sys.stdin:
        q = json.loads(line)
        t = time.perf_counter()
        hits = db.search_messages(q, limit=10)
        ms = (time.perf_counter() - t) * 1000
        print(json.dumps({"ms": ms, "hits": len(hits)}), flush=True)
    db.close()


def main(argv: list[str]) -> int:
    command, path, *rest = argv
    if command == "serve":
        serve(path)
        return 0
    if command == "build":
        result = build(path, int(rest[0]))
    elif command == "turns":
        result = turns(path, rest[0])
    elif command == "list":
        result = list_sessions(path, int(rest[0]) if rest else 20)
    elif command == "search":
        result = search(path, rest)
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
