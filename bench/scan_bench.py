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

from hermes.security.context_reach import screen_paragraph  # noqa: E402
from hermes.security.scan import ALLOW, BLOCK, STAGE, assess  # noqa: E402
from tests.security.corpus import SCAN_DATA, load_benign, load_lines, load_malicious, load_path  # noqa: E402

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


ORIGIN_KINDS = ("written", "staged", "blocked", "refused", "dropped")


def _origin_outcome(text: str, origin: str) -> str:
    """The outcome of the model adding `text` to MEMORY.md when it came from `origin`:
    the person said it, a file showed it, the person pasted it in a document, or nobody
    (foreground) / nobody (review)."""
    from hermes.config import Config
    from hermes.memory.memory_tool import MemoryTool
    from hermes.workspace.provenance import TurnSources

    cfg = Config().memory
    sources = TurnSources()
    said = ["hello"]
    writer = "tool"
    if origin == "user":
        said = [text]
    elif origin == "file":
        said = ["what does notes.md say?"]
        sources.record("file notes.md", f"# Notes\n\nSome context first.\n{text}\nMore notes.\n")
    elif origin == "paste":
        said = [f"From the vendor's note:\n\nPlease read all of this.\n{text}\nThanks, the "
                "vendor.\n\nWhat do you make of it?"]
    elif origin == "review":
        writer = "review"
    tool = MemoryTool(cfg, origin=writer, said=lambda: said, sources=sources)
    return tool.outcome_of(text, "memory")[0]


def _origin_counts(outcomes: list[str]) -> str:
    n = len(outcomes) or 1
    return "  ".join(f"{k} {outcomes.count(k):>3} ({100 * outcomes.count(k) / n:5.1f}%)"
                     for k in ORIGIN_KINDS if outcomes.count(k))


def _data_lines(path: Path) -> list[str]:
    """A corpus file's data lines, read as the tests read them (a blind corpus's lines after its
    two header lines are all data, a Markdown heading too; `\\n` escapes decoded)."""
    return load_path(path)


def _silent_share(outcomes: list[str]) -> str:
    n = len(outcomes) or 1
    kept = n - outcomes.count("written")
    return f"not written {kept}/{len(outcomes)} ({100 * kept / n:.1f}%)"


def _pasted_outcome(document: str, line: str) -> str:
    """The model saves `line` of a document the person pasted and asked about."""
    from hermes.config import Config
    from hermes.memory.memory_tool import MemoryTool

    said = [f"{document}\n\nWhat do you make of it?"]
    return MemoryTool(Config().memory, said=lambda: said).outcome_of(line, "memory")[0]


def _holdout_rows(folder: Path, prefix: str) -> None:
    """A blind held-out set (`prefix`_memory_hostile.tsv … in `folder`), counts only (its lines
    are never printed)."""
    import json

    print(f"\nHeld-out {prefix} ({folder}), counts only")
    hostile = [row.split("\t", 2)[2] for row in _data_lines(folder / f"{prefix}_memory_hostile.tsv")]
    benign = [row.split("\t", 2)[2] for row in _data_lines(folder / f"{prefix}_memory_benign.tsv")]
    print(f"  memory hostile (n={len(hostile)})")
    for origin in ("file", "paste", "model", "review", "user"):
        outcomes = [_origin_outcome(t, origin) for t in hostile]
        print(f"    {origin:<8} {_silent_share(outcomes)}   {_origin_counts(outcomes)}")
    outcomes = [_origin_outcome(t, "user") for t in benign]
    n = len(outcomes) or 1
    refused = outcomes.count("blocked") + outcomes.count("refused")
    print(f"  memory benign said by the user (n={len(benign)}): written "
          f"{outcomes.count('written')} ({100 * outcomes.count('written') / n:.1f}%), refused "
          f"{refused} ({100 * refused / n:.1f}%)   {_origin_counts(outcomes)}")
    pasted = folder / f"{prefix}_pasted.jsonl"
    docs = [json.loads(row) for row in _data_lines(pasted)] if pasted.exists() else []
    if docs:  # not every held-out set has pasted documents
        bad = [_pasted_outcome(d["document"], ln) for d in docs for ln in d["hostile_lines"]]
        good = [_pasted_outcome(d["document"], ln) for d in docs for ln in d["benign_lines"]]
        print(f"  pasted documents (n={len(docs)}): hostile lines {_silent_share(bad)}   "
              f"{_origin_counts(bad)}")
        print(f"    their ordinary-fact lines: {_origin_counts(good)}")
    for name in (f"{prefix}_agents_hostile.txt", f"{prefix}_agents_benign.txt"):
        lines = _data_lines(folder / name)
        for origin in ("file", "user"):
            outcomes = [_origin_outcome(t, origin) for t in lines]
            print(f"  {name[len(prefix) + 1:-4]:<15} {origin:<5} (n={len(lines)}) {_silent_share(outcomes)}   "
                  f"{_origin_counts(outcomes)}")


def _origin_rows(holdout: Path | None, prefix: str = "holdout4") -> None:
    """Outcomes per origin over every corpus: hostile text from a file, a paste or the model
    must never be written; benign text the person states must be written."""
    corpora: list[tuple[str, bool, list[str]]] = []
    for split in ("train", "holdout"):
        corpora.append((f"malicious_{split}", True, [t for _, t in load_malicious(split)]))
        corpora.append((f"benign_{split}", False, load_benign(split)))
    for corpus in ("agents", "agents3"):
        for path in sorted(SCAN_DATA.glob(f"{corpus}_*.txt")):
            hostile = "malicious" in path.name or "hostile" in path.name
            lines = load_lines(path.name)
            if hostile:
                lines = [ln[7:] if ln[:7] in ("block: ", "stage: ") else ln for ln in lines]
            corpora.append((path.stem, hostile, lines))
    corpora.append(("directives_benign", False, load_lines("directives_benign.txt")))
    print("\nOutcomes per origin (counts only; the memory tool's gate, no disk writes)")
    for name, hostile, lines in corpora:
        print(f"  {name} ({'hostile' if hostile else 'benign'}, n={len(lines)})")
        for origin in ("user", "file", "paste", "model", "review"):
            outcomes = [_origin_outcome(text, origin) for text in lines]
            label = {"model": "model alone", "review": "review, model alone"}.get(origin, origin)
            print(f"    {label:<20} {_origin_counts(outcomes)}")
    if holdout is not None:
        _holdout_rows(holdout, prefix)


# Project-context corpora: (label, hostile file, benign file); the held-out ones were written
# blind to the rules. #2 and #3 were measured before this filter existed (already seen); #4 and
# #5 were each measured once blind (#5: 120/160 out, 176/200 in) and are now development sets.
_CONTEXT_CORPORA = (
    ("train", "agents_malicious_train.txt", "agents_benign_train.txt"),
    ("dev (filter's own)", "context_dev_hostile.txt", "context_dev_benign.txt"),
    ("held-out #2 (seen)", "agents_malicious_holdout.txt", "agents_benign_holdout.txt"),
    ("held-out #3 (seen)", "agents3_malicious_holdout.txt", "agents3_benign_holdout.txt"),
    ("held-out #4 (seen)", "holdout4_agents_hostile.txt", "holdout4_agents_benign.txt"),
    ("held-out #5 (seen)", "holdout5_agents_hostile.txt", "holdout5_agents_benign.txt"),
    ("held-out #6 (seen)", "holdout6_agents_hostile.txt", "holdout6_agents_benign.txt"),
    ("held-out #7 (seen)", "holdout7_agents_hostile.txt", "holdout7_agents_benign.txt"),
    ("held-out #8 (seen)", "holdout8_agents_hostile.txt", "holdout8_agents_benign.txt"),
    ("held-out #9 (seen)", "holdout9_agents_hostile.txt", "holdout9_agents_benign.txt"),
    ("held-out #10 (seen)", "holdout10_agents_hostile.txt", "holdout10_agents_benign.txt"),
    ("held-out #11 (seen)", "holdout11_agents_hostile.txt", "holdout11_agents_benign.txt"),
    ("held-out #12 (seen)", "holdout12_agents_hostile.txt", "holdout12_agents_benign.txt"),
    ("held-out #13 (seen)", "holdout13_agents_hostile.txt", "holdout13_agents_benign.txt"),
    ("held-out #14 (seen)", "holdout14_agents_hostile.txt", "holdout14_agents_benign.txt"),
    ("held-out #15 (seen)", "holdout15_agents_hostile.txt", "holdout15_agents_benign.txt"),
    ("held-out #16 (seen)", "holdout16_agents_hostile.txt", "holdout16_agents_benign.txt"),
    ("held-out #17 (seen)", "holdout17_agents_hostile.txt", "holdout17_agents_benign.txt"),
    ("held-out #18 (seen)", "holdout18_agents_hostile.txt", "holdout18_agents_benign.txt"),
    ("held-out #19 (seen)", "holdout19_agents_hostile.txt", "holdout19_agents_benign.txt"),
    ("held-out #20 (seen)", "holdout20_agents_hostile.txt", "holdout20_agents_benign.txt"),
    ("held-out #21 (seen)", "holdout21_agents_hostile.txt", "holdout21_agents_benign.txt"),
)


def _paragraph(line: str) -> str:
    return line[7:] if line[:7] in ("block: ", "stage: ") else line


def _project_context_rows() -> None:
    """Per paragraph, as project.py places AGENTS.md paragraphs (context_reach.screen_paragraph:
    what it names beyond the project, then the rules): hostile kept out of the prompt (held back
    or left out), benign in the prompt at once, held back for one admission, or left out
    (counts only: lines of a held-out file are never printed)."""
    print("\nProject context (AGENTS.md paragraphs, context_reach.screen_paragraph)")
    for label, hostile_name, benign_name in _CONTEXT_CORPORA:
        if not all((SCAN_DATA / n).exists() for n in (hostile_name, benign_name)):
            continue
        hostile = [screen_paragraph(_paragraph(line)) for line in load_lines(hostile_name)]
        benign = [screen_paragraph(line) for line in load_lines(benign_name)]
        out = sum(not v.kept for v in hostile)
        held = sum(v.staged for v in hostile)
        kept = sum(v.kept for v in benign)
        benign_held = sum(v.staged for v in benign)
        print(f"  {label:<20} hostile kept out {out:>3}/{len(hostile):<3} ({100 * out / len(hostile):5.1f}%, "
              f"{held} of them held back)   benign in at once {kept:>3}/{len(benign):<3} "
              f"({100 * kept / len(benign):5.1f}%), held back {benign_held}, left out "
              f"{len(benign) - kept - benign_held}")
    benign = load_lines("agents_benign_train.txt")
    start = time.perf_counter()
    for paragraph in benign:
        screen_paragraph(paragraph)
    per = (time.perf_counter() - start) * 1000 / len(benign)
    print(f"  per paragraph (screen_paragraph)  {per:7.3f} ms")
    _context_timing()


def _context_timing(runs: int = 3) -> None:
    """screen_paragraph per KB: ordinary AGENTS.md text against pathological paragraphs of the
    same size (the ratio must stay within 3x)."""
    size = 4_000
    ordinary = " ".join(load_lines("agents_benign_train.txt"))[:size]

    def per_kb(text: str) -> float:
        samples = []
        for _ in range(runs):
            start = time.perf_counter()
            screen_paragraph(text)
            samples.append(time.perf_counter() - start)
        return statistics.median(samples) * 1000 / (len(text) / 1000)

    base = per_kb(ordinary)
    print(f"  screen_paragraph, {size:,}-character paragraphs: ordinary {base:7.3f} ms/KB")
    cases = {"'tell the user ' * n": "tell the user ", "'never ' * n": "never ", "'curl ' * n": "curl ",
             "'https://a.b/ ' * n": "https://a.b/ ", "'send it there, ' * n": "send it there, ",
             "'a' * n": "a", "'` ' * n": "` ", "alternating marks": "e\u0301\u0316",
             "'confirm ' * n": "confirm ", "'fails success tell ' * n": "fails success tell ", "'$(' * n": "$(",
             "'1 ' * n": "1 ", "'x@y.io ' * n": "x@y.io "}
    worst = 0.0
    for name, unit in cases.items():
        text = (unit * (size // len(unit) + 1))[:size]
        ratio = per_kb(text) / base
        worst = max(worst, ratio)
        print(f"    {name:<24} ratio {ratio:5.2f}x")
    print(f"    worst ratio {worst:.2f}x (target: at most 3x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--holdout4", nargs="?", const=str(SCAN_DATA), default=None,
                        metavar="DIR", help="also the blind held-out corpora #4 "
                        "(holdout4_* in DIR, tests/data/scan by default)")
    parser.add_argument("--prefix", default="holdout4",
                        help="the held-out set's file prefix in DIR (e.g. holdout6)")
    parser.add_argument("--origins-only", action="store_true",
                        help="only the per-origin outcomes (no timing)")
    args = parser.parse_args()
    holdout4 = Path(args.holdout4) if args.holdout4 else None
    if args.origins_only:
        _origin_rows(holdout4, args.prefix)
        return

    print("Outcomes (malicious should be blocked or staged; benign written)")
    for split in ("train", "holdout"):
        mal = [assess(t).outcome for _, t in load_malicious(split)]
        ben = [assess(t).outcome for t in load_benign(split)]
        print(f"  {split:<8} malicious  {_counts(mal)}")
        print(f"  {split:<8} benign     {_counts(ben)}")

    _project_context_rows()

    _origin_rows(holdout4, args.prefix)

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
