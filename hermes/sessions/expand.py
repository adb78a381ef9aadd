"""Stemming as a recall aid: the indexed words that share a query word's English stem.

The index holds words exactly as written (schema 4), so `runnings` finds the one message that
says "runnings" and `runni*` every word that starts with "runni". When the exact matches leave
room, search.py adds a second tier, ranked behind them, in which a plain word also matches its
inflections: `deploy` → "deployed", "deploying", "deploys". The inflections are read from the
index's own vocabulary (the fts5vocab table `messages_fts_terms`), so only words that really
occur in the history are added and a word the stemmer gets wrong costs nothing.

The stemmer is Snowball's English (Porter 2) from the `snowballstemmer` package, loaded on first
use. Only ASCII words of three letters or more are stemmed: it is an English stemmer.
"""

from __future__ import annotations

import functools
import sqlite3
from typing import Protocol

# How many vocabulary words one query word may look at (each is one seek in the index, ~20 µs),
# and how many of them it may add to the query.
MAX_SCANNED = 64
MAX_VARIANTS = 16
# An inflection is at most this much longer than the word ("generalizations" vs "general").
MAX_SUFFIX = 9


class _Stemmer(Protocol):
    """snowballstemmer's stemmer (the package ships no types)."""

    def stemWord(self, word: str) -> str: ...  # noqa: N802 - snowballstemmer's name


@functools.lru_cache(maxsize=1)
def _stemmer() -> _Stemmer:
    from snowballstemmer import stemmer

    english: _Stemmer = stemmer("english")
    return english


@functools.lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """The English stem of a lower-case word (`running` → `run`)."""
    return str(_stemmer().stemWord(word))


def stemmable(word: str) -> bool:
    """Whether `word` (lower case, as the index holds it) is one the English stemmer may expand."""
    return len(word) >= 3 and word.isascii() and word.isalpha()


def _scan_prefix(word: str, root: str) -> str:
    # Snowball turns a final y into i and adds or keeps a final e, so "happy"/"happiness" stem to
    # "happi" and "making" to "make": for those the inflections share one letter less.
    return root[:-1] if root[-1:] in ("e", "i") and len(root) >= 3 else root


def variants(conn: sqlite3.Connection, word: str) -> list[str]:
    """Other indexed words with the same stem as `word` (not `word` itself), at most MAX_VARIANTS.

    Walks the index's vocabulary from the stem's prefix, one term at a time: the `instance`
    form of fts5vocab yields a term's first occurrence without counting them all, which a
    `row` vocabulary would do (milliseconds for a common word on a large history)."""
    word = word.lower()
    if not stemmable(word):
        return []
    root = stem(word)
    if len(root) < 2:
        return []
    prefix = _scan_prefix(word, root)
    found: list[str] = []
    cursor = prefix
    for _ in range(MAX_SCANNED):
        row = conn.execute(
            "SELECT term FROM messages_fts_terms WHERE term >= ? LIMIT 1", (cursor,)
        ).fetchone()
        if row is None or not str(row[0]).startswith(prefix):
            break
        term = str(row[0])
        if term != word and len(term) <= len(word) + MAX_SUFFIX and stemmable(term) and stem(term) == root:
            found.append(term)
            if len(found) >= MAX_VARIANTS:
                break
        cursor = term + "\x01"  # the next term after this one (no indexed term holds \x01)
    return found
