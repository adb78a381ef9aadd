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

# Symbols people search for: emoji, dingbats, ©, °, ™, box drawing … Every character of Unicode
# category So (Unicode 14), with the punctuation, spaces and unassigned code points between two
# of them merged in to keep the class short (those are word separators anyway). Frozen here, not
# computed from unicodedata, because the index must split a text identically on every Python
# version: the delete trigger re-splits the stored text and must reproduce what was inserted.
# The tokenizer counts So as word characters (migration 4); index_words() puts spaces around each
# one so that "done✅" is the words "done" and "✅", and the query side splits the same way.
SYMBOL_CLASS = (
    "\u00a6-\u00a9\u00ae-\u00b0\u0482\u058d-\u058e\u060e-\u060f\u06de\u06e9\u06fd-\u06fe\u07f6\u09fa\u0b70"
    "\u0bf3-\u0bfa\u0c7f\u0d4f\u0d79\u0f01-\u0f17\u0f1a-\u0f1f\u0f34\u0f36\u0f38\u0fbe-\u0fc5\u0fc7-\u0fd8"
    "\u109e-\u109f\u1390-\u1399\u166d\u1940\u19de-\u19ff\u1b61-\u1b6a\u1b74-\u1b7c\u2100-\u2101\u2103-\u2106"
    "\u2108-\u2109\u2114\u2116-\u2117\u211e-\u2123\u2125\u2127\u2129\u212e\u213a-\u213b\u214a-\u214d\u214f"
    "\u218a-\u244a\u249c-\u24e9\u2500-\u2767\u2794-\u2bff\u2ce5-\u2cea\u2e50-\u3004\u3012-\u3020\u3036-\u3037"
    "\u303e-\u303f\u3190-\u3191\u3196-\u319f\u31c0-\u31e3\u3200-\u321e\u322a-\u3247\u3250\u3260-\u327f"
    "\u328a-\u32b0\u32c0-\u33ff\u4dc0-\u4dff\ua490-\ua4c6\ua828-\ua82b\ua836-\ua839\uaa77-\uaa79\ufd40-\ufd4f"
    "\ufdcf\ufdfd-\ufdff\uffe4-\ufffd\U00010137-\U0001013f\U00010179-\U00010189\U0001018c-\U000101fc"
    "\U00010877-\U00010878\U00010ac8\U0001173f\U00011fd5-\U00011ff1\U00016b3c-\U00016b3f\U00016b45\U0001bc9c"
    "\U0001cf50-\U0001d164\U0001d16a-\U0001d16c\U0001d183-\U0001d184\U0001d18c-\U0001d1a9\U0001d1ae-\U0001d241"
    "\U0001d245\U0001d300-\U0001d356\U0001d800-\U0001d9ff\U0001da37-\U0001da3a\U0001da6d-\U0001da74"
    "\U0001da76-\U0001da83\U0001da85-\U0001da86\U0001e14f\U0001ecac\U0001ed2e\U0001f000-\U0001f0f5"
    "\U0001f10d-\U0001fbca"
)
SYMBOL = re.compile(f"[{SYMBOL_CLASS}]")

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
    """The text the schema 2–3 index held: the content with CJK runs blanked out. Kept unchanged
    because migration 2 (run on the way up from an older file) still names it."""
    return CJK_RUN.sub(" ", _indexed_part(role, content))


def space_symbols(text: str) -> str:
    """`text` with a space either side of every symbol character (so each is a word of its own)."""
    return text if text.isascii() else SYMBOL.sub(r" \g<0> ", text)


def index_words(role: str | None, content: str | None) -> str:
    """The text of the word index (schema 4 on): CJK runs blanked out, symbols set apart."""
    part = _indexed_part(role, content)
    if part.isascii():
        return part
    return space_symbols(CJK_RUN.sub(" ", part))


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
    # one pass, longest term first, so "deploying" is marked once and not again inside as "deploy"
    found = sorted({t for _, t in hits}, key=len, reverse=True)
    pattern = re.compile("|".join(re.escape(t) for t in found), re.IGNORECASE)
    window = pattern.sub(lambda m: f"**{m.group(0)}**", window).replace("****", "")
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
