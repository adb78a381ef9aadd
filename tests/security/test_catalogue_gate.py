"""The catalogue gate (secret_formats.CATALOGUE_RUN) must never hide a match: every pattern
taken from the installed detect-secrets plugins has to need 16 characters in a row that the
gate's class also matches. Checked on the parsed patterns, so a detect-secrets update that
adds a pattern without such a run fails here instead of silently going unscanned."""

from __future__ import annotations

import re
import subprocess
import sys
from re import _constants as C  # noqa: N812 - the parser's opcode names
from re import _parser
from typing import Any

from hermes.security import secret_formats
from hermes.security.redact import find_secrets

_GATE_CHAR = re.compile(secret_formats.CATALOGUE_RUN.pattern.replace("{16}", ""), re.IGNORECASE)
_REPEATS = {C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT}


def _gate_covers(op: Any, av: Any) -> bool:
    """True when every character of one set member is matched by the gate's class."""
    if op is C.LITERAL:
        return _GATE_CHAR.fullmatch(chr(av)) is not None
    if op is C.RANGE:
        return all(_GATE_CHAR.fullmatch(chr(c)) for c in range(av[0], av[1] + 1))
    if op is C.CATEGORY:
        return av is C.CATEGORY_DIGIT and _GATE_CHAR.fullmatch("٣") is not None
    return False  # NEGATE, ANY, other categories: not covered


def _covered_class(item: tuple[Any, Any]) -> bool:
    op, av = item
    if op is C.IN:
        return all(_gate_covers(o, a) for o, a in av)
    return _gate_covers(op, av)


def _needs_run(seq: Any, run: int = 16) -> bool:
    """True when every match of the parsed sequence contains `run` gate characters in a row."""
    for op, av in seq:
        if op in _REPEATS:
            low, _high, sub = av
            if low >= run and len(sub) == 1 and _covered_class(sub[0]):
                return True
            if low >= 1 and _needs_run(sub, run):
                return True
        elif op is C.SUBPATTERN:
            if _needs_run(av[-1], run):
                return True
        elif op is C.BRANCH and all(_needs_run(alt, run) for alt in av[1]):
            return True
    return False


def test_every_catalogue_pattern_needs_a_run_the_gate_sees() -> None:
    patterns = secret_formats.catalogue()
    assert len(patterns) >= 15
    missing = [p.pattern for _, p in patterns if not _needs_run(_parser.parse(p.pattern, p.flags))]
    assert missing == []


def test_the_check_itself_rejects_patterns_without_such_a_run() -> None:
    assert not _needs_run(_parser.parse(r"tok_[a-z]{15}", 0))
    assert not _needs_run(_parser.parse(r"x[^ ]{40}", 0))
    assert not _needs_run(_parser.parse(r"(?:ab[A-Z]{20}|cd[a-z]{3})", 0))
    assert _needs_run(_parser.parse(r"(?:ab[A-Z]{20}|cd[a-z]{30})", 0))


def test_text_without_a_long_run_finds_the_same_and_skips_the_catalogue() -> None:
    plain = "Note 6: the auth proxy uses uv for packaging and ruff at line length 120."
    assert list(secret_formats.catalogue_tokens(plain)) == []
    key = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    found = find_secrets(f"the auth token is {key} for the bot")
    assert [(m.kind, m.start, m.end) for m in found] == [("github-token", 18, 18 + len(key))]


def test_a_hint_without_a_long_run_does_not_import_detect_secrets() -> None:
    code = ("import sys\n"
            "from hermes.security.redact import find_secrets\n"
            "assert find_secrets('the auth proxy password policy: rotate keys monthly') == []\n"
            "print('detect_secrets' in sys.modules)\n"
            "find_secrets('key: AKIAABCDEFGHIJKLMNOP')\n"
            "print('detect_secrets' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
