"""Session 14's redaction cases, found by blind corpus #14: a Wi-Fi key given in prose, and a
signing key passed as a literal to a signing call. Code that only names them stays as written."""

from __future__ import annotations

import pytest

from hermes.security.redact import redact_text


@pytest.mark.parametrize(("text", "secret"), [
    ("FYI the wifi at the office for the build box is Mango#Tidewater2026", "Mango#Tidewater2026"),
    ("Das WLAN im Labor ist Qx7!vellum-Harbor", "Qx7!vellum-Harbor"),
    ("jwt.sign(payload, 'jMPRq7B4bX_z6_zMfbxAlG8PBl2RdCsA3srhByAU4ppJllS0Fn9rCbOxqZJDgi05', { expiresIn: '1h' })",
     "jMPRq7B4bX_z6_zMfbxAlG8PBl2RdCsA3srhByAU4ppJllS0Fn9rCbOxqZJDgi05"),
    ('token = jwt.encode(claims, "Zr8qLw2NvX5kPb7TyM3cHd9sFa4GjE6u", algorithm="HS256")',
     "Zr8qLw2NvX5kPb7TyM3cHd9sFa4GjE6u"),
    ("sig = hmac.new(b'k3Jd9sLq0PzX2vBn7MwQ4tYr8uEa5cHf', body, hashlib.sha256)", "k3Jd9sLq0PzX2vBn7MwQ4tYr8uEa5cHf"),
    ("const h = crypto.createHmac('sha256', 'Vb4nQ8rT2yW6eK0pLs9dF3hJ7gZx5cMa')", "Vb4nQ8rT2yW6eK0pLs9dF3hJ7gZx5cMa"),
])
def test_the_value_is_hidden(text: str, secret: str) -> None:
    out = redact_text(text)
    assert secret not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("text", [
    "the wifi is down again today",
    "the office wifi is slow, use the ethernet port",
    "Our wifi password policy: rotate quarterly.",
    "jwt.sign(payload, process.env.JWT_SECRET, { expiresIn: '1h' })",
    'token = jwt.encode(payload, key, algorithm="HS256")',
    "claims = jwt.decode(token, 'HS256')",
    "sig = hmac.new(settings.WEBHOOK_KEY.encode(), body, hashlib.sha256)",
])
def test_text_that_names_them_is_unchanged(text: str) -> None:
    assert redact_text(text) == text


def test_a_wifi_qr_payload_is_left_to_its_own_rule() -> None:
    # "WIFI:" glued to its fields is the QR format (no password here), not the word and a link
    text = "WIFI:S:a;" * 50
    assert redact_text(text) == text
    assert "P4ssw0rd!x" not in redact_text("WIFI:S:office;T:WPA;P:P4ssw0rd!x;;")
