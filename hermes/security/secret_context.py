"""Secrets with no format of their own, found by what stands next to them.

- The partner of an identifier: an AWS secret key near its access key id, a Twilio auth token
  near its account SID. The id is public-looking; the 40-character (or 32-hex) value beside it
  is the credential.
- A password in prose: a password/passphrase/PIN word of the language, a few words at most,
  a link (a copula, a colon, a dash, a Korean or Japanese topic particle), then one token-like
  value: "the root password on the staging box is Vq8#mZ2pLk", "kata sandi root adalah …",
  "root 비밀번호는 …". The value must look like a credential (letters with digits or
  symbols, no path, no placeholder, no name), so "the password is stored in 1Password" and
  "the token is valid for 15 minutes" stay.

Code is left alone: a value that is a call, a subscript, a template or a name is never one.
Every pattern is bounded; each keyword is looked at once, so the scan is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_values import looks_placeholder, looks_random

# ---------------------------------------------------------------- partners of an identifier

_WINDOW = 160  # characters after an identifier where its partner may stand
_PARTNERS: list[tuple[str, re.Pattern[str], re.Pattern[str]]] = [
    ("aws-secret-key",
     re.compile(r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[0-9A-Z]{16}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")),
    ("twilio-auth-token",
     re.compile(r"(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])")),
]


def paired_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Secrets that stand within a short window after the identifier they belong to."""
    for kind, ident, partner in _PARTNERS:
        for m in ident.finditer(text):
            stop = min(len(text), m.end() + _WINDOW)
            for p in partner.finditer(text, m.end(), stop):
                value = p.group(0)
                if kind == "aws-secret-key" and not looks_random(value, min_length=40):
                    continue
                if kind == "twilio-auth-token" and len(set(value)) < 8:
                    continue
                yield kind, p.start(), p.end()


# ---------------------------------------------------------------- passwords in prose

# Password words per language (lower case). Latin-script words need a word boundary before;
# Hangul, kana and Han words may carry a particle straight after them.
_WORDS_LATIN = (
    # English
    "password", "passwd", "passphrase", "passcode", "pin", "pin code", "secret", "secret key",
    "api key", "access key", "auth token", "access token", "token",
    # Indonesian / Malay
    "kata sandi", "sandi", "kata laluan", "kunci rahasia", "kata kunci",
    # German, Dutch
    "passwort", "kennwort", "geheimnis", "wachtwoord",
    # French, Spanish, Portuguese, Italian
    "mot de passe", "mdp", "contraseña", "contrasena", "clave", "senha", "palavra-passe",
    "parola d'ordine",
    # Turkish, Polish, Vietnamese, Russian
    "şifre", "şifresi", "parola", "parolası", "hasło", "haslo", "mật khẩu", "пароль", "пин-код",
)
_WORDS_CJK = ("비밀번호", "패스워드", "암호", "パスワード", "暗証番号", "密码", "口令", "密碼")

# The link between the word and the value: copulas and verbs of the languages above.
_LINKS = frozenset({
    "is", "was", "are", ":", "-", "—", "–", "->", "→", "be", "reads", "becomes",
    "adalah", "ialah", "yaitu", "yakni", "ialah:", "jadi", "menjadi",
    "ist", "lautet", "war", "wird", "is:",
    "est", "était", "es", "era", "é", "è", "sera", "será",
    "это", "—это", "będzie", "jest", "to", "là", "olarak", "şudur",
})
# Words allowed between a link and the value ("is now", "was changed to", "set to").
_LINK_FILLERS = frozenset({"now", "still", "set", "changed", "updated", "to", "just", "simply",
                           "sekarang", "jetzt", "maintenant", "ahora", "agora", "ora", "giờ"})
# A noun right after the word makes it about a kind of thing: "password manager", "token limit".
_NOUN_AFTER = frozenset({
    "manager", "managers", "field", "reset", "policy", "hash", "hashing", "expiry", "rotation",
    "length", "requirements", "store", "vault", "prompt", "file", "budget", "count", "limit",
    "limits", "header", "usage", "strength", "rules", "format", "type", "name", "names",
})
# Topic/subject particles and the copula that can be written right after a CJK password word.
_CJK_LINK = re.compile(r"(?:은|는|이|가|:|：|=|은요|는요|は|が|:|是|为|為|：|＝)?[ \t]{0,2}")
_MAX_GAP = 6  # words allowed between the password word and its link

# The leading look-ahead lets the engine skip, in C, every position no password word starts at.
_FIRST = "".join(sorted({c for w in _WORDS_LATIN + _WORDS_CJK for c in (w[0].lower(), w[0].upper())}))
_KEYWORD = re.compile(
    r"(?i)(?=[" + _FIRST + r"])(?:(?<![^\W_])(?<!-)(?P<latin>" + "|".join(sorted((re.escape(w) for w in _WORDS_LATIN),
                                                       key=len, reverse=True))
    + r")(?![^\W_])|(?P<cjk>" + "|".join(_WORDS_CJK) + "))"
)
_TOKEN = re.compile(r"\S{1,200}")
# Characters a value may hold: printable ASCII without quotes, brackets and spaces.
_VALUE = re.compile(r"(?:[\"'`“”‘’«»„][ \u00a0]?)?([!#%&*+\-./0-9:;=?@A-Z\\^_a-z|~]{6,128})")
_CODE_CHARS = frozenset("()[]{}<>$")
# Versions, algorithm names and quantities: "v1.2.3", "sha256", "UTF-8", "15min", "2GiB".
_VERSIONISH = re.compile(r"[vV]?\d+(?:[.\-]\d+)+[a-z]?|[a-z]{2,6}-?\d{1,3}|[A-Z]{2,6}-?\d{1,3}"
                         r"|\d+(?:[a-z]{1,3}|[KMGTP]i?B)")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_SENTENCE_END = (".", "!", "?", ";", "。", "！", "？")
_CODE_MARKS = frozenset("\"'`{}[]=<>")


def token_like(value: str) -> bool:
    """A credential-shaped value: 6+ characters of letters with digits or symbols, no path,
    URL, placeholder, version number, unit or identifier."""
    if len(value) < 6 or _CODE_CHARS & set(value) or looks_placeholder(value):
        return False
    if value.startswith(("/", "~", ".", "-", "http")) or "://" in value:
        return False
    if _VERSIONISH.fullmatch(value):
        return False
    has_alpha = any(c.isalpha() for c in value)
    has_digit = any(c.isdigit() for c in value)
    has_symbol = any(not c.isalnum() for c in value)
    mixed = value != value.lower() and value != value.upper()
    if not has_alpha or not (has_digit or (has_symbol and mixed)
                             or (mixed and looks_random(value))):
        return False
    if "_" in value and _IDENT.fullmatch(value) and not has_digit:
        return False  # a name such as db_password
    if "/" in value:  # a path-like value is a secret only when it is random (an AWS key)
        return looks_random(value, min_length=20)
    return True


def _value_at(text: str, pos: int) -> tuple[int, int] | None:
    """(start, end) of the token-like value at `pos`, without quotes or closing punctuation."""
    m = _VALUE.match(text, pos)
    if m is None:
        return None
    start, end = m.span(1)
    while end > start and text[end - 1] in ".,;:!?":
        end -= 1
    nxt = text[m.end():m.end() + 1]
    if nxt and (nxt in "([{<$" or (nxt.isalpha() and nxt.isascii())):
        return None  # the value runs on into code or a longer word
    if text.startswith(("…", "..."), end):
        return None  # an example cut short ("token: 9f8e7d…"), not a value
    value = text[start:end]
    return (start, end) if token_like(value) else None


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _after_latin(text: str, pos: int) -> tuple[int, int] | None:
    """The value after a Latin-script password word ending at `pos`."""
    link_seen = False
    if text.startswith(("=", " =", "\t="), pos) or text.startswith((': "', ": '", ':"', ":'"), pos):
        return None  # an assignment in code or config: secret_assign.py judges its literal
    if pos < len(text) and text[pos] in ":：":
        pos += 1
        link_seen = True
    words = 0
    while words <= _MAX_GAP + 3:
        pos = _skip_space(text, pos)
        m = _TOKEN.match(text, pos)
        if m is None:
            return None
        word = m.group(0)
        low = word.casefold()
        if link_seen:
            if low in _LINK_FILLERS:
                pos = m.end()
                words += 1
                continue
            return _value_at(text, pos)
        if words == 0 and low.strip(",:") in _NOUN_AFTER:
            return None
        bare = low.rstrip(":")
        if low in _LINKS or bare in _LINKS or low.endswith((":", "：")):
            link_seen = True
            pos = m.end()
            words += 1
            continue
        if words >= _MAX_GAP or word.endswith(_SENTENCE_END) or _CODE_MARKS & set(word):
            return None  # the sentence ended, or this is code or data (`"model": "gpt-4.1"`)
        pos = m.end()
        words += 1
    return None


def prose_passwords(text: str) -> Iterator[tuple[str, int, int]]:
    """Values that a sentence names as a password, passphrase, PIN or key."""
    for m in _KEYWORD.finditer(text):
        if m.group("cjk"):
            link = _CJK_LINK.match(text, m.end())
            found = _value_at(text, link.end() if link else m.end())
        else:
            found = _after_latin(text, m.end())
        if found is not None:
            yield "password-in-prose", found[0], found[1]
