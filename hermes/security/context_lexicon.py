"""Concept lexicons for reading project-context paragraphs in many languages.

A concept ("the person at the terminal", "has already agreed", "turn off") is a few words per
language. `concept` folds them as the text is folded (textforms.fold), so the word lists are
written naturally, with accents, and compiles them into one bounded alternation:

- an entry ending in `*` takes up to 14 more letters ("disabl*": disable, disabling), and so
  does any word of it ending in `*` ("aprobad* previamente");
- a space matches one to three spaces;
- an apostrophe matches either apostrophe, or a space, or nothing ("l'utente", "l’utente");
- words in Latin, Greek and Cyrillic letters must stand alone; Arabic and Hebrew words may
  carry a prefix letter (و, ال, ה, ו, ל) and Devanagari, Chinese, Japanese, Korean and Thai
  entries match anywhere, so they are written long enough to mean one thing;
- an entry starting with `re:` is a regular expression, used as is (already folded); entries
  are split on "|" outside its brackets and parentheses, and a tuple is not split at all.

Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from hermes.security.textforms import fold


_APOSTROPHE = re.compile("['’]")


def _spaced_script(ch: str) -> bool:
    """Latin, Greek and Cyrillic letters and digits: words there stand between boundaries."""
    return ch.isalnum() and ord(ch) < 0x0590


def _entry(word: str) -> str:
    if word.startswith("re:"):
        return word[3:]
    star = word.endswith("*")
    text = fold(word[:-1] if star else word).strip()
    # a `*` may end any word of the entry ("aprobad* previamente"), not only the last
    body = r"\s{1,3}".join(re.escape(part[:-1]) + r"\w{0,14}" if part.endswith("*") and len(part) > 1
                           else re.escape(part) for part in text.split())
    body = _APOSTROPHE.sub("['’ ]?", body)
    if star:
        body += r"\w{0,14}"
    if text and _spaced_script(text[0]):
        body = r"(?<!\w)" + body
    if text and _spaced_script(text[-1]) and not star:
        body += r"(?!\w)"
    return body


Words = str | tuple[str, ...]


def _split(group: str) -> list[str]:
    """Entries of "a|b|re:(?:x|y)z": split on "|" outside brackets and parentheses."""
    entries, start, depth, in_class, escaped = [], 0, 0, False, False
    for i, ch in enumerate(group):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            entries.append(group[start:i])
            start = i + 1
    entries.append(group[start:])
    return entries


def concept(words: Mapping[str, Words] | Words) -> re.Pattern[str]:
    """One pattern for a concept: `words` maps a language to "entry|entry|…" or to a tuple
    of entries (or is one of those)."""
    groups = list(words.values()) if isinstance(words, Mapping) else [words]
    entries = [e.strip() for group in groups
               for e in (_split(group) if isinstance(group, str) else group) if e.strip()]
    # longest first, so "has already agreed" wins over "agreed" in the same place
    entries.sort(key=len, reverse=True)
    return re.compile("|".join(f"(?:{_entry(e)})" for e in entries))
