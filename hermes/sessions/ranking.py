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
from collections.abc import Callable, Sequence
from itertools import repeat

from hermes.sessions.text import CJK_RUN

K1 = 1.2
B = 0.75
SCORED_CHARS = 2000  # how much of each message is looked at


def term_counter(term: str) -> Callable[[Sequence[str]], list[int]]:
    """Occurrences of `term` in each of a list of lower-cased texts: a plain substring count
    (so `test` also counts `tests`), whole words only for one- and two-letter Latin terms (not
    for a symbol such as an emoji, which has no word boundary around it)."""
    term = term.lower()
    if len(term) <= 2 and term.isalnum() and not CJK_RUN.search(term):
        pattern = re.compile(r"\b" + re.escape(term) + r"\b")
        return lambda texts: [len(pattern.findall(text)) for text in texts]
    # str.count mapped over the texts: no Python frame per text
    return lambda texts: list(map(str.count, texts, repeat(term)))


def bm25_scores(texts: Sequence[str], terms: list[str],
                tools: Sequence[str | None] | None = None) -> list[float]:
    """A BM25-style score per text (higher is better; 0 when no term is seen).

    With `tools`, text i is scored as `(tools[i] or "") + " " + texts[i]`, a tool's name
    before its output, without that string being built: no term holds a space, so its count
    in the whole is its count in the name plus its count in the text (a word boundary at
    the space is one at the end of either), and the whole's length is theirs plus one."""
    if not texts:
        return []
    counters = [term_counter(t) for t in dict.fromkeys(t for t in terms if t)]
    lowered = list(map(str.lower, texts))
    named: list[tuple[int, str]] = []
    if tools is None:
        lengths = [len(t) or 1 for t in texts]
    else:
        lengths = [len(t) + 1 for t in texts]
        if any(tools):
            named = [(i, tool) for i, tool in enumerate(tools) if tool]
            for i, tool in named:
                lengths[i] += len(tool)
    named_lowered = [tool.lower() for _, tool in named]
    avg = sum(lengths) / len(lengths)
    n = len(texts)
    scores: list[float] = []  # empty until a term is seen
    norms: list[float] = []  # each text's length normalisation, the same for every term
    k1, b, one_minus_b, k1_plus_1 = K1, B, 1.0 - B, K1 + 1.0
    for count in counters:
        counts = count(lowered)
        if named:
            for (i, _), extra in zip(named, count(named_lowered), strict=True):
                counts[i] += extra
        df = n - counts.count(0)
        if not df:
            continue
        idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        if not norms:
            norms = [k1 * (one_minus_b + b * length / avg) for length in lengths]
        # the same sum, term by term, as a loop over the texts would make (the first term's
        # parts are the sums themselves: 0.0 + x is x)
        if scores:
            scores = [s + idf * tf * k1_plus_1 / (tf + norm) if tf else s
                      for s, tf, norm in zip(scores, counts, norms, strict=True)]
        else:
            scores = [idf * tf * k1_plus_1 / (tf + norm) if tf else 0.0
                      for tf, norm in zip(counts, norms, strict=True)]
    return scores or [0.0] * n
