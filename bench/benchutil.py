"""Small helpers the history benches share: history sizes from the command line, percentiles,
and a search served by a process of its own."""

from __future__ import annotations

import json
import subprocess


def parse_size(text: str) -> int:
    """`10k`, `1m`, `100_000` → a message count."""
    text = text.strip().lower().replace("_", "")
    mult = {"k": 1_000, "m": 1_000_000}.get(text[-1], 1)
    return int(float(text.rstrip("km")) * mult)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0–1) of `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class LineServer:
    """A search in its own process (`self.proc`, set by the subclass), fed one JSON query per
    line and answering {"ms": time inside it, "hits": n} per line."""

    proc: subprocess.Popen[str]

    def query(self, q: str) -> tuple[float, int]:
        """(ms inside the serving process, hits)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(q) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        return float(answer["ms"]), int(answer["hits"])

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(30)
