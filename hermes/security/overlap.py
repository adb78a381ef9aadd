"""How much of one text another text supports, in any script (pure, no I/O).

Both texts are NFKC-normalised and case-folded. Scripts written with spaces give words (of
two letters or more, a short list of function words left out); scripts written without them
(Han, kana, Hangul, Thai, Lao, Khmer, Myanmar) give overlapping character pairs, so Korean
particles and Chinese word boundaries never hide a shared phrase. A word is supported by an
equal word or by one containing it (four letters or more: "prefer" ~ "preferred", "مشروع" ~
"المشروع"), which tolerates paraphrase and inflection without an exact copy.

`marks` are the parts of a text that must never be paraphrased: URLs, host names, e-mail
addresses, paths, numbers and versions, code spans. A text supported by another must have
every one of its marks in it verbatim (after folding).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Set

# Scripts written without spaces between words: compared by character pairs.
_UNSPACED = re.compile(
    "[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3100-\u312f\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
_WORD = re.compile(r"[^\W_]+")
# Function words of the commonest languages; two-letter words are dropped by length anyway.
_FUNCTION_TEXT = """
the and for with that this from into onto are was were has have had but not you your yours
his her its our their they them she him who what which when where why how all any some than
then also just only very can could would should will shall may might must does did been being
user user's users assistant remember please about there here these those such
der die das und mit den dem des ein eine einer einen ist sind war nicht für von auf aus bei
les des une est sont pas pour avec dans sur par que qui aux ces son ses leur
los las una uno del con por para que como más pero sus este esta
che per con una uno gli non sono della delle dei nel
não uma com por para que dos das nos mais
het een van voor met zijn niet wordt
"""
_FUNCTION_WORDS = frozenset(_FUNCTION_TEXT.split())
_MIN_CONTAINED = 4

_MARK = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://|www\.)[^\s<>\"'`)\]]+"  # URLs
    r"|[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # e-mail
    r"|`[^`\n]{1,200}`"  # code spans
    r"|(?:~|\.{1,2})?/[\w.@%+~-]+(?:/[\w.@%+~-]*)*"  # paths
    r"|\b[\w-]+(?:\.[\w-]+)*\.(?:[a-z]{2,6})\b"  # host names and file names (x.y)
    r"|\d[\d.,:/-]*\d|\d",  # numbers, versions, dates
    re.IGNORECASE)


def fold(text: str) -> str:
    """NFKC form, case-folded: what every comparison here reads."""
    return unicodedata.normalize("NFKC", text).casefold()


def tokens(text: str) -> set[str]:
    """The content tokens of `text`: words of spaced scripts, character pairs of the others."""
    folded = fold(text)
    out: set[str] = set()
    for run in _UNSPACED.findall(folded):
        if len(run) == 1:
            out.add(run)
        out.update(run[i:i + 2] for i in range(len(run) - 1))
    spaced = _UNSPACED.sub(" ", folded)
    for word in _WORD.findall(spaced):
        if len(word) >= 2 and word not in _FUNCTION_WORDS and not word.isdigit():
            out.add(word)
    return out


def marks(text: str) -> set[str]:
    """URLs, hosts, addresses, paths, numbers and code spans of `text`, folded."""
    return {m.group(0).strip("`").rstrip(".,;:") for m in _MARK.finditer(fold(text))} - {""}


def _supported(token: str, pool: Set[str]) -> bool:
    if token in pool:
        return True
    if len(token) < _MIN_CONTAINED:
        return False
    return any(len(p) >= _MIN_CONTAINED and (token in p or p in token) for p in pool)


def share(text_tokens: Set[str], pool: Set[str]) -> float:
    """The share of `text_tokens` that `pool` supports (0 when there are none)."""
    if not text_tokens:
        return 0.0
    return sum(1 for t in text_tokens if _supported(t, pool)) / len(text_tokens)


def marks_in(text_marks: Iterable[str], folded_source: str) -> bool:
    """Whether every mark appears verbatim in the folded source text."""
    return all(m in folded_source for m in text_marks)


# What a source keeps for support checks: its head only (a memory entry is short, and the
# model is shown the head of large output first).
EVIDENCE_CHARS = 64 * 1024


class Evidence:
    """One source's tokens and folded text, for `share` and `marks_in`."""

    __slots__ = ("folded", "label", "tokens")

    def __init__(self, label: str, text: str) -> None:
        self.label = label
        self.folded = fold(text[:EVIDENCE_CHARS])
        self.tokens = frozenset(tokens(self.folded))

    def supports(self, text_tokens: Set[str], text_marks: Set[str]) -> float:
        """The share of the text's tokens found here, or 0 when a mark of it is missing."""
        if not marks_in(text_marks, self.folded):
            return 0.0
        if not text_tokens:
            return 1.0 if text_marks else 0.0
        return share(text_tokens, self.tokens)
