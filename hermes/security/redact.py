"""The one secret detector, shared by the log, the history store, exports, providers and the
memory scan: redaction by evidence, not by variable name.

A span is a secret when the text shows a credential: a known token format (secret_formats.py,
with detect-secrets' catalogue), a password in a URL or header, or a credential-like LITERAL
assigned to a secret-named key (secret_assign.py). Code that merely mentions secrets
(`token = jwt.encode(...)`, `password = os.environ["DB_PASSWORD"]`) is left exactly as written.

Everything runs in linear time, and text without any hint of a secret costs one cheap check.
detect-secrets (which pulls in `requests`) is imported only when a text passes that check.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from hermes.security.secret_codes import CODE_WORDS
from hermes.security.secret_values import any_occurs, has_token_run, lower_text


@dataclass(frozen=True)
class SecretMatch:
    kind: str
    start: int
    end: int


# Every rule needs one of these (in lower case) or a run of 16 token characters: the keys of
# secret-named assignments, PEM headers, URL credentials, headers, SAS signatures. Keep in
# step with secret_formats.py and secret_assign.py.
_HINTS: tuple[str, ...] = ("-----begin", "://", "bearer", "basic", "token", "pass", "pwd", "secret", "key", "auth",
          "credential", "contrasena", "sig=", "@tcp(", "@udp(", "@unix(",
          # password words of secret_context.py's languages
          "pin", "sandi", "laluan", "kennwort", "wachtwoord", "mdp", "contraseña", "clave",
          "senha", "parola", "şifre", "hasło", "haslo", "mật khẩu", "пароль", "пин",
          "비밀번호", "패스워드", "비번", "암호", "パスワード", "暗証", "密码", "口令", "密碼", "密钥",
          "heslo", "lösenord", "losenord", "adgangskode", "passord", "kodeord", "salasana", "jelsz",
          "parolă", "κωδικ", "συνθηματικ", "كلمة", "סיסמ", "رمز", "گذرواژه", "पासवर्ड", "कूटशब्द",
          "รหัสผ่าน", "chiave", "contraseña", "kunci", "geheim",
          # password hashes (secret_files.py) and the commands of secret_cli.py's short flags
          "$2a$", "$2b$", "$2y$", "$2x$", "$apr1$", "$1$", "$5$", "$6$", "$md5$", "$y$", "$argon2",
          "{sha}", "mysql", "mariadb", "redis-cli", "ldap", "mongo", "sqlcmd", "bcp", "zip", "7z",
          "influx", "curl", "smbclient", "login", "psk", "ssws", "identified", "requirepass",
          "masterauth", "private-lines", "securestring",
          # PHP database handles and Oracle connect strings (secret_assign.py, secret_formats.py)
          "pdo", "@//", "sqlplus", "sqlldr", "expdp", "impdp", "rman",
          # login words before a `user / password` pair (secret_context.py)
          "creds", "zugangsdaten", "identifiants", "anmeldedaten",
          # more password words of secret_context.py
          "nenosiri", "lozink", "geslo", "slaptažod", "parol", "parool", "lykilor", "fjalëkalim", "wagwoord",
          "contrasenya", "pasahitz", "contrasinal", "cyfrinair", "şifrə", "парол", "лозинк",
          "құпия", "нууц", "პაროლ", "գաղտնաբառ", "پاس ورڈ", "கடவுச்சொல்", "పాస్‌వర్డ్",
          "পাসওয়ার্ড", "ពាក្យសម្ងាត់",
          # secret_web.py and the round-2 commands of secret_cli.py
          "cookie", "sess", "sid=", "signature", "appid", "/hooks/", "seed", "mnemonic", "recovery",
          "wallet", "backup", "cqlsh", "cypher-shell", "vsql", "isql", "ipmitool", "rabbitmq",
          "alias set", "host add", "net user", "net use", "schtasks", "winrs",
          "cargo", "rclone", "-u ", "--user", "/p:", " using ", "pw",
          "true\t", "false\t", "hook", "wifi", "wi-fi", "wlan",
          # TOTP seeds after a 2FA word or in an otpauth:// URI (secret_web.py)
          "otp", "2fa", "mfa",
          # password and token words of more languages (secret_context.py)
          "rahsia", "hasł", "mat khau", "mật mã", "khóa", "khoá", "الرقم السري", "गुप्त शब्द", "पिन", "neno", "nywila",
          "พาสเวิร์ด", "トークン", "토큰", "令牌", "アクセスキー", "シークレット", "秘钥",
          # key material by its structure (secret_key_material.py): DER bodies and keytabs
          # carry 16-character runs; Kerberos words gate the hex keys
          "ktutil", "krb5", "kerberos", "kvno", "kadmin", "klist", "aes256", "aes128", "rc4", "enctype", "rubeus",
          # Kerberos passwords (secret_cli.py): fed to kinit or kpasswd, `ktpass -pass`, `addprinc -pw`
          "kinit", "ktpass", "sudo -s", "sudo --stdin",
          "\\u")  # JSON with escaped non-ASCII text: its words are only seen once decoded
# ... or a run of 16 token characters (secret_values.has_token_run), a .pgpass line's port
# field, or a port and a path (host:1521/…)
_PORT_FIELD = re.compile(r":(?:\d{1,5}|\*):|:\d{1,5}/")


_HINTS += CODE_WORDS  # one-time and recovery codes (secret_codes.py): a code is short


# Short strings known to hold no secret, each with its pre-check's answer: the keys, tool names
# and small values of tool calls recur in every message. Only strings the rules found clean
# are kept, so no secret is held here.
_SHORT = 64
_CLEAN_SHORT: dict[str, bool] = {}
_CLEAN_SHORT_MAX = 4096


def _remember_clean(text: str, hinted: bool) -> None:
    if len(text) <= _SHORT:
        if len(_CLEAN_SHORT) >= _CLEAN_SHORT_MAX:
            _CLEAN_SHORT.clear()
        _CLEAN_SHORT[text] = hinted


def might_contain_secret(text: str) -> bool:
    """False when `text` cannot hold a secret by any rule (a cheap test before the full scan)."""
    if not text:
        return False
    known = _CLEAN_SHORT.get(text) if len(text) <= _SHORT else None
    if known is not None:
        return known
    if any_occurs(lower_text(text), _HINTS) or has_token_run(text) or ":" in text and _PORT_FIELD.search(text):
        return True
    from hermes.security.secret_web import WORD_RUN

    if WORD_RUN.search(text) is not None:  # twelve short words in a row: maybe a seed phrase
        return True
    _remember_clean(text, False)
    return False


# A JSON string literal on one line: in a log line or an error body, escapes (`\"`, `\u00e9`,
# `\n`) can hide a secret or the words and lines around it from the rules; its decoded text is
# scanned too.
_JSON_STRING = re.compile(r'"((?:[^"\\\n]|\\.){1,65536})"')
_HIDING_ESCAPES = ('\\"', "\\u", "\\n")
_MAX_DEPTH = 2  # JSON in a JSON string in a log line; deeper nesting is not decoded


def _escaped_strings(text: str, depth: int) -> list[tuple[int, int, int, str]]:
    r"""Spans, in `text`, of secrets found in the DECODED form of its JSON string literals that
    hold hiding escapes. A secret's value is looked up again in the literal as JSON writes it
    (with or without `\u` escapes for non-ASCII), so only the value is hidden."""
    spans: list[tuple[int, int, int, str]] = []
    for m in _JSON_STRING.finditer(text):
        body = m.group(1)
        if not any(e in body for e in _HIDING_ESCAPES):
            continue
        try:
            decoded = json.loads(f'"{body}"')
        except ValueError:
            continue
        for found in _find(decoded, depth + 1):
            value = decoded[found.start:found.end]
            for written in {json.dumps(value)[1:-1], json.dumps(value, ensure_ascii=False)[1:-1]}:
                at = text.find(written, m.start(1), m.end(1))
                while at >= 0:
                    spans.append((at, -(at + len(written)), 99, found.kind))
                    at = text.find(written, at + len(written), m.end(1))
    return spans


# A base64 JSON object (it starts `{"` → "eyJ") with no dots, so not a JWT: a service-account
# key or a credentials file passed in one environment variable. Hidden whole when its decoded
# text holds a secret (the rules run on it, so the rule lives beside them).
_BASE64_JSON = re.compile(r"(?<![A-Za-z0-9+/_\-.])eyJ[A-Za-z0-9+/_\-]{60,16384}={0,2}(?![A-Za-z0-9+/_\-=.])")


def _encoded_json_secrets(text: str) -> list[tuple[str, int, int]]:
    """Base64-encoded JSON documents that carry a secret (a private key, a token)."""
    if "eyJ" not in text:
        return []
    import base64
    import binascii

    found: list[tuple[str, int, int]] = []
    for m in _BASE64_JSON.finditer(text):
        body = m.group(0)
        alt = b"-_" if "-" in body or "_" in body else None
        try:
            decoded = base64.b64decode(body + "=" * (-len(body) % 4), altchars=alt).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            continue
        if '"private_key"' in decoded or find_secrets(decoded):
            found.append(("encoded-credentials", m.start(), m.end()))
    return found


def find_secrets(text: str) -> list[SecretMatch]:
    """All secrets in `text`, non-overlapping, in order of position."""
    return _find(text, 0)


def _find(text: str, depth: int) -> list[SecretMatch]:
    if not might_contain_secret(text):
        return []
    return _scan(text, depth)


def _scan(text: str, depth: int) -> list[SecretMatch]:
    """Every rule over `text`, which has passed the pre-check."""
    from hermes.security.secret_assign import (assigned_secrets, call_literal_secrets, dsl_secrets,
                                               login_call_secrets, named_pair_secrets, query_secrets)
    from hermes.security.secret_cli import command_line_secrets
    from hermes.security.secret_codes import access_codes
    from hermes.security.secret_context import prose_passwords
    from hermes.security.secret_files import file_secrets
    from hermes.security.secret_formats import catalogue_tokens, prefixed_tokens, value_forms
    from hermes.security.secret_key_material import key_material
    from hermes.security.secret_partners import paired_secrets
    from hermes.security.secret_service_keys import service_keys
    from hermes.security.secret_wallets import wallet_keys
    from hermes.security.secret_web import (bip39_phrases, cookie_secrets, path_key_secrets, seed_phrases,
                                            totp_secrets, webhook_secrets, wifi_qr_secrets)

    spans: list[tuple[int, int, int, str]] = []  # (start, -end, rank, kind): sorts as wanted
    rules = (prefixed_tokens, catalogue_tokens, value_forms, file_secrets, command_line_secrets,
             assigned_secrets, dsl_secrets, login_call_secrets, query_secrets, named_pair_secrets, paired_secrets,
             prose_passwords, call_literal_secrets, cookie_secrets, webhook_secrets, seed_phrases,
             _encoded_json_secrets, wifi_qr_secrets, bip39_phrases, wallet_keys, totp_secrets,
             path_key_secrets, key_material, access_codes, service_keys)
    for rank, rule in enumerate(rules):
        spans.extend((start, -end, rank, kind) for kind, start, end in rule(text))
    if depth < _MAX_DEPTH and any(e in text for e in _HIDING_ESCAPES):
        spans.extend(_escaped_strings(text, depth))
    spans.sort()
    found: list[SecretMatch] = []
    for start, neg_end, _, kind in spans:
        end = -neg_end
        if found and start < found[-1].end:  # overlapping: hide the union under the first kind
            if end > found[-1].end:
                found[-1] = SecretMatch(found[-1].kind, found[-1].start, end)
            continue
        found.append(SecretMatch(kind, start, end))
    return found


def redact(text: str) -> str:
    """`text` with every secret replaced by `[REDACTED:<kind>]`."""
    if not text or not might_contain_secret(text):
        return text
    return _redact_hinted(text)


def _redact_hinted(text: str) -> str:
    """`redact` for a text that has passed the pre-check (it is not run again)."""
    if len(text) <= _SHORT and _CLEAN_SHORT.get(text):
        return text  # passed the pre-check before, and the rules found nothing in it
    found = _scan(text, 0)
    if not found:
        _remember_clean(text, True)
        return text
    out: list[str] = []
    pos = 0
    for s in found:
        out.append(text[pos:s.start])
        out.append(f"[REDACTED:{s.kind}]")
        pos = s.end
    out.append(text[pos:])
    return "".join(out)


# ---------------------------------------------------------------- structured data


def _redact_value(value: Any, key: str | None) -> Any:
    if isinstance(value, str):
        if key is not None and value and _assigned_literal(key, value):
            return "[REDACTED:assigned-secret]"
        return redact_text(value)
    if isinstance(value, list):
        return [_redact_value(v, None) for v in value]
    if isinstance(value, dict):
        named = _pair_name(value)
        return {redact(k) if isinstance(k, str) else k: _redact_value(v, _judged_as(k, named))
                for k, v in value.items()}
    return value


# An entry that names its value in another field: {"name": "DB_PASSWORD", "value": "…"}
# (Kubernetes, ECS and GitHub env lists, AWS tags and parameters).
_NAME_FIELDS = ("name", "Name", "key", "Key")
_VALUE_FIELDS = frozenset({"value", "Value"})


def _judged_as(key: object, named: str | None) -> str | None:
    """The name a field's value is judged under: the entry's name for its "value" field."""
    if named is not None and key in _VALUE_FIELDS:
        return named
    return key if isinstance(key, str) else None


def _pair_name(entry: dict[Any, Any]) -> str | None:
    """The name an entry gives its "value" field, when it has both."""
    if not _VALUE_FIELDS & entry.keys():
        return None
    for field in _NAME_FIELDS:
        name = entry.get(field)
        if isinstance(name, str) and name:
            return name
    return None


def _assigned_literal(key: str, value: str) -> bool:
    if not might_contain_secret(key):
        return False
    from hermes.security.secret_assign import is_key_name, is_secret_name, secret_literal
    from hermes.security.secret_values import looks_random

    if is_secret_name(key):
        return secret_literal(value, quoted=True)
    return is_key_name(key) and looks_random(value, min_length=16)


def redact_data(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, strings) with secrets removed from every
    string; a value of a secret-named key is judged as a literal assigned to it, and a string
    that holds a JSON document (tool-call arguments) is decoded first. The input is unchanged."""
    return _redact_value(value, None)


def redact_json(text: str) -> str:
    """A JSON document with secrets removed from its DECODED strings (escaped quotes and
    `\\u` escapes cannot hide a secret), re-encoded only when one was found; text that is not
    a JSON object or array is redacted as plain text."""
    if text.lstrip()[:1] not in ("{", "["):
        return redact(text)
    try:
        data = json.loads(text)
        cleaned = _redact_value(data, None)
    except (ValueError, RecursionError):
        return redact(text)
    if cleaned == data:
        return text  # nothing found: keep the document exactly as it was written
    return json.dumps(cleaned, ensure_ascii=False)


def redact_text(text: str) -> str:
    """`redact_json` for a JSON object or array, else `redact`."""
    return redact_json(text) if text.lstrip()[:1] in ("{", "[") else redact(text)


def redact_hinted_text(text: str) -> str:
    """`redact_text` with the pre-check run once, on the raw text (not again inside `redact`):
    the session store's path. A JSON document without a hint is decoded only when it holds an
    escape, since `\\/`, `\\t` or `\\n` can split a hint (`@\\/\\/` is not `@//`)."""
    is_json = text.lstrip()[:1] in ("{", "[")
    if might_contain_secret(text):
        return redact_json(text) if is_json else _redact_hinted(text)
    return redact_json(text) if is_json and "\\" in text else text


# ---------------------------------------------------------------- streams


def settled_length(text: str) -> int:
    """How much of a text that is still arriving can be stored now: all of it except the
    trailing run of non-space characters, which the next piece may extend into a secret (a
    `ghp_` token cut after 20 characters is too short for its rule, and so on)."""
    i = len(text)
    while i > 0 and not text[i - 1].isspace():
        i -= 1
    return i


# A fixed, high-entropy continuation: appended to a cut-off text, it completes a token or a
# value that was cut short, so the normal rules can tell whether the tail began a secret.
_FILLER = "Zq7Kx2Wm9Rt4Vb8Np3Lc6Hs1Jd5Gf0Ty7Qe2Ua9Io4Pk8Ml3Nb6Xc1Vz5Bw0"
_CONTEXT = 160  # characters before the tail that can make it part of a secret (a key, "Bearer")


def redact_unfinished(text: str) -> str:
    """`redact` for a text whose stream stopped early (cancel, broken connection): a trailing
    fragment that is the START of a secret (`ghp_1a2b`, `password: x8#K`, `Bearer eyJhb`) is
    too short for any rule, so it is judged as if it had gone on, and removed if it would
    have been a secret."""
    tail = settled_length(text)
    if tail >= len(text):
        return redact(text)
    base = max(0, tail - _CONTEXT)
    probe = text[base:] + _FILLER
    cut = len(text) - base  # where the filler starts in the probe
    if any(s.end > tail - base and s.start < cut for s in find_secrets(probe)):
        return redact(text[:tail]) + "[REDACTED:cut-off]"
    return redact(text)
