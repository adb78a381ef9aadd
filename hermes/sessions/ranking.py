"""Relevance of candidate messages, computed in Python over a bounded candidate set.

FTS5's bm25() needs each term's document frequency, which it gets by walking the term's
whole doclist once per query: on a million messages that alone costs ~10 ms for a common
word. The candidates are already bounded (the newest few hundred matches), so they are scored
here with the same BM25 shape — term frequency saturation, length normalisation, and an
inverse document frequency estimated within the candidate set.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from itertools import repeat

from hermes.sessions.text import CJK_RUN

K1 = 1.2
B = 0.75
SCORED_CHARS = 2000  # how much of each message is looked at


def term_counter(term: str) -> Callable[[list[str]], list[int]]:
    """Occurrences of `term` in each of a list of lower-cased texts: a plain substring count
    (so `test` also counts `tests`), whole words only for one- and two-letter Latin terms (not
    for a symbol such as an emoji, which has no word boundary around it)."""
    term = term.lower()
    if len(term) <= 2 and term.isalnum() and not CJK_RUN.search(term):
        pattern = re.compile(r"\b" + re.escape(term) + r"\b")
        return lambda texts: [len(pattern.findall(text)) for text in texts]
    # str.count mapped over the texts: no Python frame per text
    return lambda texts: list(map(str.count, texts, repeat(term)))


def bm25_scores(texts: list[str], terms: list[str]) -> list[float]:
    """A BM25-style score per text (higher is better; 0 when no term is seen)."""
    if not texts:
        return []
    counters = [term_counter(t) for t in dict.fromkeys(t for t in terms if t)]
    lowered = [t.lower() for t in texts]
    lengths = [len(t) or 1 for t in texts]
    avg = sum(lengths) / len(lengths)
    n = len(texts)
    scores = [0.0] * n
    norms: list[float] = []  # each text's length normalisation, the same for every term
    for count in counters:
        counts = count(lowered)
        df = n - counts.count(0)
        if not df:
            continue
        idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        if not norms:
            norms = [K1 * (1.0 - B + B * length / avg) for length in lengths]
        # the same sum, term by term, as a loop over the texts would make
        scores = [s + idf * tf * (K1 + 1.0) / (tf + norm) if tf else s
                  for s, tf, norm in zip(scores, counts, norms, strict=True)]
    return scores
