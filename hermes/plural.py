"""Counted nouns for what people read: `1 message`, `2 messages` (never `1 messages`)."""

from __future__ import annotations


def count(n: int, word: str, plural: str | None = None) -> str:
    """`n` and the noun in the form that agrees with it; `plural` for irregular ones."""
    return f"{n:,} {word if n == 1 else (plural or word + 's')}"


def noun(n: int, word: str, plural: str | None = None) -> str:
    """The noun alone, in the form that agrees with `n` (`turn` / `turns`)."""
    return word if n == 1 else (plural or word + "s")
