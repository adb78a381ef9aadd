"""Regular expressions for a set of literal words that stay fast on long text.

Python's regex engine tries the branches of an alternation one by one at every position, so a
pattern of sixty words costs sixty attempts per character. Grouped by their first character,
the words cost one attempt at most positions, and a leading look-ahead on the first characters
lets the engine skip, in C, every position where no word starts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable


def any_word(words: Iterable[str], *, ignore_case: bool = False) -> str:
    """A pattern (no groups) that matches any of `words`, longest first where they share a start."""
    by_first: dict[str, list[str]] = {}
    for word in sorted(set(words), key=len, reverse=True):
        first = word[0].lower() if ignore_case else word[0]
        by_first.setdefault(first, []).append(re.escape(word[1:]))
    return "(?:" + "|".join(re.escape(c) + "(?:" + "|".join(rest) + ")" for c, rest in by_first.items()) + ")"


def first_chars(words: Iterable[str], *, ignore_case: bool = False) -> str:
    """A look-ahead for the characters that `words` start with."""
    chars = {w[0] for w in words}
    if ignore_case:
        chars |= {c.lower() for c in chars} | {c.upper() for c in chars}
    return "(?=[" + re.escape("".join(sorted(chars))) + "])"
