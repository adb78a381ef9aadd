"""Where a memory write's text came from: this turn's file and command output.

Text in a repository must never write itself into memory unseen. The file and command tools
`record` what they showed the model; a memory write whose text repeats a run of that output is
staged for the person's approval whatever `memory.write_approval` says (hermes/memory/
screening.py applies it), with the reason "copied from file X".

Matching is on words, not bytes: text is NFKC-normalised and case-folded, split into words
(\\w+), and bare numbers are dropped (line numbers of a file view and counters in a log must
not hide a copy). Each recorded output keeps only the sorted hashes of its 4-word shingles in
an array (8 bytes a shingle, no text); of a large output only the first and last EDGE_CHARS
are fingerprinted, so 10 MB of command output costs a bounded pass and a few MB, and a lookup
is a binary search. A write matches when its copied words form a run of
at least RUN_WORDS words, or cover at least half of a write of at least SHINGLE words.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from array import array
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass

from hermes.security.overlap import Evidence

SHINGLE = 4  # words per shingle
RUN_WORDS = 8  # a copied run this long matches, however long the write
HALF = 0.5  # or this share of the write's words, when they come from shingles of the output
# Of one output only the head and tail are fingerprinted: the model is only ever shown the head
# and tail of a large output (tool results are capped at a few thousand tokens; reading further
# is another call, recorded on its own), and 2 × 256 KB bounds the time (~0.1 s) and memory
# one record costs, whatever the output's size. Call `record` off the event loop for big output.
EDGE_CHARS = 256 * 1024

_WORD = re.compile(r"\w+")


def words_of(text: str) -> list[str]:
    """The words a match compares: NFKC, case-folded, without bare numbers."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return [w for w in _WORD.findall(folded) if not w.isdigit()]


def _shingle_hashes(words: list[str]) -> list[int]:
    # Python's str hash is salted per process: fine, the hashes never leave this process.
    # the shifted lists differ in length on purpose: zip stops at the last whole shingle
    return [hash(shingle) for shingle in zip(*(words[i:] for i in range(SHINGLE)), strict=False)]


@dataclass(frozen=True)
class _Source:
    label: str
    hashes: array[int]  # sorted 64-bit shingle hashes

    def has(self, h: int) -> bool:
        i = bisect_left(self.hashes, h)
        return i < len(self.hashes) and self.hashes[i] == h


def _fingerprint(label: str, text: str) -> _Source | None:
    parts = [text[:EDGE_CHARS], text[-EDGE_CHARS:]] if len(text) > 2 * EDGE_CHARS else [text]
    hashes: list[int] = []
    for part in parts:
        hashes += _shingle_hashes(words_of(part))
    if not hashes:
        return None
    return _Source(label, array("q", sorted(set(hashes))))


def copied_words(text_words: list[str], source: _Source) -> tuple[int, int]:
    """(longest run of words copied from `source`, words covered by copied shingles)."""
    covered = [False] * len(text_words)
    for i, h in enumerate(_shingle_hashes(text_words)):
        if source.has(h):
            for j in range(i, i + SHINGLE):
                covered[j] = True
    longest = run = 0
    for c in covered:
        run = run + 1 if c else 0
        longest = max(longest, run)
    return longest, sum(covered)


def reason_for(label: str) -> str:
    """`copied from file X` or `copied from command output: …` for a recorded label."""
    if label.startswith("file "):
        return f"copied from file {label[5:]}"
    if label.startswith("command "):
        return f"copied from command output: {label[8:]}"
    return f"copied from {label}"


def cannot_compare(labels: list[str]) -> Callable[[str], str | None]:
    """A provenance check for a review replayed after a restart: the turn's output is gone,
    so every new text from it is staged, naming what the turn showed."""
    shown = ", ".join(labels[:3]) + (f" and {len(labels) - 3} more" if len(labels) > 3 else "")

    def reason(_text: str) -> str:
        return (f"may be copied from {shown}: that output is no longer there to compare "
                "(the review ran after a restart)")

    return reason


class TurnSources:
    """The file and command output the model saw in the current turn (fingerprints only).

    Thread-safe: tools record from the event loop or worker threads while a memory write may
    be checked in another thread."""

    def __init__(self, sources: tuple[_Source, ...] = ()) -> None:
        self._lock = threading.Lock()
        self._sources: tuple[_Source, ...] = sources
        self._labels: tuple[str, ...] = tuple(dict.fromkeys(s.label for s in sources))
        # tokens and head text of each output, for the origin gate's looser support check
        self._evidence: tuple[Evidence, ...] = ()
        # what every turn's prompt carries (project context, the provider's block): kept
        # across `clear()`, replaced by the next `record(..., standing=True)` of its label
        self._standing: tuple[Evidence, ...] = ()

    def record(self, label: str, text: str, *, standing: bool = False) -> None:
        """Remember that `text` (a file's content, a command's output) was shown this turn;
        `label` is "file <path>", "command <command line>", "session_search …", "provider …",
        "project context" or "pasted block". `standing` sources stay for every turn."""
        if standing:
            evidence = Evidence(label, text or "")
            with self._lock:
                self._standing = (*(e for e in self._standing if e.label != label), evidence)
            return
        source = _fingerprint(label, text or "")
        evidence = Evidence(label, text or "")
        with self._lock:
            if label not in self._labels:
                self._labels = (*self._labels, label)
            if source is not None:
                self._sources = (*self._sources, source)
            self._evidence = (*self._evidence, evidence)

    def clear(self) -> None:
        """Forget this turn's output (at the start of each turn); standing sources stay."""
        with self._lock:
            self._sources = ()
            self._labels = ()
            self._evidence = ()

    def evidence(self) -> tuple[Evidence, ...]:
        """Every source's tokens and head text: this turn's output, then the standing ones."""
        return self._evidence + self._standing

    @property
    def labels(self) -> list[str]:
        """What was recorded this turn, in order (each label once)."""
        return list(self._labels)

    def snapshot(self) -> TurnSources:
        """A copy that keeps this turn's sources after `clear()` (for the background review,
        which runs while the next turn may already have started)."""
        with self._lock:
            copy = TurnSources(self._sources)
            copy._labels = self._labels
            copy._evidence = self._evidence
            copy._standing = self._standing
            return copy

    def match(self, text: str) -> str | None:
        """The label of the output `text` repeats (the one it copies most from), or None."""
        sources = self._sources  # a tuple: a concurrent record or clear never disturbs this read
        if not sources:
            return None
        text_words = words_of(text)
        if len(text_words) < SHINGLE:
            return None
        best: tuple[int, str] | None = None
        for source in sources:
            longest, covered = copied_words(text_words, source)
            copied = longest >= RUN_WORDS or covered >= HALF * len(text_words)
            if copied and (best is None or covered > best[0]):
                best = (covered, source.label)
        return best[1] if best else None

    def reason(self, text: str) -> str | None:
        """`match` as the reason a staged write shows ("copied from file X"), or None."""
        label = self.match(text)
        return reason_for(label) if label is not None else None
