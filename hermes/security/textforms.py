"""The forms of a text the threat scan reads: folded, de-obfuscated and decoded.

Attackers hide instructions from word rules with look-alike letters, invisible characters,
spaced-out letters and encodings. `prepare` undoes those once, in linear time, and returns
every form worth scanning plus findings for the hiding tricks themselves.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import unicodedata
import urllib.parse
from dataclasses import dataclass, field

from hermes.security.findings import BLOCK, INVISIBLE, OBFUSCATION, STAGE, ScanFinding, finding
from hermes.security.sanitize import INVISIBLE as INVISIBLE_CHARACTERS
from hermes.security.sanitize import normalize_bounded

# Characters that render as nothing or reorder text: one table, shared with the sanitiser.
_HIDDEN = INVISIBLE_CHARACTERS
_SILENT = re.compile("[\u034f]")  # the combining grapheme joiner: inserted innocently
_NAMES = {"\u00ad": "soft hyphen", "\u200b": "zero-width space",
          "\u200c": "zero-width non-joiner", "\u200d": "zero-width joiner",
          "\ufeff": "zero-width no-break space", "\u200e": "left-to-right mark", "\u200f": "right-to-left mark"}
_COMBINING = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f\u3099\u309a]")

# Greek and Cyrillic letters that look like Latin ones (after case folding). Only words that
# mix them with Latin letters are folded, so Greek and Russian text stays itself.
_CONFUSABLE = str.maketrans({
    "α": "a", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "γ": "y", "ѕ": "s", "а": "a", "в": "b", "е": "e", "і": "i", "ј": "j", "к": "k",
    "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ԁ": "d",
    "ɡ": "g", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ү": "y", "һ": "h", "ց": "g", "օ": "o",
})
_GREEK_CYRILLIC = re.compile("[\u0370-\u03ff\u0400-\u04ff\u0500-\u052f\u0561-\u0587\u0261]")
_WORD = re.compile(r"\w+")
_LATIN = re.compile("[a-z]")

# Letters split by one separator: "i g n o r e", "i.g.n.o.r.e", "I-G-N-O-R-E". Each repeat
# consumes exactly two characters, so the match is linear.
_SPACED = re.compile(r"(?<![^\W\d_])(?:[^\W\d_][ .\-_*·/])+[^\W\d_]")
_SEPARATORS = re.compile(r"[ .\-_*·/]")
# Plausible encoded runs; anything longer than _MAX_RUN is left alone (memory entries are short).
_BASE64 = re.compile(r"[A-Za-z0-9+/_\-]{16,}={0,2}")
_HEX = re.compile(r"[0-9a-fA-F]{16,}")
_HEX_ESCAPES = re.compile(r"(?:\\x[0-9a-fA-F][0-9a-fA-F]){4,}")
_PERCENT = re.compile(r"%[0-9a-fA-F]{2}")
_MAX_RUN = 8192
_MAX_DECODED = 32768  # total characters of decoded text scanned per entry
_MAX_DEPTH = 2


@dataclass(frozen=True)
class View:
    """One form of the text: `text` is folded (NFKC, case-folded, no accents)."""

    origin: str  # "text", "joined letters", "base64", "hex", "rot13", "%-escapes", "tag characters"
    text: str


@dataclass
class Prepared:
    original: str  # NFKC, invisible characters removed, case kept (for secrets and shell)
    views: list[View] = field(default_factory=list)
    findings: list[ScanFinding] = field(default_factory=list)
    decoded: list[str] = field(default_factory=list)  # decoded payloads, case kept
    joined_runs: list[str] = field(default_factory=list)  # spaced-out letters, joined
    mixed_script: bool = False


def fold(text: str) -> str:
    """NFKC, case-folded, without accents: the form word rules match against."""
    text = normalize_bounded("NFKC", text).casefold()
    if text.isascii():
        return text
    if "nó" in text and _VI_IT.search(text):
        # Vietnamese "nó" (it) keeps its accent: without it, it is the English negation "no"
        return "nó".join(_COMBINING.sub("", normalize_bounded("NFKD", part)) for part in _VI_IT.split(text))
    return _COMBINING.sub("", normalize_bounded("NFKD", text))


_VI_IT = re.compile(r"(?<!\w)nó(?!\w)")


_ESCAPE = re.compile(r"\\.")


def fold_pattern(pattern: str) -> str:
    """A regular expression's literal parts folded as `fold` folds text, its escapes (`\\W`,
    `\\S`, `\\b`) kept as written: a word list written with accents, Korean syllables or voiced
    kana then matches folded text, and `\\W` does not become `\\w`."""
    out, cursor = [], 0
    for m in _ESCAPE.finditer(pattern):
        out.append(fold(pattern[cursor:m.start()]))
        out.append(m.group(0))
        cursor = m.end()
    out.append(fold(pattern[cursor:]))
    return "".join(out)


def _fold_confusables(text: str) -> tuple[str, bool]:
    """Latin look-alikes folded inside words that mix scripts; whether any word did."""
    if not _GREEK_CYRILLIC.search(text):
        return text, False
    mixed = False

    def fix(m: re.Match[str]) -> str:
        nonlocal mixed
        word = m.group(0)
        if word.isascii() or not _LATIN.search(word) or not _GREEK_CYRILLIC.search(word):
            return word
        mixed = True
        return word.translate(_CONFUSABLE)

    return _WORD.sub(fix, text), mixed


def _allowed_hidden(text: str, i: int, ch: str) -> bool:
    """Invisible characters with an innocent everyday use: emoji sequences and joiners in scripts
    that need them (Persian, Indic)."""
    before = text[i - 1] if i else ""
    after = text[i + 1] if i + 1 < len(text) else ""
    if ch in "\ufe0e\ufe0f":
        return bool(before) and not before.isascii() and unicodedata.category(before) in ("So", "Sm", "Sk")
    if ch == "\u200d":
        return all(c and (unicodedata.category(c) == "So" or 0x1F000 <= ord(c) <= 0x1FAFF)
                   for c in (before, after))
    if ch == "\u200c":
        return all(c and not c.isascii() and c.isalpha() and not _GREEK_CYRILLIC.match(c)
                   and "LATIN" not in unicodedata.name(c, "LATIN") for c in (before, after))
    return False


def _invisible(text: str, out: Prepared) -> str:
    """Record hidden characters, decode tag-character text, and return the text without them."""
    flagged = ""
    tags = []
    for m in _HIDDEN.finditer(text):
        ch = m.group(0)
        if 0xE0020 <= ord(ch) <= 0xE007E:
            tags.append(chr(ord(ch) - 0xE0000))
        if not flagged and not _allowed_hidden(text, m.start(), ch):
            flagged = ch
    if flagged:
        name = _NAMES.get(flagged, f"U+{ord(flagged):04X}")
        out.findings.append(ScanFinding(INVISIBLE, "invisible-character", name, BLOCK))
    if tags:
        out.views.append(View("tag characters", fold("".join(tags))))
    return _SILENT.sub("", _HIDDEN.sub("", text))


def _printable(raw: bytes) -> str | None:
    """Decoded bytes as text when they read like text (not a hash or binary)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(text) < 6:
        return None
    good = sum(1 for c in text if c.isprintable() or c in "\n\t")
    letters = sum(1 for c in text if c.isalpha())
    if good < 0.95 * len(text) or letters < 0.25 * len(text) or " " not in text.strip():
        return None
    return text


def _decode_runs(text: str) -> list[tuple[str, str]]:
    """(encoding, decoded text) for every plausible encoded run in `text`."""
    found: list[tuple[str, str]] = []
    for m in _BASE64.finditer(text):
        run = m.group(0)
        if len(run) > _MAX_RUN:
            continue
        core = run.rstrip("=")
        padded = core + "=" * (-len(core) % 4)
        for alt in (b"+/", b"-_"):
            try:
                raw = base64.b64decode(padded, altchars=alt, validate=True)
            except (binascii.Error, ValueError):
                continue
            decoded = _printable(raw)
            if decoded:
                found.append(("base64", decoded))
                break
    for m in _HEX.finditer(text):
        run = m.group(0)
        if len(run) <= _MAX_RUN:
            decoded = _printable(bytes.fromhex(run[: len(run) // 2 * 2]))
            if decoded:
                found.append(("hex", decoded))
    for m in _HEX_ESCAPES.finditer(text):
        decoded = _printable(bytes.fromhex(m.group(0).replace("\\x", "")))
        if decoded:
            found.append(("hex", decoded))
    if _PERCENT.search(text):
        decoded = urllib.parse.unquote(text)
        if decoded != text:
            found.append(("%-escapes", decoded))
    return found


def _join_spaced(text: str, runs: list[str]) -> str:
    """`text` with every run of three or more separated single letters joined into one word."""
    parts: list[str] = []
    pos = 0
    for m in _SPACED.finditer(text):
        start, end = m.span()
        # The greedy match may end on the first letter of an ordinary word ("a b cd"): give
        # that letter back instead of backtracking in the regex (which would be quadratic).
        if end < len(text) and text[end].isalpha():
            end -= 2
        letters = _SEPARATORS.sub("", text[start:end])
        if len(letters) < 3:
            continue
        runs.append(letters)
        parts.append(text[pos:start])
        parts.append(letters)
        pos = end
    parts.append(text[pos:])
    return "".join(parts)


def prepare(text: str) -> Prepared:
    """All forms of `text` to scan, and findings for invisible characters and look-alikes."""
    out = Prepared(original="")
    clean = normalize_bounded("NFKC", _invisible(text, out))
    out.original = clean
    folded, mixed = _fold_confusables(fold(clean))
    out.mixed_script = mixed
    if mixed:
        out.findings.append(finding(OBFUSCATION, "look-alike-letters",
                                    "letters from another script inside a word", STAGE))
    out.views.insert(0, View("text", folded))
    joined = _join_spaced(folded, out.joined_runs)
    if out.joined_runs:
        out.views.append(View("joined letters", joined))
    out.views.append(View("rot13", codecs.encode(folded, "rot13")))
    budget = _MAX_DECODED
    queue = [(clean, 0)]
    while queue and budget > 0:
        source, depth = queue.pop()
        for origin, decoded in _decode_runs(source):
            decoded = decoded[:budget]
            budget -= len(decoded)
            out.decoded.append(decoded)
            out.views.append(View(origin, _fold_confusables(fold(decoded))[0]))
            if depth + 1 < _MAX_DEPTH:
                queue.append((decoded, depth + 1))
            if budget <= 0:
                break
    return out
