"""Session 9's redaction categories (issue 22, "Faithful history"): for each kind a positive
example (the secret must be gone) and a negative one (the text must come back as written).
The examples are written for this file; none is taken from a held-out corpus."""

from __future__ import annotations

import hashlib

import pytest

from hermes.security.redact import redact
from hermes.security.secret_wordlist import BIP39_ENGLISH

_STS = ("FwoGZXIvYXdzTFP4o3CG6G7EYhfXzWfadLthE0qXdhCZi0BG+ljE36ac99dWHJYyaSiGvKoroKfjaSonh0anXSNB+rGm++PHbIFwBUGY"
        "8l9zLqotETIKsaHt402X0/Oys9mVliQJ6aJQ4x5scv/+y/A8HA0NfQ0Ra7lYTbTVAt2s")
_DJANGO = "django-insecure-6^mtne7t5)w0t*^8@k3^%qqk3qi92g0$xntxl-4dripc(fgz13"
_HEX_A = "69d0360d542869357b4d5075333372386ea0102ddb342059173db8f887e08ece"
_HEX_B = "62f93bfc91932941637fba54c4f283b7b012b3c0f48f861426eaa2ec7559ed45"
_SEED_12 = "zoo pilot fabric ahead unusual timber gentle orange bronze hammer velvet absorb"
_SEED_24 = ("shadow tiny rookie famous crater oxygen ladder museum velvet garlic pledge subway "
            "sibling anchor rough quiz tonight marble drift bunker hazard cactus lunar wisdom")

# (category, text, the secret that must not survive)
POSITIVE = [
    ("aws-session-token", f"STS handed me {_STS} for the next hour", _STS),
    ("django-secret-key", f"the settings still carry {_DJANGO} from startproject", _DJANGO),
    ("dotenv-value", "APP_SECRET=q(8Zt%Lm2&Rw9!Kd4#Vb", "q(8Zt%Lm2&Rw9!Kd4#Vb"),
    ("dotenv-value", "export SESSION_SECRET=Wv3)kP9%zQ1&nR7*tY5^ # rotated monthly", "Wv3)kP9%zQ1&nR7*tY5^"),
    ("sdk-factory", 'const idx = algoliasearch("Q1W2E3R4T5", "3d47f0c5444300613826bc47ad7808f2");',
     "3d47f0c5444300613826bc47ad7808f2"),
    ("property-flag", "mvn verify -Dsigning.keystore.password=Tq4!vB9zLm2w -Pprod", "Tq4!vB9zLm2w"),
    ("property-flag", "./gradlew assembleRelease -Pandroid.injected.signing.key.password=Hx7#pW2kQz9",
     "Hx7#pW2kQz9"),
    ("keystore-flag", "java -jar uber-signer.jar -keypass Zr5!nB8wQe -alias release", "Zr5!nB8wQe"),
    ("seed-run", f"wrote this on the card in the safe: {_SEED_12}", _SEED_12),
    ("seed-run", f"{_SEED_24}\n(that is what the app showed me)", _SEED_24),
    ("wallet-key", f'signer = Account.from_key("0x{_HEX_A}")', _HEX_A),
    ("wallet-key", f"metamask private key for the faucet: {_HEX_B}", _HEX_B),
    ("totp-seed", "Authenticator seed for the ops box: IV6X WQ3H W63A MS3K VWFV OFSN LLTV NW5J",
     "IV6X WQ3H W63A MS3K VWFV OFSN LLTV NW5J"),
    ("totp-seed", "the QR scan failed, so type this into the authenticator app instead: oowj kh2j tdvu rhri",
     "oowj kh2j tdvu rhri"),
    ("url-path-key", "curl -X POST https://relay.example.net/api/token/Ne7FhSBjCnMSnYFWNoJvnLqTFPgd/notify",
     "Ne7FhSBjCnMSnYFWNoJvnLqTFPgd"),
    ("login-word", "the kiosk login is Rq7#vTz2Lm9! until Friday", "Rq7#vTz2Lm9!"),
    ("unlinked-value", "Passwort für den Router Gk8#tQ2mVx9z, bitte nicht weitergeben", "Gk8#tQ2mVx9z"),
    ("unlinked-value", "пароль для сервера Bn4%wE7yUi2o, не меняй", "Bn4%wE7yUi2o"),
    ("leading-dot-value", "set .Vq9#LmT2xZ8kRw as the passphrase for the backup", ".Vq9#LmT2xZ8kRw"),
    ("pin-after-link", "the safe PIN for room 4 is 73QKz9, do not share", "73QKz9"),
]

# (category, text that names or resembles a secret and must stay exactly as written)
NEGATIVE = [
    ("aws-session-token", "a session token starts with IQoJb3JpZ2luX2Vj in its base64"),
    ("django-secret-key", "startproject writes a key that begins with django-insecure- into settings.py"),
    ("dotenv-value", "SESSION_SECRET=generate_secret(32)"),
    ("dotenv-value", 'SECRET_KEY=os.environ["DJANGO_SECRET_KEY"]'),
    ("sdk-factory", "const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_ADMIN_KEY);"),
    ("property-flag", "java -Djavax.net.ssl.trustStore=/etc/pki/trust.jks "
                      "-Djavax.net.ssl.trustStorePassword=$TRUSTSTORE_PASS -jar app.jar"),
    ("keystore-flag", 'java -jar uber-signer.jar -keypass "$KEY_PASS" -alias release'),
    ("seed-run", "please review every change before merging because release builds depend upon stable tests"),
    ("seed-run", "fruit: apple, banana, cherry, grape, lemon, mango, olive, orange, pear, peanut, tomato, potato"),
    ("seed-run", "filler: " + "word " * 14 + "(a repeated word is padding, not a phrase)"),
    ("wallet-key", f'receipt = w3.eth.wait_for_transaction_receipt("0x{_HEX_A}")'),
    ("wallet-key", f"sha256 of wallet.zip is {_HEX_B}"),
    ("totp-seed", "Enable 2FA for all admins: see ticket OPSTEAMBACKLOGITEMS"),
    ("totp-seed", "TOTP codes are six digits, e.g. 492039, and change every 30 s"),
    ("url-path-key", "GET https://vault.internal:8200/v1/transit/keys/payments-signing-key"),
    ("url-path-key", "DELETE https://api.example.com/v2/keys/3fa85f64-5717-4562-b3fc-2c963f66afa6"),
    ("login-word", "my login is jdoe42, the password is in the vault"),
    ("unlinked-value", "the password for server db01.prod.internal was rotated"),
    ("unlinked-value", "mac = hmac.new(webhook_secret.encode(), body, hashlib.sha256).hexdigest()"),
    ("leading-dot-value", "use .env.local as the password file"),
    ("leading-dot-value", "we keep .cache2024 as the token dir"),
    ("pin-after-link", "Pin `numpy==1.26.4` in requirements.txt before the release."),
]


@pytest.mark.parametrize(("category", "text", "secret"), POSITIVE,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(POSITIVE)])
def test_the_secret_of_each_category_is_gone(category, text, secret):
    out = redact(text)
    assert secret not in out, (category, out)
    assert "[REDACTED:" in out


@pytest.mark.parametrize(("category", "text"), NEGATIVE, ids=[f"{c}-{i}" for i, (c, _) in enumerate(NEGATIVE)])
def test_text_that_only_names_or_resembles_a_secret_is_kept(category, text):
    assert redact(text) == text, category


def test_every_category_has_a_positive_and_a_negative_example():
    assert {c for c, _, _ in POSITIVE} == {c for c, _ in NEGATIVE}


def test_the_word_list_is_bip39s():
    words = sorted(BIP39_ENGLISH)
    assert len(words) == 2048 and len({w[:4] for w in words}) == 2048
    digest = hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest()
    assert digest == "2f5eed53a4727b4bf8880d8f3f199efc90e58503646d9ff8eff3a2ed3b24dbda"


def test_a_seed_run_hides_only_the_phrase():
    out = redact(f"the words are {_SEED_12}. Keep them offline.")
    assert out == "the words are [REDACTED:seed-phrase]. Keep them offline."


def test_eleven_list_words_are_not_a_phrase():
    eleven = " ".join(_SEED_12.split()[:11])
    assert redact(f"{eleven}!") == f"{eleven}!"
