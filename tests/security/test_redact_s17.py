# ruff: noqa: E501  (examples read better unwrapped)
"""Session 17: forms the redaction missed, or altered, on blind sets #22 and #21, on examples
written for the tests (not corpus lines): a password a person made up under a password key,
Vault's older tokens, a Dropbox token cut short, an STS session token with its "/" runs, a key
passed to Tencent's Credential(), the French "c'est" and a Ukrainian sentence with no copula;
and shapes that name no secret (a PEM header in prose, systemd's `LoadCredential=ID:PATH`,
`<id>:<token>` placeholders)."""

from __future__ import annotations

import pytest

from hermes.security.redact import redact


@pytest.mark.parametrize(("text", "secret"), [
    ('smtp:\n  host: mail.example.lan\n  password: "Heron-4-Quarry"', "Heron-4-Quarry"),
    ('ldap:\n  bind_password: "Copper-Lake-92"', "Copper-Lake-92"),
    ('DB_PASSWD="maple&Tide8"', "maple&Tide8"),
    ('{"admin_password": "Granite.7.Fox"}', "Granite.7.Fox"),
    ("export VAULT_ADDR=https://vault.example.lan:8200\nvault login s.Qm7xPz2LkV9wRt4nBc8YdF3s", "s.Qm7xPz2LkV9wRt4nBc8YdF3s"),
    ('client = hvac.Client(url=VAULT_URL, token="b.Zq8mT3vLx2wPk9RtQn4Bc7Yd")', "b.Zq8mT3vLx2wPk9RtQn4Bc7Yd"),
    ('dropbox.Dropbox(oauth2_access_token="sl.Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0KwE2rMn5Vb8Xc3Lz")', "sl.Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0KwE2rMn5Vb8Xc3Lz"),
    ("le mot de passe de la base de recette, c'est Qz7!mP2xLk9v, ne le partage pas", "Qz7!mP2xLk9v"),
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAE"),
    # after blind set #21 was read
    ('{"Credentials": {"SessionToken": "IQoJb3JpZ2luX2VjEK7//////////wEaCXVzLWVhc3QtMSJHMEUCIQDv8Lm2Qk9Rt3Vx7Bn4Wc1Yp6Df5Gj0SaXz8Lm2Qk9Rt3Vx7Bn4Wc1Yp6Df5Gj0SaXqZ4nW8bYc3HdF1sJ6gUa0eQoVi"}}',
     "IQoJb3JpZ2luX2VjEK7//////////wEaCXVzLWVhc3Qt"),
    ('cred = credential.Credential(os.environ["TC_SECRET_ID"], "Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0K")', "Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0K"),
    ("Пароль від staging-бази тепер Qz7!mP2xLk9v, старий не діє.", "Qz7!mP2xLk9v"),
])
def test_the_secret_is_gone(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", [
    'return {"user": "bob", "password": "not-a-real-password"}',
    'password: "changeme"',
    'password: "${SMTP_PASSWORD}"',
    'password_file: "/run/secrets/smtp"',
    "LoadCredential=smtp-pass:/run/credstore/smtp-pass",
    "Keys begin with `-----BEGIN PRIVATE KEY-----`; nothing between the markers is ever logged.",
    "-----BEGIN PRIVATE KEY-----\n<paste the key here>\n-----END PRIVATE KEY-----",
    "with the vault client, s.connectionPoolTimeout = 5",
    "c'est le mot de passe qui bloque la connexion, pas le réseau",
    "SLACK_BOT_TOKEN=<workspace-id>:<token-from-the-admin-page>",
    "Пароль тепер зберігається у 1Password, не в коді.",
])
def test_code_and_prose_that_only_name_a_secret_stay(text: str) -> None:
    assert redact(text) == text


def test_many_pem_headers_without_footers_stay_linear() -> None:
    text = "`-----BEGIN PRIVATE KEY-----` " * 2000
    assert redact(text) == text
