"""Memory write latency, ours against the peer (Hermes Agent 0.19), interleaved in one run.

Run: python bench/memory_write_bench.py [--rounds N] [--limits 2200,20000] [--cli-rounds N]
     [--peer-python /work/peer-venv/bin/python]

For each limit, two worker processes (ours: this file with --worker; the peer's:
bench/peer/peer_memory.py under the peer's python) fill MEMORY.md through their memory tool to
90 % of the limit with the same entries, then alternate rounds (A/B) of add → replace → remove
of a ~55-char entry; each worker times its own calls (fsync included). Prints median and p99
per operation with the machine's load (os.getloadavg()) before and after.

With --floor a third worker times the bare durable write of the same store text (temp file,
fsync, rename; no parsing, scanning or journal): the p99 this disk allows any tool that fsyncs,
and a fourth ("fdir") the same write followed by the folder's fsync, which makes the rename
durable: the least a write that survives a power cut costs here (ours also fsyncs a journal line).
With the peer, each limit ends with one line per operation: ours over the peer's median and p99
against issue #25's target (median ≤ 1.0, p99 ≤ 1.2), with the floor's median and p99 beside.

Then `hermes memory add` through the CLI (a fresh process each time, limit 20,000) on a store
of 5 entries against one of 216, rotated; this is the whole command's wall time.
Without the peer's python (not installed) only ours is measured, and the output says so.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PEER_SCRIPT = ROOT / "bench" / "peer" / "peer_memory.py"
_SUBJECTS = ("the billing service", "the docs site", "the ingest job", "the mobile app", "the CLI",
             "the search index", "the auth proxy", "the data warehouse", "the design system")
_FACTS = ("runs Postgres 16 and is deployed from main by CI",
          "uses uv for packaging and ruff at line length 120",
          "has its staging host behind the VPN; tests need Redis",
          "moved to Python 3.12 last spring; keep type hints strict",
          "wants small pull requests with one behaviour each and a test")


def fill_entries(limit: int, fraction: float = 0.9) -> list[str]:
    """Distinct, realistic entries whose joined size is just under `fraction` of `limit`."""
    out: list[str] = []
    used, n = 0, 0
    while True:
        text = f"Note {n}: {_SUBJECTS[n % len(_SUBJECTS)]} {_FACTS[n % len(_FACTS)]}."
        grow = len(text) + (3 if out else 0)
        if used + grow > limit * fraction:
            return out
        out.append(text)
        used += grow
        n += 1


def _percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


# ---------------------------------------------------------------- our worker


def _memory_config(fn: object, cfg: Any) -> Any:
    """cfg.memory for code that takes MemoryConfig, else the whole Config (older checkouts,
    benched with --baseline)."""
    import inspect

    target = fn.__init__ if inspect.isclass(fn) else fn  # type: ignore[misc]
    first = next(p for p in inspect.signature(target).parameters.values() if p.name != "self")
    return cfg.memory if "MemoryConfig" in str(first.annotation) else cfg


def run_worker() -> None:
    """Our side of the protocol in bench/peer/peer_memory.py, driving hermes' MemoryTool."""
    home = os.environ.get("BENCH_HERMES_HOME") or tempfile.mkdtemp(prefix="hermes-bench-")
    os.environ["HERMES_HOME"] = home
    from hermes.config import Config
    from hermes.memory import MemoryTool, memory_usage

    tool: MemoryTool | None = None
    cfg = Config()

    def call(**kwargs: str) -> tuple[float, dict]:
        assert tool is not None
        tool.reset_turn()
        start = time.perf_counter()
        res = tool.call({"target": "memory", **kwargs})
        return time.perf_counter() - start, res

    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "quit":
            break
        if msg["cmd"] == "fill":
            cfg.memory.memory_char_limit = msg["limit"]
            cfg.memory.user_char_limit = msg["limit"]
            tool = MemoryTool(_memory_config(MemoryTool, cfg), origin="cli")
            total = 0.0
            for text in msg["entries"]:
                elapsed, res = call(action="add", content=text)
                if not res.get("success") or not res.get("changed"):
                    raise SystemExit(f"our fill failed: {res}")
                total += elapsed
            used = memory_usage(_memory_config(memory_usage, cfg))["memory"][0]
            reply: dict = {"entries": len(msg["entries"]), "used": used, "fill_s": total}
        else:
            t_add, r1 = call(action="add", content=msg["add"])
            t_rep, r2 = call(action="replace", old_text=msg["old"], content=msg["replacement"])
            t_rem, r3 = call(action="remove", old_text=msg["old"])
            ok = all(r.get("success") and r.get("changed") for r in (r1, r2, r3))
            reply = {"add": t_add, "replace": t_rep, "remove": t_rem, "ok": ok,
                     "error": None if ok else [r1, r2, r3]}
        print(json.dumps(reply), flush=True)


def run_floor_worker(folder_fsync: bool = False) -> None:
    """The bare durable write with no memory logic: the store's text to a temp file, fsync,
    rename (what the peer's tool does on disk). Its p99 is what this disk allows any tool that
    fsyncs; the same protocol as the other workers. `folder_fsync` adds the fsync of the folder
    after the rename that makes the rename itself durable (ours does it, the peer does not)."""
    folder = tempfile.mkdtemp(prefix="floor-bench-")
    path = Path(folder, "MEMORY.md")
    entries: list[str] = []

    def write() -> float:
        start = time.perf_counter()
        tmp = path.with_suffix(".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, "\n§\n".join(entries).encode())
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        if folder_fsync:
            dir_fd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        return time.perf_counter() - start

    for line in sys.stdin:
        msg = json.loads(line)
        if msg["cmd"] == "quit":
            break
        if msg["cmd"] == "fill":
            total = 0.0
            for text in msg["entries"]:
                entries.append(text)
                total += write()
            reply: dict = {"entries": len(entries), "used": len("\n§\n".join(entries)), "fill_s": total}
        else:
            entries.append(msg["add"])
            t_add = write()
            entries[-1] = msg["replacement"]
            t_rep = write()
            entries.pop()
            t_rem = write()
            reply = {"add": t_add, "replace": t_rep, "remove": t_rem, "ok": True, "error": None}
        print(json.dumps(reply), flush=True)
    shutil.rmtree(folder, ignore_errors=True)


# ---------------------------------------------------------------- orchestration


class Worker:
    def __init__(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                     env=env, cwd=ROOT)

    def ask(self, msg: dict) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"{self.name} worker died (exit {self.proc.wait()})")
        return json.loads(line)

    def close(self) -> None:
        try:
            assert self.proc.stdin
            self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.proc.stdin.close()
        finally:
            self.proc.wait(timeout=30)


def _our_env(home: str | None = None) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    if home:
        env["BENCH_HERMES_HOME"] = home
    return env


def bench_limit(limit: int, rounds: int, peer_python: str | None, baseline: str | None,
                floor: bool = False) -> None:
    entries = fill_entries(limit)
    workers = [Worker("ours", [sys.executable, __file__, "--worker"], _our_env())]
    if floor:
        workers.append(Worker("floor", [sys.executable, __file__, "--floor-worker"]))
        workers.append(Worker("fdir", [sys.executable, __file__, "--floor-worker", "--folder-fsync"]))
    if baseline:
        workers.append(Worker("base", [sys.executable, __file__, "--worker"],
                              dict(os.environ, PYTHONPATH=baseline)))
    if peer_python:
        workers.append(Worker("peer", [peer_python, str(PEER_SCRIPT)]))
    print(f"\n== limit {limit:,} chars, filled to 90 % with {len(entries)} entries through the tool; "
          f"{rounds} rounds, A/B alternating ({_load()})")
    samples: dict[str, dict[str, list[float]]] = {w.name: {"add": [], "replace": [], "remove": []}
                                                  for w in workers}
    try:
        for w in workers:
            info = w.ask({"cmd": "fill", "limit": limit, "entries": entries})
            print(f"  {w.name:<5} fill: {info['entries']} entries, {info['used']:,} chars, "
                  f"{info['fill_s']:.2f} s in the tool")
        for i in range(rounds):
            key = f"Bench entry {i} "
            msg = {"cmd": "round", "add": key + "for timing, about fifty-five chars long",
                   "old": key, "replacement": key + "replaced, still about fifty-five chars"}
            order = workers[i % len(workers):] + workers[:i % len(workers)]  # rotate who goes first
            for w in order:
                res = w.ask(msg)
                if not res["ok"]:
                    raise SystemExit(f"{w.name} round {i} failed: {res['error']}")
                for op in ("add", "replace", "remove"):
                    samples[w.name][op].append(res[op] * 1000)
    finally:
        for w in workers:
            w.close()
    print(f"  ({_load()} after)")
    for op in ("add", "replace", "remove"):
        for name, ops in samples.items():
            ms = ops[op]
            print(f"  {op:<8} {name:<5} median {statistics.median(ms):8.3f} ms   "
                  f"p99 {_percentile(ms, 99):8.3f} ms")
    if "peer" in samples:
        print("  target (issue #25): median ≤ peer's, p99 ≤ 1.2 × peer's; the floors (median / p99) beside it")
        for op in ("add", "replace", "remove"):
            print("  " + _verdict(op, samples))


def _verdict(op: str, samples: dict[str, dict[str, list[float]]]) -> str:
    """One line per operation: ours over the peer's median and p99, met or not, and the floor."""
    ours, peer = samples["ours"][op], samples["peer"][op]
    median = statistics.median(ours) / statistics.median(peer)
    p99 = _percentile(ours, 99) / _percentile(peer, 99)
    met = "met" if median <= 1.0 and p99 <= 1.2 else "NOT met"
    line = f"{op:<8} ours/peer median {median:5.2f}  p99 {p99:5.2f}  {met}"
    for name in ("floor", "fdir"):
        if name in samples:
            ms = samples[name][op]
            line += f"   {name} {statistics.median(ms):.3f} / {_percentile(ms, 99):.3f} ms"
    return line


def _cli(home: str, root: str, *args: str) -> float:
    env = dict(os.environ, HERMES_HOME=home, PYTHONPATH=root)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=root)
    return time.perf_counter() - start


def bench_cli(rounds: int, baseline: str | None) -> None:
    """`hermes memory add` at 5 and at 216-ish entries, for ours (and the baseline), rotated."""
    limit = 20_000
    many = fill_entries(limit)
    codes = {"ours": str(ROOT), **({"base": baseline} if baseline else {})}
    homes: dict[tuple[str, int], str] = {}
    try:
        for name, root in codes.items():
            for count in (5, len(many)):
                home = tempfile.mkdtemp(prefix="hermes-cli-bench-")
                Path(home, "config.yaml").write_text(f"memory:\n  memory_char_limit: {limit}\n")
                env = dict(os.environ, PYTHONPATH=root, BENCH_HERMES_HOME=home)
                w = Worker(name, [sys.executable, __file__, "--worker"], env)
                try:
                    w.ask({"cmd": "fill", "limit": limit, "entries": many[:count]})
                finally:
                    w.close()
                homes[(name, count)] = home
        print(f"\n== `hermes memory add` through the CLI (a fresh process each), limit {limit:,}, "
              f"{rounds} runs each, rotated ({_load()})")
        keys = list(homes)
        times: dict[tuple[str, int], list[float]] = {k: [] for k in keys}
        for i in range(rounds):
            for key in keys[i % len(keys):] + keys[:i % len(keys)]:
                name, _ = key
                text = f"CLI bench entry {i} "
                times[key].append(_cli(homes[key], codes[name], "add", "--target", "memory",
                                       text + "about fifty-five chars long") * 1000)
                _cli(homes[key], codes[name], "remove", "--target", "memory", "--old-text", text)
        print(f"  ({_load()} after)")
        for name in codes:
            medians = []
            for count in (5, len(many)):
                ms = times[(name, count)]
                medians.append(statistics.median(ms))
                print(f"  {name:<5} {count:>3} entries  median {medians[-1]:8.1f} ms   "
                      f"p99 {_percentile(ms, 99):8.1f} ms")
            print(f"  {name:<5} cost of {len(many)} entries over 5: {medians[1] - medians[0]:+.1f} ms")
    finally:
        for home in homes.values():
            shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--folder-fsync", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--floor", action="store_true",
                        help="also time the bare durable write (temp file, fsync, rename) as 'floor', "
                        "and the same with the folder fsynced after the rename as 'fdir'")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--limits", default="2200,20000")
    parser.add_argument("--cli-rounds", type=int, default=15, help="0 skips the CLI part")
    parser.add_argument("--peer-python", default="/work/peer-venv/bin/python")
    parser.add_argument("--baseline", metavar="DIR",
                        help="also bench the hermes code in DIR (e.g. an export of an older commit) as 'base'")
    args = parser.parse_args()
    if args.worker:
        run_worker()
        return
    if args.floor_worker:
        run_floor_worker(args.folder_fsync)
        return
    peer = args.peer_python if Path(args.peer_python).exists() else None
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores; peer: "
          f"{peer + ' (hermes-agent 0.19.0)' if peer else 'NOT INSTALLED, ours only'}")
    for limit in (int(x) for x in args.limits.split(",")):
        bench_limit(limit, args.rounds, peer, args.baseline, args.floor)
    if args.cli_rounds:
        bench_cli(args.cli_rounds, args.baseline)


if __name__ == "__main__":
    main()
