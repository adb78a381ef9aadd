"""Loading the scan corpora in tests/data/scan (format documented in each file's header)."""

from __future__ import annotations

import codecs
import contextlib
from pathlib import Path

SCAN_DATA = Path(__file__).resolve().parents[1] / "data" / "scan"
_EXPECTED = ("block: ", "stage: ")


def _lines(name: str) -> list[str]:
    return load_path(SCAN_DATA / name)


def load_path(path: Path) -> list[str]:
    """The data lines of a corpus file anywhere (a blind set before it is added here)."""
    rows = path.read_text(encoding="utf-8").splitlines()
    # A blind corpus has exactly two header lines; after them a line opening with "#" is data
    # (a Markdown heading in a paragraph, a shell comment). Older files comment anywhere.
    blind = len(rows) > 1 and rows[1].startswith("# written blind")
    out = []
    for raw in rows[2:] if blind else rows:
        if not raw.strip() or (raw.startswith("#") and not blind):
            continue
        if "\\" in raw:
            with contextlib.suppress(UnicodeDecodeError):  # a Windows path's "\U…" is text, not an escape
                raw = codecs.decode(raw.encode("latin-1", "backslashreplace"), "unicode_escape")
        out.append(raw)
    return out


def load_malicious(split: str) -> list[tuple[str, str]]:
    """(minimum outcome, text) pairs; split is "train" or "holdout"."""
    pairs = []
    for line in _lines(f"malicious_{split}.txt"):
        prefix = line[:7]
        if prefix not in _EXPECTED:
            raise ValueError(f"malicious_{split}.txt: line lacks 'block: ' or 'stage: ': {line!r}")
        pairs.append((prefix[:-2], line[7:]))
    return pairs


def load_benign(split: str) -> list[str]:
    return _lines(f"benign_{split}.txt")


def load_lines(name: str) -> list[str]:
    """The data lines of any corpus file in tests/data/scan, prefixes kept."""
    return _lines(name)
