"""Secrets that have no well-known prefix: "The prod DB password is hunter2-x8Kq9",
Azure connection strings, and a few token formats the shared redactor may not know yet.

High precision first: a value counts only when it follows a secret word and a link ("is", ":",
"=", "lautet", "是", "は", …) and looks like a secret (letters with digits or symbols), so
"the password is stored in 1Password" and "token expiry is 15 minutes" pass.
"""

from __future__ import annotations

import re

from hermes.security.findings import BLOCK, SECRETS, ScanFinding

# Token formats with a fixed prefix (checked here too so the memory scan does not depend on
# which formats the redactor knows).
_PREFIXED = [
    ("gitlab-token", re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,}")),
    ("sendgrid-key", re.compile(r"\bSG\.[A-Za-z0-9_\-]{16,}\.[A-Za-z0-9_\-]{16,}")),
    ("npm-token", re.compile(r"\bnpm_[A-Za-z0-9]{30,}")),
    ("pypi-token", re.compile(r"\bpypi-AgE[A-Za-z0-9_\-]{40,}")),
    ("webhook-secret", re.compile(r"\bwhsec_[A-Za-z0-9+/=]{20,}")),
    ("shopify-token", re.compile(r"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}")),
    ("digitalocean-token", re.compile(r"\bdo[por]_v1_[a-f0-9]{64}")),
    ("docker-token", re.compile(r"\bdckr_pat_[A-Za-z0-9_\-]{20,}")),
    ("google-oauth-token", re.compile(r"\bya29\.[A-Za-z0-9_\-]{20,}")),
    ("azure-account-key", re.compile(
        r"(?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature)\s?=\s?([A-Za-z0-9+/%]{20,}={0,2})")),
]

_KEYWORDS = {
    "password", "passwords", "passwd", "passcode", "passphrase", "pw", "pwd", "pin", "secret", "token", "apikey",
    "passwort", "kennwort", "contrasena", "contraseña", "clave", "пароль", "пароли", "mot de passe",
    "api key", "access key", "secret key", "auth token", "access token", "signing secret", "private key",
}
_CJK_KEYWORDS = ("密码", "口令", "密钥", "パスワード", "暗証番号", "passwort", "kennwort", "пароль")
_LINKS = {"is", "=", ":", "was", "are", "ist", "lautet", "es", "est", "est:", "—", "-", "to", "be", "это"}
_CJK_LINKS = ("是", "为", "は", ":", "：", "=")
_PLACEHOLDER = re.compile(r"^(?:[\d.,:]+|\$\{?\w+\}?|[A-Z][A-Z0-9_]*_[A-Z0-9_]*|<[^>]*>|\[[^\]]*\]|\*+|x{4,}|\.{3,})$")
_PLAIN_WORDS = re.compile(r"^[a-z\-]+$")  # "stored", "example-password": words, not secrets


def _not_a_value(value: str) -> bool:
    return bool(_PLACEHOLDER.match(value) or _PLAIN_WORDS.match(value)) or value.startswith(("~", "/", ".")) or (
        "/" in value or "://" in value)


_WORD = re.compile(r"\S+")
# "password manager: 1Password" names a kind of thing, not the secret itself.
_NOUN_AFTER = {"manager", "managers", "field", "reset", "policy", "hash", "hashing", "expiry", "rotation", "length",
               "requirements", "store", "vault", "prompt", "file", "budget", "count", "limit", "header"}


def _looks_secret(value: str) -> bool:
    value = value.strip("\"'`“”‘’«»,;()")
    if value.endswith(".") and not value.endswith(".."):
        value = value[:-1]
    if len(value) < 6 or len(value) > 200 or _not_a_value(value):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    has_symbol = any(not c.isalnum() for c in value)
    mixed_case = value != value.lower() and value != value.upper()
    return has_alpha and (has_digit or (has_symbol and mixed_case))


_ANY_KEYWORD = re.compile(
    r"(?i)pass|pw|pin|secret|token|key|kennwort|contrase|clave|пароль|密码|口令|密钥|パスワード|暗証")


def _prose_secret(text: str) -> bool:
    if not _ANY_KEYWORD.search(text):
        return False
    words = [m.group(0) for m in _WORD.finditer(text)]
    low = [w.casefold().strip(",;()\"'") for w in words]
    for i, w in enumerate(low):
        head = w.rstrip(":=")
        keyword = head in _KEYWORDS or (i and f"{low[i - 1]} {head}" in _KEYWORDS) or (
            i > 1 and f"{low[i - 2]} {low[i - 1]} {head}" in _KEYWORDS) or any(k in head for k in _CJK_KEYWORDS)
        if not keyword or (i + 1 < len(low) and low[i + 1].rstrip(":=") in _NOUN_AFTER):
            continue
        if w.endswith((":", "=")) or w.endswith(_CJK_LINKS):
            if i + 1 < len(words) and _looks_secret(words[i + 1]):
                return True
            continue
        # Quoted, or a long random-looking value right after the keyword: no link needed.
        after = words[i + 1] if i + 1 < len(words) else ""
        if (after[:1] in "\"'`" or len(after) >= 20) and after and _looks_secret(after):
            return True
        for j in range(i + 1, min(i + 6, len(words) - 1)):
            if low[j] in _LINKS or low[j].endswith((":", "：")) or low[j].endswith(_CJK_LINKS):
                return _looks_secret(words[j + 1])
    return False


def detect(text: str) -> list[ScanFinding]:
    """Secret findings in `text` (NFKC, case kept). The excerpt never holds the secret."""
    for kind, pattern in _PREFIXED:
        if pattern.search(text):
            return [ScanFinding(SECRETS, kind, f"[{kind}]", BLOCK)]
    if len(text) <= 20000 and _prose_secret(text):
        return [ScanFinding(SECRETS, "password-in-prose", "[password-in-prose]", BLOCK)]
    return []
