"""Benchmark worker for the peer's memory tool (Hermes Agent 0.19, `tools/memory_tool.py`).

Run ONLY with the peer's own python (a separate venv, see bench/peer/README.md); it is driven
by bench/memory_write_bench.py over stdin/stdout, one JSON object per line, and never imports
anything from this repository. The peer is a benchmark reference, not a dependency.

Protocol (same as the `ours` worker in memory_write_bench.py):
  {"cmd": "fill", "limit": N, "entries": [...]} → {"entries": k, "used": chars, "fill_s": s}
  {"cmd": "round", "add": text, "old": key, "replacement": text}
      → {"add": s, "replace": s, "remove": s, "ok": bool}
  {"cmd": "quit"}
Each worker times its own tool calls (perf_counter around the call, fsync included), so the
process start and the pipe are outside the numbers.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time


def main() -> None:
    home = tempfile.mkdtemp(prefix="peer-bench-")
    os.environ["HERMES_HOME"] = home
    os.makedirs(os.path.join(home, "memories"), exist_ok=True)
    from tools.memory_tool import ENTRY_DELIMITER, MemoryStore, memory_tool

    store: MemoryStore | None = None

    def call(**kwargs: object) -> tuple[float, dict]:
        start = time.perf_counter()
        out = memory_tool(store=store, target="memory", **kwargs)  # type: ignore[arg-type]
        return time.perf_counter() - start, json.loads(out)

    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "quit":
            break
        if msg["cmd"] == "fill":
            store = MemoryStore(memory_char_limit=msg["limit"], user_char_limit=msg["limit"])
            store.load_from_disk()
            total = 0.0
            for text in msg["entries"]:
                elapsed, res = call(action="add", content=text)
                if not res.get("success"):
                    raise SystemExit(f"peer fill failed: {res}")
                total += elapsed
            used = len(ENTRY_DELIMITER.join(store.memory_entries))
            reply: dict = {"entries": len(store.memory_entries), "used": used, "fill_s": total}
        else:
            t_add, r1 = call(action="add", content=msg["add"])
            t_rep, r2 = call(action="replace", old_text=msg["old"], content=msg["replacement"])
            t_rem, r3 = call(action="remove", old_text=msg["old"])
            ok = all(r.get("success") for r in (r1, r2, r3))
            reply = {"add": t_add, "replace": t_rep, "remove": t_rem, "ok": ok,
                     "error": None if ok else [r1, r2, r3]}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
