"""Dangerous shell in an entry, found by parsing commands rather than by matching sentences.

Every line (and every quoted string that is itself a command, as in `bash -c '…'` or
`echo '…' >> ~/.bashrc`) is split into words, operators and redirections, then into pipelines
of simple commands. Rules look at programs, flags, pipe stages and redirection targets:
`curl … | sudo bash` is a download piped into a shell wherever it appears in a sentence, while
`curl -H "Authorization: Bearer $API_TOKEN" http://localhost:8000/api/me` only uses a token.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from hermes.security.findings import (
    ALLOW,
    BLOCK,
    DANGEROUS_COMMAND,
    EXFILTRATION,
    PERSISTENCE,
    STAGE,
    ScanFinding,
    finding,
)

_TOKENS = re.compile(r"\|\||&&|>>|>&|&>|\$\(|[|;&<>()`\n]|'[^'\n]*'|\"[^\"\n]*\"|[^\s|;&<>()`'\"]+|['\"]")
_SEPARATORS = {"||", "&&", ";", "&", "\n", "(", ")", "`", "$("}
_REDIRECTS = {">", ">>", ">&", "&>", "<"}
_WRAPPERS = {"sudo", "doas", "env", "nohup", "exec", "command", "time", "nice", "then", "do", "xargs", "watch"}
SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "python", "python3", "perl", "ruby",
          "node", "php", "iex", "invoke-expression", "powershell", "pwsh", "source", "."}
FETCHERS = {"curl", "wget", "fetch", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "base64", "xxd",
            "openssl", "echo", "printf", "cat", "gzip", "zcat"}
SENDERS = {"curl", "wget", "nc", "ncat", "netcat", "socat", "telnet", "scp", "rsync", "ftp", "sftp", "iwr",
           "irm", "invoke-webrequest", "invoke-restmethod", "http", "https", "httpie", "mail", "sendmail"}
NETCATS = {"nc", "ncat", "netcat", "telnet"}
_READERS = {"cat", "less", "more", "head", "tail", "base64", "xxd", "strings", "type", "get-content", "cp"}
_KNOWN = SHELLS | FETCHERS | SENDERS | {"rm", "chmod", "chown", "crontab", "alias", "tee", "cp", "mv", "install", "ln",
                                        "tar", "zip", "printenv", "env", "export", "git", "mkfifo", "ssh-copy-id"}
# Program names that are never English words, so they mark a command inside a sentence.
_UNMISTAKABLE = {"curl", "wget", "nc", "ncat", "netcat", "socat", "rm", "chmod", "crontab", "alias", "tee", "scp",
                 "rsync", "bash", "sh", "zsh", "python", "python3", "perl", "php", "iex", "iwr", "printenv",
                 "ssh-copy-id", "sudo", "base64", "powershell", "pwsh", "mkfifo"}
_SECRET_VAR = re.compile(r"\$\{?[A-Za-z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|PWD|CRED|AUTH)[A-Za-z0-9_]*",
                         re.IGNORECASE)
CREDENTIAL_FILE = re.compile(
    r"(?:^|[/~\s])(?:\.env|\.netrc|\.pgpass|\.npmrc|\.pypirc|\.git-credentials|credentials\.json"
    r"|application_default_credentials\.json|id_rsa|id_ed25519|id_ecdsa|id_dsa|shadow)$"
    r"|\.aws/(?:credentials|config)|\.azure/|gcloud/|\.kube/config|\.docker/config\.json|\.gnupg|(?:^|/)\.ssh/?$")
_RC_FILE = re.compile(r"(?:^|/)\.(?:bashrc|zshrc|profile|bash_profile|zprofile|zshenv|bash_login|bash_aliases|"
                      r"kshrc|cshrc|tcshrc)$|config\.fish$|^/etc/(?:profile|bash\.bashrc|environment)")
_DEV_TCP = re.compile(r"/dev/(?:tcp|udp)/[\w.\-]+/\d+")
_URL = re.compile(r"\b(?:https?|ftp|wss?)://([^\s/:\"'`)]+)")
_LOCAL_HOST = re.compile(r"^(?:localhost|127\.[\d.]+|0\.0\.0\.0|\[?::1\]?|10\.[\d.]+|192\.168\.[\d.]+|"
                         r"172\.(?:1[6-9]|2\d|3[01])\.[\d.]+|[^.]+|.*\.(?:local|internal|lan|localhost|test"
                         r"|home\.arpa))$")
# Installers that their own projects document as `curl … | sh`.
TRUSTED_INSTALLERS = {"sh.rustup.rs", "get.docker.com", "astral.sh", "install.python-poetry.org", "brew.sh",
                      "deb.nodesource.com", "get.pnpm.io", "bun.sh", "deno.land", "sdk.cloud.google.com",
                      "ollama.com", "tailscale.com", "get.helm.sh"}
_SHADOWED = {"sudo", "su", "ls", "cd", "git", "ssh", "cat", "python", "python3", "pip", "npm", "curl", "apt",
             "rm", "cp", "mv", "docker", "kubectl", "gpg", "passwd", "clear", "vim", "nano"}
_REVERSE_SHELL_CODE = (("socket", "connect", "dup2"), ("socket", "connect", "/bin/sh"),
                       ("socket", "connect", "pty.spawn"),
                       ("fsockopen", "exec"), ("net.sockets.tcpclient", "getstream"), ("tcpsocket", "exec"))


@dataclass
class Command:
    words: list[str] = field(default_factory=list)
    redirects: list[tuple[str, str]] = field(default_factory=list)

    @cached_property
    def start(self) -> int:
        """Index of the program word: the first word unless the command follows prose
        ("After each task run: curl …"), then the first unmistakable program name."""
        last_wrapper = -1
        for i, w in enumerate(self.words):
            base = w.rsplit("/", 1)[-1].lower()
            if base in _WRAPPERS or (w.startswith("-") and i and self.words[i - 1] in ("sudo", "env")):
                last_wrapper = i
                continue
            if "=" in w and not w.startswith("-") and i == 0:
                continue
            if base in _KNOWN or i > 0:
                return i
            for j in range(i + 1, len(self.words)):
                if self.words[j].rsplit("/", 1)[-1].lower() in _UNMISTAKABLE:
                    return j
            return i
        return last_wrapper if last_wrapper >= 0 else 0

    @property
    def program(self) -> str:
        return self.words[self.start].rsplit("/", 1)[-1].lower() if self.words else ""

    @property
    def args(self) -> list[str]:
        return self.words[self.start + 1:]


def _unquote(tok: str) -> str:
    return tok[1:-1] if len(tok) >= 2 and tok[0] == tok[-1] and tok[0] in "'\"" else tok


def parse(text: str, depth: int = 0) -> list[list[Command]]:
    """Pipelines of simple commands in `text`; quoted strings that hold commands are parsed too."""
    pipelines: list[list[Command]] = []
    pipeline: list[Command] = [Command()]
    pending_redirect = ""
    for m in _TOKENS.finditer(text):
        tok = m.group(0)
        if tok == "|":
            pipeline.append(Command())
            continue
        if tok in _SEPARATORS:
            pipelines.append(pipeline)
            pipeline = [Command()]
            continue
        if tok in _REDIRECTS:
            pending_redirect = tok
            continue
        word = _unquote(tok)
        if pending_redirect:
            pipeline[-1].redirects.append((pending_redirect, word))
            pending_redirect = ""
            continue
        pipeline[-1].words.append(word)
        if depth < 2 and word is not tok and len(word) > 3 and any(c in word for c in "|;>&/"):
            pipelines.extend(parse(word, depth + 1))
    pipelines.append(pipeline)
    return [[c for c in p if c.words or c.redirects] for p in pipelines if any(c.words or c.redirects for c in p)]


def host_of(word: str) -> str | None:
    m = _URL.search(word)
    if m:
        return m.group(1).lower()
    if "@" in word and ":" in word.split("@", 1)[1]:  # scp-style user@host:path
        return word.split("@", 1)[1].split(":", 1)[0].lower()
    return None


def is_local(host: str) -> bool:
    return bool(_LOCAL_HOST.match(host))


def _trusted_host(host: str) -> bool:
    return any(host == t or host.endswith("." + t) for t in TRUSTED_INSTALLERS)


def _fetch_hosts(cmd: Command) -> list[str]:
    """Hosts a download command reads from (any non-flag argument of curl/wget is a URL)."""
    hosts = [h for w in cmd.words if (h := host_of(w))]
    if not hosts and cmd.program in ("curl", "wget", "fetch", "iwr", "irm", "invoke-webrequest"):
        hosts = [w.split("/", 1)[0].lower() for w in cmd.args if not w.startswith("-") and "." in w]
    return hosts


def _external(words: list[str]) -> bool:
    """Whether the words name a host outside this machine and its private network."""
    for w in words:
        host = host_of(w)
        if host and not is_local(host):
            return True
        if re.fullmatch(r"(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?", w) and not is_local(w.split(":")[0]):
            return True
        if re.fullmatch(r"[a-z0-9\-]+(?:\.[a-z0-9\-]+)+\.[a-z]{2,}|[a-z0-9\-]+\.(?:com|net|org|io|ru|cn|xyz|sh|me)",
                        w.lower()) and not is_local(w.lower()):
            return True
    return False


def payload(text: str) -> bool:
    """A network tool, a remote URL or a raw socket: what turns a write into a backdoor."""
    for pipeline in parse(text):
        for cmd in pipeline:
            if cmd.program in SENDERS | {"base64"} or _external(cmd.words):
                return True
    return bool(_DEV_TCP.search(text))


def _targets(cmd: Command) -> list[str]:
    out = [t for op, t in cmd.redirects if op in (">", ">>")]
    if cmd.program == "tee":
        out += [w for w in cmd.args if not w.startswith("-")]
    if cmd.program in ("cp", "mv", "install", "ln") and cmd.args:
        out.append(cmd.args[-1])
    return out


def _dangerous_rm(cmd: Command) -> bool:
    flags = "".join(w[1:] for w in cmd.args if w.startswith("-") and not w.startswith("--"))
    longs = {w for w in cmd.args if w.startswith("--")}
    recursive = "r" in flags.lower() or "--recursive" in longs
    if "--no-preserve-root" in longs:
        return True
    targets = {w.rstrip("/") or "/" for w in cmd.args if not w.startswith("-")}
    dangerous = {"/", "/*", "~", "~/*", "$home", "${home}", "$home/*", "/home", "/home/*", "/etc", "/usr", "/var",
                 "/boot", "/root", "*", "~/.*", ".*"}
    return recursive and bool({t.lower() for t in targets} & dangerous)


def _pipeline_findings(pipeline: list[Command], line: str) -> list[ScanFinding]:
    found = []
    programs = [c.program for c in pipeline]
    for i, cmd in enumerate(pipeline):
        prog, args = cmd.program, cmd.args
        excerpt = " ".join(cmd.words)
        if i and prog in SHELLS and not any(a in ("-c", "-e") for a in args):
            feeders = [c for c in pipeline[:i] if c.program in FETCHERS]
            hosts = [h for c in feeders for h in _fetch_hosts(c)]
            decodes = any(c.program in ("base64", "xxd", "openssl") for c in feeders)
            if decodes or any(not is_local(h) and not _trusted_host(h) for h in hosts):
                found.append(finding(DANGEROUS_COMMAND, "pipe-into-shell", line))
        if prog in ("iex", "invoke-expression") and ("http" in line or "iwr" in line.lower()):
            found.append(finding(DANGEROUS_COMMAND, "download-and-run", line))
        if prog in NETCATS and any(a in ("-e", "-c", "--exec", "--sh-exec") for a in args) and (
                _external(args) or any(a.endswith(("/sh", "/bash", "cmd.exe", "/zsh")) for a in args)):
            found.append(finding(DANGEROUS_COMMAND, "netcat-shell", excerpt))
        if prog in NETCATS and any(p in SHELLS for p in programs):
            found.append(finding(DANGEROUS_COMMAND, "netcat-shell", line))
        if prog == "socat" and any(a.lower().startswith(("exec:", "system:")) for a in args):
            found.append(finding(DANGEROUS_COMMAND, "socat-shell", excerpt))
        if prog == "rm" and _dangerous_rm(cmd):
            found.append(finding(DANGEROUS_COMMAND, "rm-rf-home-or-root", excerpt))
        if prog == "chmod" and any(re.fullmatch(r"[ugoa]*\+s|[2467][0-7]{3}", a) for a in args):
            found.append(finding(DANGEROUS_COMMAND, "setuid", excerpt))
        for target in _targets(cmd):
            low = target.lower()
            if "authorized_keys" in low or ("/.ssh/" in low and not low.endswith(("known_hosts", ".pub"))):
                found.append(finding(PERSISTENCE, "ssh-key-write", excerpt))
            elif low.startswith("/etc/sudoers"):
                found.append(finding(PERSISTENCE, "sudoers-write", excerpt))
            elif _RC_FILE.search(low):
                written = " ".join(cmd.words)
                if payload(written) or _DEV_TCP.search(written) or _shadowing_alias(written):
                    found.append(finding(PERSISTENCE, "shell-startup-backdoor", excerpt))
                else:
                    found.append(finding(PERSISTENCE, "shell-startup-write", excerpt, ALLOW))
            elif ".git/hooks/" in low or low.startswith(("/etc/cron", "/var/spool/cron")):
                written = " ".join(cmd.words)
                found.append(finding(PERSISTENCE, "hook-or-cron-write", excerpt, BLOCK if payload(written) else STAGE))
        if prog == "crontab" and (i or "-" in args):
            found.append(finding(PERSISTENCE, "crontab-write", line, BLOCK if payload(line) else STAGE))
        if prog == "alias" and _shadowing_alias(excerpt):
            found.append(finding(PERSISTENCE, "alias-shadowing", excerpt))
        if prog in SENDERS and _external(cmd.words):
            exposed = _exposed_secret(cmd)
            if exposed:
                found.append(finding(EXFILTRATION, "secret-to-network", exposed))
            if i and any(_reads_secrets(c) for c in pipeline[:i]):
                found.append(finding(EXFILTRATION, "secrets-piped-to-network", line))
            if prog in ("scp", "rsync") and any(CREDENTIAL_FILE.search(a) for a in args):
                found.append(finding(EXFILTRATION, "credential-file-copied-out", excerpt))
        if prog in _READERS and any(
                CREDENTIAL_FILE.search(a) for a in args if not a.startswith("-")):
            found.append(finding(EXFILTRATION, "read-credential-file", excerpt, STAGE))
    return found


def _shadowing_alias(text: str) -> bool:
    m = re.search(r"alias ([\w.\-]+)=(.{0,200})", text)
    if not m or m.group(1) not in _SHADOWED:
        return False
    value = m.group(2)
    return any(c in value for c in ";|&`") or "$(" in value or payload(value)


def _exposed_secret(cmd: Command) -> str:
    """A secret variable sent as data (not as the auth header or login it is meant for)."""
    words = cmd.words
    for i, w in enumerate(words):
        if not _SECRET_VAR.search(w):
            continue
        prev = words[i - 1] if i else ""
        if prev in ("-H", "--header", "-u", "--user", "--oauth2-bearer") or w.lower().startswith(
                ("authorization:", "x-api-key:", "private-token:", "x-auth-token:")):
            continue
        return w
    return ""


def _reads_secrets(cmd: Command) -> bool:
    prog = cmd.program
    if prog in ("env", "printenv", "set", "export"):
        return True
    if prog in ("cat", "tar", "zip", "base64", "gpg", "xxd") and any(CREDENTIAL_FILE.search(a) for a in cmd.args):
        return True
    return prog in ("echo", "printf") and any(_SECRET_VAR.search(a) for a in cmd.args)


def detect(text: str) -> list[ScanFinding]:
    """Dangerous shell findings in `text` (case kept: flags and variables are case-sensitive)."""
    found: list[ScanFinding] = []
    m = _DEV_TCP.search(text)
    if m:
        found.append(finding(DANGEROUS_COMMAND, "reverse-shell", m.group(0)))
    low = text.lower()
    for needles in _REVERSE_SHELL_CODE:
        if all(n in low for n in needles):
            found.append(finding(DANGEROUS_COMMAND, "reverse-shell-code", needles[0]))
            break
    if "nopasswd" in low and not found:
        found.append(finding(PERSISTENCE, "passwordless-sudo", "NOPASSWD", STAGE))
    for line in text.splitlines() or [text]:
        if len(line) < 4:
            continue
        for pipeline in parse(line):
            found.extend(_pipeline_findings(pipeline, line))
    return found
