"""Regression guard, run before a release (not in CI): run the memory-write, insert, search and
start-up benchmarks and print each number beside the committed baseline, flagging any row more
than 25 % worse.

    python bench/compare.py                         # compare with bench/baseline.json
    python bench/compare.py --only insert,search    # a subset
    python bench/compare.py --write-baseline        # record this run as the new baseline

Each benchmark runs in its own process, at 10k and 100k messages where size matters. A bench
that is missing (bench/memory_write_bench.py comes from another branch) is skipped with a note.
Numbers on a shared machine move with its load; the load is printed beside each run, and a
flagged row is worth re-running before it is believed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
BASELINE = BENCH / "baseline.json"
WORSE = 0.25  # a row this much worse than its baseline is flagged
PEER_PYTHON = "/work/peer-venv/bin/python"

Rows = dict[str, dict[str, Any]]  # name → {"value", "unit", "better": "lower" | "higher"}


def row(value: float, unit: str, better: str) -> dict[str, Any]:
    return {"value": round(float(value), 4), "unit": unit, "better": better}


def run(argv: list[str], timeout: float) -> str:
    print(f"$ {' '.join(argv)}   (load {os.getloadavg()[0]:.1f})", flush=True)
    # PYTHONPATH: children (and the `hermes` they start) load this checkout, not whatever the
    # venv's editable install points at
    env = dict(os.environ, PYTHONPATH=str(BENCH.parent))
    proc = subprocess.run([sys.executable, *argv], capture_output=True, text=True, timeout=timeout,
                          cwd=BENCH.parent, env=env)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} failed (exit {proc.returncode}): {proc.stderr.strip()[-500:]}")
    return proc.stdout


def insert_rows(tmp: Path) -> Rows:
    out = tmp / "insert.json"
    run(["bench/insert_bench.py", "--sizes", "10k,100k", "--turns", "1000", "--rounds", "2",
         "--json", str(out)], timeout=3600)
    rows: Rows = {}
    for r in json.loads(out.read_text()):
        size = f"{r['messages'] // 1000}k"
        rows[f"insert {size}: messages/s (agent path)"] = row(r["rate"], "/s", "higher")
        rows[f"insert {size}: per message p99"] = row(r["p99_ms"], "ms", "lower")
    return rows


def search_rows(tmp: Path) -> Rows:
    out = tmp / "search.json"
    run(["bench/search_bench.py", "--sizes", "10k,100k", "--runs", "50", "--json", str(out)],
        timeout=3600)
    rows: Rows = {}
    for r in json.loads(out.read_text()):
        size = f"{r['messages'] // 1000}k"
        for key, value in r.items():
            if key.startswith("discover_") and isinstance(value, list):
                rows[f"search {size}: {key[9:]} median"] = row(value[0], "ms", "lower")
        rows[f"search {size}: session_search tool median"] = row(r["tool_end_to_end"][0], "ms", "lower")
        rows[f"search {size}: `hermes sessions list`"] = row(r["sessions_list_ms"], "ms", "lower")
    return rows


_STARTUP_LINE = re.compile(r"^  (?P<label>\S.*?\S)\s{2,}(?P<value>[\d.]+) (?P<unit>ms|MB|s)\b")


def startup_rows(tmp: Path) -> Rows:
    text = run(["bench/startup_bench.py", "--runs", "5", "--skip-render"], timeout=1800)
    rows: Rows = {}
    for line in text.splitlines():
        if line.startswith("bare Textual app"):
            break  # the reference app's lines have the same labels; only ours are rows
        m = _STARTUP_LINE.match(line)
        if m:
            rows[f"start-up: {m['label']}"] = row(float(m["value"]), m["unit"], "lower")
    return rows


_SECTION = re.compile(r"^== limit ([\d,]+) chars")
_MEMORY_LINE = re.compile(r"^  (?P<op>add|replace|remove)\s+ours\s+median\s+(?P<median>[\d.]+) ms\s+"
                          r"p99\s+(?P<p99>[\d.]+) ms")


def memory_rows(tmp: Path) -> Rows:
    script = BENCH / "memory_write_bench.py"
    if not script.exists():
        print("  (bench/memory_write_bench.py is not in this checkout: memory writes skipped)")
        return {}
    text = run([str(script.relative_to(BENCH.parent)), "--rounds", "100", "--cli-rounds", "0"],
               timeout=3600)
    rows: Rows = {}
    limit = "?"
    for line in text.splitlines():
        if m := _SECTION.match(line):
            limit = m.group(1)
        elif m := _MEMORY_LINE.match(line):
            rows[f"memory {m['op']} at {limit} chars: median"] = row(float(m["median"]), "ms", "lower")
            rows[f"memory {m['op']} at {limit} chars: p99"] = row(float(m["p99"]), "ms", "lower")
    return rows


BENCHES: dict[str, Callable[[Path], Rows]] = {
    "memory": memory_rows, "insert": insert_rows, "search": search_rows, "startup": startup_rows,
}


def worse_by(new: dict[str, Any], old: dict[str, Any]) -> float:
    """How much worse `new` is than `old` (0.3 = 30 % worse; negative = better)."""
    if not old["value"]:
        return 0.0
    if new["better"] == "higher":
        return (old["value"] - new["value"]) / old["value"]
    return (new["value"] - old["value"]) / old["value"]


def table(rows: Rows, baseline: Rows) -> int:
    flagged = 0
    width = max([len(n) for n in rows] + [20])
    print(f"\n{'row':<{width}}  {'now':>10}  {'baseline':>10}  change")
    for name, new in rows.items():
        old = baseline.get(name)
        if old is None:
            print(f"{name:<{width}}  {new['value']:>10.3f}  {'—':>10}  (no baseline) {new['unit']}")
            continue
        change = worse_by(new, old)
        flag = "  ← WORSE by more than 25 %" if change > WORSE else ""
        flagged += bool(flag)
        print(f"{name:<{width}}  {new['value']:>10.3f}  {old['value']:>10.3f}  "
              f"{-change:+7.1%} {new['unit']}{flag}")
    missing = [n for n in baseline if n not in rows]
    if missing:
        print(f"(not run this time: {len(missing)} baseline rows)")
    return flagged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help=f"comma list among {', '.join(BENCHES)}")
    parser.add_argument("--baseline", type=Path, default=BASELINE)
    parser.add_argument("--write-baseline", action="store_true",
                        help="store this run's numbers as the baseline (merged into the file)")
    args = parser.parse_args()
    chosen = [b.strip() for b in args.only.split(",")] if args.only else list(BENCHES)
    unknown = [b for b in chosen if b not in BENCHES]
    if unknown:
        parser.error(f"unknown bench {', '.join(unknown)}; choose among {', '.join(BENCHES)}")
    stored = json.loads(args.baseline.read_text()) if args.baseline.exists() else {}
    baseline: Rows = stored.get("rows", {})
    rows: Rows = {}
    with tempfile.TemporaryDirectory(prefix="hermes-compare-") as tmp:
        for name in chosen:
            try:
                rows.update(BENCHES[name](Path(tmp)))
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                print(f"  {name}: {exc}")
    flagged = table(rows, baseline)
    if args.write_baseline:
        merged = dict(baseline, **rows)
        args.baseline.write_text(json.dumps({
            "note": "numbers of one `python bench/compare.py --write-baseline` run; see bench/README.md",
            "load_at_write": round(os.getloadavg()[0], 1),
            "rows": merged}, indent=1, ensure_ascii=False) + "\n")
        print(f"\nbaseline written to {args.baseline} ({len(rows)} rows from this run)")
    else:
        print(f"\n{flagged} row(s) more than 25 % worse than the baseline")
    return 1 if flagged and not args.write_baseline else 0


if __name__ == "__main__":
    raise SystemExit(main())
