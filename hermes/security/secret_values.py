"""Is a value a credential? Evidence from the value itself: randomness, not the name it has.

A placeholder (`<your-key>`, `${TOKEN}`, `changeme`, `xxxx`, `...`) or a plain word is not a
credential; a literal that mixes character classes with enough entropy for its length is.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

_PLACEHOLDER_SHAPES = re.compile(
    r"""^(?:
        \[REDACTED[^\]]*\]                      # already redacted
      | \$\{?[A-Za-z_][A-Za-z0-9_]*\}?          # $VAR, ${VAR}
      | \$\d+ | \?                              # SQL parameters
      | %\(?[A-Za-z_]*\)?s                      # %(name)s, %s
      | \{\{.*\}\} | \{[^{}]*\} | <[^<>]*>(?:[:._/@-]{0,2}<[^<>]*>)*  # {{ var }}, {name}, <your key>, <id>:<token>
      | \#\{[^{}]*\}\#? | @@\w+@@ | __\w+__      # Octopus #{Var}#, @@TOKEN@@ and __TOKEN__ substitutions
      | [*.xX•#_\-]+                            # ****, ..., xxxx, ----
      | [A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+           # ENV_VAR_NAME: a name, not a value
      | (?:env|file|vault|secret|secrets|ssm|awssm|gcpsm|azkv|keyring|op|cmd|exec|ref\+[a-z]+):\S+
                                                # a reference resolved elsewhere: env:DB_PASSWORD
    )$""",
    re.X | re.S,
)
# Words that mark a value as an example or a stand-in (checked in lower case).
_PLACEHOLDER_WORDS = (
    "your", "example", "placeholder", "changeme", "change_me", "change-me", "dummy", "redacted",
    "xxxx", "****", "...", "…", "todo", "fixme", "insert", "replace", "here", "sample", "fake",
    "bogus", "notreal", "not-real", "not_real",
    "${", "{{", "%(", "process.env", "os.environ", "getenv", "env(", "secrets.",
)


# The lower-case form of the text being scanned: every rule asks for it, so it is made once per
# text. One entry, held as an immutable pair (a thread that reads it sees one consistent pair),
# and matched by identity: only the very same string object reuses it.
_LOWERED: tuple[str, str] = ("", "")


def lower_text(text: str) -> str:
    """`text.lower()`, computed once for the text that every rule of one scan is given."""
    global _LOWERED
    cached = _LOWERED
    if cached[0] is text:
        return cached[1]
    low = text.lower()
    _LOWERED = (text, low)
    return low


# 16 token characters in a row (letters, digits, `+/_-`), sought from the character before
# them (the text is searched with a space in front): a search that may start only where a run
# can start skips each word at once. Every token-shaped rule needs one; its answer, like the
# lower-case form, is kept for the one text being scanned.
_TOKEN_RUN = re.compile(r"[^A-Za-z0-9+/_\-][A-Za-z0-9+/_\-]{16}")
_RUN_SEEN: tuple[str, bool] = ("", False)


def has_token_run(text: str) -> bool:
    """Whether `text` holds 16 token characters in a row."""
    global _RUN_SEEN
    cached = _RUN_SEEN
    if cached[0] is text:
        return cached[1]
    found = _TOKEN_RUN.search(" " + text) is not None
    _RUN_SEEN = (text, found)
    return found


# One Aho-Corasick automaton per word list (pyahocorasick): a list of a hundred words is found
# in one pass over the text, not a hundred. Keyed by the list's identity (the lists are
# module constants), the list kept beside its automaton so the key stays its own.
_AUTOMATA: dict[int, tuple[tuple[str, ...], Any]] = {}


def occurrences(lowered: str, words: tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """(start, end) of every occurrence of each of `words` in `lowered`, overlapping ones too."""
    entry = _AUTOMATA.get(id(words))
    if entry is None or entry[0] is not words:
        import ahocorasick

        automaton = ahocorasick.Automaton()
        for word in set(words):
            automaton.add_word(word, len(word))
        automaton.make_automaton()
        entry = _AUTOMATA[id(words)] = (words, automaton)
    for last, length in entry[1].iter(lowered):
        yield last + 1 - length, last + 1


def any_occurs(lowered: str, words: tuple[str, ...]) -> bool:
    """Whether one of `words` occurs in `lowered`."""
    return next(occurrences(lowered, words), None) is not None


# Whole values that name the thing instead of being it: `postgres://user:password@host`.
_STAND_IN_VALUES = frozenset({
    "password", "passwd", "pass", "pwd", "secret", "token", "apikey", "api_key", "api-key", "key",
    "changeme", "none", "null", "undefined", "empty", "test", "admin", "guest",
})
# The same character eight times in a row: a filled-in template (`ghp_xxxxxxxx…`), never
# a real token.
FILLED = re.compile(r"(.)\1{7}")


def looks_placeholder(value: str) -> bool:
    """A stand-in for a secret rather than one (see the module docstring)."""
    value = value.strip()
    if not value or _PLACEHOLDER_SHAPES.match(value) or value.lower() in _STAND_IN_VALUES:
        return True
    if FILLED.search(value):
        return True
    lowered = value.lower()
    return any(word in lowered for word in _PLACEHOLDER_WORDS)


def shannon_entropy(value: str) -> float:
    """Bits per character of `value`, over the characters it uses."""
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values()) if n else 0.0


_HEX = frozenset("0123456789abcdefABCDEF")
# detect-secrets' default limits: HexHighEntropyString 3.0, Base64HighEntropyString 4.5.
_HEX_LIMIT = 3.0
_BASE64_LIMIT = 4.5


def alphabet_size(value: str) -> int:
    """How many symbols a random string of this look is drawn from: 16 for hex, else the
    sizes of the classes it uses (26 lower, 26 upper, 10 digits, and the symbols it shows)."""
    if set(value) <= _HEX and not (any(c in "abcdef" for c in value) and any(c in "ABCDEF" for c in value)):
        return 16
    symbols = {c for c in value if not c.isalnum()}
    return (26 * any(c.islower() for c in value) + 26 * any(c.isupper() for c in value)
            + 10 * any(c.isdigit() for c in value) + max(len(symbols), 2 * bool(symbols)))


def entropy_limit(value: str) -> float:
    """The entropy a random string of this length and alphabet clears. detect-secrets' limits
    suit long strings over a wide alphabet; a short string, or one drawn from few symbols
    (hex, lower case and digits), cannot reach them. So the bar is 75 % of the log of the
    number of distinct symbols such a random string is expected to show, when that is lower:
    99.9 % of random strings clear it, while words and repeated patterns do not."""
    cap = _HEX_LIMIT if set(value) <= _HEX else _BASE64_LIMIT
    n, k = max(len(value), 2), max(alphabet_size(value), 2)
    distinct = k * (1 - (1 - 1 / k) ** n)
    return min(cap, 0.75 * math.log2(max(distinct, 2)))


def _classes(value: str) -> int:
    return (any(c.islower() for c in value) + any(c.isupper() for c in value)
            + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value))


def _is_sequential(value: str) -> bool:
    from detect_secrets.filters.heuristic import is_sequential_string  # loaded with the catalogue

    return bool(is_sequential_string(value))


# Words joined by separators or in camel case: names and phrases, however varied their letters.
_WORDS = re.compile(r"[a-z]+(?:[-_. /][a-z]+)*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*|[A-Z]+(?:[-_ ][A-Z]+)*")


def looks_random(value: str, *, min_length: int = 8, max_length: int = 512) -> bool:
    """True for a credential-like literal: long enough, no spaces, not a placeholder, several
    character classes (below 20 characters), and entropy above the limit for its length."""
    n = len(value)
    if n < min_length or n > max_length or any(c.isspace() for c in value):
        return False
    if value.isdigit() or looks_placeholder(value) or _WORDS.fullmatch(value) or _wordy(value):
        return False
    if n < 20 and _classes(value) < 2:
        return False
    if shannon_entropy(value) < entropy_limit(value) or repeats(value):
        return False
    return not _is_sequential(value)


_PARTS = re.compile(r"[-_./]+")


def _wordy(value: str) -> bool:
    """Three or more words joined by separators, with at most one number among them
    (`hk-from-env-file-0000`, `sk-test-not-real`): a name or a fixture, not random."""
    parts = [p for p in _PARTS.split(value) if p]
    if len(parts) < 3:
        return False
    numbers = sum(p.isdigit() for p in parts)
    return numbers <= 1 and all(p.isdigit() or (p.isalpha() and len(p) >= 2) for p in parts)


def repeats(value: str) -> bool:
    """A unit (of up to 32 characters) written again and again (`hunter2hunter2`): a pattern."""
    n = len(value)
    return any(n % p == 0 and value == value[:p] * (n // p) for p in range(1, min(n // 2, 32) + 1))


_BASE64 = re.compile(r"[A-Za-z0-9+/]{8,684}={0,2}")
_USER_PASS = re.compile(r"[\x21-\x39\x3b-\x7e][\x20-\x7e]{0,255}:[\x21-\x7e][\x20-\x7e]{0,255}")


def basic_credentials(value: str) -> bool:
    """Base64 of `user:password` (an HTTP Basic header, a docker or npm `auth` entry): a
    credential whatever its entropy, since it decodes to one."""
    if not _BASE64.fullmatch(value):
        return False
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return False
    return _USER_PASS.fullmatch(decoded) is not None and not looks_placeholder(decoded.split(":", 1)[1])
