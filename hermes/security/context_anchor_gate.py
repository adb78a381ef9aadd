"""The project-context decision by literal anchors, in whatever language the prose is.

context_anchors finds what a paragraph points at; this module decides with it, and with
nothing else of the language than whether a prohibition governs the anchor:
- machine data with an outside address or a network send: an upload, left out;
- a password written out: credential handling, left out;
- real-looking payment details written out: a payment, left out;
- a schedule or login item: persistence, held back until the person admits it.
A paragraph that forbids the anchored act ("never commit `.env`", "nunca uses `Welcome1!`")
is a convention and stays. Pure functions, no I/O.
"""

from __future__ import annotations

import re

from hermes.security.context_anchors import (
    machine_data_positions,
    network_send_positions,
    payment_positions,
    schedule_positions,
    secret_positions,
)
from hermes.security.context_structure import (
    CREDENTIALS,
    PAYMENT,
    PERSISTENCE,
    UPLOAD,
    StructuralFinding,
    outward,
    prohibited,
    reports_only,
)
from hermes.security.textforms import fold

_SENTENCE_END = re.compile(r"[.;!?](?=\s)|\n|[。！？；]")


def _free(paragraph: str, pos: int) -> bool:
    """Whether the anchor at `pos` of `paragraph` is asked for, not forbidden in its sentence."""
    start = 0
    for m in _SENTENCE_END.finditer(paragraph, 0, pos):
        start = m.end()
    end_match = _SENTENCE_END.search(paragraph, pos)
    end = end_match.end() if end_match else len(paragraph)
    before, after = fold(paragraph[start:pos]), fold(paragraph[pos:end])
    return not prohibited(f"{before} {after}", len(before) + 1)


def _any_free(paragraph: str, positions: list[int]) -> bool:
    return any(_free(paragraph, p) for p in positions[:50])


def anchor_finding(paragraph: str) -> StructuralFinding | None:
    """What the paragraph's literal anchors show against the user, or None when nothing."""
    text = paragraph[:20_000]
    data = _any_free(text, machine_data_positions(text))
    # a mail address that only receives a report ("hlaste na security@…") is no destination
    if data and (outward(reports_only(fold(text))) or _any_free(text, network_send_positions(text))):
        return StructuralFinding("out", UPLOAD)
    if _any_free(text, secret_positions(text)):
        return StructuralFinding("out", CREDENTIALS)
    if _any_free(text, payment_positions(text)):
        return StructuralFinding("out", PAYMENT)
    if _any_free(text, schedule_positions(text)):
        return StructuralFinding("stage", PERSISTENCE)
    return None
