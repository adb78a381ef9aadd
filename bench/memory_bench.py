"""Latency of memory writes on a store near its limit (fsync included) and of the snapshot.

Run: python bench/memory_bench.py [--rounds N]
Uses a throwaway HERMES_HOME in the system temp folder (pass --dir to bench another disk).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable


def _percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def _report(name: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(f"{name:<34} n={len(ms):<5} median {statistics.median(ms):7.3f} ms   "
          f"p99 {_percentile(ms, 99):7.3f} ms")


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _timed_call(tool: object, call: dict[str, str]) -> float:
    start = time.perf_counter()
    tool.call(call)  # type: ignore[attr-defined]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--dir", help="folder for the throwaway HERMES_HOME")
    parser.add_argument("--keep", action="store_true", help="keep the HERMES_HOME afterwards")
    args = parser.parse_args()

    home = tempfile.mkdtemp(prefix="hermes-bench-", dir=args.dir)
    os.environ["HERMES_HOME"] = home
    from hermes.config import Config
    from hermes.memory import MemoryTool, memory_usage, render_snapshot

    cfg = Config()
    tool = MemoryTool(cfg.memory, origin="cli")
    # Fill MEMORY.md to ~2,100/2,200 chars and USER.md to ~1,300/1,375 with realistic entries.
    n = 0
    while memory_usage(cfg.memory)["memory"][0] < 2040:
        tool.call({"action": "add", "target": "memory",
                   "content": f"Fact {n}: the service at ~/code/app{n} uses Postgres 16 and uv"})
        n += 1
    while memory_usage(cfg.memory)["user"][0] < 1250:
        tool.call({"action": "add", "target": "user",
                   "content": f"Preference {n}: concise answers, British English, tabs"})
        n += 1
    used, limit = memory_usage(cfg.memory)["memory"]
    print(f"HERMES_HOME={home}")
    print(f"store: MEMORY.md {used:,}/{limit:,} chars, USER.md "
          f"{memory_usage(cfg.memory)['user'][0]:,}/{memory_usage(cfg.memory)['user'][1]:,} chars; "
          f"{args.rounds} rounds")

    adds, replaces, removes, refused = [], [], [], []
    for i in range(args.rounds):
        tool.reset_turn()
        old = f"Bench entry {i} "
        adds.append(_timed_call(tool, {"action": "add", "target": "memory",
                                       "content": old + "for timing, about fifty chars long"}))
        replaces.append(_timed_call(tool, {"action": "replace", "target": "memory",
                                           "old_text": old,
                                           "content": old + "replaced, still about fifty chars"}))
        removes.append(_timed_call(tool, {"action": "remove", "target": "memory",
                                          "old_text": old}))
        refused.append(_timed_call(tool, {"action": "add", "target": "memory",
                                          "content": "x" * 400}))
    assert memory_usage(cfg.memory)["memory"][0] == used, "bench left the store changed"

    snapshots = [_timed(lambda: render_snapshot(cfg.memory)) for _ in range(args.rounds)]
    gauges = [_timed(lambda: memory_usage(cfg.memory)) for _ in range(args.rounds)]

    _report("add (near limit, fsync)", adds)
    _report("replace (near limit, fsync)", replaces)
    _report("remove (near limit, fsync)", removes)
    _report("add refused over limit (no write)", refused)
    _report("render_snapshot (both stores)", snapshots)
    _report("memory_usage (stat-cached)", gauges)
    if not args.keep:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
