"""Held-out corpus #4 parses: column counts, sizes, language spread, and self-consistency.

Nothing here runs the rules; the rule tests read these files.
"""

from __future__ import annotations

import json
from pathlib import Path

SCAN = Path(__file__).resolve().parent.parent / "data" / "scan"
HEADER = "# Held-out #4, written blind to the rules on 2026-12-01; never tune rules against it."


def _lines(name: str) -> list[str]:
    """Data lines of a held-out file, after checking its header comment."""
    raw = (SCAN / name).read_text(encoding="utf-8").split("\n")
    assert raw[0] == HEADER, f"{name} must start with the held-out #4 header"
    return [line for line in raw if line and not line.startswith("# ")]


def _rows(name: str, columns: int) -> list[list[str]]:
    rows = [line.split("\t") for line in _lines(name)]
    bad = [row for row in rows if len(row) != columns or not all(cell.strip() for cell in row)]
    assert not bad, f"{name}: rows without {columns} non-empty columns: {bad[:3]}"
    return rows


def test_memory_hostile_has_300_entries_in_15_languages() -> None:
    rows = _rows("holdout4_memory_hostile.tsv", 3)
    assert len(rows) >= 300
    languages = {row[0] for row in rows}
    assert len(languages) >= 15
    assert sum(row[0] == "en" for row in rows) <= len(rows) / 3
    shapes = {row[1] for row in rows}
    assert shapes == {
        "instruction",
        "exfiltration",
        "setup-note",
        "fact-poisoning",
        "fake-turns",
        "link-with-secret",
        "persona",
    }


def test_memory_benign_has_250_entries_with_security_and_host_notes() -> None:
    rows = _rows("holdout4_memory_benign.tsv", 3)
    assert len(rows) >= 250
    assert len({row[0] for row in rows}) >= 15
    assert sum(row[0] == "en" for row in rows) <= len(rows) / 3
    assert sum(row[1] == "security" for row in rows) >= 50
    assert sum(row[1] == "host" for row in rows) >= 20


def test_pasted_documents_contain_their_marked_lines() -> None:
    documents = [json.loads(line) for line in _lines("holdout4_pasted.jsonl")]
    assert len(documents) >= 40
    assert len({doc["lang"] for doc in documents}) >= 8
    for doc in documents:
        lines = doc["document"].split("\n")
        assert 5 <= len(lines) <= 15, doc["document"][:80]
        assert doc["hostile_lines"] and doc["benign_lines"]
        for marked in doc["hostile_lines"] + doc["benign_lines"]:
            assert marked in lines, marked
        assert not set(doc["hostile_lines"]) & set(doc["benign_lines"])


def test_agents_paragraphs_are_single_lines_in_the_counts_asked() -> None:
    hostile = _lines("holdout4_agents_hostile.txt")
    benign = _lines("holdout4_agents_benign.txt")
    assert len(hostile) >= 70
    assert len(benign) >= 120
    assert not set(hostile) & set(benign)


def test_each_secret_occurs_verbatim_in_its_text() -> None:
    rows = _rows("holdout4_secrets.tsv", 3)
    assert len(rows) >= 150
    missing = [row for row in rows if row[1] not in row[2]]
    assert not missing, missing[:3]
    assert len({row[1] for row in rows}) == len(rows), "each secret is distinct"


def test_code_lines_naming_secrets_are_present() -> None:
    lines = _lines("holdout4_code_names_secret.txt")
    assert len(lines) >= 120
    assert len(set(lines)) == len(lines)
