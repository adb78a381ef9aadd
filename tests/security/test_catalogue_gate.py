"""The catalogue gate (secret_formats.CATALOGUE_RUN) must never hide a match: every pattern
taken from the installed detect-secrets plugins has to need 16 characters in a row that the
gate's class also matches. Checked on the parsed patterns, so a detect-secrets update that
adds a pattern without such a run fails here instead of silently going unscanned."""

from __future__ import annotations

import re
import subprocess
import sys

from hermes.security import secret_formats
from hermes.security.redact import find_secrets
from tests.security.regex_runs import needs_run, parse

_GATE_CHAR = re.compile(secret_formats.CATALOGUE_RUN.pattern.replace("{16}", ""), re.IGNORECASE)
def test_every_catalogue_pattern_needs_a_run_the_gate_sees() -> None:
    patterns = secret_formats.catalogue()
    assert len(patterns) >= 15
    missing = [p.pattern for _, p in patterns if not needs_run(parse(p.pattern, p.flags), _GATE_CHAR)]
    assert missing == []


def test_the_check_itself_rejects_patterns_without_such_a_run() -> None:
    assert not needs_run(parse(r"tok [a-z]{15}"), _GATE_CHAR)
    assert not needs_run(parse(r"x[^ ]{40}"), _GATE_CHAR)
    assert not needs_run(parse(r"(?:ab[A-Z]{20}|cd[a-z]{3})"), _GATE_CHAR)
    assert needs_run(parse(r"(?:ab[A-Z]{20}|cd[a-z]{30})"), _GATE_CHAR)


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
