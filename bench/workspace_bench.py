"""Project context and provenance costs: reading and scanning the context files at session
start, fingerprinting large tool output, checking a memory write against it.

    python bench/workspace_bench.py

Prints numbers only; nothing here runs in the test suite.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hermes.workspace.project import load_project  # noqa: E402
from hermes.workspace.provenance import TurnSources  # noqa: E402

PARAGRAPHS = [
    "## Tests\nRun the suite with `pytest -q -x` from the repository root; the fake model "
    "server starts on its own.",
    "## Style\nType hints everywhere, ruff clean at line length 120, one concept per module.",
    "## Layout\nhermes/agent holds the turn loop, hermes/tui the Textual app, hermes/sessions "
    "the SQLite history with full-text search.",
    "## Commits\nSmall steps, each with green tests and a message that says why.",
]


def _timed(fn, runs: int) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000


def bench_project() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "repo"
        (root / ".git").mkdir(parents=True)
        text = ""
        while len(text) < 8000:
            text += "\n\n".join(PARAGRAPHS) + "\n\n"
        (root / "AGENTS.md").write_text(text)
        (root / "CLAUDE.md").write_text("\n\n".join(PARAGRAPHS))
        big = root / ".hermes.md"
        big.write_bytes(b"Keep the build reproducible.\n" * (50 * 1024 * 1024 // 29))
        med, worst = _timed(lambda: load_project(root, 8000), 20)
        ctx = load_project(root, 8000)
        print(f"load_project, AGENTS.md {len(text):,} chars + CLAUDE.md + 50 MB .hermes.md, "
              f"cap 8,000: median {med:.1f} ms, max {worst:.1f} ms; block {len(ctx.block):,} chars")


def bench_provenance() -> None:
    line = "compiling module {n} of the build: warnings 0, errors 0, elapsed 12 ms ok\n"
    output = "".join(line.format(n=n) for n in range(150_000))
    sources = TurnSources()
    med, worst = _timed(lambda: TurnSources().record("command make", output), 5)
    tracemalloc.start()  # a separate run: tracing slows the allocation-heavy parts several-fold
    sources.record("command make", output)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"record {len(output) / 1e6:.1f} MB output (head and tail fingerprinted): median "
          f"{med:.0f} ms, max {worst:.0f} ms; peak traced memory {peak / 1e6:.1f} MB")
    small = TurnSources()
    readme = "\n".join(PARAGRAPHS) * 5
    med, worst = _timed(lambda: small.record("file README.md", readme), 50)
    print(f"record a {len(readme):,}-char file: median {med:.2f} ms, max {worst:.2f} ms")
    for _ in range(20):
        sources.record(f"file f{_}.py", readme)
    entry = ("The project builds with make; every module compiles without warnings and the "
             "test suite runs with pytest from the repository root.") * 3
    med, worst = _timed(lambda: sources.match(entry), 200)
    print(f"match a {len(entry)}-char memory write against 21 outputs (one of 10 MB): "
          f"median {med:.2f} ms, max {worst:.2f} ms")


if __name__ == "__main__":
    bench_project()
    bench_provenance()
