"""Short codes that grant access once: one-time codes and account recovery codes.

- A one-time code: 4 to 8 digits (one space or dash may split them, `482 913`) right after
  an OTP or verification-code word and at most a copula or a colon ("your verification code
  is 482913", "código de verificación: 5521", "验证码：604211"), or before "is your … code"
  as text messages write it ("G-604211 is your Google verification code"). "code" alone is
  not such a word: exit, error, status and zip codes are numbers too.
- Recovery (backup) codes: a list of codes after a recovery-codes or backup-codes word in
  one of several languages. A code is 4 to 6 letters and digits, a dash, 4 to 6 more
  (GitHub's `0a16e-e7e42`, a base32 `baze3-bpyau`, up to five such groups), two groups of four
  digits (`4821 9930`), or 8 to 16 letters and digits, with a digit in it. A list of two or
  more (or one dashed code) is hidden whole.

Every pattern is bounded; each code word looks ahead a bounded window.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_values import lower_text, occurrences

# (lower case) words that name a one-time code, in several languages
_OTP_WORDS = (
    "verification code", "verification-code", "one-time code", "one time code", "one-time passcode",
    "one-time password", "one time password", "otp", "sms code", "security code", "login code",
    "sign-in code", "signin code", "confirmation code", "2fa code", "mfa code", "authentication code",
    "passcode", "auth code",
    "code de vérification", "code de verification", "code de confirmation", "code à usage unique",
    "code de sécurité", "código de verificación", "código de verificacion", "código de verificação",
    "código de confirmación", "código de confirmação", "código de seguridad", "codice di verifica",
    "codice otp", "codice di sicurezza", "bestätigungscode", "verifizierungscode", "einmalcode",
    "sicherheitscode", "verificatiecode", "bevestigingscode", "kod weryfikacyjny", "kod sms",
    "ověřovací kód", "doğrulama kodu", "onay kodu", "kode verifikasi", "kode otp", "mã xác minh",
    "mã xác thực", "mã otp", "код подтверждения", "проверочный код", "одноразовый код", "код из смс",
    "код из sms", "код верификации", "验证码", "驗證碼", "校验码", "動態密碼", "动态密码", "認証コード",
    "確認コード", "ワンタイムパスワード", "인증번호", "인증 번호", "인증코드", "인증 코드",
    "رمز التحقق", "كود التحقق", "קוד אימות", "सत्यापन कोड", "รหัสยืนยัน", "รหัส otp",
)
# What may stand between the word and the code: spaces, a colon or dash, copulas and
# possessives ("is", "lautet", "kamu", "của bạn là"), particles (は, 는), an opening bracket.
_OTP_LINK = re.compile(
    r"(?P<link>(?:[ \t]{0,3}(?:(?:is|was|are|est|es|ist|lautet|sind|é|è|är|er|jest|to|là|của|bạn|kamu|anda"
    r"|adalah|ialah|равен|sms)(?=[ \t:：])|[:：=\-—–]|是|为|為|は|는|은|이|가)){0,4})[ \t]{0,3}[\[(「【]?"
    r"(?P<code>(?<![0-9])\d{2,4}(?:[ \-]?\d{2,4}){0,2})(?![0-9A-Za-z_]|[.,\- ]\d)")
_YEAR = re.compile(r"(?:19|20)\d\d")  # "OTP 2024 roadmap": a year, when nothing links it to the word
# "604211 is your … code" (an SMS): the code, a copula, then within a few words a code word.
_OTP_FIRST = re.compile(
    r"(?<![0-9A-Za-z_\-])(?:[A-Z]{1,2}-)?(?P<code>\d{4,8})[ \t]{1,3}(?:is|es|est|ist|é)[ \t]{1,3}"
    r"(?:your|tu|su|votre|ihr|dein|seu|o|le|la|el)[ \t]", re.IGNORECASE)
_OTP_FIRST_WINDOW = 48
_FOUR_DIGITS = re.compile(r"\d{4}")  # what _OTP_FIRST's code needs, sought first (it is cheaper)


def _code_digits(code: str) -> bool:
    """4 to 8 digits that are not a stand-in (`000000`, `123456`)."""
    digits = code.replace(" ", "").replace("-", "")
    if not 4 <= len(digits) <= 8 or len(set(digits)) == 1:
        return False
    return digits not in "0123456789" and digits not in "9876543210"


def _word_ends(lowered: str, words: tuple[str, ...]) -> Iterator[int]:
    for at, end in occurrences(lowered, words):
        if not lowered[at:end].isascii():
            yield end  # a word of another script stands anywhere
        elif (at == 0 or not lowered[at - 1].isalnum()) and (end >= len(lowered) or not lowered[end].isalpha()):
            yield end


def _one_time_codes(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    for end in _word_ends(lowered, _OTP_WORDS):
        m = _OTP_LINK.match(text, end)
        if m is None or not _code_digits(m.group("code")):
            continue
        if m.group("link").strip() or not _YEAR.fullmatch(m.group("code")):
            yield "one-time-code", m.start("code"), m.end("code")
    if (" is " in lowered or " es " in lowered or " est " in lowered or " ist " in lowered) \
            and _FOUR_DIGITS.search(text) is not None:
        for m in _OTP_FIRST.finditer(text):
            window = lowered[m.end():m.end() + _OTP_FIRST_WINDOW]
            if _code_digits(m.group("code")) and any(w in window for w in ("code", "código", "codice", "otp", "pin")):
                yield "one-time-code", m.start("code"), m.end("code")


# (lower case) words that name a list of recovery codes
_RECOVERY_WORDS = (
    "recovery codes", "recovery-codes", "recovery_codes", "recovery code", "backup codes", "backup-codes",
    "backup_codes", "backup code", "scratch codes", "emergency codes", "2fa codes", "mfa codes",
    "wiederherstellungscodes", "wiederherstellungscode", "notfallcodes", "sicherungscodes",
    "codes de récupération", "codes de recuperation", "codes de secours", "code de récupération",
    "códigos de recuperación", "codigos de recuperacion", "códigos de respaldo", "códigos de backup",
    "códigos de recuperação", "codici di recupero", "codici di backup", "herstelcodes", "back-upcodes",
    "kody zapasowe", "kody odzyskiwania", "záložní kódy", "kurtarma kodları", "yedek kodlar",
    "kode pemulihan", "kode cadangan", "mã khôi phục", "mã dự phòng",
    "коды восстановления", "резервные коды", "коды для восстановления",
    "恢复码", "恢復碼", "备用码", "備用碼", "备份码", "リカバリーコード", "リカバリコード", "バックアップコード",
    "복구 코드", "복구코드", "백업 코드", "백업코드", "رموز الاسترداد", "رموز النسخ الاحتياطي",
)
_RECOVERY_CODE = re.compile(
    r"(?<![A-Za-z0-9_\-])(?:[A-Za-z0-9]{4,6}-[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){0,4}|[A-Za-z0-9]{8,16}"
    r"|\d{4}[ ]\d{4})(?![A-Za-z0-9_\-])")
# Between two codes of a list: spaces, commas, line breaks (real or `\n`), bullets, numbering.
_CODE_GAP = re.compile(r"(?:[\s,;|•*\-]|\\n|\\r|\d{1,2}[.)][ \t]){0,24}")
_RECOVERY_WINDOW = 80  # from the word to the first code (a file name, "(save these):")
_MAX_CODES = 64


def _code_like(code: str) -> bool:
    body = code.replace("-", "").replace(" ", "")
    return any(c.isdigit() for c in body) and len(set(body)) >= 4


def _recovery_codes(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    last = 0
    for end in sorted(_word_ends(lowered, _RECOVERY_WORDS)):
        if end < last:
            continue
        first = _RECOVERY_CODE.search(text, end, min(len(text), end + _RECOVERY_WINDOW))
        if first is None:
            continue
        start, stop, count, dashed = first.start(), first.end(), 1, "-" in first.group(0)
        mixed = _code_like(first.group(0))
        while count < _MAX_CODES:
            gap = _CODE_GAP.match(text, stop)
            nxt = _RECOVERY_CODE.match(text, gap.end()) if gap is not None else None
            if nxt is None or nxt.start() == stop:
                break
            stop, count = nxt.end(), count + 1
            mixed = mixed or _code_like(nxt.group(0))
        if mixed and (count >= 2 or dashed):
            yield "recovery-codes", start, stop
            last = stop


# Every word above, for the cheap gate of redact.py: a text without one skips these rules.
CODE_WORDS = _OTP_WORDS + _RECOVERY_WORDS


def access_codes(text: str) -> Iterator[tuple[str, int, int]]:
    """One-time codes after an OTP word, and lists of recovery codes after a recovery word."""
    lowered = lower_text(text)
    if len(lowered) != len(text):
        return  # (positions of a text whose lower case has another length would not line up)
    yield from _one_time_codes(text, lowered)
    yield from _recovery_codes(text, lowered)
