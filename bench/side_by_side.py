"""Every row Hermes shares with the peer (Hermes Agent 0.19), in one run, with the disk's
fsync floor printed beside it (issue 25). Prints a table; asserts nothing.

    python bench/side_by_side.py [--peer /work/peer-venv/bin/python] [--quick]

Each bench below already alternates ours and the peer's work (memory writes op by op, inserts
run by run, searches query by query, `chat -q` process by process); this script runs them one
after the other in the same sitting and gathers their rows, so every ratio comes from the
same machine state, and the load average is printed with each part. The fsync floor (a bare
temp-file write, fsync, rename) is timed at the start and at the end: a memory write cannot
be faster than it, and on a slow disk it is most of what both systems spend.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
Row = tuple[str, float, float, str]  # name, ours, peer, unit (lower is better unless "/s")


def fsync_floor(samples: int = 200) -> tuple[float, float]:
    """Median and p99 ms of a bare durable write of 18 KB (temp file, fsync, rename, fsync dir)."""
    folder = Path(tempfile.mkdtemp(prefix="fsync-floor-"))
    text = ("x" * 79 + "\n") * 230
    ms = []
    for i in range(samples):
        tmp, final = folder / f".t{i % 2}", folder / "store.md"
        t = time.perf_counter()
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.write(fd, text.encode())
        os.fsync(fd)
        os.close(fd)
        os.replace(tmp, final)
        dfd = os.open(folder, os.O_RDONLY)
        os.fsync(dfd)
        os.close(dfd)
        ms.append((time.perf_counter() - t) * 1000)
    ms.sort()
    return statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.99))]


def run(argv: list[str], timeout: float) -> str:
    print(f"$ {' '.join(argv)}   (load {os.getloadavg()[0]:.1f})", flush=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, *argv], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return done.stdout


_LIMIT = re.compile(r"^== limit ([\d,]+) chars")
_OP = re.compile(r"^  (add|replace|remove)\s+(ours|peer)\s+median\s+([\d.]+) ms\s+p99\s+([\d.]+) ms")


def memory_rows(peer: str, quick: bool) -> list[Row]:
    # A p99 needs hundreds of samples: with 40 rounds it was the single worst write, and on a
    # disk that stalls now and then it swung 1.4-15.8 ms for both systems alike.
    text = run(["bench/memory_write_bench.py", "--rounds", "400" if quick else "1500",
                "--cli-rounds", "0", "--peer-python", peer], timeout=3600)
    found: dict[tuple[str, str, str], tuple[float, float]] = {}
    limit = "?"
    for line in text.splitlines():
        if m := _LIMIT.match(line):
            limit = m.group(1)
        elif m := _OP.match(line):
            found[(limit, m.group(1), m.group(2))] = (float(m.group(3)), float(m.group(4)))
    rows: list[Row] = []
    for (limit, op, who), (median, p99) in found.items():
        if who != "ours" or (limit, op, "peer") not in found:
            continue
        pm, pp = found[(limit, op, "peer")]
        rows.append((f"memory {op} at {limit}: median", median, pm, "ms"))
        rows.append((f"memory {op} at {limit}: p99", p99, pp, "ms"))
    return rows


def insert_rows(peer: str, quick: bool) -> list[Row]:
    out = Path(tempfile.mkdtemp()) / "insert.json"
    run(["bench/insert_bench.py", "--sizes", "10k" if quick else "10k,100k", "--turns",
         "300" if quick else "1000", "--rounds", "2", "--peer", peer, "--json", str(out)],
        timeout=5400)
    by: dict[tuple[str, int], dict[str, float]] = {(r["store"], r["messages"]): r
                                                   for r in json.loads(out.read_text())}
    rows: list[Row] = []
    for (who, n), r in sorted(by.items()):
        if who == "ours" and ("peer", n) in by:
            p = by[("peer", n)]
            rows.append((f"per-message writes at {n // 1000}k", r["rate"], p["rate"], "/s"))
            rows.append((f"per-message write p99 at {n // 1000}k", r["p99_ms"], p["p99_ms"], "ms"))
    return rows


def search_rows(peer: str, quick: bool) -> list[Row]:
    out = Path(tempfile.mkdtemp()) / "search.json"
    run(["bench/search_bench.py", "--sizes", "10k" if quick else "10k,100k", "--runs",
         "40" if quick else "100", "--peer", peer, "--json", str(out)], timeout=5400)
    rows: list[Row] = []
    for r in json.loads(out.read_text()):
        for key, value in r.items():
            if key.startswith("peer_"):
                label = f"search {key[5:]} at {r['messages'] // 1000}k"
                rows.append((f"{label}: median", value["ours"][0], value["peer"][0], "ms"))
                rows.append((f"{label}: p99", value["ours"][1], value["peer"][1], "ms"))
    return rows


_CHAT = re.compile(r"^\s+(ours|peer)\s+to first request: wall median\s+(\d+) ms.*CPU median\s+(\d+) ms"
                   r".*peak RSS median\s+(\d+) MB.*whole run median\s+(\d+) ms")


def chat_rows(peer: str, quick: bool) -> list[Row]:
    text = run(["bench/chat_startup_bench.py", "--runs", "3" if quick else "8", "--peer", peer],
               timeout=1800)
    got = {m.group(1): m.groups()[1:] for line in text.splitlines() if (m := _CHAT.match(line))}
    if "ours" not in got or "peer" not in got:
        return []
    bare_litellm_mb.append(bare_litellm_rss())
    names = ("chat -q to first request, wall", "chat -q to first request, CPU", RSS_ROW,
             "chat -q whole run, wall")
    units = ("ms", "ms", "MB", "ms")
    return [(n, float(o), float(p), u) for n, o, p, u in zip(names, got["ours"], got["peer"], units, strict=True)]


# A bare `import litellm` with the offline settings Hermes uses, in a process of its own: what
# the RSS row is judged against (issue 25: at most 1.1x it, and at most the peer's where litellm
# allows; litellm's own import is above the peer's whole client).
_BARE_LITELLM = (
    "import os\n"
    "os.environ.update(LITELLM_LOCAL_MODEL_COST_MAP='True', LITELLM_MODE='PRODUCTION', LITELLM_LOG='CRITICAL',"
    " LITELLM_TELEMETRY='False')\n"
    "import litellm\n"
    "print(next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('VmHWM')) / 1024)")
RSS_ROW = "chat -q peak RSS at first request"
bare_litellm_mb: list[float] = []


def bare_litellm_rss(runs: int = 3) -> float:
    """Median peak RSS (MB) of a bare `import litellm`, each run a fresh process."""
    got = [float(subprocess.run([sys.executable, "-c", _BARE_LITELLM], capture_output=True, text=True,
                                check=True, timeout=300).stdout) for _ in range(runs)]
    return statistics.median(got)


PARTS = {"memory": memory_rows, "insert": insert_rows, "search": search_rows, "chat": chat_rows}


def _target(row: str) -> float:
    """The largest ours/peer ratio issue 25 accepts for a row: a memory write's p99 may be up
    to 1.2x the peer's; every other row (medians, search, inserts, start-up) at most level.
    The RSS row is judged against a bare `import litellm` instead (see main)."""
    return 1.2 if row.startswith("memory ") and row.endswith(": p99") else 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--peer", default="/work/peer-venv/bin/python")
    parser.add_argument("--only", help=f"comma list among {', '.join(PARTS)}")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and 10k only")
    args = parser.parse_args()
    if not Path(args.peer).exists():
        parser.error(f"no peer at {args.peer}: install hermes-agent==0.19.0 there (bench/peer/README.md)")
    chosen = args.only.split(",") if args.only else list(PARTS)
    start_floor = fsync_floor()
    print(f"fsync floor at the start: median {start_floor[0]:.2f} ms, p99 {start_floor[1]:.2f} ms "
          f"(load {os.getloadavg()[0]:.1f})", flush=True)
    rows: list[Row] = []
    for name in chosen:
        try:
            rows += PARTS[name](args.peer, args.quick)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            print(f"  {name}: {exc}")
    end_floor = fsync_floor()
    width = max([len(r[0]) for r in rows] + [10])
    print(f"\n{'row':<{width}}  {'ours':>10}  {'peer':>10}  {'ours/peer':>9}  ahead?  target (issue 25)")
    behind = missed = 0
    for name, ours, peer, unit in rows:
        higher = unit == "/s"
        ahead = ours >= peer if higher else ours <= peer
        behind += not ahead
        ratio = ours / peer if peer else float("inf")
        bound = _target(name)
        met = ratio >= 1 / bound if higher else ratio <= bound
        target = f"<= {bound:.2f}x; {unit}{', higher is better' if higher else ''}"
        if name == RSS_ROW and bare_litellm_mb:
            bare = bare_litellm_mb[0]
            # at most 1.1x a bare litellm; at most the peer's only where litellm's own import allows it
            met = ours <= 1.1 * bare and (ours <= peer or bare > peer)
            target = (f"<= 1.1x a bare `import litellm`, {bare:.0f} MB in this run: {ours / bare:.2f}x; "
                      f"<= the peer's where litellm allows{': it does not' if bare > peer else ''}")
        missed += not met
        print(f"{name:<{width}}  {ours:>10.2f}  {peer:>10.2f}  {ratio:>8.2f}x  {'yes' if ahead else 'NO ':<6}  "
              f"{'met' if met else 'NOT met'} ({target})")
    print(f"\nfsync floor: start {start_floor[0]:.2f} / {start_floor[1]:.2f} ms, end "
          f"{end_floor[0]:.2f} / {end_floor[1]:.2f} ms (median / p99); load at the end "
          f"{os.getloadavg()[0]:.1f}; {len(rows) - behind} of {len(rows)} rows ahead or level, "
          f"{len(rows) - missed} of {len(rows)} within their targets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
