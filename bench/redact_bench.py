"""Time per KB of the secret redactor on normal and pathological text, and their ratio.

    python bench/redact_bench.py

Normal text is this repository's own code and specs plus the redaction corpora; the
pathological inputs are the shapes that made the earlier redactor super-linear. Each figure
is the best of several runs (microseconds per KB of input).
"""

from __future__ import annotations

import base64
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hermes.security.redact import redact  # noqa: E402


def normal_text() -> str:
    parts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "hermes").rglob("*.py"))[:40]]
    parts += [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "data").glob("redact_*.txt"))]
    return "\n".join(parts)


def pathological() -> dict[str, str]:
    rng = random.Random(7)
    b64 = base64.b64encode(bytes(rng.getrandbits(8) for _ in range(75_000))).decode()
    return {
        '"sk-" * 6000': "sk-" * 6000,
        '"a" * 100000': "a" * 100_000,
        '"password=" * 5000': "password=" * 5000,
        '"password = " * 5000': "password = " * 5000,
        "long base64 (100 KB)": b64,
        '"eyJ." * 10000': "eyJ." * 10_000,
        '"a://" * 10000': "a://" * 10_000,
        '"Bearer " * 10000': "Bearer " * 10_000,
        '"AccountKey=" * 5000': "AccountKey=" * 5000,
        "PEM header * 2000": "-----BEGIN PRIVATE KEY-----\n" * 2000,
        '"ghp_" * 8000': "ghp_" * 8000,
        'JSON {"a":"sk-"*5000}': '{"a":"' + "sk-" * 5000 + '"}',
        # prose passwords: every keyword looks ahead a bounded number of words
        '"password is " * 8000': "password is " * 8000,
        '"the password on the box " * 4000': "the password on the box " * 4000,
        '"비밀번호는 " * 10000': "비밀번호는 " * 10_000,
        '"AKIA…" + 40-char runs': ("AKIAPFDRN2KPMCXD9LFJ " + "Ab1/" * 10 + " ") * 1500,
    }


def us_per_kb(text: str, runs: int = 5) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        redact(text)
        best = min(best, time.perf_counter() - start)
    return best * 1e6 / (len(text.encode()) / 1024)


def main() -> None:
    redact("warm up: password = 'Qx7mK2pL9vR4tW8z' sk-proj-Qx7mK2pL9vR4tW8zN3bC6hJ1")  # lazy imports
    text = normal_text()
    base = us_per_kb(text)
    print(f"{'normal text':26} {len(text) / 1024:8.1f} KB {base:9.1f} us/KB   ratio 1.00")
    worst = 0.0
    for name, sample in pathological().items():
        t = us_per_kb(sample)
        worst = max(worst, t / base)
        print(f"{name:26} {len(sample) / 1024:8.1f} KB {t:9.1f} us/KB   ratio {t / base:4.2f}")
    print(f"worst ratio pathological/normal: {worst:.2f} (target <= 3)")


if __name__ == "__main__":
    main()
