"""Round-2 probes (tests/data/redact_probes_s8.tsv): fresh fake values in new phrasings of the
kinds held-out #6 missed — CLI passwords of database and admin tools, session cookies, signed
URLs, seed phrases, Wi-Fi keys, kubeconfig keys, chat webhooks — and code beside them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hermes.security.redact import redact

DATA = Path(__file__).resolve().parents[1] / "data"
# The first set was written before the fixes, the second after them (measured once, then fixed).
PROBES = ("redact_probes_s8.tsv", "redact_probes2_s8.tsv", "redact_probes3_s8.tsv", "redact_probes4_s8.tsv")
CODE = ("redact_code_probes_s8.txt", "redact_code_probes2_s8.txt")


def _unescape(text: str) -> str:
    return re.sub(r"\\([n\\])", lambda m: "\n" if m.group(1) == "n" else "\\", text)


def _rows() -> list[tuple[str, str, str]]:
    rows = []
    lines = [line for name in PROBES for line in (DATA / name).read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if line.strip() and not line.startswith("#"):
            kind, secret, text = line.split("\t", 2)
            rows.append((kind, _unescape(secret), _unescape(text)))
    return rows


@pytest.mark.parametrize(("kind", "secret", "text"), _rows(),
                         ids=lambda v: v if isinstance(v, str) and len(v) < 30 else "")
def test_a_probe_secret_is_gone(kind: str, secret: str, text: str) -> None:
    assert secret not in redact(text), kind


def _code() -> list[str]:
    lines = [line for name in CODE for line in (DATA / name).read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line.strip() and not line.startswith("# ")]


@pytest.mark.parametrize("line", _code())
def test_a_probe_code_line_comes_back_unchanged(line: str) -> None:
    assert redact(line) == line


def test_a_ruby_bang_method_and_a_hash_column_are_code() -> None:
    """The two code lines held-out #6 altered: a credentials lookup ending in "!", and a
    `password_hash` column whose comment says "IS '…'"."""
    for line in ("AUTH_TOKEN = Rails.application.credentials.auth_token!",
                 "COMMENT ON COLUMN users.password_hash IS 'argon2id hash, never the plain password';"):
        assert redact(line) == line


def test_a_seed_phrase_after_link_words_is_hidden_but_prose_about_one_is_not() -> None:
    phrase = "orbit canyon maple ticket summer violin pencil garden hollow frost amber lemon"
    assert redact(f"the recovery phrase for it is {phrase}.") == \
        "the recovery phrase for it is [REDACTED:seed-phrase]."
    prose = "the mnemonic is a sequence of words that you write down on paper and keep safe in a drawer"
    assert redact(prose) == prose


def test_a_seed_phrase_may_hold_content_words_of_the_list() -> None:
    """"test" and "word" are mnemonic words: only function words end a phrase's run."""
    phrase = "orbit test maple ticket word violin pencil garden hollow frost amber lemon"
    assert redact(f"mnemonic: {phrase}") == "mnemonic: [REDACTED:seed-phrase]"
