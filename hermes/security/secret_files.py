"""Credentials recognised by the structure of the file they come from, one line at a time:

- `.netrc`: `machine HOST login USER password PASS` (and `default … password PASS`);
- `.pgpass`: `host:port:database:user:PASS`;
- `.htpasswd` and shadow-style hashes: `user:$apr1$…`, `user:$2y$10$…`, `user:{SHA}…`, and a
  bcrypt, sha-crypt or argon2 hash standing anywhere (a hash is as good as the password to an
  attacker with time);
- Windows NTLM hashes (pass-the-hash needs no cracking): the LM:NT pair of a pwdump or
  secretsdump line (`user:rid:LM:NT:::`), an `LM:NT` pair whose LM half is the empty-LM
  constant or that follows a hash word (`-hashes`, `ntlm`), and 32 hex after `NTLM :` (mimikatz);
- XML settings (Maven, NuGet, Tomcat): `<password>PASS</password>`, `<apiKey>…</apiKey>`,
  `<add key="ClearTextPassword" value="PASS" />`.

The structure is the evidence, so a value need not look random; it must not be a
placeholder or a variable (`$PGPASSWORD`, `${env.TOKEN}`, `<your-password>`, `*`).
Every pattern is bounded and anchored where a field starts, so the scan is linear.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_assign import is_secret_name
from hermes.security.secret_values import looks_placeholder, lower_text

# Each pattern starts with a literal (so the engine skips to it in C); where a field must
# start is checked by a look-behind after it, or after the match.
_NETRC = re.compile(
    r"(?:machine(?<![^\s]machine)[ \t]+[^\s]{1,253}|default(?<![^\s]default))"
    r"(?:[ \t]+(?:login|account|port)[ \t]+[^\s]{1,256}){0,3}"
    r"[ \t]+password[ \t]+([^\s]{1,256})")
# host:port:database:user:password. Found from its port field (":5432:" or ":*:"); the host
# before it and the three fields after it are each a run without ':' (a '\:' escape allowed
# in the password), and the five fields stand alone as one word.
PGPASS_HINT = re.compile(r":(?:\d{1,5}|\*):")
_PGPASS_HOST = re.compile(r"[A-Za-z0-9_.\-]{1,253}|\*")
_HOST_START = re.compile(r"[\s\"'`:]")  # a host has no ':', so the walk back is short
_PGPASS_REST = re.compile(
    r"(?P<db>[^\s:]{1,63}):(?P<user>[A-Za-z_*][^\s:]{0,62}):(?P<pw>(?:\\.|[^\s:\\]){1,256})(?![^\s\"'`])")
_WORD_START = re.compile(r"[\s\"'`]")
# The hash of a password in the formats htpasswd, crypt(3) and the password libraries write.
_HASHED = re.compile(
    r"\$(?<![A-Za-z0-9./$]\$)(?:(?:apr1|1|5|6|md5)\$[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{20,86}"
    r"|2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}"
    r"|argon2(?:id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]{8,}\$[A-Za-z0-9+/]{16,}"
    r"|y\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{8,86}\$[./A-Za-z0-9]{20,86})(?![A-Za-z0-9./$])")
# NTLM: found from the colon between two 32-hex halves (a literal, then a look-behind for the
# LM half), so the engine skips to each ':' in C.
_HASH_PAIR = re.compile(r":(?<=(?<![0-9A-Fa-f])[0-9A-Fa-f]{32}:)(?P<nt>[0-9A-Fa-f]{32})(?![0-9A-Fa-f])")
_EMPTY_LM = "aad3b435b51404eeaad3b435b51404ee"  # the LM hash of an empty password: public, kept
_RID_BEFORE = re.compile(r"[^\s:]:\d{1,10}:\Z")  # user:rid: just before the LM half
_HASH_WORD = re.compile(
    r"(?i)(?<![a-z])(?:ntlm|nthash|nt[ _\-]hash|lmhash|hashes|pth|pass[ _\-]the[ _\-]hash)(?![a-z])")
_NT_AFTER_WORD = re.compile(
    r"(?i)(?<![a-z])(?:ntlm|nthash|nt[ _\-]hash|hash[ _\-]ntlm)[ \t]{0,12}[:=][ \t]{0,4}"
    r"(?P<nt>[0-9a-f]{32})(?![0-9a-f])")
_EMPTY_LM_ONLY = re.compile(r"(?<![0-9a-f:]):(?P<nt>[0-9A-Fa-f]{32})(?![0-9A-Fa-f])")
_HTPASSWD_SHA = re.compile(r":(\{SHA\}[A-Za-z0-9+/]{27}=)")
_HTPASSWD_USER = re.compile(r"[A-Za-z0-9_.@\-]{1,64}")
# NuGet, .NET and Ant settings: <add key="ClearTextPassword" value="…" />
_KEY_VALUE_ATTRS = re.compile(
    r"(?i)\bkey=\"(?P<name>[A-Za-z_][A-Za-z0-9_.:\-]{0,63})\"[ \t]{1,8}value=\"(?P<value>[^\"<>\s]{1,512})\"")
_XML = re.compile(r"<(?P<tag>[A-Za-z_][A-Za-z0-9_.\-]{0,63})>(?P<value>[^<>\s]{1,512})</(?P=tag)>")


_NOT_VALUES = frozenset({"true", "false", "yes", "no", "on", "off", "none", "null", "nil"})


def _value(value: str) -> bool:
    """A written-out value: not a placeholder, a variable, a flag word or a number."""
    return (len(value) >= 4 and not looks_placeholder(value) and not value.startswith(("$", "%", "@"))
            and value.lower() not in _NOT_VALUES and not value.isdigit())


def _pgpass_line(text: str, colon: int, after: int) -> Iterator[tuple[str, int, int]]:
    """The password of a .pgpass entry whose port field spans text[colon:after]."""
    begin = colon
    while begin > 0 and not _HOST_START.match(text, begin - 1) and colon - begin <= 253:
        begin -= 1
    if begin == colon or (begin > 0 and text[begin - 1] == ":") or not _PGPASS_HOST.fullmatch(text, begin, colon):
        return
    m = _PGPASS_REST.match(text, after)
    if m is None:
        return
    pw = m.group("pw")
    if _value(pw) and not re.fullmatch(r"[0-9a-fA-F]{1,4}|\d+", pw):  # not the groups of an IPv6 address
        yield "pgpass-password", m.start("pw"), m.end("pw")


# SQL that sets a password: MySQL/Oracle `IDENTIFIED BY 'x'`, PostgreSQL `PASSWORD 'x'`.
_SQL_PASSWORD = re.compile(
    r"(?i)(?:identified[ \t]{1,8}(?:with[ \t]{1,8}[a-z_]{1,40}[ \t]{1,8})?by(?:[ \t]{1,8}password)?"
    r"|(?<![\w-])(?:encrypted[ \t]{1,8})?password)[ \t]{1,8}(?P<q>['\"])(?P<value>[^'\"\n]{1,256})(?P=q)")
# Server settings that hold a password as their argument: redis.conf (and `CONFIG SET
# requirepass …`), haproxy.cfg userlists.
_DIRECTIVE = re.compile(
    r"(?i)(?<![\w.\-])(?:requirepass|masterauth|insecure-password)[ \t]{1,8}(?P<value>[^\s\"']{1,256})")
# PuTTY private key files: the lines after "Private-Lines: N" up to the MAC.
_PUTTY = re.compile(r"Private-Lines:[ \t]{0,4}\d{1,4}\r?\n(?P<value>(?:[A-Za-z0-9+/=]{1,128}(?:\r?\n|\Z)){1,64})")


def _ntlm_hashes(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    """The NT half (and an LM half that is not the empty-LM constant) of NTLM hash pairs."""
    for m in _HASH_PAIR.finditer(text):
        lm_start = m.start() - 32
        before = text[max(0, lm_start - 268):lm_start]
        if text[lm_start:m.start()].lower() == _EMPTY_LM:
            yield "ntlm-hash", m.start("nt"), m.end("nt")
        elif _RID_BEFORE.search(before) or _HASH_WORD.search(text, max(0, lm_start - 60), lm_start):
            yield "ntlm-hash", lm_start, m.end("nt")
    if "ntlm" in lowered or "nt" in lowered and "hash" in lowered:
        for m in _NT_AFTER_WORD.finditer(text):
            yield "ntlm-hash", m.start("nt"), m.end("nt")
    if "hashes" in lowered:  # impacket's `-hashes :NT` (no LM half)
        for m in _EMPTY_LM_ONLY.finditer(text):
            if _HASH_WORD.search(text, max(0, m.start() - 20), m.start()):
                yield "ntlm-hash", m.start("nt"), m.end("nt")


def file_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Passwords and password hashes in the lines of .netrc, .pgpass, .htpasswd and XML
    settings files."""
    lowered = lower_text(text)
    if "password" in lowered:
        for m in _NETRC.finditer(text):
            if _value(m.group(1)):
                yield "netrc-password", m.start(1), m.end(1)
    for m in PGPASS_HINT.finditer(text):
        yield from _pgpass_line(text, m.start(), m.end())
    if "$" in text:
        for m in _HASHED.finditer(text):
            yield "password-hash", m.start(), m.end()
    if ":" in text:
        yield from _ntlm_hashes(text, lowered)
    if "{sha}" in lowered:
        for m in _HTPASSWD_SHA.finditer(text):
            begin = m.start()
            while begin > 0 and not _WORD_START.match(text, begin - 1) and m.start() - begin <= 64:
                begin -= 1
            if _HTPASSWD_USER.fullmatch(text, begin, m.start()):
                yield "password-hash", m.start(1), m.end(1)
    if "</" in text:
        for m in _XML.finditer(text):
            if is_secret_name(m.group("tag")) and _value(m.group("value")):
                yield "xml-secret", m.start("value"), m.end("value")
    if "identified" in lowered or "password" in lowered:
        for m in _SQL_PASSWORD.finditer(text):
            if _value(m.group("value")) and not m.group("value").startswith((":", "?")):
                yield "sql-password", m.start("value"), m.end("value")
    if "requirepass" in lowered or "masterauth" in lowered or "insecure-password" in lowered:
        for m in _DIRECTIVE.finditer(text):
            if _value(m.group("value")):
                yield "config-password", m.start("value"), m.end("value")
    if "private-lines" in lowered:
        for m in _PUTTY.finditer(text):
            yield "private-key", m.start("value"), m.start("value") + len(m.group("value").rstrip())
    if "value=" in lowered:
        for m in _KEY_VALUE_ATTRS.finditer(text):
            if is_secret_name(m.group("name")) and _value(m.group("value")):
                yield "xml-secret", m.start("value"), m.end("value")

