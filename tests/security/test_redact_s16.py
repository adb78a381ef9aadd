# ruff: noqa: E501  (examples read better unwrapped)
"""Session 16: credential formats and forms the redaction missed on blind set #17, on examples
written for the tests (not corpus lines): Asana, Dropbox and Tencent Cloud tokens, SSSD's
`ldap_default_authtok`, and Gradle-style settings written without an operator."""

from __future__ import annotations

import pytest

from hermes.security.redact import redact


@pytest.mark.parametrize(("text", "secret"), [
    ("asana.Client.access_token('2/1209938475610293/1203847561029384:9f3c1a7e5b2d4c6e8f0a1b3c5d7e9f1a')",
     "9f3c1a7e5b2d4c6e8f0a1b3c5d7e9f1a"),
    ("ASANA_TOKEN=1/1199384756:0a1b2c3d4e5f60718293a4b5c6d7e8f9", "0a1b2c3d4e5f60718293a4b5c6d7e8f9"),
    ('dbx = dropbox.Dropbox("sl.u.AFq8Zk2Lm9Rt4Vx7Bn1Wc5Yp3Df6Gj0SaEuKiOtRz5MxLvBnQ2wE7rTy4UiO9pAs3DgF8hJk1LzX6cV5'
     'bN0mQwE2rTyUiOpAsKq9Lm2Rv8TzQQ")', "AFq8Zk2Lm9Rt4Vx7Bn1Wc5Yp3Df6Gj0SaEu"),
    ('cred = credential.Credential("AKIDz8Lm2Qk9Rt3Vx7Bn4Wc1Yp6Df5Gj0SaX", os.environ["TC_KEY"])',
     "AKIDz8Lm2Qk9Rt3Vx7Bn4Wc1Yp6Df5Gj0SaX"),
    ("[domain/example]\nldap_default_authtok = Zr7!pQ2mKx9v", "Zr7!pQ2mKx9v"),
    ('signingConfigs {\n    release {\n        storePassword "Zq8!mT3vLx2w"\n        keyAlias "upload"\n    }\n}',
     "Zq8!mT3vLx2w"),
    ("android {\\n    signingConfigs {\\n        keyPassword 'Pw7#kR2nQx'\\n    }\\n}", "Pw7#kR2nQx"),
    # after blind set #19 was run
    ('dsn := "reporter:Zq8=mT3v@Lx2#@tcp(db.example.lan:3306)/analytics?parseTime=true"', "Zq8=mT3v@Lx2#"),
    ("Het wachtwoord van de gedeelde account is nu Qz7!mP2xLk9v, maak daarna je eigen aan.", "Qz7!mP2xLk9v"),
    ("Hasło do konta jest teraz Qz7!mP2xLk9v.", "Qz7!mP2xLk9v"),
    ("xcrun notarytool submit App.zip --apple-id dev@example.app --password qwtr-zkpd-mnbv-lxcf", "qwtr-zkpd-mnbv-lxcf"),
    ("APPLE_APP_PASSWORD=qwtr-zkpd-mnbv-lxcf", "qwtr-zkpd-mnbv-lxcf"),
    ('analytics.load("Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0K");', "Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0K"),
    ("auth = ('agent@example.com/token', 'Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0KwE2r')", "Zq8mT3vLx2wPk9RtQn4Bc7Yd1Fg6Hj0KwE2r"),
    # after blind set #20 was run
    ("vercel deploy --prod --token=Qm7xPz2LkV9wRt4nBc8YdF3s", "Qm7xPz2LkV9wRt4nBc8YdF3s"),
    ("snyk auth 3f9c2b7e-8d41-4a6f-9b2c-5e7d1a0c4f86", "3f9c2b7e-8d41-4a6f-9b2c-5e7d1a0c4f86"),
])
def test_the_secret_is_gone(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("code", [
    '        storePassword System.getenv("STORE_PASSWORD")',
    '        storePassword "$STORE_PASS"',
    '        keyPassword "${keyPass}"',
    '        storePassword project.property("kp")',
    '    authToken "<your-token>"',
    "AKIDENTIFIERSFORTHEWHOLEPROJECTAREHERE",
    "x = 3/4 + 1/2",
    "see https://app.asana.com/0/1203847561029384/1209938475610293",
    "ldap_default_authtok = ${LDAP_BIND_PASSWORD}",
    "tokens = sl.split('.')",
    # after blind set #19 was run
    "aws_access_key_id = AKIAEXAMPLEEXAMPLE00  ; from the onboarding doc",
    "const accessToken = session?.access_token;",
    'export GOOGLE_APPLICATION_CREDENTIALS="$HOME/.config/gcloud/application_default_credentials.json"',
    "xoxb-xxxx-xxxx-xxxx is the Slack bot token shape.",
    "git checkout feat-auth-cache-warm",
    'analytics.load("YOUR_WRITE_KEY");',
    "auth = ('agent@example.com/token', os.environ['ZD_TOKEN'])",
    "Het wachtwoord is nu verlopen.",
    # after blind set #20 was run
    'SESSION_TOKEN_COOKIE = "__Host-session"',
    "mytool --password -x",
    "request_id = 3f9c2b7e-8d41-4a6f-9b2c-5e7d1a0c4f86",
])
def test_code_that_names_a_secret_is_unchanged(code: str) -> None:
    assert redact(code) == code
