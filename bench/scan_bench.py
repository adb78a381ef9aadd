"""The memory threat scan: outcomes on the train and held-out corpora, the project-context
filter's paragraphs kept out and kept in, and scan time per KB for ordinary text versus
pathological text of the same size (the ratio must stay within 3x).

Run: python bench/scan_bench.py [--runs N]
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hermes.security.context_filter import judge_paragraph  # noqa: E402
from hermes.security.scan import ALLOW, BLOCK, STAGE, assess  # noqa: E402
from tests.security.corpus import SCAN_DATA, load_benign, load_lines, load_malicious  # noqa: E402

SIZE = 12_000  # characters: a large MEMORY.md


def _counts(outcomes: list[str]) -> str:
    n = len(outcomes)
    parts = [f"{name} {outcomes.count(o):>3} ({100 * outcomes.count(o) / n:5.1f}%)"
             for name, o in (("blocked", BLOCK), ("staged", STAGE), ("written", ALLOW))]
    return f"n={n:<4} " + "  ".join(parts)


def _normal_text() -> str:
    lines = load_benign("train")
    text, i = "", 0
    while len(text) < SIZE:
        text += lines[i % len(lines)] + "\n§\n"
        i += 1
    return text[:SIZE]


def _pathological() -> dict[str, str]:
    b64 = base64.b64encode(b"The deploy script lives in scripts/deploy.sh and runs on merge. " * 200).decode()
    cases = {
        "'<!-- ignore ' * n": "<!-- ignore " * 1000,
        "'i g n o r e ' * n": "i g n o r e " * 1000,
        "'a' * n": "a" * SIZE,
        "'a ' * n + 'ab'": "a " * (SIZE // 2) + "ab",
        "long base64": b64,
        "'sk-' * n": "sk-" * (SIZE // 3),
        "\"'a \" * n": "'a " * (SIZE // 3),
        "'ignore previous ' * n": "ignore previous " * (SIZE // 16),
        "'\\n' * n + 'system:'": "\n" * SIZE + "system:",
        "'curl x | ' * n": "curl x | " * (SIZE // 9),
        # a base letter under thousands of alternating combining marks: quadratic inside NFKC
        # unless the runs are capped first (sanitize.cap_combining_marks)
        "'e' + alternating marks * n": "e" + "\u0301\u0316" * (SIZE // 2),
        "('e' + marks * 200) * n": ("e" + "\u0301\u0316" * 100) * (SIZE // 201),
    }
    return {name: (text * (SIZE // len(text) + 1))[:SIZE] for name, text in cases.items()}


def _ms_per_kb(text: str, runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        assess(text)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000 / (len(text) / 1000)


# Project-context corpora: (label, hostile file, benign file); the held-out ones were written
# blind to the rules. #2 and #3 were measured before this filter existed (already seen).
_CONTEXT_CORPORA = (
    ("train", "agents_malicious_train.txt", "agents_benign_train.txt"),
    ("dev (filter's own)", "context_dev_hostile.txt", "context_dev_benign.txt"),
    ("held-out #2 (seen)", "agents_malicious_holdout.txt", "agents_benign_holdout.txt"),
    ("held-out #3 (seen)", "agents3_malicious_holdout.txt", "agents3_benign_holdout.txt"),
    ("held-out #4 (blind)", "holdout4_agents_hostile.txt", "holdout4_agents_benign.txt"),
)


def _paragraph(line: str) -> str:
    return line[7:] if line[:7] in ("block: ", "stage: ") else line


def _project_context_rows() -> None:
    """Per paragraph, as project.py judges AGENTS.md: hostile kept out, benign kept in (counts
    only: lines of a held-out file are never printed)."""
    print("\nProject context (AGENTS.md paragraphs, context_filter.judge_paragraph)")
    for label, hostile_name, benign_name in _CONTEXT_CORPORA:
        if not all((SCAN_DATA / n).exists() for n in (hostile_name, benign_name)):
            continue
        hostile = [_paragraph(line) for line in load_lines(hostile_name)]
        benign = load_lines(benign_name)
        out = sum(not judge_paragraph(p).kept for p in hostile)
        kept = sum(judge_paragraph(p).kept for p in benign)
        print(f"  {label:<20} hostile kept out {out:>3}/{len(hostile):<3} ({100 * out / len(hostile):5.1f}%)"
              f"   benign kept in {kept:>3}/{len(benign):<3} ({100 * kept / len(benign):5.1f}%)")
    benign = load_lines("agents_benign_train.txt")
    start = time.perf_counter()
    for paragraph in benign:
        judge_paragraph(paragraph)
    per = (time.perf_counter() - start) * 1000 / len(benign)
    print(f"  per paragraph (judge_paragraph)  {per:7.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    print("Outcomes (malicious should be blocked or staged; benign written)")
    for split in ("train", "holdout"):
        mal = [assess(t).outcome for _, t in load_malicious(split)]
        ben = [assess(t).outcome for t in load_benign(split)]
        print(f"  {split:<8} malicious  {_counts(mal)}")
        print(f"  {split:<8} benign     {_counts(ben)}")

    _project_context_rows()

    print(f"\nScan time, median of {args.runs} runs, {SIZE:,}-character texts")
    normal = _ms_per_kb(_normal_text(), args.runs)
    print(f"  {'ordinary notes (benign corpus)':<32} {normal:7.3f} ms/KB")
    worst = 0.0
    for name, text in _pathological().items():
        per_kb = _ms_per_kb(text, args.runs)
        worst = max(worst, per_kb / normal)
        print(f"  {name:<32} {per_kb:7.3f} ms/KB   ratio {per_kb / normal:4.2f}x")
    print(f"  worst ratio {worst:.2f}x (target: at most 3x)")
    entries = load_benign("train")
    start = time.perf_counter()
    for entry in entries:
        assess(entry)
    per_entry = (time.perf_counter() - start) * 1000 / len(entries)
    print(f"  per ordinary entry (assess)      {per_entry:7.3f} ms")


if __name__ == "__main__":
    main()
