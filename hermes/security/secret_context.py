"""Passwords with no format of their own, found by the words that stand before them.

(The partner of an identifier, an AWS secret key near its key id, is in secret_partners.py.)

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

from hermes.security.secret_values import looks_placeholder, looks_random, lower_text
from hermes.security.word_pattern import any_word, first_chars

# ---------------------------------------------------------------- passwords in prose

# Password words per language (lower case). Latin-script words need a word boundary before;
# Hangul, kana and Han words may carry a particle straight after them.
_WORDS_LATIN = (
    # English ("pass" alone: "user jdoe, pass Wq7&nL3xKp"; a verb takes no credential after it)
    "password", "passwd", "pass", "pwd", "pw", "passphrase", "passcode", "pin", "pin code", "secret", "secret key",
    "api key", "access key", "auth token", "access token", "token",
    # Indonesian / Malay (with the possessive -nya: "kata sandinya", "passwordnya")
    "kata sandi", "sandi", "kata laluan", "kunci rahasia", "kata kunci", "kata sandinya", "sandinya",
    "kata laluannya", "passwordnya", "pinnya", "kata rahsia",
    # German, Dutch
    "passwort", "kennwort", "geheimnis", "wachtwoord",
    # French, Spanish, Portuguese, Italian
    "mot de passe", "mdp", "contraseña", "contrasena", "clave", "senha", "palavra-passe",
    "parola d'ordine",
    # Turkish (with the possessives: my, your, its), Polish (its cases), Vietnamese, Russian / Ukrainian
    "şifre", "şifresi", "şifrem", "şifren", "şifreniz", "şifremiz", "parola", "parolası", "parolam",
    "parolanız", "hasło", "haslo", "hasła", "hasłem", "mật khẩu", "mat khau", "mật mã", "mã pin",
    "khóa bí mật", "khoá bí mật", "khóa mã hoá", "khóa mã hóa", "khoá mã hoá", "khóa api", "khoá api",
    "пароль", "пин-код",
    # Czech / Slovak, Swedish, Danish / Norwegian, Finnish, Hungarian, Romanian, Greek
    "heslo", "lösenord", "lösenordet", "losenord", "adgangskode", "adgangskoden", "passord",
    "passordet", "kodeord", "kodeordet", "salasana", "salasanan", "jelszó",
    "jelszava", "jelszo", "parolă", "parola", "κωδικός", "κωδικός πρόσβασης", "συνθηματικό",
    # Italian, Spanish "secret key", Arabic, Hebrew, Persian, Hindi
    "chiave segreta", "clave secreta", "كلمة المرور", "كلمة السر", "كلمة مرور", "كلمة سر",
    "رمز المرور", "الرقم السري", "كلمة مرورك", "كلمة مروري", "סיסמה", "הסיסמה", "סיסמא", "סיסמת", "סיסמתו",
    "סיסמתי", "رمز عبور",
    "گذرواژه", "पासवर्ड", "कूटशब्द", "गुप्त शब्द", "पिन",
    # Swahili, South Slavic, Slovene, Baltic, Estonian, Icelandic, Albanian, Afrikaans, Catalan,
    # Basque, Galician, Welsh, Azerbaijani / Uzbek, Bulgarian / Macedonian / Serbian, Kazakh,
    # Mongolian, Georgian, Armenian, Urdu, Tamil, Telugu, Bengali
    "nenosiri", "neno la siri", "neno siri", "nywila", "lozinka", "lozinku", "geslo", "slaptažodis",
    "parole", "parool", "lykilorð",
    "fjalëkalimi", "fjalëkalim", "wagwoord", "contrasenya", "pasahitza", "contrasinal",
    "cyfrinair", "şifrə", "parol", "парола", "паролата", "лозинка", "лозинката", "құпия сөз",
    "нууц үг", "პაროლი", "գաղտնաբառ", "پاس ورڈ", "கடவுச்சொல்", "పాస్‌వర్డ్", "পাসওয়ার্ড",
)
# Words that name a login, which in prose is often the password itself ("my laptop login is
# …"), and a Wi-Fi network, whose "is" gives its key ("the office wifi is …"); their value must
# be strongly a credential (a user name such as `jdoe42`, or "down", is not).
_WORDS_WIFI = ("wifi", "wi-fi", "wlan")
_WORDS_LOGIN = ("login", "logon", "log-in", "sign-in", *_WORDS_WIFI)
# Scripts written without spaces (or with particles glued on): no word boundary is needed.
# Token words too: "LINEのチャネルアクセストークンは …", "访问令牌是 …", "토큰은 …".
_WORDS_CJK = ("비밀번호", "패스워드", "비번", "암호", "パスワード", "暗証番号", "密码", "口令", "密碼",
              "密钥", "รหัสผ่าน", "พาสเวิร์ด", "ពាក្យសម្ងាត់", "トークン", "토큰", "令牌", "アクセスキー",
              "シークレット", "访问密钥", "秘钥")

# The link between the word and the value: copulas and verbs of the languages above.
_LINKS = frozenset({
    "is", "was", "are", ":", "=", "-", "—", "–", "->", "→", "be", "reads", "becomes",
    "adalah", "ialah", "yaitu", "yakni", "ialah:", "jadi", "menjadi",
    "ist", "lautet", "war", "wird", "is:",
    "est", "était", "c'est", "c’est", "es", "era", "é", "è", "sera", "será",
    "это", "—это", "będzie", "jest", "to", "là", "olarak", "şudur",
    "je", "är", "er", "on", "az", "este", "είναι", "هي", "هو", "היא", "הוא", "است", "है",
    "ni", "ay", "হল", "হলো", "হচ্ছে", "yra", "ir", "është", "és", "da", "yw", "е", "dir", "dır",
    "dur", "dür", "budur", "şu", "brzmi", "wynosi", "ndio", "ni:", "هي:", "هو:",
    "hai", "ஆகும்", "है:", "ہے", "არის", "է", "је", "є",
    # Russian and Ukrainian drop the copula: "Пароль до адмінки тепер …" ("the password, now …")
    "тепер", "теперь",
})
# Copulas written after the value in verb-final languages: "رمز عبور سرور X است", "… X है".
_FINAL_LINKS = frozenset({"است", "है", "हैं", "ہے", "hai", "ஆகும்", "არის", "է", "dir", "dır"})
# Words for a PIN: its value may be digits only.
_PIN_WORDS = frozenset({"pin", "pin code", "passcode", "пин-код"})
_NUMERIC_WORDS = frozenset({"pin", "pin code", "пин-код"})
# Links that are also ordinary words of another language ("on", "to", "er", "az", "je"): when
# no value follows one, the sentence may still go on to the real link.
_WEAK_LINKS = frozenset({"on", "to", "er", "je", "az", "be", "es", "era", "ni", "este", "är", "ay",
                         "ir", "da", "és", "е", "је", "hai", "dir", "тепер", "теперь"})
# Words allowed between a link and the value ("is now", "was changed to", "set to").
_LINK_FILLERS = frozenset({"now", "still", "set", "changed", "updated", "to", "just", "simply",
                           "sekarang", "jetzt", "maintenant", "ahora", "agora", "ora", "giờ",
                           "nu", "nun", "inmiddels", "numera", "nå", "teraz", "теперь", "сейчас", "тепер",
                           "adesso", "nyní", "teď", "şimdi", "artık", "τώρα", "अब"})
# A noun right after the word makes it about a kind of thing: "password manager", "token limit".
_NOUN_AFTER = frozenset({
    "manager", "managers", "field", "reset", "policy", "hash", "hashing", "expiry", "rotation",
    "length", "requirements", "store", "vault", "prompt", "file", "budget", "count", "limit",
    "limits", "header", "usage", "strength", "rules", "format", "type", "name", "names",
})
# Topic/subject particles and the copula that can be written right after a CJK password word.
_CJK_LINK = re.compile(r"(?:은|는|이|가|:|：|=|은요|는요|は|が|:|是|为|為|：|＝|คือ|เป็น|:)?[ \t]{0,2}")
# A few characters (of a script written without spaces, or a name such as "wifi"), then a link:
# "密码长度为", "…ของเซิร์ฟเวอร์คือ", "รหัสผ่าน wifi คือ".
_CJK_GAP_LINK = re.compile(r"[^\n]{1,24}?(?:คือ|เป็น|は|是|为|為|은|는|이|가|:|：)[ \t]{0,2}")
_MAX_GAP = 9  # words allowed between the password word and its link ("de la base de datos de …")

# Grouped by first character (word_pattern.py); the word boundary before a Latin word is
# checked after a match (a look-behind first would make the engine try every position). The
# text is searched in lower case, which lets the engine compare plain literals (three times
# faster than a case-blind search); the case-blind pattern is for text whose lower-case form
# has another length (a Turkish dotted İ), where positions would not line up.
def _keyword_pattern(flags: str) -> re.Pattern[str]:
    return re.compile(
        flags + first_chars(_WORDS_LATIN + _WORDS_LOGIN + _WORDS_CJK, ignore_case=bool(flags))
        + r"(?:(?P<latin>" + any_word(_WORDS_LATIN + _WORDS_LOGIN, ignore_case=bool(flags)) + r")(?![^\W_])"
        + r"|(?P<cjk>" + any_word(_WORDS_CJK) + "))")


_KEYWORD_LOWER = _keyword_pattern("")
_KEYWORD = _keyword_pattern("(?i)")
_KEYWORD_STARTS = frozenset(w.split()[0] for w in _WORDS_LATIN)
_WORD_BEFORE = re.compile(r"[^\W_]|-")
_HASHED_BEFORE = re.compile(r"(?:hash|hashed|digest|sha\d{0,3}|md5|checksum|fingerprint)[_-]$", re.IGNORECASE)
_TOKEN = re.compile(r"\S{1,64}")  # a word between the password word and its value
# Characters a value may hold: printable ASCII without quotes, brackets and spaces.
# 512: a LINE or Graph token is 170+ characters
_VALUE = re.compile(r"(?:[\"'`“”‘’«»„「『][ \u00a0]?)?([!#$%&*+\-./0-9:;=?@A-Z\\^_a-z|~]{4,512})")
_CODE_CHARS = frozenset("()[]{}<>")
# A shell or template variable: `$DB_PASSWORD`, `${PW}`, `$(cat f)`. A "$" inside a word
# (`Lm3$kQ9xWz`) is a character of the password.
_VARIABLE = re.compile(r"^\$|\$[{(]")
# Versions, algorithm names and quantities: "v1.2.3", "sha256", "UTF-8", "15min", "2GiB".
_VERSIONISH = re.compile(r"[vV]?\d+(?:[.\-]\d+)+[a-z]?|[a-z]{2,6}-?\d{1,3}|[A-Z]{2,6}-?\d{1,3}"
                         r"|\d+(?:[a-z]{1,3}|[KMGTP]i?B)")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")
_SENTENCE_END = (".", "!", "?", ";", "。", "！", "？")
_CODE_MARK = re.compile(r"[\"'`{}\[\]=<>]")
_EDGE_MARKS = "&*!?.,:;@#%^~+-=|\\/"
_INNER_APOSTROPHE = re.compile(r"(?<=\w)['’](?=\w)")  # dell'utente, it's: words, not code


def token_like(value: str) -> bool:
    """A credential-shaped value: 6+ characters of letters with digits or symbols, no path,
    URL, placeholder, version number, unit or identifier."""
    if len(value) < 6 or value.isalpha() and (value.islower() or value.istitle()):
        return False  # a plain word: the common case, decided before the costlier checks
    if _CODE_CHARS & set(value) or _VARIABLE.search(value) or looks_placeholder(value):
        return False
    if value.startswith(("/", "~/", "-", "http")) or "://" in value or "\\u" in value \
            or "\\n" in value or "\\t" in value:
        return False  # a path, a URL, or words written with JSON escapes (f\u00fcr, loop\nCustomer)
    if value.startswith(".") and ("/" in value or not looks_random(value.lstrip("."), min_length=12)):
        return False  # `./run.sh`, `.env.local`; a random run after a dot is a password (`.GQq…`)
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
    core = value.strip(_EDGE_MARKS)
    if core.isalpha() and len(core) + 2 >= len(value) and not looks_random(core, min_length=10):
        return False  # a word with a mark at its edge: `&SecretString`, `*const`, `Password!`
    if "/" in value:  # a path-like value is a secret only when it is random (an AWS key)
        return looks_random(value, min_length=20)
    return True


def _value_at(text: str, pos: int, *, pin: bool = False) -> tuple[int, int] | None:
    """(start, end) of the token-like value at `pos`, without quotes or closing punctuation;
    after a PIN word, 4 to 12 digits are a value too."""
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
    if pin and value.isdigit() and 4 <= len(value) <= 12:
        return start, end
    return (start, end) if token_like(value) else None


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _after_latin(text: str, pos: int, *, pin: bool = False, unlinked: bool = True,
                 direct: bool = True) -> tuple[int, int] | None:
    """The value after a Latin-script password word ending at `pos` (or, in a verb-final
    language, the value just before the copula that ends the clause). `unlinked`: a strong
    value after a short phrase of plain words may stand with no link; `direct`: a strong
    value may follow the word itself with no link."""
    link_seen = False
    plain_gap = unlinked
    if text.startswith(("=", " =", "\t="), pos) or text.startswith((': "', ": '", ':"', ":'"), pos):
        return None  # an assignment in code or config: secret_assign.py judges its literal
    link = ""
    if pos < len(text) and text[pos] in ":：":
        pos += 1
        link_seen = True
    words = 0
    while words <= _MAX_GAP + 3:
        before, pos = pos, _skip_space(text, pos)
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
            found = _value_at(text, pos, pin=pin)
            if found is not None or words == 0 or link not in _WEAK_LINKS:
                return found
            link_seen = False  # a word that is also a link elsewhere ("on", "to", "er"): go on
        if words == 0 and (low.strip(",:") in _NOUN_AFTER or low in _KEYWORD_STARTS):
            return None
        if direct and words == 0 and (value := _direct_value(text, before)) is not None:
            return value  # "Kennwort TgTIP!fPZ0J9", "şifresi vuWURVMHpF.y3y", 'password "…"'

        bare = low.rstrip(":")
        if words and (final := _before_final_link(text, pos, m.end())) is not None:
            return final
        if plain_gap and 1 <= words <= _UNLINKED_GAP and (bare_value := _unlinked_value(text, pos)) is not None:
            return bare_value  # "пароль от почты 5^e#9HOV…", "password for the wifi Xk7#…"
        plain_gap = plain_gap and word.isalpha()
        if low in _LINKS or bare in _LINKS or low.endswith((":", "：")):
            link_seen, link = True, bare
            pos = m.end()
            words += 1
            continue
        if words >= _MAX_GAP or word.endswith(_SENTENCE_END) or bare in _KEYWORD_STARTS:
            return None  # the sentence ended, or another password word starts (judged by itself)
        if _CODE_MARK.search(word) and _CODE_MARK.search(_INNER_APOSTROPHE.sub("", word)):
            return None  # code or data (`"model": "gpt-4.1"`); dell'utente is a word
        pos = m.end()
        words += 1
    return None


# Words of a short phrase ("of the mail", "от почты", "akun email kantor saya": Indonesian and Malay
# put the possessive after the noun) before a value with no link.
_UNLINKED_GAP = 5


def _unlinked_value(text: str, pos: int) -> tuple[int, int] | None:
    """A value a few words after the password word with no link between them: only one that
    is unmistakably a credential (10+ characters, mixed case, digits, three classes, not a
    name), so file and host names, versions and names in the phrase are not taken for one."""
    found = _value_at(text, pos)
    if found is None:
        return None
    value = text[found[0]:found[1]]
    mixed = value != value.lower() and value != value.upper()
    if len(value) < 10 or not mixed or not any(c.isdigit() for c in value) or _IDENT.fullmatch(value):
        return None
    return found if strong_value(value) else None


def _before_final_link(text: str, start: int, end: int) -> tuple[int, int] | None:
    """text[start:end] as the value when the next word is a clause-final copula (است, है)."""
    nxt = _TOKEN.match(text, _skip_space(text, end))
    if end == len(text) or text[end] not in " \t" or nxt is None:
        return None
    if nxt.group(0).rstrip(".,;!?।") not in _FINAL_LINKS:
        return None
    found = _value_at(text, start)
    return found if found is not None and found[1] >= end - 1 else None


def strong_value(value: str) -> bool:
    """A value that is a credential without a verb to say so: random, or 8+ characters mixing
    three classes of letters, digits and symbols, and not a name."""
    if len(value) < 8 or (_IDENT.fullmatch(value) and not looks_random(value)):
        return False
    classes = (any(c.islower() for c in value) + any(c.isupper() for c in value)
               + any(c.isdigit() for c in value) + any(not c.isalnum() for c in value))
    return classes >= 3 or looks_random(value)


_QUOTED = re.compile(r"[ \t]{1,2}([\"'“«])([!#%&*+\-./0-9:;=?@A-Z\\^_a-z|~]{6,128})([\"'”»])")
_CLOSING = {'"': '"', "'": "'", "“": "”", "«": "»"}


def _direct_value(text: str, pos: int) -> tuple[int, int] | None:
    """A value right after the password word with no link: quoted, or strongly a credential."""
    q = _QUOTED.match(text, pos)
    if q is not None:
        ok = _CLOSING[q.group(1)] == q.group(3) and token_like(q.group(2))
        return q.span(2) if ok else None
    found = _value_at(text, _skip_space(text, pos))
    if found is None or pos == found[0]:
        return None
    return found if strong_value(text[found[0]:found[1]]) else None


# "use X as the password", "X is the root password", "X als Passwort": the value comes first.
_REVERSE_LINKS = frozenset({"as", "is", "was", "als", "comme", "come", "como", "sebagai", "es",
                            "est", "ist", "è", "é", "jako", "olarak", "là", "är", "er", "je"})
_ARTICLES = frozenset({"the", "my", "our", "your", "a", "an", "new", "root", "admin", "das",
                       "der", "die", "ein", "mein", "le", "la", "il", "el", "o", "de", "mon",
                       "mi", "meu", "mio", "nuovo", "neue", "neues", "nieuwe", "het", "een", "nowe",
                       "nouveau", "nuevo", "novo", "temporary", "temp"})


def _before_latin(text: str, pos: int) -> tuple[int, int] | None:
    """A strong value that a link and up to three articles put before the word at `pos`."""
    head = text[max(0, pos - 200):pos]
    if head[-1:] not in (" ", "\t"):
        return None
    words = head.rsplit(None, 6)[-6:]  # the value, a link and up to three articles: the last words only
    if len(words) < 2 or not _REVERSE_LINKS & {w.casefold() for w in words[-5:]}:
        return None
    i = len(words) - 1
    while i >= 0 and words[i].casefold() in _ARTICLES and len(words) - i <= 3:
        i -= 1
    if i < 1 or words[i].casefold() not in _REVERSE_LINKS:
        return None
    value = words[i - 1].strip("\"'“”«»`")
    if not (token_like(value) and strong_value(value)):
        return None
    end = len(head) - len(" ".join(words[i:]))  # an upper bound on where the value ends
    start = head.rfind(value, 0, end)
    if start < 0:
        return None
    base = pos - len(head)
    return base + start, base + start + len(value)


# "login for grafana: admin / Tz4!mK8pQw", "creds: deploy:Wq7&nL3x": a user and a password
# after a word for a login; the password must be strongly a credential.
_LOGIN_PAIR = re.compile(
    r"(?i)(?<![^\W_])(?:login|logins|creds|credentials|credenciales|credenciais|credenziali|zugangsdaten"
    r"|identifiants|anmeldedaten)(?![^\W_])[^\n:：`()\[\]{}]{0,40}[:：]"
    r"[ \t]{0,4}[^\s/:]{1,64}[ \t]{0,2}[/:][ \t]{0,2}(?=\S)")
_LOGIN_HINTS = ("login", "creds", "credential", "credencia", "credenzia", "zugangsdaten", "identifiants",
                "anmeldedaten")


def login_pairs(text: str) -> Iterator[tuple[str, int, int]]:
    """Passwords written as the second half of a `user / password` pair after a login word."""
    lowered = lower_text(text)
    if not any(h in lowered for h in _LOGIN_HINTS):
        return
    for m in _LOGIN_PAIR.finditer(text):
        found = _value_at(text, m.end())
        if found is not None and ":" not in text[found[0]:found[1]] and strong_value(text[found[0]:found[1]]):
            yield "password-in-prose", found[0], found[1]


# "pass" after these is the verb ("must pass", "tests pass", "then pass `--frozen`").
_PASS_AS_VERB = re.compile(r"(?i)(?<![^\W_])(?:must|should|shall|will|would|can|could|may|might|to|and|or|not|n't|"
                           r"also|then|always|never|tests?|checks?|builds?|does|did|do)\s{1,3}$")


def prose_passwords(text: str) -> Iterator[tuple[str, int, int]]:
    """Values that a sentence names as a password, passphrase, PIN or key."""
    lowered = lower_text(text)
    keywords = _KEYWORD_LOWER.finditer(lowered) if len(lowered) == len(text) else _KEYWORD.finditer(text)
    for m in keywords:
        if m.group("latin") and m.start() and _WORD_BEFORE.match(text, m.start() - 1):
            continue  # inside a longer word
        if m.group("latin") and text.startswith("_", m.end()):
            continue  # a part of a name (`users.password_hash`), not the word
        if m.group("latin") and text.startswith("(", m.end()):
            continue  # `def login(form: …)`: a function's name, not the word
        if m.group("latin") and text.startswith(":", m.end()) and m.group("latin").casefold() in _WORDS_WIFI \
                and not text.startswith((": ", ":\t"), m.end()):
            continue  # `WIFI:S:office;T:WPA;P:…;;`: a Wi-Fi QR payload, secret_web.py's rule
        if m.group("latin") and _HASHED_BEFORE.search(text, max(0, m.start() - 12), m.start()):
            continue  # `hashed_secret`: a hash of the secret (detect-secrets' baseline), not the secret
        if m.group("latin") and m.group("latin").casefold() == "pass" and _PASS_AS_VERB.search(
                text, max(0, m.start() - 12), m.start()):
            continue  # "scripts must pass `Invoke-ScriptAnalyzer -Recurse`": the verb
        if m.group("cjk"):
            link = _CJK_LINK.match(text, m.end())
            found = _value_at(text, link.end() if link else m.end())
            if found is None and (gap := _CJK_GAP_LINK.match(text, m.end())) is not None:
                found = _value_at(text, gap.end())  # "รหัสผ่านของเซิร์ฟเวอร์คือ …": of the server, is
        else:
            login = m.group("latin").casefold() in _WORDS_LOGIN  # ("login page", "login loop"): a link needed
            found = _after_latin(text, m.end(), pin=m.group("latin").casefold() in _PIN_WORDS,
                                 unlinked=not login and not (m.start() and text[m.start() - 1] in "_.$"),
                                 direct=not login)
            if found is None and not login:
                found = _before_latin(text, m.start())
            if found is not None and m.group("latin").casefold() in _NUMERIC_WORDS and not text[
                    found[0]:found[1]].isdigit():
                # a PIN of letters and digits only after a link ("the door PIN … is 485MXl");
                # with none, the word is the verb: "Pin `requests==2.31.0.1`" pins a version
                found = _after_latin(text, m.end(), pin=True, unlinked=False, direct=False)
                if found is None:
                    continue
        if found is not None and m.group("latin") and m.group("latin").casefold() in _WORDS_LOGIN \
                and not strong_value(text[found[0]:found[1]]):
            continue  # "my login is jdoe42": a user name
        if found is not None:
            yield "password-in-prose", found[0], found[1]
    yield from login_pairs(text)
