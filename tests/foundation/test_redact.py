"""The one secret detector: what it hides, what it leaves alone, and the log file it guards."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

import pytest

from hermes.log import setup_logging
from hermes.security.redact import find_secrets, redact

SECRETS = [
    ("openai-key", "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4"),
    ("anthropic-key", "sk-ant-api03-" + "Z" * 40),
    ("openrouter-key", "sk-or-v1-" + "0123456789abcdef" * 4),
    ("github-token", "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"),
    ("github-token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"),
    ("aws-access-key", "AKIAIOSFODNN7EXAMPLE"),
    ("slack-token", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"),
    ("google-api-key", "AIza" + "SyA1234567890abcdefghijklmnopqrstuv"),
    ("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
]


@pytest.mark.parametrize(("kind", "secret"), SECRETS)
def test_known_token_shapes_are_redacted(kind: str, secret: str) -> None:
    text = f"using {secret} for the call"
    out = redact(text)
    assert secret not in out
    assert f"[REDACTED:{kind}]" in out
    assert out.startswith("using ") and out.endswith(" for the call")


@pytest.mark.parametrize(
    "text",
    [
        "Authorization: Bearer 8f3kQ9zX2mW7pL4v.Rt6yB1nC",
        "OPENAI_API_KEY=abcdef123456",
        'password: "hunter2!Qz9"',
        "db_token = 9f8e7d6c5b4a",
        "postgres://admin:s3cretpass@db.internal:5432/app",
    ],
)
def test_assignments_and_headers_hide_the_value(text: str) -> None:
    out = redact(text)
    assert "[REDACTED:" in out
    for value in ("8f3kQ9zX2mW7pL4v", "abcdef123456", "hunter2!Qz9", "9f8e7d6c5b4a", "s3cretpass"):
        assert value not in out


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
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_log_lines_are_redacted(hermes_home: Path) -> None:
    setup_logging()
    key = "sk-proj-" + "Qx7mK2pL9vR4tW8zN3bC6hJ1dF5gY0sA"
    logging.getLogger("hermes.test").warning("calling provider with key %s", key)
    for handler in logging.getLogger("hermes").handlers:
        handler.flush()
    text = (hermes_home / "logs" / "hermes.log").read_text()
    assert "calling provider with key [REDACTED:openai-key]" in text
    assert key not in text


@pytest.mark.parametrize("text", ["max_tokens: 128000", "token_limit=4096", "context_tokens = 200000.5"])
def test_numeric_settings_are_not_secrets(text: str) -> None:
    assert redact(text) == text


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
