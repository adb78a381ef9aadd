"""Tool results kept within a token budget, with a note saying how to read what was cut."""

from __future__ import annotations

from collections.abc import Callable

Count = Callable[[str], int]  # tokens in a text, for the session's model

# Room kept for the note appended to a cut result.
NOTE_TOKENS = 60


def fits(text: str, budget: int, count: Count) -> bool:
    # Four characters per token is a safe upper bound for source text; count only when close.
    return len(text) <= budget * 2 or count(text) <= budget


def _longest(text: str, budget: int, count: Count, from_end: bool) -> int:
    """The largest number of characters of `text` (from its start, or its end) within budget."""
    lo, hi = 0, min(len(text), budget * 8)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        piece = text[-mid:] if from_end else text[:mid]
        if count(piece) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def head(text: str, budget: int, count: Count) -> str:
    """The longest start of `text` within `budget` tokens, cut at a line end when there is one."""
    if fits(text, budget, count):
        return text
    cut = text[:_longest(text, budget, count, from_end=False)]
    line_end = cut.rfind("\n")
    return cut[:line_end + 1] if line_end > len(cut) // 2 else cut


def tail(text: str, budget: int, count: Count) -> str:
    """The longest end of `text` within `budget` tokens, starting at a line start when possible."""
    if fits(text, budget, count):
        return text
    n = _longest(text, budget, count, from_end=True)
    cut = text[len(text) - n:] if n else ""
    line_start = cut.find("\n")
    return cut[line_start + 1:] if 0 <= line_start < len(cut) // 2 else cut


def fit_lines(lines: list[str], total: int, budget: int, count: Count, noun: str, hint: str
              ) -> tuple[str, int]:
    """As many of `lines` as fit in `budget` tokens, then a note of how many of `total` were
    left out and `hint`; (text, lines kept)."""
    kept: list[str] = []
    used = NOTE_TOKENS
    for line in lines:
        used += count(line) + 1
        if used > budget:
            break
        kept.append(line)
    text = "\n".join(kept)
    if total > len(kept):
        text += f"\n[… {total - len(kept):,} more {noun} left out; {hint}]"
    return text.lstrip("\n"), len(kept)
