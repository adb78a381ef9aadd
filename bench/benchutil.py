"""Small helpers the history benches share: history sizes from the command line, percentiles."""

from __future__ import annotations


def parse_size(text: str) -> int:
    """`10k`, `1m`, `100_000` → a message count."""
    text = text.strip().lower().replace("_", "")
    mult = {"k": 1_000, "m": 1_000_000}.get(text[-1], 1)
    return int(float(text.rstrip("km")) * mult)


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0–1) of `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
