"""Secrets found by what stands next to them: passwords in prose (in many languages) and the
partner of a public-looking identifier. Ordinary sentences about passwords stay as written."""

from __future__ import annotations

import pytest

from hermes.security.redact import find_secrets, redact

VALUE = "Qv7mK2pLx9"


@pytest.mark.parametrize(
    "sentence",
    [
        "the root password on the staging box is {v}",
        "FYI: the wifi password was changed to {v} yesterday.",
        "my passphrase: {v}",
        "kata sandi root di server staging adalah {v}",
        "sandi database produksi: {v}, jangan dibagikan",
        "스테이징 서버의 root 비밀번호는 {v} 입니다",
        "DB 암호: {v}",
        "Das Passwort für den Server lautet {v}",
        "le mot de passe du serveur de test est « {v} »",
        "la contraseña de la base de datos es {v}",
        "a senha do root no servidor é {v}",
        "root kullanıcısının şifresi: {v}",
        "hasło do bazy to {v}",
        "mật khẩu của máy chủ là {v}",
        "пароль от сервера — {v}",
        "サーバーのパスワードは {v} です",
        "服务器的密码是{v}",
        "het wachtwoord van de NAS is {v}",
    ],
)
def test_a_password_named_in_prose_is_redacted(sentence: str) -> None:
    text = sentence.format(v=VALUE)
    out = redact(text)
    assert VALUE not in out
    kind = find_secrets(text)[0].kind
    assert out.replace(f"[REDACTED:{kind}]", VALUE) == text  # only the value goes


@pytest.mark.parametrize(
    "sentence",
    [
        "the password is stored in 1Password",
        "Password manager: 1Password, CLI installed as `op`.",
        "the token is valid for 15 minutes",
        "the password must be at least 12 characters",
        "we use Python 3.12 and the API key is in .env",
        "password reset tokens expire after 24h",
        "The PIN is 4 digits long.",
        "the secret is sha256 of the body",
        "das Passwort ist in Vault gespeichert",
        "비밀번호는 환경 변수에서 읽습니다",
        "kata sandi disimpan di Vault",
        "the access token is a JWT signed with RS256",
        "the API key is ${OPENAI_API_KEY}",
        "the password is <your password>",
        "password: ${DB_PASSWORD}",
    ],
)
def test_ordinary_sentences_about_passwords_stay(sentence: str) -> None:
    assert redact(sentence) == sentence


def test_the_partner_of_an_identifier_is_redacted() -> None:
    sid = "AC" + "3f9a2b7c8d1e4f5a6b7c8d9e0f1a2b3c"
    token = "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a"
    out = redact(f'client = Client("{sid}", "{token}")')
    assert token not in out and "[REDACTED:twilio-auth-token]" in out
    secret = "U8dSaNrFWv5SRclfFhhqCmzhp59yZk4d6/GlThw+"
    out = redact(f"access key AKIAPFDRN2KPMCXD9LFJ and secret {secret} for CI")
    assert secret not in out and "AKIAPFDRN2KPMCXD9LFJ" not in out


def test_a_hex_run_without_an_identifier_before_it_stays() -> None:
    text = "commit 9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a fixed it"
    assert find_secrets(text) == []
