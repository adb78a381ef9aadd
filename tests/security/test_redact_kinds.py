"""The kinds held-out #5 let through, as general forms: what each rule hides (the value only)
and what it leaves (templates, variables, placeholders, public or default values). The fake
credentials of each kind, through every sink, are rows of tests/data/redact_secrets_more.tsv
(test_redact_forms.py)."""

from __future__ import annotations

import pytest

from hermes.security.redact import find_secrets, might_contain_secret, redact
from hermes.security.secret_assign import is_key_name

PW = "Hq7.mZ2pLkx9"
HEX32 = "9f3c1a7e5b2d4c6a8e0f1b3d5a7c9e2f"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # URL userinfo: an empty user, a mail address as the user, a key as the whole user part
        (f"redis://:{PW}@cache:6379/0", "redis://:[REDACTED:url-credentials]@cache:6379/0"),
        (f"smtp://bot@mail.example.com:{PW}@smtp.example.com:587",
         "smtp://bot@mail.example.com:[REDACTED:url-credentials]@smtp.example.com:587"),
        (f"SENTRY_DSN=https://{HEX32}@o1.ingest.sentry.io/2",
         "SENTRY_DSN=https://[REDACTED:url-token]@o1.ingest.sentry.io/2"),
        # query strings
        (f"jdbc:mysql://db:3306/shop?user=shop&password={PW}&ssl=true",
         "jdbc:mysql://db:3306/shop?user=shop&password=[REDACTED:url-query-secret]&ssl=true"),
        # Oracle connect strings
        (f"sqlplus scott/{PW}@//db.example.com:1521/ORCL",
         "sqlplus scott/[REDACTED:oracle-connect]@//db.example.com:1521/ORCL"),
        # PHP database handles: the third argument
        (f'new PDO("mysql:host=db", "shop", "{PW}")', 'new PDO("mysql:host=db", "shop", "[REDACTED:login-password]")'),
        # a header whose name ends in KEY, whatever the word before it
        (f"DD-APPLICATION-KEY: {HEX32}ab12cd34", "DD-APPLICATION-KEY: [REDACTED:assigned-secret]"),
        # prose: a "$" inside the value, a verb-final copula, a PIN of digits
        ("the wifi password was changed to Lm3$kQ9xWz yesterday",
         "the wifi password was changed to [REDACTED:password-in-prose] yesterday"),
        (f"رمز عبور سرور {PW} است", "رمز عبور سرور [REDACTED:password-in-prose] است"),
        ("my bank PIN is 482913", "my bank PIN is [REDACTED:password-in-prose]"),
        # a secret-named string and the literal after it
        (f"define('DB_PASSWORD', '{PW}');", "define('DB_PASSWORD', '[REDACTED:assigned-secret]');"),
        (f'- name: API_TOKEN\n  value: "{HEX32}"', '- name: API_TOKEN\n  value: "[REDACTED:assigned-secret]"'),
    ],
)
def test_only_the_value_is_hidden(text: str, expected: str) -> None:
    assert might_contain_secret(text)
    assert redact(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "redis://:{password}@{host}:6379/0",
        "smtp://bot@mail.example.com:${SMTP_PASSWORD}@smtp.example.com:587",
        "SENTRY_DSN=https://<key>@o0.ingest.sentry.io/0",
        "ssh://git@github.com/org/repo.git",
        "amqp://guest:guest@localhost:5672/",
        "jdbc:mysql://db:3306/shop?user=${DB_USER}&password=${DB_PASS}",
        "https://example.com/reset?token={token}",
        "uses: actions/checkout@v4",
        "sqlplus scott/$ORACLE_PASSWORD@//db:1521/ORCL",
        "$pdo = new PDO($dsn, $user, $password);",
        'primary_key = "id"',
        'public_key = "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE"',
        'mock_creds = {"username": "bob", "password": "fake-pass-123"}',
        'echo "the password is $DB_PASSWORD"',
        "the PIN is four digits long",
        "كلمة المرور يجب أن تكون 12 حرفًا على الأقل",
        "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
        'os.environ.setdefault("DB_PASSWORD", "changeme")',
        '- name: API_TOKEN\n  valueFrom:\n    secretKeyRef: {name: api, key: token}',
        "you shall not pass this test until CI is green",
    ],
)
def test_the_same_forms_naming_a_secret_stay(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("name", "expected"),
    [("DD-APPLICATION-KEY", True), ("key", True), ("ALGOLIA_ADMIN_KEY", True), ("licenseKey", True),
     ("public_key", False), ("primary_key", False), ("cache_key", False), ("key_id", False)],
)
def test_a_key_name_is_one_whose_last_word_is_key_and_not_public(name: str, expected: bool) -> None:
    assert is_key_name(name) is expected


def test_a_dotted_token_is_a_literal_but_a_dotted_path_of_names_is_code() -> None:
    token = "TEKpJTdjjuneImWG7f2uTYKs.tLLYpo.akyxi_jUloQcfx0OljgNdjCYpc1vYMJqVIvLQK"
    assert redact(f"DISCORD_TOKEN={token}") == "DISCORD_TOKEN=[REDACTED:discord-bot-token]"  # by its shape
    assert find_secrets("DISCORD_TOKEN=settings.discord.bot_token") == []


def test_a_setting_stored_by_name_on_the_command_line_is_hidden() -> None:
    secret = "mmJhrgSw7H/T2EJ2JrXiZ9+8GxqQYW60gw3WABfN"
    out = redact(f"aws configure set aws_secret_access_key {secret}")
    assert out == "aws configure set aws_secret_access_key [REDACTED:cli-secret]"
    assert find_secrets("aws configure set region eu-west-1") == []


def test_a_random_key_literal_passed_to_an_sdk_client_is_hidden() -> None:
    key = "Zk4mQ9vLx7Rt2WzP8bN3cH6jA1sD5fG0"
    assert redact(f"co = cohere.Client('{key}')") == "co = cohere.Client('[REDACTED:client-key]')"
    assert redact('client = Client("https://api.example.com")') == 'client = Client("https://api.example.com")'
    uuid = "bcca95bf-8e2f-8559-f823-cdef7f73edd7"
    assert redact(f"Postmark::ApiClient.new('{uuid}')") == "Postmark::ApiClient.new('[REDACTED:client-key]')"
