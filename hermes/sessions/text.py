"""Pure text helpers: CJK splitting for the index, titles, previews, snippets, relative times.

Everything here is deterministic: the index triggers call these functions, and deleting a row
from the index must reproduce exactly what was inserted. Changing how text is split therefore
needs a migration that rebuilds the index (see migrations.py).
"""

from __future__ import annotations

import re
import time
import unicodedata

# Scripts written without spaces between words, indexed as overlapping bigrams + unigrams.
_CJK_CLASS = (
    "\u1100-\u11ff"  # Hangul Jamo
    "\u3040-\u309f"  # Hiragana
    "\u30a0-\u30ff"  # Katakana
    "\u3130-\u318f"  # Hangul compatibility Jamo
    "\u31f0-\u31ff"  # Katakana phonetic extensions
    "\u3400-\u4dbf"  # CJK extension A
    "\u4e00-\u9fff"  # CJK unified ideographs
    "\uac00-\ud7af"  # Hangul syllables
    "\uf900-\ufaff"  # CJK compatibility ideographs
    "\uff66-\uff9f"  # half-width Katakana
    "\U00020000-\U0003134f"  # CJK extensions B-G
)
CJK_RUN = re.compile(f"[{_CJK_CLASS}]+")

# Tool output is indexed only up to this many characters; other messages up to the larger cap.
TOOL_INDEX_CAP = 4096
TEXT_INDEX_CAP = 100_000


def has_cjk(text: str) -> bool:
    return CJK_RUN.search(text) is not None


def _indexed_part(role: str | None, content: str | None) -> str:
    if not content:
        return ""
    cap = TOOL_INDEX_CAP if role == "tool" else TEXT_INDEX_CAP
    return content[:cap]


def index_body(role: str | None, content: str | None) -> str:
    """The text indexed by unicode61: the content with CJK runs blanked out."""
    return CJK_RUN.sub(" ", _indexed_part(role, content))


def index_bigrams(role: str | None, content: str | None) -> str:
    """Overlapping bigrams of every CJK run, space separated (positions matter for phrases)."""
    out: list[str] = []
    for run in CJK_RUN.findall(_indexed_part(role, content)):
        out.extend(run[i:i + 2] for i in range(len(run) - 1))
    return " ".join(out)


def index_unigrams(role: str | None, content: str | None) -> str:
    """Each distinct CJK character once, so one-character words are a plain term lookup."""
    seen: dict[str, None] = {}
    for run in CJK_RUN.findall(_indexed_part(role, content)):
        for ch in run:
            seen.setdefault(ch, None)
    return " ".join(seen)


def index_tool_names(tool_name: str | None, tool_calls_json: str | None) -> str:
    """Tool names of a tool result or of an assistant message's tool calls."""
    names: list[str] = [tool_name] if tool_name else []
    if tool_calls_json:
        # A regex instead of json.loads: cheap in a trigger and tolerant of odd JSON.
        names.extend(re.findall(r'"name"\s*:\s*"([^"\\]{1,100})"', tool_calls_json))
    return " ".join(dict.fromkeys(names))


# ---------------------------------------------------------------- titles and previews

_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
TITLE_MAX = 100
DERIVED_TITLE_MAX = 48


def clean_title(name: str) -> str:
    """A name as stored: control/invisible characters removed, whitespace collapsed, ≤100 chars."""
    kept = "".join(
        " " if ch in "\t\n\r\x0b\x0c" or unicodedata.category(ch) in ("Zl", "Zp")
        else ch
        for ch in name
        if ch in "\t\n\r\x0b\x0c" or unicodedata.category(ch) not in _INVISIBLE_CATEGORIES
    )
    return " ".join(kept.split())[:TITLE_MAX].rstrip()


def cut_at_word(text: str, limit: int) -> str:
    """`text` shortened to at most `limit` chars, at a word boundary when there is one."""
    if len(text) <= limit:
        return text
    head = text[:limit + 1]
    space = head.rfind(" ")
    if space >= limit // 3:
        return head[:space].rstrip(" ,.;:-–—")
    return text[:limit].rstrip()


def derive_title(text: str) -> str:
    """An instant title from the first meaningful line of a message (≤48 chars, word boundary).
    Secrets are removed before the cut: a token cut short would no longer look like one."""
    from hermes.security.redact import redact  # the title path only; index triggers never need it

    for line in redact(text or "").splitlines():
        line = re.sub(r"^\s*(?:#+|[-*>]+|\d+[.)])\s+", "", line)  # markdown heading/list/quote marks
        line = clean_title(line).strip("`*_ ")
        if line:
            return cut_at_word(line, DERIVED_TITLE_MAX)
    return ""


def one_line(text: str | None, limit: int = 60) -> str:
    """The text on one line, shortened with an ellipsis."""
    flat = " ".join((text or "").split())
    if len(flat) <= limit:
        return flat
    return cut_at_word(flat, limit - 1) + "…"


# ---------------------------------------------------------------- snippets


def make_snippet(content: str, terms: list[str], width: int = 160) -> str:
    """A window of `content` around the first term found, matches marked with ** **."""
    text = " ".join((content or "").split())
    lowered = text.lower()
    hits = [(lowered.find(t.lower()), t) for t in terms if t]
    hits = [(pos, t) for pos, t in hits if pos >= 0]
    if not hits:
        return one_line(text, width)
    first = min(pos for pos, _ in hits)
    start = max(0, first - width // 3)
    end = min(len(text), start + width)
    window = text[start:end]
    for term in sorted({t for _, t in hits}, key=len, reverse=True):
        window = re.sub(re.escape(term), lambda m: f"**{m.group(0)}**", window, flags=re.IGNORECASE)
    window = window.replace("****", "")
    return ("…" if start else "") + window + ("…" if end < len(text) else "")


# ---------------------------------------------------------------- times


def relative_time(ts: float | None, now: float | None = None) -> str:
    """`just now`, `5m ago`, `2h ago`, `yesterday`, `3d ago`, or a date."""
    if ts is None:
        return "—"
    now = time.time() if now is None else now
    delta = max(0.0, now - ts)
    if delta < 60:
        return "just now"
    if delta < 3600:
        return f"{int(delta // 60)}m ago"
    if delta < 86400:
        return f"{int(delta // 3600)}h ago"
    if delta < 2 * 86400:
        return "yesterday"
    if delta < 7 * 86400:
        return f"{int(delta // 86400)}d ago"
    return time.strftime("%Y-%m-%d", time.localtime(ts))


def format_time(ts: float | None) -> str:
    """A local timestamp as `YYYY-MM-DD HH:MM`."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts)) if ts else "—"
