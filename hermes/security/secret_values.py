"""Is a value a credential? Evidence from the value itself: randomness, not the name it has.

A placeholder (`<your-key>`, `${TOKEN}`, `changeme`, `xxxx`, `...`) or a plain word is not a
credential; a literal that mixes character classes with enough entropy for its length is.
"""

from __future__ import annotations

import math
import re
from collections import Counter

_PLACEHOLDER_SHAPES = re.compile(
    r"""^(?:
        \[REDACTED[^\]]*\]                      # already redacted
      | \$\{?[A-Za-z_][A-Za-z0-9_]*\}?          # $VAR, ${VAR}
      | \$\d+ | \?                              # SQL parameters
      | %\(?[A-Za-z_]*\)?s                      # %(name)s, %s
      | \{\{.*\}\} | \{[^{}]*\} | <[^<>]*>      # {{ var }}, {name}, <your key>
      | [*.xX•#_\-]+                            # ****, ..., xxxx, ----
      | [A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+           # ENV_VAR_NAME: a name, not a value
    )$""",
    re.X | re.S,
)
# Words that mark a value as an example or a stand-in (checked in lower case).
_PLACEHOLDER_WORDS = (
    "your", "example", "placeholder", "changeme", "change_me", "change-me", "dummy", "redacted",
    "xxxx", "****", "...", "…", "todo", "fixme", "insert", "replace", "here", "sample",
    "${", "{{", "%(", "process.env", "os.environ", "getenv", "env(", "secrets.",
)


# Whole values that name the thing instead of being it: `postgres://user:password@host`.
_STAND_IN_VALUES = frozenset({
    "password", "passwd", "pass", "pwd", "secret", "token", "apikey", "api_key", "api-key", "key",
    "changeme", "none", "null", "undefined", "empty", "test", "admin",
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


def entropy_limit(value: str) -> float:
    """The entropy a random string of this length and alphabet clears. detect-secrets' limits
    suit long strings; a short string cannot reach them (n distinct characters give at most
    log2 n bits), so the bar is 85 % of that maximum when it is lower."""
    cap = _HEX_LIMIT if set(value) <= _HEX else _BASE64_LIMIT
    return min(cap, 0.85 * math.log2(max(len(value), 2)))


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
    if value.isdigit() or looks_placeholder(value) or _WORDS.fullmatch(value):
        return False
    if n < 20 and _classes(value) < 2:
        return False
    if shannon_entropy(value) < entropy_limit(value):
        return False
    return not _is_sequential(value)
