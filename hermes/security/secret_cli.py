"""Credentials on a command line, recognised by the flag that carries them.

- A long flag named for a secret, for any command: `--password X`, `--token=X`, `--api-key X`,
  `--client-secret X` (not `--password-stdin`, `--token-file PATH`, `--auth-type basic`).
- The short flags that mean "password" only for their own tools: `mysql -pX` (glued: a
  separate `-p` prompts), `sshpass -p X`, `redis-cli -a X`, `ldapsearch -w X`, `mongosh -p X`,
  `sqlcmd -P X`, `zip -P X`, `7z -pX`, `docker login -p X`, `twine -p X`, `keytool -storepass X`,
  `curl -u user:PASS`, `smbclient -U user%PASS`, `htpasswd -b FILE USER PASS`;
- Windows: `net use \\\\HOST\\SHARE X`, `net user NAME X`, `cmdkey /pass:X`, `schtasks /RP X`
  (and `/P X` after `/U`), `winrs -p:X`;
- OpenSSL's `-passin pass:X`, and a value echoed into a command that reads its secret from
  standard input (`echo X | docker login --password-stdin`, `| chpasswd`).

A value is a literal: a variable (`"$MYSQL_PWD"`, `${TOKEN}`), a command substitution, a
path, a placeholder or a plain word is left as written, so scripts that pass secrets along
stay byte-identical. Every pattern is bounded; each command is read once to its line's end.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hermes.security.secret_assign import app_password, is_key_name, is_secret_name, name_words
from hermes.security.secret_values import looks_placeholder, looks_random, lower_text
from hermes.security.word_pattern import any_word, first_chars

# One shell word: quoted parts and bare parts, up to a space or an operator.
_WORD = re.compile(r"""(?:'[^'\n]{0,512}'|"(?:\\.|[^"\\\n]){0,512}"|[^\s'"|;&<>()`]{1,512})+""")
_SEGMENT_END = re.compile(r"[|;&\n]|$")  # searched with an end: "$" matches there

# command -> (flags whose value is the next word or glued, flags whose value must be glued)
_SHORT_FLAGS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **{c: ((), ("-p",)) for c in ("mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck",
                                  "mysqlsh", "mysqlpump", "mariadb", "mariadb-dump", "mariadb-admin")},
    "sshpass": (("-p",), ()),
    **{c: (("-a",), ()) for c in ("redis-cli", "valkey-cli", "keydb-cli", "memtier_benchmark")},
    **{c: (("-w",), ()) for c in ("ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami",
                                  "ldappasswd", "ldapcompare")},
    **{c: (("-p",), ()) for c in ("mongo", "mongosh", "mongodump", "mongorestore", "mongoexport",
                                  "mongoimport", "twine")},
    **{c: (("-P",), ()) for c in ("sqlcmd", "bcp", "zip", "unzip", "zipcloak")},
    **{c: ((), ("-p",)) for c in ("7z", "7za", "7zr")},
    "keytool": (("-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-srckeypass",
                 "-destkeypass"), ()),
    "influx": (("-password", "-p"), ()),
    "jarsigner": (("-storepass", "-keypass"), ()),
    # Cassandra, Neo4j, Vertica, Sybase/SAP ASE, IPMI and RabbitMQ's HTTP admin tool
    **{c: (("-p",), ()) for c in ("cqlsh", "cypher-shell", "rabbitmqadmin")},
    "vsql": (("-w",), ()),
    **{c: (("-P",), ()) for c in ("isql", "ipmitool")},
    # Kerberos: kadmin's own password, the new principal's password of kadmin's requests
    # (`addprinc -pw X name`, inside `-q "…"` too), and Windows' ktpass (`/pass X`, any case)
    "kadmin": (("-w",), ()),
    **{c: (("-pw",), ()) for c in ("addprinc", "add_principal", "ank", "cpw", "change_password")},
    "ktpass": (("-pass", "/pass"), ()),
}
_CASE_BLIND_FLAGS = ("ktpass",)  # Windows tools: `/Pass` is `/pass`
_KERBEROS_TOOLS = frozenset({"kadmin", "addprinc", "add_principal", "ank", "cpw", "change_password", "ktpass"})
# Tools that take a password or key as a POSITIONAL argument after a subcommand:
# (command, subcommand words, index of the secret among the words that follow them).
_POSITIONAL: dict[str, tuple[tuple[tuple[str, ...], int], ...]] = {
    "rabbitmqctl": ((("add_user",), 1), (("change_password",), 1)),
    "mc": ((("alias", "set"), 3), (("config", "host", "add"), 3)),
    "wpa_passphrase": (((), 1),),
    "net": ((("user",), 1),),
    "cargo": ((("login",), 0),),
    "neo4j-admin": ((("dbms", "set-initial-password"), 0), (("set-initial-password",), 0)),
}
_PAIR_TOOLS = ("rclone",)  # key/value pairs after a subcommand
# Tools whose `login` subcommand takes -p PASSWORD.
_LOGIN_TOOLS = ("docker", "podman", "buildah", "skopeo", "nerdctl", "helm", "oras", "oc", "az",
                "cf", "crane", "regctl", "argocd")
# `-u user:password` (curl), `-U user%password` (smbclient), `-a user:password` (HTTPie, xh).
_USER_PASS_FLAGS = {"curl": ("-u", "--user", "-U", "--proxy-user"), "smbclient": ("-U", "--user"),
                    "lftp": ("-u", "--user"), **{c: ("-a", "--auth") for c in ("http", "https", "xh", "xhs")}}
_USER_PASS_SEPARATOR = {"curl": ":", "smbclient": "%", "lftp": ",", "http": ":", "https": ":", "xh": ":", "xhs": ":"}

_COMMANDS = (*_SHORT_FLAGS, *_LOGIN_TOOLS, *_USER_PASS_FLAGS, *_POSITIONAL, *_PAIR_TOOLS, "htpasswd")
# A command word, grouped by first character (word_pattern.py), where a word starts: after a
# space, an operator, a quote or a path's last "/" (that character first, so the engine skips to one in
# C), or at the very start of the text.
_COMMAND_WORD = first_chars(_COMMANDS) + "(?P<cmd>" + any_word(_COMMANDS) + r")(?=[ \t])"
_COMMAND = re.compile(r"[\s;|&(`/\"'=]" + _COMMAND_WORD)  # also a command quoted in code or JSON
_FIRST_COMMAND = re.compile(_COMMAND_WORD)

# --name=value or --name value, where the name speaks of a secret; a word after a space that
# opens with "-" is the next flag, not a value (`--prod --token=…`).
_LONG_FLAG = re.compile(
    r"--(?<![\w\-]--)(?P<name>[A-Za-z][A-Za-z0-9_\-]{1,48})(?:=|[ \t]{1,4}(?!-))"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")
_FLAG_SECRET_WORDS = frozenset({
    "password", "passwd", "pass", "pwd", "passphrase", "secret", "token", "apikey", "credential",
    "credentials", "auth", "authtoken", "storepass", "keypass"})
_FLAG_KEY_QUALIFIERS = frozenset({"api", "access", "secret", "private", "auth", "account", "client",
                                  "master", "license", "subscription", "storage", "admin", "service"})
# Last words of flags that carry something other than the secret itself.
_FLAG_NOT_SECRET = frozenset({
    "stdin", "file", "files", "path", "dir", "env", "var", "name", "id", "type", "types", "ttl",
    "expiry", "expires", "length", "policy", "prompt", "cmd", "command", "helper", "store",
    "url", "uri", "endpoint", "header", "scope", "scopes", "kind", "mode", "format", "source",
    "from", "ref", "arn", "version", "method", "provider", "plugin", "level", "stage", "count",
    "reset", "rotation", "hint", "label", "required", "enabled", "timeout", "max", "min"})
_OPENSSL_PASS = re.compile(
    r"-(?<![\w\-]-)(?:passin|passout|pass|password|kfile)[ \t]{1,4}pass:(?P<value>[^\s'\"]{1,256})")
# Commands and flags that read a secret from standard input: `az devops login` its personal
# access token, `kinit` and `kpasswd` a Kerberos password, `sudo -S` the user's password.
_READS_STDIN = (r"(?:--password-stdin|--with-token|--token-stdin|--api-key-stdin|chpasswd|devops[ \t]{1,4}login"
                r"|(?<![\w\-.])(?:kinit|kpasswd)(?![\w\-])|(?<![\w\-])sudo[ \t]{1,4}(?:-S|--stdin)(?![\w\-]))")
_STDIN_SECRET = re.compile(
    r"(?:echo|printf)(?<![\w\-]echo)(?<![\w\-]printf)[ \t]{1,4}(?:-[neE]{1,3}[ \t]{1,4})?"
    r"(?:(?P<fq>['\"])%s(?:\\n)?(?P=fq)[ \t]{1,4})?"  # printf's format: '%s', "%s\n"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})[ \t]{0,4}\|[ \t]{0,4}"""
    r"[^|;&\n]{0,200}?" + _READS_STDIN)
# The same flags fed by a here-string: `gh auth login --with-token <<< TOKEN`.
_HERE_STRING_SECRET = re.compile(
    _READS_STDIN +
    r"[^|;&\n]{0,120}?<<<[ \t]{0,4}"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")
_PERCENT_VARIABLE = re.compile(r"%(?:[A-Za-z_]\w*%|\(\w+\)|[-+ #0-9.]*[sdifrxq]|\{)")
_PLAIN_WORD = re.compile(r"[A-Za-z]+(?:[-_][A-Za-z]+)*")
_SHELL_VARIABLE = re.compile(r"\$[A-Za-z_{(]")  # expanded by the shell: passed along, not written out


def _unquote(word: str, start: int) -> tuple[str, int, int]:
    """The text of a shell word without one pair of enclosing quotes, and its span."""
    if len(word) >= 2 and word[0] in "'\"" and word[-1] == word[0]:
        return word[1:-1], start + 1, start + len(word) - 1
    return word, start, start + len(word)


def literal_value(value: str, *, quoted: bool = False) -> bool:
    """A value written out on the command line, not passed along: no variable, command
    substitution, path, file reference, placeholder, flag or plain word. A quoted word is
    never a flag, so there a leading "-" is a character of the value (`-p '-f=2x…'`)."""
    if len(value) < 4:
        return False
    if app_password(value):
        return True  # "qwtr-zkpd-mnbv-lxcf": letters only, but an app password's shape
    if _PLAIN_WORD.fullmatch(value) and not looks_random(value, min_length=12):
        return False  # a word, not a run of random letters ("ZrgbhtkSEhPlLwpW")
    if looks_placeholder(value):
        return False
    if quoted and value.startswith("-") and not value.startswith("--"):
        value = value[1:]
    if value.startswith(("$", "-", "/", "~", "./", "../", "@", "<", "`")) or "$(" in value:
        return False
    if value.startswith("%") and (not quoted or _PERCENT_VARIABLE.match(value)):
        return False  # cmd.exe's %PASS%, a printf or Python format; quoted, `%Lw…` is a character
    return "://" not in value and _SHELL_VARIABLE.search(value) is None


def _flag_names_secret(name: str) -> bool:
    words = name_words(name.replace("-", "_"))
    if not words or words[-1] in _FLAG_NOT_SECRET:
        return False
    if any(w in _FLAG_SECRET_WORDS for w in words):
        return True
    return words[-1] == "key" and len(words) > 1 and words[-2] in _FLAG_KEY_QUALIFIERS


_MAX_WORDS = 24  # a command's words read for its flags: a bound, so each command costs O(1)
_POSITIONAL_WORDS = 10  # enough for `mc config host add NAME URL ACCESS SECRET` and a flag


def _words(text: str, pos: int, limit: int = _MAX_WORDS) -> list[tuple[str, int]]:
    """The shell words of the command that starts at `pos`, to the end of its segment (at
    most `_MAX_WORDS` of them: text that repeats a command word would else be read again for
    every repetition)."""
    words: list[tuple[str, int]] = []
    last = pos
    for m in _WORD.finditer(text, pos, min(len(text), pos + 4096)):
        gap = _SEGMENT_END.search(text, last, m.start())
        if gap is not None and gap.start() < m.start():
            break  # an operator or a line end between two words: the command ended
        words.append((m.group(0), m.start()))
        last = m.end()
        if len(words) == limit:
            break
    return words


def _quoted_at(words: list[tuple[str, int]], value_start: int) -> bool:
    """Does the value that starts at `value_start` stand inside quotes (one of `words` opens
    with a quote just before it)?"""
    return any(start == value_start - 1 and word[:1] in "'\"" for word, start in words)


def _command_secrets(cmd: str, words: list[tuple[str, int]]) -> Iterator[tuple[int, int]]:
    """Spans of the password values in one command's words (the command word not included)."""
    if cmd in _POSITIONAL:
        yield from _positional_secret(cmd, words)
        return
    if cmd == "rclone":
        yield from _rclone_secrets(words)
        return
    next_flags, glued_flags = _SHORT_FLAGS.get(cmd, ((), ()))
    if cmd in _LOGIN_TOOLS:
        if not any(w == "login" for w, _ in words[:3]):
            return
        next_flags = ("-p",)
    user_pass = _USER_PASS_FLAGS.get(cmd, ())
    if cmd == "htpasswd":
        flags = [w for w, _ in words if w.startswith("-")]
        if any("b" in f and not f.startswith("--") for f in flags):
            positional = [(w, s) for w, s in words if not w.startswith("-")]
            if len(positional) >= 3:  # -b FILE USER PASSWORD (-n: USER PASSWORD)
                word, start = positional[2] if not any("n" in f for f in flags) else positional[1]
                value, vs, ve = _unquote(word, start)
                if literal_value(value):
                    yield vs, ve
        return
    for i, (word, start) in enumerate(words):
        if cmd in _CASE_BLIND_FLAGS:
            word = word.lower() if word[:1] in "-/" else word
        for flag in glued_flags:
            if word.startswith(flag) and len(word) > len(flag):
                value, vs, ve = _unquote(word[len(flag):], start + len(flag))
                if literal_value(value) or (len(value) >= 4 and value[:1] not in "$`"
                                            and not looks_placeholder(value)):
                    yield vs, ve
        for flag in next_flags:
            if word == flag and i + 1 < len(words):
                value, vs, ve = _unquote(*words[i + 1])
            elif word.startswith(flag) and len(word) > len(flag) and not flag.startswith("--") \
                    and len(flag) == 2:
                value, vs, ve = _unquote(word[len(flag):], start + len(flag))
            else:
                continue
            if cmd in _KERBEROS_TOOLS and any(c.isspace() for c in value):
                continue  # a quoted phrase or the rest of a `-q "…"` request, not one password
            # (quotes matter only to a value that opens with "-" or "%")
            if literal_value(value) or value[:1] in ("-", "%") and _quoted_at(words, vs) \
                    and literal_value(value, quoted=True):
                yield vs, ve
        if word in user_pass and i + 1 < len(words):
            value, vs, ve = _unquote(*words[i + 1])
            sep = _USER_PASS_SEPARATOR[cmd]
            if sep in value:
                cut = value.index(sep) + 1
                if literal_value(value[cut:]) or len(value[cut:]) >= 6 and not looks_placeholder(value[cut:]):
                    yield vs + cut, ve


def _positional_secret(cmd: str, words: list[tuple[str, int]]) -> Iterator[tuple[int, int]]:
    """The positional password of `rabbitmqctl add_user USER PASS`, `mc alias set NAME URL
    ACCESS SECRET`, `wpa_passphrase SSID PASS`, `net user NAME PASS`, `net use \\\\HOST\\SHARE PASS`,
    `cargo login TOKEN`."""
    plain = [(w, s) for w, s in words if not w.startswith(("-", "/"))]
    if cmd == "net" and plain[:1] and plain[0][0].lower() == "use":
        yield from _net_use_secret(plain[1:])
        return
    for sub, index in _POSITIONAL[cmd]:
        if tuple(w for w, _ in plain[:len(sub)]) != sub:
            continue
        rest = plain[len(sub):]
        if index < len(rest):
            value, vs, ve = _unquote(*rest[index])
            if literal_value(value) and (looks_random(value) or len(value) >= 8 and not value.isalpha()):
                yield vs, ve
        return


def _net_use_secret(plain: list[tuple[str, int]]) -> Iterator[tuple[int, int]]:
    """`net use [DEVICE:] \\\\HOST\\SHARE PASSWORD [/user:DOMAIN\\NAME]`: the word after the
    share's UNC path, unless it is `*` (prompt for it) or a variable (`%PASS%`, `$pw`)."""
    for i, (word, _) in enumerate(plain[:3]):
        if word.lstrip("\"'").startswith("\\\\") and i + 1 < len(plain):
            value, vs, ve = _unquote(*plain[i + 1])
            if literal_value(value):  # its place says what it is: a plain word or a variable is not one
                yield vs, ve
            return


def _rclone_secrets(words: list[tuple[str, int]]) -> Iterator[tuple[int, int]]:
    """`rclone config create|update NAME TYPE key VALUE pass VALUE …`: the values of the
    secret-named keys among the pairs after the remote's name and type."""
    plain = [(w, s) for w, s in words if not w.startswith("-")]
    if len(plain) < 6 or plain[0][0] != "config" or plain[1][0] not in ("create", "update"):
        return
    pairs = plain[4:] if plain[1][0] == "create" else plain[3:]
    for (key, _), (word, start) in zip(pairs[::2], pairs[1::2], strict=False):
        if is_secret_name(key) or key == "key" or is_key_name(key):
            value, vs, ve = _unquote(word, start)
            if literal_value(value) and (looks_random(value) or len(value) >= 8 and not value.isalpha()):
                yield vs, ve


# Any tool: a short password flag right after a user flag and its value (`hdbsql -u SYSTEM -p X`,
# `psexec -u admin -p X`, `racadm -u root -p X`). Without the user flag `-p` is a port, a path
# or a profile, so the value must also look random or like a password (no port, no path).
_USER_THEN_PASSWORD = re.compile(
    r"(?<![\w\-])(?:-u|-U|--user|--username|-l)[ \t]{1,4}[^\s'\"|;&<>()`]{1,128}[ \t]{1,4}(?:-\S{1,32}[ \t]{1,4}){0,1}"
    r"(?:-p|-P|-w|-a)[ \t]{1,4}"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")
# PowerShell and Java-style single-dash long flags: `Invoke-Sqlcmd … -Password X`.
_SINGLE_DASH_SECRET = re.compile(
    r"(?<![\w\-])-(?i:password|passwd|pwd|passphrase|secret|apikey|api-key|token)[ \t]{1,4}"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")
# `-auth USER:SECRET` (jenkins-cli.jar and other Java tools): the part after the first colon
# (`-auth @file` reads it from a file).
_AUTH_PAIR = re.compile(
    r"-(?<![\w\-]-)auth[ \t]{1,4}"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")
# Samba's `DOMAIN\\user%password` after a user flag, for any of its tools (`net ads join -U
# admin%X`, `rpcclient -U`, `smbcacls -U`, `samba-tool … -U`).
_SAMBA_USER_PASS = re.compile(
    r"(?<![\w\-])(?:-U|--user(?:name)?)(?:[ \t]{1,4}|=)['\"]?[A-Za-z0-9_.\\@\-]{1,128}%"
    r"(?P<value>[^\s'\"|;&<>()`]{4,256})")
# DB2's `connect to DB user NAME using PASSWORD`.
_USING_PASSWORD = re.compile(
    r"(?i)(?<![\w\-])user[ \t]{1,4}[^\s'\"]{1,128}[ \t]{1,4}using[ \t]{1,4}(?P<value>[^\s'\";`]{1,256})")


def _random_or_password(value: str) -> bool:
    """A value that looks random, or mixes letters with digits and symbols and has no port,
    path or host in it."""
    if " " in value:
        return False
    if looks_random(value):
        return True
    return (len(value) >= 8 and not any(c in value for c in "/:.") and any(c.isalpha() for c in value)
            and any(c.isdigit() for c in value) and any(not c.isalnum() for c in value))


def _generic_password_flags(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if "-u" in lowered or "-l " in text:
        for m in _USER_THEN_PASSWORD.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if literal_value(value) and _random_or_password(value):
                yield "cli-secret", vs, ve
    if any(w in lowered for w in ("-pass", "-pwd", "-secret", "-apikey", "-api-key", "-token")):
        for m in _SINGLE_DASH_SECRET.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if literal_value(value) and _random_or_password(value):
                yield "cli-secret", vs, ve
    if "-auth" in lowered:
        for m in _AUTH_PAIR.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if ":" not in value or value.startswith("@"):
                continue
            cut = value.index(":") + 1
            if literal_value(value[cut:]) and (_random_or_password(value[cut:]) or len(value) - cut >= 8):
                yield "cli-secret", vs + cut, ve
    if "%" in text and ("-u" in lowered or "--user" in lowered):
        for m in _SAMBA_USER_PASS.finditer(text):
            if literal_value(m.group("value")) and _random_or_password(m.group("value")):
                yield "cli-secret", m.start("value"), m.end("value")
    if " using " in lowered:
        for m in _USING_PASSWORD.finditer(text):
            if literal_value(m.group("value")) and _random_or_password(m.group("value")):
                yield "cli-secret", m.start("value"), m.end("value")


# A JVM system property or a Gradle project property set on the command line whose name ends
# in a secret word: `-Djavax.net.ssl.keyStorePassword=X`, `-Dkeystore.password=X`,
# `-Pandroid.injected.signing.store.password=X` (`-Djavax.net.ssl.keyStore=x.jks` names a file).
_PROPERTY_FLAG = re.compile(
    r"-(?<![\w\-]-)[DP](?P<name>[A-Za-z_][\w.\-]{0,120})="
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")
# Java's keystore flags, for whichever tool takes them (keytool, jarsigner, signing plugins):
# their names mean a password, so a literal after them is one.
_KEYSTORE_FLAG = re.compile(
    r"-(?<![\w\-]-)(?:src|dest)?(?:storepass|keypass)[ \t]{1,4}"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")


def _property_secrets(text: str, lowered: str) -> Iterator[tuple[str, int, int]]:
    if "-d" in lowered or "-p" in lowered:
        for m in _PROPERTY_FLAG.finditer(text):
            name = m.group("name")
            if not (is_secret_name(name) or is_key_name(name.rsplit(".", 1)[-1])):
                continue
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if literal_value(value) and not any(c.isspace() for c in value):
                yield "cli-secret", vs, ve  # (a quote that opens another string holds spaces)
    if "storepass" in lowered or "keypass" in lowered:
        for m in _KEYSTORE_FLAG.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if any(c.isspace() for c in value):
                continue
            if literal_value(value) or value.startswith("pass:") and literal_value(value[5:]):
                yield "cli-secret", vs, ve


# NetworkManager's Wi-Fi key: `nmcli con modify NAME wifi-sec.psk KEY`.
_NMCLI_PSK = re.compile(
    r"(?:wifi-sec|802-11-wireless-security)\.psk[ \t]{1,4}"
    r"""(?P<value>'[^'\n]{1,512}'|"(?:\\.|[^"\\\n]){1,512}"|[^\s'"|;&<>()`]{1,512})""")


# Windows: `cmdkey /pass:X`, `net use … /password:X`; PowerShell: a plain-text secure string.
_WINDOWS_FLAG = re.compile(r"/(?<![\w/]/)(?:pass|password|pwd|p(?=:))[:=](?P<value>[^\s\"']{1,256}|\"[^\"\n]{1,256}\")")
# schtasks takes the run-as password as `/RP PASS` and the remote user's as `/P PASS` (after
# `/U USER`), a word apart; winrs writes `-p:PASS` (after `-u:USER`).
_SCHTASKS_PASSWORD = re.compile(
    r"(?i)(?<![\w/])/(?:rp|p)[ \t]{1,4}(?P<value>\"[^\"\n]{1,256}\"|[^\s\"'/][^\s\"']{0,255})")
_WINRS_PASSWORD = re.compile(r"(?i)(?<![\w\-])-p(?:assword)?:(?P<value>\"[^\"\n]{1,256}\"|[^\s\"']{1,256})")
_SECURE_STRING = re.compile(
    r"(?i)ConvertTo-SecureString[ \t]{1,4}(?:-String[ \t]{1,4})?(?P<q>['\"])(?P<value>[^'\"\n]{1,256})(?P=q)"
    r"[ \t]{1,4}-AsPlainText")


# Tools that store a setting by name: `aws configure set aws_secret_access_key X`, `npm config
# set //registry/:_authToken X`, `git config --global github.token X`.
_CONFIG_SET = re.compile(
    r"(?<![\w\-])(?:configure[ \t]{1,4}set|config[ \t]{1,4}set|config(?:[ \t]{1,4}--(?:global|local|system|user))?)"
    r"[ \t]{1,4}(?P<name>[A-Za-z_/][\w.\-:/]{0,100})[ \t]{1,4}"
    r"(?P<value>'[^'\n]{1,512}'|\"[^\"\n]{1,512}\"|[^\s'\"|;&<>()`]{1,512})")


def _config_set_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _CONFIG_SET.finditer(text):
        if not is_secret_name(m.group("name").rsplit("/", 1)[-1].lstrip(":")):
            continue
        value, vs, ve = _unquote(m.group("value"), m.start("value"))
        if literal_value(value) and (looks_random(value) or len(value) >= 8 and not value.isalpha()):
            yield "cli-secret", vs, ve


def _fed_secrets(pattern: re.Pattern[str], text: str) -> Iterator[tuple[str, int, int]]:
    """A literal fed to a command on stdin (a here-string or `echo … |`); for chpasswd's
    `user:password`, only the part after the colon."""
    for m in pattern.finditer(text):
        value, vs, ve = _unquote(m.group("value"), m.start("value"))
        if "chpasswd" in m.group(0) and ":" in value:
            vs += value.index(":") + 1
            value = value[value.index(":") + 1:]
        if literal_value(value, quoted=m.group("value")[:1] in "'\""):
            yield "cli-secret", vs, ve


def command_line_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Passwords and tokens passed to commands on their command line."""
    if "/pass" in lower_text(text) or "/pwd" in lower_text(text) or "/p:" in text:
        for m in _WINDOWS_FLAG.finditer(text):
            short = m.group(0).startswith("/p:")
            if short and "/u:" not in lower_text(text):
                continue  # `/p:` is a password only after a user (xfreerdp); msbuild's is a property
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if short and not _random_or_password(value):
                continue
            if literal_value(value):
                yield "cli-secret", vs, ve
    lowered = lower_text(text)
    if "schtasks" in lowered and ("/rp" in lowered or "/u" in lowered):
        for m in _SCHTASKS_PASSWORD.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if value != "*" and literal_value(value):  # `/RP *` prompts for it
                yield "cli-secret", vs, ve
    if "winrs" in lowered and "-u:" in lowered:
        for m in _WINRS_PASSWORD.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if literal_value(value):
                yield "cli-secret", vs, ve
    if "securestring" in lower_text(text):
        for m in _SECURE_STRING.finditer(text):
            if literal_value(m.group("value")) or len(m.group("value")) >= 6:
                yield "cli-secret", m.start("value"), m.end("value")
    if "--" in text:
        for m in _LONG_FLAG.finditer(text):
            if m.group("name") in ("user", "proxy-user", "auth") and ":" in m.group("value"):
                value, vs, ve = _unquote(m.group("value"), m.start("value"))  # etcdctl --user root:PASS
                cut = value.index(":") + 1
                if literal_value(value[cut:]) and _random_or_password(value[cut:]):
                    yield "cli-secret", vs + cut, ve
                continue
            if _flag_names_secret(m.group("name")):
                value, vs, ve = _unquote(m.group("value"), m.start("value"))
                if literal_value(value):
                    yield "cli-secret", vs, ve
    yield from _generic_password_flags(text, lowered)
    yield from _property_secrets(text, lowered)
    if "pass:" in lowered:
        for m in _OPENSSL_PASS.finditer(text):
            if literal_value(m.group("value")):
                yield "cli-secret", m.start("value"), m.end("value")
    if "config" in lowered:
        yield from _config_set_secrets(text)
    if ".psk" in lowered:
        for m in _NMCLI_PSK.finditer(text):
            value, vs, ve = _unquote(m.group("value"), m.start("value"))
            if literal_value(value) or len(value) >= 8 and not looks_placeholder(value):
                yield "cli-secret", vs, ve
    if "<<<" in text:
        yield from _fed_secrets(_HERE_STRING_SECRET, text)
    if ("echo" in lowered or "printf" in lowered) and "|" in text:
        yield from _fed_secrets(_STDIN_SECRET, text)
    first = _FIRST_COMMAND.match(text)
    # A flag command's name met again among its own words (`ktpass /pass ktpass …`) starts no
    # second reading: its flags are among the words already read, and text that repeats a
    # command word would else be read 24 times over.
    read_to: dict[str, int] = {}
    for m in ([first] if first else []) + list(_COMMAND.finditer(text)):
        cmd = m.group("cmd")
        if m.start() < read_to.get(cmd, -1):
            continue
        words = _words(text, m.end(), _POSITIONAL_WORDS if cmd in _POSITIONAL else _MAX_WORDS)
        if words and cmd not in _POSITIONAL:
            read_to[cmd] = words[-1][1] + len(words[-1][0])
        for start, end in _command_secrets(cmd, words):
            yield "cli-secret", start, end
