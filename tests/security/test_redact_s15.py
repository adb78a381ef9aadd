"""Session 15: redaction forms found by blind set #16 (examples written for the tests)."""

from __future__ import annotations

import pytest

from hermes.security.redact import redact


@pytest.mark.parametrize(("text", "secret"), [
    ('$client->setApiKey("live_Qm3vT9xKp2LwR8sYb4NcZ7dHf6JgA1");', "live_Qm3vT9xKp2LwR8sYb4NcZ7dHf6JgA1"),
    ("sdk.setAccessToken('9fK2mQx7LpR4vT8wZ3cN6bH1jD5gS0aE');", "9fK2mQx7LpR4vT8wZ3cN6bH1jD5gS0aE"),
    ('EMAIL_HOST_PASSWORD = "kqzrtwpvbnxlmcdf"', "kqzrtwpvbnxlmcdf"),
    ('smtp_password: "kqzr twpv bnxl mcdf"', "kqzr twpv bnxl mcdf"),
    ("Khóa bí mật của dịch vụ là Tq8vL2mX9pR4wK7zN3cB6hJ1dF5gS0aEyU2iO8pQ=, giữ kín.",
     "Tq8vL2mX9pR4wK7zN3cB6hJ1dF5gS0aEyU2iO8pQ="),
])
def test_the_forms_are_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("line", [
    "client.setApiKey(process.env.MOLLIE_KEY)",
    'EMAIL_HOST_PASSWORD = "xxxxxxxxxxxxxxxx"',
    'EMAIL_HOST_PASSWORD = "characterization"',
    'password = os.environ["EMAIL_HOST_PASSWORD"]',
])
def test_code_that_names_them_is_kept(line: str) -> None:
    assert redact(line) == line
