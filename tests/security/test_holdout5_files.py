"""Held-out corpus #5 (AGENTS.md paragraphs, written blind to the project-context rules) parses:
its header and its size. Nothing here runs the rules; bench/scan_bench.py measures them."""

from __future__ import annotations

from tests.security.corpus import SCAN_DATA, load_lines

HEADER = "# Held-out #5, written blind to the rules on 2026-12-02; never tune rules against it."


def test_the_agents_corpora_carry_the_blind_header_and_their_paragraphs():
    for name, least in (("holdout5_agents_hostile.txt", 160), ("holdout5_agents_benign.txt", 200)):
        assert (SCAN_DATA / name).read_text(encoding="utf-8").split("\n", 1)[0] == HEADER
        lines = load_lines(name)
        assert len(lines) >= least and all(line.strip() for line in lines)
