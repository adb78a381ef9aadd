"""Secrets of the web and of wallets, recognised by where they stand rather than by a name:

- session cookies: the values of a `Cookie:` / `Set-Cookie:` header or a `curl -b` argument,
  a session-named cookie anywhere (`JSESSIONID=…`, `laravel_session=…`), and the value column
  of a Netscape cookie jar (cookies.txt);
- chat webhooks whose URL is the credential (Mattermost, Rocket.Chat, Feishu/Lark, Webex);
- the password field of a Wi-Fi QR code's text (`WIFI:S:…;T:WPA;P:…;;`);
- mnemonic seed phrases: 12 to 24 short lower-case words after a seed or recovery-phrase word,
  or a run of 12 or more words of BIP-39's list wherever it stands (no sentence of a language
  strings twelve of them together: its short function words are not on the list);
- a TOTP seed (base32, 16+ characters, grouped by four or not) after a 2FA / authenticator word;
- a key that is a path segment of a URL, after a segment named for it (`…/with/key/<key>`).

(A base64 JSON document holding a secret is found in redact.py, which runs these rules on it;
wallets' private keys are in secret_wallets.py.)

Every pattern is bounded, and each rule first checks for a literal it needs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_values import FILLED, looks_placeholder, looks_random, lower_text, occurrences

# A cookie header's or a `curl -b/--cookie` argument's list of name=value pairs.
_COOKIE_LIST = re.compile(
    r"(?i)(?:(?<![\w\-])(?:set-)?cookie:|(?<![\w\-])(?:-b|--cookie)[ \t]{1,4}['\"]?)[ \t]{0,4}"
    r"(?P<pairs>[^\n\r'\"]{1,4096})")
_PAIR = re.compile(r"(?P<name>[^\s=;,]{1,128})=(?P<value>[^\s;,'\"]{1,4096})")
# A session cookie named anywhere as a cookie pair: sessionid, PHPSESSID, ASP.NET_SessionId,
# connect.sid …; and, where the text speaks of cookies, as a quoted key and value
# (`cookies={'sessionid': '…'}`), which elsewhere is a session id in code (a fixture's UUID).
# Found from the name's end ("sess…" or "sid", so the engine skips to an "s" in C); the name's
# start is then found by walking back over its characters.
_SESSION_TAIL = re.compile(
    r"(?i)(?:sess[a-z_]{0,12}|sid)(?P<link>=|['\"][ \t]{0,4}[:=][ \t]{0,4}['\"])"
    r"(?P<value>[^\s;,'\"&<>(){}\[\]]{16,4096})")
_NAME_CHAR = re.compile(r"[\w.\-]")


def _session_pair_name(text: str, m: re.Match[str]) -> str | None:
    """The whole cookie name that ends where `m` matched "sess…"/"sid", or None when the
    match is not the end of a session cookie's name (`ssid`, a name over 48 characters)."""
    start = m.start()
    while start > 0 and m.start() - start <= 48 and _NAME_CHAR.match(text, start - 1):
        start -= 1
    if start > 0 and _NAME_CHAR.match(text, start - 1):
        return None
    name = text[start:m.start("link")]
    if name[-3:].lower() == "sid" and len(name) > 3 and name[-4] not in "._":
        return None  # `ssid`, `pid`-like words: only `sid`, `connect.sid`, `x_sid` are sessions
    return name


# A Netscape cookie jar line: domain, include-subdomains, path, secure, expiry, name, value.
_JAR_LINE = re.compile(
    r"(?m)^(?:#HttpOnly_)?[^\t\n#][^\t\n]{0,252}\t(?:TRUE|FALSE)\t[^\t\n]{1,1024}\t(?:TRUE|FALSE)\t\d{1,12}"
    r"\t(?P<name>[^\t\n]{1,256})\t(?P<value>[^\t\n]{8,4096})$")
# A browser extension's cookie export (JSON): the value of a session-named entry.
_JSON_COOKIE = re.compile(
    r'"name"[ \t]{0,4}:[ \t]{0,4}"(?P<name>[^"\n]{1,128})"[ \t]{0,4},[ \t]{0,4}'
    r'(?:"[A-Za-z]{1,32}"[ \t]{0,4}:[ \t]{0,4}(?:"[^"\n]{0,256}"|[\w.\-]{1,32})[ \t]{0,4},[ \t]{0,4}){0,4}'
    r'"value"[ \t]{0,4}:[ \t]{0,4}"(?P<value>[^"\n]{8,4096})"')
_ATTRIBUTES = frozenset({"path", "domain", "expires", "max-age", "samesite", "priority"})


def _session_name(name: str) -> bool:
    lowered = name.lower()
    return "sess" in lowered or lowered == "sid" or lowered.endswith((".sid", "_sid")) \
        or lowered.endswith(("_token", "-token", "auth"))


def _cookie_value(name: str, value: str) -> bool:
    """Is this cookie's value a credential: random, or long and in a session-named cookie?"""
    if looks_placeholder(value) or name.lower() in _ATTRIBUTES or value[:1] in "$<{%" and "%3A" not in value[:4]:
        return False
    if looks_random(value, min_length=16, max_length=4096):
        return True
    return _session_name(name) and len(value) >= 16 and not value.isalpha()


def cookie_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Session cookies in headers, curl arguments, assignments and cookie jars."""
    lowered = lower_text(text)
    if "cookie" in lowered or "-b " in text:
        for m in _COOKIE_LIST.finditer(text):
            for p in _PAIR.finditer(text, m.start("pairs"), m.end("pairs")):
                if _cookie_value(p.group("name"), p.group("value")):
                    yield "session-cookie", p.start("value"), p.end("value")
    if "sess" in lowered or "sid" in lowered:
        quoted_ok = "cookie" in lowered
        for m in _SESSION_TAIL.finditer(text):
            if m.group("link") != "=" and not quoted_ok:
                continue
            if _session_pair_name(text, m) is None:
                continue
            value = m.group("value")
            if not looks_placeholder(value) and (looks_random(value, min_length=16, max_length=4096)
                                                 or not value.isalpha() and len(value) >= 24):
                yield "session-cookie", m.start("value"), m.end("value")
    if '"value"' in lowered:
        for m in _JSON_COOKIE.finditer(text):
            if _session_name(m.group("name")) and _cookie_value(m.group("name"), m.group("value")):
                yield "session-cookie", m.start("value"), m.end("value")
    if "\t" in text and ("true\t" in lowered or "false\t" in lowered):
        for m in _JAR_LINE.finditer(text):
            if _cookie_value(m.group("name"), m.group("value")):
                yield "session-cookie", m.start("value"), m.end("value")


# Incoming webhooks whose path after a `hook(s)` / `webhook(s)` segment is the credential:
# Mattermost, Rocket.Chat, Feishu/Lark, Webex. A template (`/hooks/{id}`) has no random run,
# and a numbered hook in an API (`/repos/o/r/hooks/123`) has only digits.
_HOOK_PATH = re.compile(
    r"https?://[A-Za-z0-9.\-]{1,253}(?::\d{1,5})?(?:/[A-Za-z0-9._\-]{1,64}){0,6}"
    r"/(?:hooks?|webhooks?)/(?:incoming/)?(?P<value>[A-Za-z0-9_\-/]{20,200})")


_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)


def webhook_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """The secret path of chat webhooks that are not known by a fixed host."""
    if "hook" not in text:
        return
    for m in _HOOK_PATH.finditer(text):
        value = m.group("value").rstrip("/")
        if any(looks_random(part, min_length=16) or _UUID.fullmatch(part) for part in value.split("/")):
            yield "chat-webhook", m.start("value"), m.start("value") + len(value)


# A Wi-Fi QR code's text: `WIFI:S:<ssid>;T:WPA;P:<password>;;` (fields in any order).
_WIFI_QR = re.compile(r"WIFI:(?:[STHR]:(?:\\.|[^;\\\n]){0,64};){0,4}P:(?P<value>(?:\\.|[^;\\\n]){1,128});")


def wifi_qr_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """The password field of a Wi-Fi QR code's text."""
    if "WIFI:" not in text:
        return
    for m in _WIFI_QR.finditer(text):
        if not looks_placeholder(m.group("value")):
            yield "wifi-password", m.start("value"), m.end("value")


# ---------------------------------------------------------------- seed phrases

_SEED_WORD = re.compile(
    r"(?i)(?<![A-Za-z0-9\-])(?:seed(?:[ _\-]?(?:phrase|words?))?|mnemonic(?:[ _\-](?:phrase|words?))?"
    r"|recovery[ _\-](?:phrase|words?|seed)|backup[ _\-](?:phrase|words)|wallet[ _\-]words)(?![\w\-])")
# Function words a sentence uses between the seed word and the phrase, none of them a word of
# BIP-39's list (content words such as "test" or "word" are, so they may stand in a phrase).
_LINK_WORDS = frozenset({
    "the", "for", "and", "are", "was", "were", "is", "of", "to", "in", "on", "at", "by", "with",
    "from", "that", "this", "it", "you", "your", "my", "our", "its", "not", "be", "as", "if",
    "but", "into", "then", "they", "we", "has", "phrase", "mnemonic", "seed"})
_PHRASE_WORD = re.compile(r"[a-z]{3,8}")
_PHRASE_TOKEN = re.compile(r"[^\s\"'`:=,\[\]]{1,64}")
_PHRASE_LENGTHS = (12, 15, 18, 21, 24)
_MAX_LEAD = 10  # words between the seed word and its phrase ("for the test wallet are")


def seed_phrases(text: str) -> Iterator[tuple[str, int, int]]:
    """A mnemonic (BIP-39 style) seed phrase after a word that names one."""
    lowered = lower_text(text)
    if not any(w in lowered for w in ("seed", "mnemonic", "recovery", "backup", "wallet")):
        return
    for m in _SEED_WORD.finditer(text):
        run: list[tuple[int, int]] = []
        skipped = 0
        for w in _PHRASE_TOKEN.finditer(text, m.end(), min(len(text), m.end() + 400)):
            word = w.group(0).rstrip(".;)")
            if word in _LINK_WORDS or not _PHRASE_WORD.fullmatch(word):
                if len(run) >= _PHRASE_LENGTHS[0]:
                    break
                skipped += 1 + len(run)
                if skipped > _MAX_LEAD:
                    break  # the sentence went on to something else
                run = []
                continue
            run.append((w.start(), w.start() + len(word)))
            if len(run) == _PHRASE_LENGTHS[-1]:
                break
        if len(run) >= _PHRASE_LENGTHS[0]:
            yield "seed-phrase", run[0][0], run[-1][1]



# A run of words of the BIP-39 list: candidates found by one bounded-step pattern (twelve or
# more lower-case words of 3 to 8 letters, with spaces, line breaks or list numbers between
# them; not commas, which make an ordinary list), then checked against the list, in Python,
# once per candidate run. The pattern starts at the space after the run's first word (a literal,
# so the engine skips to the next space in C instead of trying every letter); that first word
# is then read back from the space.
_SEP = r"(?:[ \t]{1,4}|[ \t]{0,4}\n[ \t]{0,4})(?:\d{1,2}[.):][ \t]{0,2})?"
WORD_RUN = re.compile(r" [a-z]{3,8}(?:" + _SEP + r"[a-z]{3,8}){10,}(?![A-Za-z0-9_\-])")
_BEFORE_RUN = re.compile(r"[A-Za-z0-9_\-'’]")
_RUN_WORD = re.compile(r"[a-z]{3,8}")
_MIN_PHRASE = 12
_MIN_DISTINCT = 10  # a phrase repeats a word rarely; "word word word …" is not one


def bip39_phrases(text: str) -> Iterator[tuple[str, int, int]]:
    """Runs of 12 or more consecutive BIP-39 words: a wallet's seed phrase, wherever it stands."""
    from hermes.security.secret_wordlist import BIP39_ENGLISH

    for m in WORD_RUN.finditer(text):
        begin = m.start()
        while begin > 0 and m.start() - begin < 9 and "a" <= text[begin - 1] <= "z":
            begin -= 1  # the run's first word, before the space
        if begin == m.start() or m.start() - begin > 8 or begin and _BEFORE_RUN.match(text, begin - 1):
            begin = m.start() + 1  # no word there, or one that runs on into a longer one
        run_start = run_end = -1
        seen: set[str] = set()
        count = 0
        for w in _RUN_WORD.finditer(text, begin, m.end()):
            if w.group(0) in BIP39_ENGLISH:
                if count == 0:
                    run_start = w.start()
                    seen.clear()
                if len(seen) < _MIN_DISTINCT:
                    seen.add(w.group(0))
                run_end, count = w.end(), count + 1
                continue
            if count >= _MIN_PHRASE and len(seen) >= _MIN_DISTINCT:
                yield "seed-phrase", run_start, run_end
            count = 0
        if count >= _MIN_PHRASE and len(seen) >= _MIN_DISTINCT:
            yield "seed-phrase", run_start, run_end


# ---------------------------------------------------------------- TOTP seeds

# A base32 seed as authenticator apps show it: 16 to 128 characters of A-Z and 2-7 (or lower
# case), whole or in groups of four; within a short span after a 2FA word on its line, or as
# the `secret` of an otpauth:// URI.
# Found in the lower-case text by plain substring search; a word's edges are checked after.
_OTP_WORDS = ("2fa", "mfa", "totp", "hotp", "otp", "authenticator", "two-factor", "two factor", "2-step",
              "2 step", "two-step", "two step")
_OTP_EDGE = re.compile(r"[a-z0-9]")
_BASE32 = re.compile(
    r"(?<![A-Za-z0-9+/=_\-])(?:[A-Z2-7]{16,128}|[a-z2-7]{16,128}|(?:[A-Z2-7]{4}[ \-]){3,31}[A-Z2-7]{2,4}"
    r"|(?:[a-z2-7]{4}[ \-]){3,31}[a-z2-7]{2,4})={0,6}(?![A-Za-z0-9+/=_\-])")
_OTP_URI = re.compile(r"otpauth(?:-migration)?://[^\s\"'<>]{0,256}?[?&](?:secret|data)=(?P<value>[A-Za-z0-9%+/=]{16,512})")
_OTP_WINDOW = 80


def _base32_seed(value: str) -> bool:
    body = value.replace(" ", "").replace("-", "").rstrip("=")
    digits = sum(c in "234567" for c in body)
    # a digit of base32 (2-7) at least: words of a sentence ("type this into the") have none
    return len(body) >= 16 and digits >= 1 and len(set(body)) >= 8 and not FILLED.search(body)


def _word_ends(lowered: str, words: tuple[str, ...]) -> Iterator[int]:
    """Where each of `words` ends in `lowered`, standing as a word (no letter or digit before it,
    no letter after it)."""
    for at, end in occurrences(lowered, words):
        # a Latin letter after it makes it part of a word; a Han or kana one does not ("2FA恢复种子")
        if not (at and _OTP_EDGE.match(lowered, at - 1)) and not (
                end < len(lowered) and lowered[end].isalpha() and lowered[end].isascii()):
            yield end


def totp_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """TOTP/HOTP seeds: in an otpauth:// URI, or base32 after a 2FA or authenticator word."""
    lowered = lower_text(text)
    if "otpauth" in lowered:
        for m in _OTP_URI.finditer(text):
            if not looks_placeholder(m.group("value")):
                yield "totp-secret", m.start("value"), m.end("value")
    if len(lowered) != len(text):
        return  # (a text whose lower case has another length is rare: its positions would not line up)
    ends = sorted(_word_ends(lowered, _OTP_WORDS))
    last = 0
    for end in ends:
        begin = max(last, end)
        stop = text.find("\n", begin, end + _OTP_WINDOW)
        stop = stop if stop >= 0 else min(len(text), end + _OTP_WINDOW)
        for v in _BASE32.finditer(text, begin, stop):
            if _base32_seed(v.group(0)):
                yield "totp-secret", v.start(), v.end()
        last = max(last, stop)


# ---------------------------------------------------------------- keys in URL paths

# `https://maker.ifttt.com/trigger/EVENT/with/key/<key>`, `…/api/token/<token>/…`: a path
# segment named for a key, then a random segment (a name, a template or a number is not one).
_PATH_KEY = re.compile(
    r"https?://[A-Za-z0-9.\-]{1,253}(?::\d{1,5})?(?:/[A-Za-z0-9._~%\-]{1,64}){0,8}"
    r"/(?i:key|keys|token|tokens|secret|secrets|apikey|api[_\-]key|access[_\-]token|auth[_\-]?token)"
    r"/(?P<value>[A-Za-z0-9_\-]{16,200})(?![A-Za-z0-9_\-])")


def path_key_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Keys written as a URL path segment after a segment that names them."""
    if "://" not in text:
        return
    for m in _PATH_KEY.finditer(text):
        value = m.group("value")
        if looks_random(value, min_length=16) and not _UUID.fullmatch(value):
            yield "url-path-key", m.start("value"), m.end("value")
