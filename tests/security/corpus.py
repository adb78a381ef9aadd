"""Loading the scan corpora in tests/data/scan (format documented in each file's header)."""

from __future__ import annotations

import codecs
from pathlib import Path

SCAN_DATA = Path(__file__).resolve().parents[1] / "data" / "scan"
_EXPECTED = ("block: ", "stage: ")


def _lines(name: str) -> list[str]:
    out = []
    for raw in (SCAN_DATA / name).read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        if "\\" in raw:
            raw = codecs.decode(raw.encode("latin-1", "backslashreplace"), "unicode_escape")
        out.append(raw)
    return out


def load_malicious(split: str, kind: str = "") -> list[tuple[str, str]]:
    """(minimum outcome, text) pairs; split is "train" or "holdout", kind "" (memory entries) or
    "agents" (project-instruction paragraphs: AGENTS.md, CLAUDE.md)."""
    name = _file_name(kind, "malicious", split)
    pairs = []
    for line in _lines(name):
        prefix = line[:7]
        if prefix not in _EXPECTED:
            raise ValueError(f"{name}: line lacks 'block: ' or 'stage: ': {line!r}")
        pairs.append((prefix[:-2], line[7:]))
    return pairs


def load_benign(split: str, kind: str = "") -> list[str]:
    """Benign lines of a split; `kind` as for load_malicious."""
    return _lines(_file_name(kind, "benign", split))


def has_corpus(split: str, kind: str = "") -> bool:
    """Whether both files of a split exist (a held-out split may not be written yet)."""
    return all((SCAN_DATA / _file_name(kind, side, split)).exists() for side in ("malicious", "benign"))


def _file_name(kind: str, side: str, split: str) -> str:
    return f"{kind}_{side}_{split}.txt" if kind else f"{side}_{split}.txt"
