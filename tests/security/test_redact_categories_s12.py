"""Session 12's redaction categories (held-out #9's misses, fixed by kind): for each category
invented examples whose secret must be gone, and code or prose that names the same thing and
must come back exactly as written. None of these lines is taken from a held-out corpus."""

from __future__ import annotations

import pytest

from hermes.security.redact import find_secrets, redact

_COHERE_A = "c3cs7S41Lmq18UeUoMRJZWK1z8JvT2tppRVsmwk7"
_COHERE_B = "8hdCUxfcw2edeqAIgTjfg1KqB3ZdCRw2l7CjpXZf"
_HEX_A = "8da596c0f1d41c61896d88f3c3d8c0eeafb78ce254552434d8e976326f0fcd95"
_HEX_B = "3a400b780c1cd71b29d705f0ff39b5fa6029230d94d60e871517b1a67fca2af8"
_HEX_C = "a0361ac85fbecfe056d3b27dc660a45ef9c53734416a6dd45128022671bd6fa6"
_HEX_128 = "f6a444bf1aa9e95697336a858bddbe69"
_PKCS8 = "MIIEvAIBADANBgkqhkiG9w0BAQEFAASCBKbmverAkyXlIEyeC/rkbXS7puLFDv21BDODkyh8+Cc="
_PKCS1 = "MIIEowIBAAKCAQEAjHSQBN91LCidxqgaUsESCFqcj5OwI9L2b1Py7LjBk56tfW66"
_SEC1 = "MHcCAQEEYf9TcWP3LuUnJiK1yFdijLnP5RVbDCk5LGWoVGOwQHO4chxFLiaQEQ=="
_BODY = "UWAkS5d4aHhf7clwZ8BZNAau2KqLk6qAk5e7A+xfqEaRW9ZmfrLq0jQJiMInU4P0"
_KEYTAB = "BQIAAABGak5sqpdiEEGn4kiisLC+NrNBlwYiOHbxjyoXRodhs992gqATfUg9ju8i39QkpTK3F5/kMKOmQSqLx91F"
_CODES_5 = "0ad84-e86a6 dad25-9c58a 38807-4e11c c6428-b6489 dfa53-3b3c0"
_CODES_3 = "cf7ff-2c21e 32ac2-4e48c 2b74f-57d5f"

# (category, text, the secrets that must not survive)
POSITIVE = [
    ("cohere-key", f"COHERE_KEY for the staging index is {_COHERE_A}, rotate it on Monday", [_COHERE_A]),
    ("cohere-key", f'client = cohere.AsyncClientV2(api_key="{_COHERE_B}", timeout=30)', [_COHERE_B]),
    ("versioned-client", f"svc = searchlib.ClientV3('{_COHERE_A}')", [_COHERE_A]),
    ("wallet-hex-key", f"exported from Rabby: {_HEX_A} (that's the hot one)", [_HEX_A]),
    ("wallet-hex-key", f"import 0x{_HEX_B} into the new wallet before the airdrop", [_HEX_B]),
    ("der-private-key", f"the key file only has this line left: {_PKCS8}", [_PKCS8]),
    ("der-private-key", f'{{"private_key": "{_PKCS1}\\n{_BODY}\\n"}}', [_PKCS1, _BODY]),
    ("der-private-key", f"tls.key body:\n{_SEC1}\n{_BODY}\n", [_SEC1, _BODY]),
    ("recovery-codes", f"Saved my GitLab backup codes here:\n{_CODES_5}", [_CODES_5]),
    ("recovery-codes", f"Wiederherstellungscodes für das Konto: {_CODES_3}", [_CODES_3]),
    ("recovery-codes", "codes de récupération (garder hors ligne) : 7q2kd-mx8wa, pl4rz-9ntc3",
     ["7q2kd-mx8wa", "pl4rz-9ntc3"]),
    ("recovery-codes", "Microsoft recovery code: 7KQ2P-M9XW4-T3LZR-8VDN6-HJ5CY", ["7KQ2P-M9XW4-T3LZR-8VDN6-HJ5CY"]),
    ("recovery-codes", "Discord backup codes: q7d2m4kx p9w3z8rt", ["q7d2m4kx", "p9w3z8rt"]),
    ("recovery-codes", "резервные коды: 4821 9930\n1177 5306\n6094 2218", ["4821 9930", "1177 5306", "6094 2218"]),
    ("kerberos-key", f"kvno 4 aes256-cts-hmac-sha1-96 key = {_HEX_C}", [_HEX_C]),
    ("kerberos-key", f"ktutil list -k shows the rc4-hmac key 0x{_HEX_128} for HTTP/web01", [_HEX_128]),
    ("kerberos-key", f"  2 HTTP/app@EXAMPLE.ORG (arcfour-hmac)  (0x{_HEX_128})", [_HEX_128]),
    ("kerberos-key", f"EXAMPLE\\svc_web:aes256-cts-hmac-sha1-96:{_HEX_B}", [_HEX_B]),
    ("kerberos-keytab", f"export SVC_KEYTAB='{_KEYTAB}'", [_KEYTAB]),
    ("kerberos-keytab", f"the CI secret holds the keytab as {_KEYTAB} (base64)", [_KEYTAB]),
    ("one-time-code", "ok the login code is 508163, typing it now", ["508163"]),
    ("one-time-code", "SMS: your one-time password: 44 19 07", ["44 19 07"]),
    ("one-time-code", "Ihr Bestätigungscode lautet nicht mehr gültig; neuer Einmalcode: 3901", ["3901"]),
    ("one-time-code", "código de verificación 774120, válido por 5 minutos", ["774120"]),
    ("one-time-code", "您的验证码为 582047，请勿泄露", ["582047"]),
    ("one-time-code", "G-913407 is your sign-in code. Don't share it.", ["913407"]),
    ("one-time-code", "[Shop] 인증번호 [730562]를 입력해 주세요", ["730562"]),
    ("one-time-code", "kode OTP kamu 441907, jangan dibagikan", ["441907"]),
    ("one-time-code", "Twój kod weryfikacyjny to 3318 0427", ["3318 0427"]),
    ("one-time-code", "verification code: 62-09-41 (valid 5 min)", ["62-09-41", "09-41"]),
    ("net-use", "net use \\\\nas02\\backups Rt7!kw92Lq /user:LAB\\restore /persistent:no", ["Rt7!kw92Lq"]),
    ("schtasks", "schtasks /create /tn sync /tr C:\\jobs\\sync.cmd /ru CORP\\svc_sync /rp Hv8!qz3Lm", ["Hv8!qz3Lm"]),
    ("schtasks", "schtasks /query /s app07 /u CORP\\ops /p Autumn2032q", ["Autumn2032q"]),
    ("winrs", "winrs -r:app07 -u:CORP\\ops -p:Lk4#rt9Wq hostname", ["Lk4#rt9Wq"]),
    ("net-use", 'net use Y: "\\\\files.corp\\hr share" Summer2031x /user:hr_sync', ["Summer2031x"]),
]

# (category, text that names or resembles a secret and must stay exactly as written)
NEGATIVE = [
    ("cohere-key", 'co = cohere.ClientV2(api_key=os.environ["CO_API_KEY"])'),
    ("cohere-key", "pip install git+https://github.com/cohere-ai/cohere-python@3f9a2b7c1d4e5f60718293a4b5c6d7e8f9012345"),
    ("wallet-hex-key", f"the wallet sent it, tx hash {_HEX_A}"),
    ("wallet-hex-key", f"sha256 of wallet.dat: {_HEX_B}"),
    ("der-private-key", "a PKCS#8 body starts with MIIEvQIBADANBgkqhkiG9w0BAQEFAASC in base64"),
    ("der-private-key", "every RSA key line 1 reads MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ then differs"),
    ("der-private-key", 'PUBLIC_KEY = "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1LfVLPHCozMxH2Mo"'),
    ("pem-template", "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----"),
    ("pem-template", '"key": "-----BEGIN PRIVATE KEY-----\\nYOUR_KEY_HERE\\n-----END PRIVATE KEY-----"'),
    ("recovery-codes", "recovery_codes = generate_recovery_codes(count=10, length=10)"),
    ("recovery-codes", "GitHub shows 16 recovery codes; store them in 1Password"),
    ("recovery-codes", "backup codes were added in commit 3f2a9c1d"),
    ("kerberos-key", "keytab = os.environ.get('KRB5_CLIENT_KTNAME', '/etc/krb5.keytab')"),
    ("kerberos-key", f"sha256sum krb5.keytab -> {_HEX_C}"),
    ("kerberos-key", f"keytab sha256: {_HEX_A}"),
    ("recovery-codes", "backup codes live in vault since release2024 and backup2025"),
    ("kerberos-keytab", "kinit -kt /etc/security/keytabs/hdfs.keytab hdfs/node1@EXAMPLE.COM"),
    ("one-time-code", "otp = pyotp.TOTP(secret).now()"),
    ("one-time-code", "OTP_LENGTH = 6  # verification code expires in 300 seconds"),
    ("one-time-code", "the verification code is 123456 in the sandbox (docs example)"),
    ("one-time-code", "exit code 1234 and error code 5001 are unrelated"),
    ("net-use", "net use Z: \\\\fileserver\\share * /user:CORP\\alice"),
    ("net-use", "net use \\\\nas02\\backups %BACKUP_PW% /user:LAB\\restore"),
    ("one-time-code", "OTP 2026 roadmap: push, TOTP, passkeys"),
    ("one-time-code", "the verification code is 1234 5678 9 digits long? no"),
    ("schtasks", "schtasks /create /tn sync /tr sync.cmd /ru CORP\\svc_sync /rp *"),
    ("schtasks", "schtasks /create /tn sync /tr sync.cmd /ru svc /rp %SYNC_PW%"),
    ("winrs", "winrs -r:app07 -u:ops -p:$env:OPS_PW hostname"),
    ("shell-expansion", ': "${DB_PASSWORD:?DB_PASSWORD is required}"'),
    ("shell-expansion", 'token="${GITHUB_TOKEN:+set}"'),
    ("file-reference", "vault kv put secret/ci token=@/run/secrets/ci_token"),
    ("file-reference", "http POST api.example.com password=@creds/pw.txt"),
    ("powershell-cmdlet", "$adminPassword = Get-Content .\\pw.txt | ConvertTo-SecureString"),
    ("powershell-cmdlet", "$token = Read-Host -Prompt 'Token'"),
]


@pytest.mark.parametrize(("category", "text", "secrets"), POSITIVE,
                         ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(POSITIVE)])
def test_secret_of_category_is_removed(category: str, text: str, secrets: list[str]) -> None:
    out = redact(text)
    assert out != text, category
    for secret in secrets:
        assert secret not in out, (category, out)


@pytest.mark.parametrize(("category", "text"), NEGATIVE, ids=[f"{c}-{i}" for i, (c, _) in enumerate(NEGATIVE)])
def test_text_that_names_the_category_stays(category: str, text: str) -> None:
    assert redact(text) == text, (category, find_secrets(text))


def test_a_key_body_takes_its_following_lines() -> None:
    text = f"-- pasted --\n{_PKCS1}\n{_BODY}\n{_BODY}\nthat's all of it"
    out = redact(text)
    assert _BODY not in out and "that's all of it" in out and out.startswith("-- pasted --\n")


def test_recovery_codes_are_hidden_as_one_list() -> None:
    out = redact(f"GitHub recovery codes:\n{_CODES_5}\nkeep them offline")
    assert out == "GitHub recovery codes:\n[REDACTED:recovery-codes]\nkeep them offline"


def test_one_time_code_keeps_the_sentence() -> None:
    assert redact("Your sign-in code: 660431. It expires soon.") == (
        "Your sign-in code: [REDACTED:one-time-code]. It expires soon.")


def test_key_body_lines_after_any_json_escaping_go_with_the_key() -> None:
    # a headerless key in JSON inside a JSON string (`\\n` breaks) and with CRLF escapes
    nested = '{"log": "{\\"k\\": \\"' + _PKCS1 + "\\\\n" + _BODY + '\\"}"}'
    crlf = "pasted: " + _PKCS1 + "\\r\\n" + _BODY + " (end)"
    for text in (nested, crlf):
        out = redact(text)
        assert _PKCS1 not in out and _BODY not in out, out
    assert redact(crlf).endswith(" (end)")
