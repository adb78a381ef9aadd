"""The one secret detector: credentials go, code that mentions them stays exactly as written."""

from __future__ import annotations

import json
import logging
import logging.handlers
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.log import setup_logging
from hermes.security.redact import (
    find_secrets,
    might_contain_secret,
    redact,
    redact_data,
    redact_json,
    redact_unfinished,
    settled_length,
)
from tests.support.secret_corpus import SecretCase, code_lines, secret_cases

CASES = secret_cases()
CODE = code_lines()
ROOT = Path(__file__).resolve().parents[2]


def test_the_corpora_are_big_enough() -> None:
    assert len(CODE) >= 200
    assert len(CASES) >= 25


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_every_fake_credential_is_redacted(case: SecretCase) -> None:
    assert might_contain_secret(case.text)  # the cheap pre-check never skips a secret
    out = redact(case.text)
    assert "[REDACTED:" in out
    for fragment in case.fragments():
        assert fragment not in out


def test_no_line_of_the_code_corpus_is_altered() -> None:
    altered = [(line, redact(line)) for line in CODE if redact(line) != line]
    assert altered == []
    whole = "\n".join(CODE)
    assert redact(whole) == whole


@pytest.mark.parametrize(
    "line",
    [
        'token = jwt.encode(claims, private_key, algorithm="RS256")',
        'password = os.environ["DB_PASSWORD"]',
        "api_key = get_key()",
        "secret = load_secret(path)",
        'access_token = response.json()["access_token"]',
    ],
)
def test_code_reported_by_the_product_owner_is_kept(line: str) -> None:
    assert find_secrets(line) == []
    assert redact(line) == line


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Authorization: Bearer 8f3kQ9zX2mW7pL4v.Rt6yB1nC", "8f3kQ9zX2mW7pL4v"),
        ("OPENAI_API_KEY=abcdef123456", "abcdef123456"),
        ('password: "hunter2!Qz9"', "hunter2!Qz9"),
        ("db_token = 9f8e7d6c5b4a", "9f8e7d6c5b4a"),
        ("postgres://admin:s3cretpass@db.internal:5432/app", "s3cretpass"),
        ('password: str = "x8#Kq!2vLp9z"', "x8#Kq!2vLp9z"),
        ("my password: x8#Kq!2vLp9.", "x8#Kq!2vLp9"),
        ('let api_key = "Zx81Lq0pW2mR";', "Zx81Lq0pW2mR"),
    ],
)
def test_literals_assigned_to_secret_names_hide_only_the_value(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out
    assert "[REDACTED:" in out
    assert out.split("[REDACTED:")[0] == text.split(value)[0]  # the key stays readable


@pytest.mark.parametrize(
    "text",
    [
        "User prefers Python 3.12 and tabs over spaces",
        "The deploy key lives in ~/.ssh/deploy_ed25519",
        "Set OPENAI_API_KEY in ~/.hermes/.env",
        "api_key_env: OPENAI_API_KEY",
        "password=${DB_PASSWORD}",
        "token: <your token here>",
        "skip-tests is a flag; sk-short is not a key",
        "max_tokens: 128000",
        "token_limit=4096",
        "context_tokens = 200000.5",
        "GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "password = \"hunter2hunter2\"",  # low entropy: the detector wants evidence, not a name
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


# ---------------------------------------------------------------- JSON


def test_json_escaped_quotes_cannot_hide_a_password() -> None:
    args = json.dumps({"content": 'password: "x8#Kq!2vLp9z"'})
    assert '\\"x8#Kq' in args  # the quote is escaped in the encoded form
    out = redact_json(args)
    assert "x8#Kq!2vLp9z" not in out
    assert json.loads(out) == {"content": 'password: "[REDACTED:assigned-secret]"'}
    assert "x8#Kq!2vLp9z" not in redact(args)  # the plain-text path reads \" as a quote too


def test_a_secret_named_json_key_hides_its_literal_value_only() -> None:
    args = '{"api_key":"Qx7mK2pL9vR4tW8zN3bC","model":"gpt-4.1","api_key_env":"OPENAI_API_KEY"}'
    assert json.loads(redact_json(args)) == {"api_key": "[REDACTED:assigned-secret]", "model": "gpt-4.1",
                                             "api_key_env": "OPENAI_API_KEY"}


def test_unicode_escapes_cannot_hide_a_token() -> None:
    token = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5"
    encoded = json.dumps({"text": "use " + token}).replace("ghp_", "\\u0067hp_")
    assert token not in encoded
    assert "[REDACTED:github-token]" in redact_json(encoded)


def test_json_without_secrets_keeps_its_exact_formatting() -> None:
    text = '{ "path":"src/app.py",\n  "token_count": 12, "note": "token = get_token()" }'
    assert redact_json(text) == text


def test_redact_data_decodes_arguments_and_leaves_the_input_alone() -> None:
    calls = [{"id": "c1", "type": "function",
              "function": {"name": "write", "arguments": json.dumps({"content": "key sk-proj-" + "Ab1" * 10})}}]
    before = json.dumps(calls)
    cleaned = redact_data(calls)
    assert json.dumps(calls) == before
    assert "sk-proj-" not in json.dumps(cleaned)
    assert json.loads(cleaned[0]["function"]["arguments"])["content"] == "key [REDACTED:openai-key]"


# ---------------------------------------------------------------- streams


def test_settled_length_holds_back_the_trailing_run() -> None:
    assert settled_length("here is ghp_abc") == len("here is ")
    assert settled_length("done. ") == len("done. ")
    assert settled_length("nospace") == 0


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("my token is ghp_1a2b", "my token is "),
        ("password: x8#K", "password: "),
        ("Authorization: Bearer eyJhb", "Authorization: Bearer "),
        ("then use sk-pr", "then use "),
    ],
)
def test_a_cut_off_start_of_a_secret_is_removed(text: str, kept: str) -> None:
    out = redact_unfinished(text)
    assert out == kept + "[REDACTED:cut-off]"


@pytest.mark.parametrize("text", ["hello wor", "the end.", "token = jwt.enc", "max_tokens: 12"])
def test_an_ordinary_cut_off_word_stays(text: str) -> None:
    assert redact_unfinished(text) == text


# ---------------------------------------------------------------- the log


def test_log_lines_are_redacted(hermes_home: Path) -> None:
    setup_logging()
    key = "sk-proj-" + "Qx7mK2pL9vR4tW8zN3bC6hJ1dF5gY0sA"
    logging.getLogger("hermes.test").warning("calling provider with key %s", key)
    body = json.dumps({"error": {"message": "bad request", "echo": {"messages": [
        {"role": "user", "content": 'password: "x8#Kq!2vLp9z"'}]}}})
    logging.getLogger("hermes.test").warning("provider said %s", body)
    for handler in logging.getLogger("hermes").handlers:
        handler.flush()
    text = (hermes_home / "logs" / "hermes.log").read_text()
    assert "calling provider with key [REDACTED:openai-key]" in text
    assert key not in text and "x8#Kq!2vLp9z" not in text


def test_rotated_log_files_stay_owner_only(hermes_home: Path) -> None:
    import os
    import stat

    setup_logging()
    handler = next(h for h in logging.getLogger("hermes").handlers
                   if isinstance(h, logging.handlers.RotatingFileHandler))
    handler.doRollover()
    logging.getLogger("hermes.test").warning("after the rollover")
    for path in (hermes_home / "logs").glob("hermes.log*"):
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
    assert (hermes_home / "logs" / "hermes.log.1").exists()


_LAZY_LOG = """
import logging, sys
from hermes.log import setup_logging
setup_logging()
assert "hermes.security.redact" not in sys.modules, "the redactor loaded with the log setup"
logging.getLogger("hermes.test").warning("key sk-proj-Qx7mK2pL9vR4tW8zN3bC6hJ1dF5gY0sA")
assert "hermes.security.redact" in sys.modules
"""


def test_the_redactor_loads_with_the_first_log_line_not_the_log_setup(hermes_home: Path) -> None:
    """The app's first frame sets up logging and writes no line, so it never compiles the
    redactor's patterns; the first line still passes through it."""
    out = subprocess.run([sys.executable, "-c", _LAZY_LOG], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    text = (hermes_home / "logs" / "hermes.log").read_text()
    assert "key [REDACTED:openai-key]" in text and "Qx7mK2pL9vR4tW8z" not in text


# ---------------------------------------------------------------- detect-secrets, as used


_AUDIT = """
import sys
from hermes.security.redact import redact
import hermes.cli
assert "detect_secrets" not in sys.modules, "detect-secrets loaded on the start-up path"
redact("warm up: password = 'Qx7mK2pL9vR4tW8z' and sk-proj-Qx7mK2pL9vR4tW8zN3bC6hJ1")
assert "detect_secrets" in sys.modules
from tests.support.secret_corpus import secret_cases, code_lines
texts = [case.text for case in secret_cases()] + code_lines()
events = []
def hook(event, args):
    if event == "open" or event.startswith("socket.") or event == "subprocess.Popen":
        events.append((event, str(args[0])[:80]))
sys.addaudithook(hook)
for text in texts:
    redact(text)
print(events)
"""


def test_detect_secrets_loads_lazily_and_touches_no_file_or_network() -> None:
    out = subprocess.run([sys.executable, "-c", _AUDIT], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
