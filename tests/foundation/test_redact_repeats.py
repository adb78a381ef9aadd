"""The redactor's memory of short clean strings (issue #25): a string seen before gets the
same answer as the first time, and no secret is ever kept in that memory."""

from __future__ import annotations

import importlib

import pytest

from hermes.security.redact import might_contain_secret, redact, redact_data, redact_hinted_text, redact_text
from hermes.sessions.scrub import scrub, scrub_tool_calls
from tests.support.secret_corpus import SecretCase, code_lines, secret_cases

redact_module = importlib.import_module("hermes.security.redact")  # the package exports redact()
CASES = secret_cases()
SHORT_CASES = [c for c in CASES if len(c.text) <= 64]


def test_there_are_short_secrets_to_check() -> None:
    assert len(SHORT_CASES) >= 5


@pytest.mark.parametrize("case", SHORT_CASES, ids=[c.name for c in SHORT_CASES])
def test_a_short_secret_is_redacted_every_time_and_never_remembered(case: SecretCase) -> None:
    first, second = redact(case.text), redact(case.text)
    assert first == second and "[REDACTED:" in second
    assert might_contain_secret(case.text)
    assert case.text not in redact_module._CLEAN_SHORT


def test_a_tool_call_with_a_password_is_redacted_after_clean_ones() -> None:
    clean = [{"id": "c1", "type": "function",
              "function": {"name": "session_search", "arguments": '{"query": "x"}'}}]
    for _ in range(3):
        assert redact_data(clean) == clean
    leaky = [{"id": "c1", "type": "function",
              "function": {"name": "session_search", "arguments": '{"query": "x", "password": "Xk9#mQ2$vL7p"}'}}]
    for _ in range(2):
        out = scrub_tool_calls(leaky)
        assert "Xk9#mQ2$vL7p" not in str(out)
        assert out[0]["function"]["name"] == "session_search"


def test_scrub_matches_the_redactor_on_every_corpus_line() -> None:
    """The store's scrub runs the pre-check once; the answer is the shared redactor's."""
    lines = [c.text for c in CASES] + code_lines()
    for _ in range(2):  # the second pass answers from what the first remembered
        assert [scrub(line) for line in lines] == [redact_text(line) for line in lines]
    assert [redact_hinted_text(c.text) != c.text for c in CASES] == [True] * len(CASES)


def test_what_is_remembered_stays_bounded() -> None:
    for i in range(redact_module._CLEAN_SHORT_MAX + 10):
        redact(f"plain words {i}")
    assert 0 < len(redact_module._CLEAN_SHORT) <= redact_module._CLEAN_SHORT_MAX
