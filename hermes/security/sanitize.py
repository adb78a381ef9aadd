"""Making untrusted text safe to store and to show: mended surrogates, neutralised controls.

Model replies and tool arguments can carry lone UTF-16 surrogates (a server that split an
emoji, a JSON `\\ud800` escape) that no UTF-8 file or database accepts, and terminal control
sequences (`ESC ]0;title BEL`, colours, cursor moves) that would take over the terminal of
whoever prints them. Both are fixed here, in pure functions, at the edges.
"""

from __future__ import annotations

import re

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
    so no escape sequence can act. Windows line ends become plain newlines."""
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(_visible, text.replace("\r\n", "\n"))


_C1 = re.compile("[\x80-\x9f]")


def escape_c1_in_json(text: str) -> str:
    """JSON text (from json.dumps with ensure_ascii=False) with C1 controls written as
    \\u escapes: the same data once parsed, but nothing a terminal acts on when printed.
    (json.dumps already escapes C0 controls, ESC included.)"""
    return _C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
