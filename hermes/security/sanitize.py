"""Making untrusted text safe to store and to show: mended surrogates, neutralised controls.

Model replies and tool arguments can carry lone UTF-16 surrogates (a server that split an
emoji, a JSON `\\ud800` escape) that no UTF-8 file or database accepts, and terminal control
sequences (`ESC ]0;title BEL`, colours, cursor moves) that would take over the terminal of
whoever prints them. Both are fixed here, in pure functions, at the edges.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

REPLACEMENT = "\ufffd"
_SURROGATE = re.compile("[\ud800-\udfff]")
_HIGH_SURROGATE = re.compile("[\ud800-\udbff]$")

# C0 controls except \t and \n, DEL, and the C1 controls (U+0080-U+009F): everything a
# terminal may act on. ESC starts every escape sequence, so showing it visibly defuses them.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")


def mend_surrogates(text: str) -> str:
    """`text` with surrogate pairs joined into their character and lone surrogates replaced by
    U+FFFD, so it can be encoded as UTF-8. Text without surrogates is returned as it is."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def split_trailing_high_surrogate(text: str) -> tuple[str, str]:
    """(ready, held): a high surrogate at the end is held back, as its low half may arrive in
    the next streamed piece."""
    if _HIGH_SURROGATE.search(text):
        return text[:-1], text[-1]
    return text, ""


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # Unicode control pictures: ␛ ␇ ␀ …
    if code == 0x7F:
        return "\u2421"  # ␡
    return f"\\x{code:02x}"  # C1 controls have no picture


def neutralize_controls(text: str) -> str:
    """`text` safe to print to a terminal or put in a Markdown file: every control character
    except newline and tab is shown as a visible symbol (ESC as ␛, BEL as ␇, C1 as `\\x9b`),
    so no escape sequence can act, and every invisible format character that is not part of
    an emoji or a script's spelling (INVISIBLE without ZWJ, ZWNJ and variation selectors) is
    shown as `<U+202E>`. Windows line ends become plain newlines."""
    if _CONTROLS.search(text):
        text = _CONTROLS.sub(_visible, text.replace("\r\n", "\n"))
    if _SHOWN_INVISIBLE.search(text):
        text = _SHOWN_INVISIBLE.sub(lambda m: f"<U+{ord(m.group()):04X}>", text)
    return text


_C1 = re.compile("[\x80-\x9f]")


def escape_c1_in_json(text: str) -> str:
    """JSON text (from json.dumps with ensure_ascii=False) with C1 controls written as
    \\u escapes: the same data once parsed, but nothing a terminal acts on when printed.
    (json.dumps already escapes C0 controls, ESC included.)"""
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


# Format characters that render as nothing or reorder text (Unicode category Cf, without the
# Arabic and Kaithi number signs, which are visible): zero-width characters, bidi controls,
# the deprecated format controls U+206A-U+206F, interlinear annotation U+FFF9-U+FFFB, musical
# beam/slur controls U+1D173-U+1D17A, shorthand and hieroglyph format controls, tag characters
# and variation selectors. The soft hyphen U+00AD is one too: shown or not at the renderer's
# will, it splits a word for every rule that reads the text. The threat scan flags them
# (textforms.py); `remove_invisible` drops them from text that is shown or stored.
INVISIBLE = re.compile(
    "[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164"
    "\ufeff\uffa0\ufe00-\ufe0f\ufff9-\ufffb\U00013430-\U0001343f\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef]")


def remove_invisible(text: str) -> str:
    """`text` without the invisible and format characters of INVISIBLE."""
    return INVISIBLE.sub("", text) if INVISIBLE.search(text) else text


# Combining marks allowed on one base character before normalisation. Real text uses a few;
# Unicode's stream-safe format caps a run at 30. CPython reorders a run of marks in quadratic
# time, so longer runs are cut before NFKC/NFKD ever sees them.
MAX_MARKS = 30
_MARK_RUN = re.compile(rf"[^\w\s]{{{MAX_MARKS + 1},}}")  # marks are neither \w nor \s


def _cap_run(match: re.Match[str]) -> str:
    kept: list[str] = []
    marks = 0
    for ch in match.group(0):
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(ch)
    return "".join(kept)


def cap_combining_marks(text: str) -> str:
    """`text` with every run of combining marks cut to MAX_MARKS (linear time), so that
    Unicode normalisation of it stays linear too."""
    if text.isascii():
        return text
    return _MARK_RUN.sub(_cap_run, text)


def normalize_bounded(form: Literal["NFC", "NFD", "NFKC", "NFKD"], text: str) -> str:
    """unicodedata.normalize with runs of combining marks capped first (see MAX_MARKS)."""
    return unicodedata.normalize(form, cap_combining_marks(text))


# The invisible characters that neutralize_controls shows: joiners and variation selectors
# shape emoji and Indic or Persian words, so they stay as they are.
_SHOWN_INVISIBLE = re.compile(
    "(?![\u200c\u200d\ufe00-\ufe0f\U000e0100-\U000e01ef])" + INVISIBLE.pattern)
