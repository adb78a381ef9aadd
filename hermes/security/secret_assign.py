"""Literal credentials assigned to secret-named keys: `password = "x8#Kq…"`, `API_KEY=abc123…`,
`"client_secret": "…"`, `token: 9f8e7d…`.

Only a LITERAL value with the look of a credential is a secret. Calls, expressions, attribute
access, subscripts, environment lookups, placeholders and plain names are code, and code is
kept as it was written: `token = jwt.encode(claims, key)` and `password = os.environ["DB"]`
stay untouched.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_values import basic_credentials, looks_placeholder, looks_random, lower_text, repeats

# A name, an optional closing quote/bracket, an assignment operator. Bounded everywhere, and
# a name starts only where a word starts, so each position is looked at a bounded number of
# times: linear in the text.
_ASSIGN = re.compile(
    r"(?:(?<![A-Za-z0-9_.\-])|(?<=\\[nrt]))(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,63})(?:\\?[\"'`])?\]?"
    r"[ \t]{0,8}(?P<op>:=|=>|::|=|:)(?![=>])[ \t]{0,8}"
)

# Words that make a name secret-named (after camelCase and separators are split).
_SECRET_WORDS = frozenset({
    "password", "passwd", "pwd", "pass", "passphrase", "secret", "secrets", "token", "apikey",
    "credential", "credentials", "auth", "authkey", "authtoken", "accesskey", "secretkey",
    "privatekey", "contrasena", "passwort", "motdepasse", "psk", "presharedkey", "authtok",
    # `DB_PW`, LDAP clients' `bindpw`/`rootbindpw`, slapd's `rootpw`, a PIN pad's `passcode`
    "pw", "bindpw", "rootpw", "rootbindpw", "passcode",
})
# "<word> key" pairs that name a key that is a credential (api_key, ACCESS_KEY, privateKey …).
_KEY_QUALIFIERS = frozenset({
    "api", "access", "secret", "private", "auth", "account", "client", "service", "signing",
    "encryption", "master", "db", "database", "app", "license", "subscription", "storage",
    "admin", "write", "ingest", "webhook", "server", "consumer", "deploy", "session", "signature",
    "hmac", "jwt", "cookie", "crypto", "cipher", "user", "personal", "root", "management",
    "preshared", "shared",
})
# A last word that makes the name about a secret rather than the secret itself.
_NOT_A_SECRET = frozenset({
    "tokens", "count", "counts", "limit", "limits", "max", "min", "size", "length", "len", "type",
    "types", "name", "names", "id", "ids", "env", "var", "file", "files", "path", "dir", "url",
    "uri", "endpoint", "header", "prompt", "field", "label", "hint", "policy", "expiry",
    "expires", "expiration", "ttl", "timeout", "kind", "format", "pattern", "regex", "mode",
    "enabled", "required", "provider", "source", "index", "prefix", "suffix", "version",
    "location", "manager", "store", "cache", "budget", "usage", "usages", "rate", "reset",
    "error", "errors", "message", "placeholder", "example", "help", "flag", "rotation", "scope",
    "scopes", "class", "module", "model", "schema",
})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def name_words(name: str) -> list[str]:
    """`config.apiKey` → ["api", "key"]: the last dotted part, camelCase and separators split."""
    last = re.split(r"[.]", name.strip("\"'`[]"))[-1]
    return [w for w in re.split(r"[_\-]+", _CAMEL.sub("_", last).lower()) if w]


# Secret words that also end a longer word written as one: PGPASSWORD, MYSQLPWD, apitoken.
_SECRET_SUFFIXES = ("password", "passwd", "passphrase", "secret", "token", "apikey", "pwd")


# A hash of a secret is no secret: detect-secrets' `hashed_secret`, `password_sha256`.
_HASH_WORDS = frozenset({"hash", "hashed", "digest", "checksum", "fingerprint", "sha", "sha1", "sha256",
                         "sha512", "md5"})


def is_secret_name(name: str) -> bool:
    """Does this key name a credential (`api_key`, `DB_PASSWORD`, `clientSecret`, `authToken`)?"""
    words = name_words(name)
    if not words or words[-1] in _NOT_A_SECRET or any(w in _HASH_WORDS for w in words):
        return False
    if any(w in _SECRET_WORDS or w.endswith(_SECRET_SUFFIXES) for w in words):
        return True
    return any(w == "key" and i and words[i - 1] in _KEY_QUALIFIERS for i, w in enumerate(words))


# Words before "key" that make it a key anyone may read.
_PUBLIC_KEY_WORDS = frozenset({"public", "publishable", "pub", "primary", "foreign", "sort",
                               "partition", "cache", "lookup", "map", "dict", "row", "hash", "uuid",
                               "idempotency", "dedup", "dedupe", "object", "s3", "bucket", "file",
                               "table", "column", "field", "index", "unique", "composite"})


def is_key_name(name: str) -> bool:
    """A name whose last word is "key" (ALGOLIA_ADMIN_KEY, DD-APPLICATION-KEY, `key` under an
    [api] section): a credential when its value is random, whatever the word before it,
    unless that word makes the key public (public_key, primary_key)."""
    words = name_words(name)
    return bool(words) and words[-1] == "key" and (len(words) == 1 or words[-2] not in _PUBLIC_KEY_WORDS)


# A path of names, maybe with optional chaining (`session?.access_token`); the last may be a Ruby
# method ending in "!" or "?" (`credentials.auth_token!`).
_IDENTIFIER_PATH = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*(?:\??\.[A-Za-z_$][A-Za-z0-9_$]*)+[!?]?")
_NAME_PART = re.compile(r"[A-Za-z]+[0-9]{0,2}|[0-9]{1,2}")
_CODE_CHARS = frozenset("()[]{}<>$")
_QUOTES = ('\\"', "\\'", '"', "'", "`")
_UNQUOTED_STOP = re.compile(r"[\s,;\"'`]|\\[nrt\"]")  # a space, a quote, or an escape in a string


def _is_name(value: str) -> bool:
    """A variable or attribute name (`access_token`, `token_v2`, `settings.api_key`), which in
    code is a reference, not a literal."""
    if _IDENTIFIER_PATH.fullmatch(value):
        # a dotted token (a Discord bot token) starts with a random part; a path of names, or a
        # name followed by a cut-off word (`jwt.enc…`), starts with a name
        head = value.split(".", 1)[0]
        return not (len(head) >= 16 and looks_random(head))
    if value.isalpha():
        # longer runs of letters are judged by their entropy, and so is a run whose case flips
        # more often than a name's words begin (`RhNpQCygmUyyfN`, not `accessToken`)
        return len(value) < 20 and not _flips_case(value)
    return "_" in value and all(_NAME_PART.fullmatch(p) for p in value.split("_"))


_LONG_BASE64 = re.compile(r"[A-Za-z0-9+/_\-]{513,16384}={0,2}(?![A-Za-z0-9+/_\-=])")


_CAMEL_WORDS = re.compile(r"[a-z]{2,20}(?:[A-Z][a-z]{1,20}){0,6}|[a-z]{2,20}(?:_[a-z]{2,20}){1,6}")


def _flips_case(value: str) -> bool:
    """Three or more lower-to-upper changes, one every four letters or more often."""
    flips = sum(a.islower() and b.isupper() for a, b in zip(value, value[1:], strict=False))
    return flips >= 3 and flips * 4 > len(value)


def _read_value(text: str, pos: int) -> tuple[int, int, bool] | None:
    """(start, end, quoted) of the value at `pos`, or None when there is no literal there."""
    for quote in _QUOTES:
        if text.startswith(quote, pos):
            start = pos + len(quote)
            end = text.find(quote, start, start + 513)
            if end < 0 or "\n" in text[start:end]:
                return None
            return start, end, True
    m = _UNQUOTED_STOP.search(text, pos, pos + 513)
    if m is None and (long := _LONG_BASE64.match(text, pos)) is not None:
        return pos, long.end(), False  # a key file's base64 (kubeconfig client-key-data)
    end = m.start() if m else min(len(text), pos + 513)
    return (pos, end, False) if end > pos else None


# Every secret-named key contains one of these (in lower case): a cheap gate for the scan.
_NAME_HINTS = ("pass", "pwd", "pw", "secret", "token", "key", "auth", "credential", "contrase", "psk")
_NAME_HINT = re.compile("|".join(_NAME_HINTS), re.IGNORECASE)


def assigned_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Values of secret-named keys that are credential-like literals."""
    lowered = lower_text(text)
    if not any(hint in lowered for hint in _NAME_HINTS):
        return
    pos = 0
    while (m := _ASSIGN.search(text, pos)) is not None:
        pos = m.end()
        name = m.group("name")
        if _NAME_HINT.search(name) is None:
            continue  # most names in code: no secret word can be in them
        if m.start() and text[m.start() - 1] in "?&" and m.group("op") == "=":
            continue  # a URL's query parameter: query_secrets reads it up to the next "&"
        if m.group("op") == ":" and text.startswith("${", m.start() - 2) and text.startswith(("?", "+"), m.end()):
            continue  # the shell's `${NAME:?message}` and `${NAME:+word}`: a message, not a value
        env_key = not is_secret_name(name)
        if env_key and not is_key_name(name):
            continue
        if m.group("op") == "=" and text.startswith("{", m.end()) and (braced := _braced_value(text, m.end())):
            inner = text[braced[0]:braced[1]]
            if not _format_field(inner) and secret_literal(inner, quoted=True):
                pos = max(pos, braced[1])
                yield "assigned-secret", braced[0], braced[1]
            continue
        read = _read_value(text, m.end())
        if read is None:
            continue
        start, end, quoted = read
        value = text[start:end]
        if not quoted and (dotenv := _dotenv_value(text, m, start)) is not None:
            line_value = text[dotenv[0]:dotenv[1]]
            if looks_random(line_value, min_length=16) or not env_key and (
                    looks_random(line_value) or basic_credentials(line_value)):
                pos = max(pos, dotenv[1])
                yield "assigned-secret", dotenv[0], dotenv[1]
                continue
        if not quoted and m.group("op") == ":" and _is_name(value):
            # `password: str = "…"`: a type annotation; the value follows the "="
            rest = re.compile(r"[ \t]{0,8}=[ \t]{0,8}").match(text, end)
            if rest is None:
                continue
            read = _read_value(text, rest.end())
            if read is None:
                continue
            start, end, quoted = read
            value = text[start:end]
        pos = max(pos, end)
        if not quoted:  # the end of a sentence: "my password: x8#Kq!2vLp9."
            if text.startswith(("...", "…"), end - 3) or text.startswith("…", end - 1):
                continue  # an example cut short: `sk_test_...`
            while end > start and text[end - 1] in ".:":
                end -= 1
            value = text[start:end]
        if len(value) > 512 and _LONG_BASE64.fullmatch(value) and not _is_name(value):
            yield "assigned-secret", start, end  # too long for the entropy test: a key file's body
            continue
        if env_key and not looks_random(value, min_length=16):
            continue
        if secret_literal(value, quoted=quoted) or quoted and _password_name(name) and _chosen_password(value):
            yield "assigned-secret", start, end
        elif not quoted and end - start <= 64:
            pos = m.end()  # not a secret: an assignment may start inside it (`a-password: password: X`)


# ODBC and OLE DB connection strings quote a value that holds ";" in braces, "}}" standing for
# "}": `Pwd={a;b}};c};`. A brace that does not end the attribute is code (`{name}`, `{{ x }}`).
_BRACE_LIMIT = 256


def _braced_value(text: str, pos: int) -> tuple[int, int] | None:
    """The span inside `{…}` at `pos` when it is a connection-string value, else None."""
    i, stop = pos + 1, min(len(text), pos + 1 + _BRACE_LIMIT)
    while i < stop:
        ch = text[i]
        if ch in "{\n":
            return None
        if ch == "}":
            if text.startswith("}", i + 1):
                i += 2
                continue
            after = text[i + 1:i + 2]
            return (pos + 1, i) if i > pos + 1 and (after == "" or after in ";\"'" or after.isspace()) else None
        i += 1
    return None


# A replacement field of an f-string or str.format (`{password!r}`, `{cfg.key:>8}`, `{_key}`).
_FORMAT_FIELD = re.compile(
    r"(?P<ident>[A-Za-z_][\w.]{0,63})(?P<rest>(?:\[[^\]\n]{0,40}\])?(?:![rsa])?(?::[^{}\n]{0,20})?)")

_CALL_IN_FIELD = re.compile(r"[A-Za-z_][\w.]{0,63}\(")


def _format_field(inner: str) -> bool:
    """Whether a braced value is a template's replacement field rather than a literal."""
    if _CALL_IN_FIELD.match(inner):
        return True  # `{self.scope(request)}`: an expression
    m = _FORMAT_FIELD.fullmatch(inner)
    return m is not None and (m.group("rest") != "" or _is_name(m.group("ident").strip("_")))


# A setting written as a call without an operator, as Gradle's and other Groovy/Kotlin DSLs
# write them (`storePassword "…"`, `keyPassword '…'`): a camelCase name ending in a secret word,
# first on its line, then a quoted literal.
_DSL_SETTING = re.compile(r"(?:^|(?<=\n)|(?<=\\n))[ \t]{0,24}[a-z][A-Za-z0-9]{0,40}"
                          r"(?:Password|Passwd|Passphrase|Secret|Token)[ \t]{1,8}(?=[\"'])")


# Server and device configs whose password directive takes its value after a space, first on
# its line: nslcd/pam_ldap `bindpw`, slapd `rootpw`, keepalived's `auth_pass`, and Cisco IOS
# `username NAME … password|secret 0|7 VALUE`, `enable password|secret [0|7] VALUE` (type 0 is
# plain text, 7 is reversible; 5, 8 and 9 are hashes, which secret_files.py finds by shape).
_DIRECTIVE = re.compile(
    r"(?:^|(?<=\n))[ \t]{0,24}(?:(?:bindpw|rootbindpw|rootpw|auth_pass)[ \t]{1,8}"
    r"|(?:username[ \t]{1,8}[^\s]{1,64}(?:[ \t]{1,8}privilege[ \t]{1,8}\d{1,2})?|enable)[ \t]{1,8}"
    r"(?:password|secret)[ \t]{1,8}(?:[07][ \t]{1,8})?)(?P<value>[^\s\"'`]{1,256})(?=[ \t]{0,8}(?:\r?\n|$|#))")
_DIRECTIVE_HINTS = ("bindpw", "rootpw", "auth_pass", "password", "secret")


def _directive_value(value: str) -> bool:
    """A directive's argument that is a password: not a placeholder, a reference or a name."""
    if looks_placeholder(value) or value.startswith(("$", "%", "{", "<", "/", "@")):
        return False  # `${BIND_PW}`, `{SSHA}…` (a hash), a file's path
    return looks_random(value) or _password_like(value)


def dsl_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Quoted literals of DSL settings named for a secret (`storePassword "…"`), and the
    arguments of password directives written without an operator (`bindpw …`)."""
    for m in _DSL_SETTING.finditer(text):
        read = _read_value(text, m.end())
        if read is not None and read[2] and secret_literal(text[read[0]:read[1]], quoted=True):
            yield "assigned-secret", read[0], read[1]
    if any(h in lower_text(text) for h in _DIRECTIVE_HINTS):
        for m in _DIRECTIVE.finditer(text):
            if _directive_value(m.group("value")):
                yield "config-password", m.start("value"), m.end("value")


# A dotenv line (`.env`, `export NAME=…`, a Procfile's or a CI variable's): an upper-case name,
# "=" with no space around it, and one unquoted word filling the rest of the line (a comment
# may follow). Its value is text, never code, so "(", "%" and "&" in it are characters of the
# secret (`SECRET_KEY_BASE=6sRy…(OmJ%K-…&ap…`); a shell expansion, a call or a subscript is not.
_ENV_NAME = re.compile(r"[A-Z][A-Z0-9_]*")
_DOTENV_VALUE = re.compile(r"[^\s'\"`]{1,512}")
_NOT_DOTENV_VALUE = re.compile(r"[$`]|[A-Za-z_][\w.]*(?:\(.*\)|\[.*\])$|.*\$[({]")


def _dotenv_value(text: str, m: re.Match[str], start: int) -> tuple[int, int] | None:
    """The span of a dotenv line's value when the assignment `m` is one, else None."""
    if m.group("op") != "=" or m.end("op") != start or not _ENV_NAME.fullmatch(m.group("name")):
        return None
    if m.end("name") != m.start("op"):
        return None  # `NAME = value`: code
    line_start = text.rfind("\n", 0, m.start()) + 1
    if text[line_start:m.start()].strip() not in ("", "export"):
        return None
    v = _DOTENV_VALUE.match(text, start)
    if v is None or _NOT_DOTENV_VALUE.match(v.group(0)):
        return None
    line_end = text.find("\n", v.end())
    rest = text[v.end():line_end if line_end >= 0 else len(text)].strip()
    return (start, v.end()) if rest == "" or rest.startswith("#") else None


_YAML_TAG = re.compile(r"![A-Za-z_][A-Za-z0-9_]*")
# `key=@api_key.txt` (vault, curl, HTTPie): "@" and a file's path, which the tool reads the value from.
_FILE_REFERENCE = re.compile(r"@[\w.~\-]{0,128}(?:[/\\][\w.~\-]{1,128}){0,16}\.[A-Za-z0-9]{1,8}"
                             r"|@[\w.~\-]{0,128}(?:[/\\][\w.~\-]{1,128}){1,16}")
# systemd's `LoadCredential=ID:PATH` (and the like): a name, then the absolute path it is read from.
_NAMED_PATH = re.compile(r"[\w.\-]{1,64}:/[\w.\-]{1,128}(?:/[\w.\-]{1,128}){0,16}")
# A PowerShell cmdlet, Verb-Noun with one of the common verbs: `$pw = Read-Host -AsSecureString`.
_CMDLET = re.compile(
    r"(?:Get|Set|Read|New|Import|Export|ConvertTo|ConvertFrom|Invoke|Select|Write|Add|Remove|Test|Resolve"
    r"|Join|Split|Format|Protect|Unprotect|Find|Out|Start|Receive|Request|Copy)-[A-Z][A-Za-z]{1,40}")


_EXPANDED = re.compile(r"\$(?:\{[A-Za-z_][A-Za-z0-9_]{0,63}\}|[A-Z_][A-Z0-9_]{0,63})(?:[/:.\\]|$)")


def secret_literal(value: str, *, quoted: bool) -> bool:
    """Is this value, assigned to a secret-named key, a credential literal?"""
    if _EXPANDED.match(value):
        return False  # "$HOME/.config/gcloud/…json", "${VAULT_TOKEN}": the shell fills it in
    if value.startswith(("__Host-", "__Secure-")):
        return False  # a cookie's name with its browser prefix (`REFRESH_TOKEN_COOKIE = "__Host-refresh"`)
    if quoted and "." in value and all(_CAMEL_WORDS.fullmatch(p) for p in value.split(".")):
        return False  # a dotted key of names (`"auth.accessToken"`, a storage key), not a token
    if not quoted and _CODE_CHARS & set(value):
        # a call or a template starts with a name; a long random run first is a key whose
        # alphabet has such characters (`apiKey=AQEaV1…/zro=-AfxM8pt?<Twmd6pr`)
        head = value[:min(value.index(c) for c in _CODE_CHARS & set(value))]
        return len(head) >= 32 and "." not in head and looks_random(head, min_length=32)  # not `a.b?.split(`
    if not quoted and (_is_name(value) or _YAML_TAG.fullmatch(value) or _FILE_REFERENCE.fullmatch(value)
                       or _NAMED_PATH.fullmatch(value) or _CMDLET.fullmatch(value)):
        # a call, subscript, template, env lookup, a name, a YAML tag (`!env_var`), a file
        # reference, a name and the path it is read from, or a PowerShell cmdlet
        return False
    return looks_random(value) or basic_credentials(value) or (app_password(value) and (quoted or "-" in value))


# A call that takes a user name and then a password as its first two arguments: requests'
# HTTPBasicAuth, .NET's NetworkCredential, Java's PasswordAuthentication, smtplib/ftplib/imaplib
# login. The password is the second string LITERAL; names and variables are code.
_LOGIN_CALL = re.compile(
    r"(?:HTTPBasicAuth|HTTPDigestAuth|BasicAuth|NetworkCredential|PasswordAuthentication"
    r"|UsernamePasswordCredentials|PSCredential|\.login|auth=)\(?[ \t]{0,4}\(?[ \t]{0,4}"
    r"(?P<q1>[\"'])[^\"'\n]{1,128}(?P=q1)[ \t]{0,4},[ \t]{0,4}(?P<q2>[\"'])(?P<value>[^\"'\n]{4,256})(?P=q2)")
_LOGIN_HINTS = ("auth", "credential", "login")


def login_call_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Password literals passed right after a user name to a login or credentials call."""
    lowered = lower_text(text)
    if not any(h in lowered for h in _LOGIN_HINTS):
        return
    for m in _LOGIN_CALL.finditer(text):
        value = m.group("value")
        if looks_random(value, min_length=6) or _password_like(value):
            yield "login-password", m.start("value"), m.end("value")


_PASSWORD_WORDS = ("password", "passwd", "passphrase", "pwd")


def _password_name(name: str) -> bool:
    """A key for a password a person chose (`bind_password`, `DB_PASSWD`), whose value need not
    look random (see _chosen_password)."""
    words = name_words(name)
    return bool(words) and words[-1].endswith(_PASSWORD_WORDS) and is_secret_name(name)


def _chosen_password(value: str) -> bool:
    """A password a person made up, eight or more characters of words and a number or a symbol
    ("Orchid-7-Lantern", "Tr0ub4dor&3"); words joined by hyphens alone are a fixture's phrase
    ("not-a-real-password"), and the well-known short or repeated ones are examples (`"hunter2"`,
    `"hunter2hunter2"`)."""
    return len(value) >= 8 and _password_like(value) and not repeats(value) and any(
        c.isdigit() or not (c.isalnum() or c in "-_.") for c in value)


def _password_like(value: str) -> bool:
    """Letters with digits or symbols, not a placeholder or a name: "Summer2024!", "hunter2x"."""
    if app_password(value):
        return True
    if len(value) < 6 or looks_placeholder(value) or _is_name(value) or " " in value:
        return False
    return any(c.isalpha() for c in value) and any(not c.isalpha() for c in value)


# Google's in fours with spaces, Apple's app-specific passwords in fours with hyphens
_APP_PASSWORD = re.compile(r"[a-z]{16}|[a-z]{4}(?: [a-z]{4}){3}|[a-z]{4}(?:-[a-z]{4}){3}")


def app_password(value: str) -> bool:
    """Google's and Apple's app passwords: 16 random lower-case letters, maybe in fours ("vhbh
    qxfo wbpl bbhp", "qwtr-zkpd-mnbv-lxcf"); random letters hold few vowels, an English word of
    16 letters many."""
    return (_APP_PASSWORD.fullmatch(value) is not None and sum(c in "aeiouy" for c in value) * 10 < 3 * 16
            and len(set(value) - {" ", "-"}) >= 8 and not looks_placeholder(value))  # not "xxxxxxxxxxxxxxxx"


# ---------------------------------------------------------------- URL query strings

# `?password=…&…`, `&api_key=…`: a URL's query parameter named for a secret. A URL holds no
# code, so a value is a literal unless it is a template or a placeholder (`{token}`, `${PW}`).
# A "#" stays in the value: JDBC URLs carry passwords unencoded.
_QUERY_PARAM = re.compile(
    r"[?&](?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,63})=(?P<value>[^\s&;\"'`<>\\]{4,1024})")


# Parameters whose value is a credential though no secret word is in the name: the signature
# of a signed URL (S3, GCS, CloudFront, S3's old query auth) and API keys named `appid`.
_SIGNED_PARAMS = frozenset({"signature", "x-amz-signature", "x-goog-signature", "appid", "app_id",
                            "x-amz-security-token", "x-goog-credential", "q-signature"})


def query_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Values of secret-named query parameters in URLs (JDBC, webhooks, API calls)."""
    if "=" not in text or ("?" not in text and "&" not in text):
        return
    from hermes.security.secret_context import token_like

    for m in _QUERY_PARAM.finditer(text):
        name, value = m.group("name"), m.group("value")
        if name.lower() in _SIGNED_PARAMS:
            if looks_random(value.replace("%", ""), min_length=16, max_length=1024) \
                    and not _CODE_CHARS & set(value):
                yield "url-query-secret", m.start("value"), m.end("value")
            continue
        if _NAME_HINT.search(name) is None:
            continue
        if is_secret_name(name):
            ok = token_like(value) or looks_random(value)
        else:
            ok = is_key_name(name) and looks_random(value, min_length=16)
        if ok and not (_CODE_CHARS & set(value)) and "%s" not in value:
            yield "url-query-secret", m.start("value"), m.end("value")


# ---------------------------------------------------------------- literals passed to clients

# PHP's database handles take the password as the third string: new PDO($dsn, "user", "pw"),
# mysqli("host", "user", "pw", "db"); so do Python's pymssql, MySQLdb and pymysql connect().
_THIRD_ARG_CALL = re.compile(
    r"(?:\bPDO|\bmysqli|\bmysqli_connect|\bmysql_connect|\bmysqli_real_connect"
    r"|\bpymssql\.connect|\bMySQLdb\.connect|\bpymysql\.connect|\b_mssql\.connect)\([ \t]{0,4}"
    r"(?:\$[A-Za-z_]\w{0,40}|(?P<q0>[\"'])[^\"'\n]{1,256}(?P=q0))[ \t]{0,4},[ \t]{0,4}"
    r"(?P<q1>[\"'])[^\"'\n]{0,128}(?P=q1)[ \t]{0,4},[ \t]{0,4}(?P<q2>[\"'])(?P<value>[^\"'\n]{4,256})(?P=q2)")
# An SDK client built with a key literal: OpenAI("…"), cohere.Client('…'), Ruby's ApiClient.new('…'),
# Tencent Cloud's credential.Credential(id, "…").
# Also the factories named in lower case: algoliasearch(appId, apiKey), createClient(url, key).
# A versioned class (`ClientV2`, `AsyncClientV2`) is the same constructor.
# And a signing call given its key as a literal: jwt.sign(payload, '…'), jwt.encode(…, "…"),
# hmac.new(b"…", …), crypto.createHmac('sha256', '…'); a setter given the key.
_CLIENT_CALL = re.compile(
    r"(?:Client|API|Api|Auth|Credentials?|Session|Sdk|SDK|algoliasearch|createClient)(?:V\d{1,2})?(?:\.new)?\("
    r"|(?<![\w.])(?:jwt|JWT|jsonwebtoken|jose)\.(?:sign|encode|verify|decode)\(|\bhmac\.new\(|\bcreateHmac\("
    # a setter given the key: $mollie->setApiKey("…"), client.setAccessToken('…')
    r"|\bset_?(?:Api|API|api)?_?(?:Key|key|Token|token|Secret|secret|AccessToken|AuthToken|ClientSecret)\(")
_CLIENT_LITERAL = re.compile(r"(?P<q>[\"'])(?P<value>[A-Za-z0-9_\-.+=]{24,256})(?P=q)")
_CALL_WINDOW = 400


def call_literal_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Passwords passed as the third argument of PDO, mysqli or a Python DB driver, and random
    key literals passed to an SDK client's constructor or a signing call."""
    if "PDO" in text or "mysql" in text or "MySQL" in text or "mssql" in text:
        for m in _THIRD_ARG_CALL.finditer(text):
            if _password_like(m.group("value")) or looks_random(m.group("value"), min_length=6):
                yield "login-password", m.start("value"), m.end("value")
    last = 0
    for m in _CLIENT_CALL.finditer(text):
        begin = max(m.end(), last)
        close = text.find(")", begin, m.end() + _CALL_WINDOW)
        stop = close if close >= 0 else min(len(text), m.end() + _CALL_WINDOW)
        for lit in _CLIENT_LITERAL.finditer(text, begin, stop):
            if looks_random(lit.group("value"), min_length=24):
                yield "client-key", lit.start("value"), lit.end("value")
        last = max(last, stop)


# ---------------------------------------------------------------- a name and its value as a pair

# The name is a string and the value comes after it: a call's first two arguments
# (`define('DB_PASSWORD', '…')`, `headers.put("X-Api-Key", "…")`), or an env entry's
# `name:`/`value:` fields (Kubernetes, ECS, GitHub Actions).
_PAIR_CALL = re.compile(
    r"\([ \t]{0,4}(?P<q1>[\"'])(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,63})(?P=q1)[ \t]{0,4},[ \t]{0,4}"
    r"(?P<q2>[\"'])(?P<value>[^\"'\n]{4,256})(?P=q2)")
_NAME_FIELD = re.compile(
    r"(?<![A-Za-z0-9_])[\"']?[Nn]ame[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?(?P<name>[A-Za-z_][A-Za-z0-9_.\-]{0,63})")
_VALUE_FIELD = re.compile(
    r"[,{\s]{1,40}?(?:-[ \t]{1,4})?[\"']?[Vv]alue[\"']?[ \t]{0,4}[:=][ \t]{0,4}")


def _pair_secret(name: str, value: str, *, quoted: bool) -> bool:
    if is_secret_name(name):
        return secret_literal(value, quoted=quoted)
    return is_key_name(name) and looks_random(value, min_length=16)


def named_pair_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Literals that a pair of fields or arguments assigns to a secret-named string."""
    lowered = lower_text(text)
    if not any(hint in lowered for hint in _NAME_HINTS):
        return
    if "(" in text:
        for m in _PAIR_CALL.finditer(text):
            if _NAME_HINT.search(m.group("name")) and _pair_secret(m.group("name"), m.group("value"), quoted=True):
                yield "assigned-secret", m.start("value"), m.end("value")
    if "alue" not in lowered:
        return
    for m in _NAME_FIELD.finditer(text):
        if _NAME_HINT.search(m.group("name")) is None:
            continue
        after = m.end()
        if text[after:after + 1] in "\"'":
            after += 1
        field = _VALUE_FIELD.match(text, after)
        if field is None:
            continue
        read = _read_value(text, field.end())
        if read is None:
            continue
        start, end, quoted = read
        if _pair_secret(m.group("name"), text[start:end], quoted=quoted):
            yield "assigned-secret", start, end
