"""Redaction gaps found by blind corpora #11, #12 and #13 (session 13), each with values made up for these
tests: a Hebrew construct-state password word, a key whose alphabet has `?` and `<`, and a
secret's hash (detect-secrets' baseline) that is no secret."""

from __future__ import annotations

import pytest

from hermes.security.redact import redact

KEY = "AQEqhmfxKpT7vQ2mZcLw9sRbN4yHdJ6uE1oWgXfA3kYtVnBs8CiM5rLe0PzUq" + "=-Lm4Vx9?<Qe2sTz"


HONEYCOMB = "hcaik_" + "7q2m9x4k1v8c3n6b5z0l2p7r4t9w1y6s3d8f5g0h2j7k4e1u6a9"


@pytest.mark.parametrize(("text", "secret"), [
    ("סיסמת שרת הבדיקות היא Vb7mQ2xK9pL4", "Vb7mQ2xK9pL4"),
    (f'OTEL_EXPORTER_OTLP_HEADERS="x-honeycomb-team={HONEYCOMB}"', HONEYCOMB),
    ("2FA恢复种子：KJ7QW2M4XZ5PL3RT（请勿外传）", "KJ7QW2M4XZ5PL3RT"),  # a Han letter right after the 2FA word
    ('psql "host=db.internal dbname=ops user=report password=hXqTpLmZrKvN"', "hXqTpLmZrKvN"),  # letters only
    (f"payments.apiKey={KEY}", KEY[:40]),
])
def test_the_secret_is_gone(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("line", [
    '"hashed_secret": "9d4e1e23bd5b727046a9e3b4b7db57bd8d6ee684",',
    "password_sha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'",
    "api_key = build_key(settings.region)",  # a call still starts with a name
    "token=os.environ[TOKEN_NAME]",
    '<add key="ApiKey" value="#{ApiKey}#" />',  # an Octopus Deploy substitution
    '<add key="ApiSecret" value="__API_SECRET__" />',
    "async def login(form: OAuth2PasswordRequestForm = Depends()):",
    'const TOKEN_STORAGE_KEY = "auth.accessToken";',  # a storage key of names
    "password = getUserPasswordHash",
])
def test_code_that_names_a_secret_or_its_hash_is_kept(line: str) -> None:
    assert redact(line) == line
