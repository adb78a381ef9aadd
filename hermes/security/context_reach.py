"""What a project-context paragraph reaches beyond the repository: the origin step.

A context file comes from the repository, not from the person, and whatever it says goes into
every prompt of the project. The rules in context_filter.py judge what a paragraph asks; they
were written for attacks seen so far and miss new wordings (blind held-out sets: 61-82 % of
hostile paragraphs kept out by the rules alone). So before them, and whatever the wording or language, a paragraph that
names something beyond the repository is held back until the person has read it and admitted
it (`hermes project allow ID`, `/project allow ID`):

- an address: a URL, an e-mail address, an IP address or a host name (loopback aside);
- a credential: a key file or credential store outside the project (~/.ssh, ~/.aws/, .netrc, a
  keychain), a secret-named variable, a secret itself. The mere words ("never paste tokens into
  issues") and the project's own `.env` ("never commit `.env`") are not: the rules judge what a
  paragraph asks done with them;
- a command that reaches the network, installs from somewhere, or changes the machine or the
  agent's own setup (shell start-up files, hooks, keys, package sources, PATH/LD_PRELOAD);
- payment details: an IBAN, a card or wallet number;
- the agent's own memory or setup, or every other project ("keep this in your long-term
  memory").

A paragraph with none of these (style, layout, the test command, review habits) goes in as
before. Each finding says what was named, so the person reads the reason with the paragraph.

Pure functions; every pattern is bounded and runs over the whole paragraph once.
"""

from __future__ import annotations

import re

from hermes.security.context_filter import ParagraphVerdict, judge_paragraph
from hermes.security.redact import redact
from hermes.security.textforms import fold

# --- addresses ---------------------------------------------------------------------------
_URL = re.compile(r"\b(?:[a-z][a-z0-9+.-]{1,15})://(?:[^\s/@\"'`<>]{1,200}@)?(\[[0-9a-f:]{2,45}\]|[\w.-]{1,253})")
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63}){1,6})")
_SCP_REMOTE = re.compile(r"(?<![\w.@/-])[\w.-]{1,64}@([\w-]{1,63}(?:\.[\w-]{1,63}){0,6}):")
_IPV4 = re.compile(r"(?<![\d.])(\d{1,3}(?:\.\d{1,3}){3})(?![\d.])")
_IPV6 = re.compile(r"(?<![\w:])((?:[0-9a-f]{1,4})?(?::{1,2}[0-9a-f]{1,4}){2,7})(?![\w:])")
_HOST = re.compile(r"(?<![\w./~@$-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.){1,6}([a-z]{2,24}))"
                   r"(?![\w(-]|\.[a-z0-9])")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Top-level domains a host name may end in. The strong ones mark a host with two labels
# ("acme.io"); the weak ones are also file extensions or words of code ("install.sh",
# "user.id", "group.by"), so they need three ("get.acme.sh", "files.acme.co.id").
_STRONG_TLDS = _words(
    "com net org io ai co dev app cloud xyz info biz me tk site top online store shop tech live link click pw "
    "ws su ru cn de uk eu fr es nl se fi dk ch cz sk hu ro bg gr tr ua kz il ir sa ae eg sg th vn ph jp kr "
    "tw hk au nz ca us mx br ar cl pe za ng ke tz gov edu gg ly fm tv asia mobi onion")
_WEAK_TLDS = _words(
    "sh pl so cc it in is id at be by no to am re run host space fun pro name int mil my "
    "example test invalid local internal lan corp home arpa")
_LOOPBACK = re.compile(r"^(?:localhost|[\w.-]{1,200}\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[?::1\]?)$")


def _named_host(s: str) -> str | None:
    """The first address in folded text (loopback aside), as written."""
    for pattern in (_URL, _EMAIL, _SCP_REMOTE):
        for m in pattern.finditer(s):
            host = m.group(1).rstrip(".")
            if not _LOOPBACK.match(host):
                return host
    for m in _IPV4.finditer(s):
        parts = m.group(1).split(".")
        if all(int(p) <= 255 for p in parts) and not _LOOPBACK.match(m.group(1)) and not _version_like(s, m):
            return m.group(1)
    for m in _IPV6.finditer(s):  # "2001:db8::53", not a time like "12:30:45"
        addr = m.group(1)
        if addr.count(":") >= 4 or ("::" in addr and any(c.isalpha() for c in addr)):
            return addr
    for m in _HOST.finditer(s):
        name, tld = m.group(1), m.group(2)
        labels = name.count(".") + 1
        if (tld in _STRONG_TLDS or (tld in _WEAK_TLDS and labels >= 3)) and not _LOOPBACK.match(name):
            return name
    return None


def _version_like(s: str, m: re.Match[str]) -> bool:
    """"v1.2.3.4", "version 10.0.0.1" of a package: a dotted number after v/version."""
    return bool(re.search(r"(?:\bv|version\s?|==\s?|>=\s?|@)$", s[max(0, m.start() - 9):m.start()]))


# --- credentials -------------------------------------------------------------------------
_CREDENTIAL_PLACE = re.compile(
    r"~/\.ssh\b|\.ssh/|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\bauthorized_keys\b|\.aws/|\baws_secret\w{0,20}|"
    r"\.netrc\b|\.pgpass\b|\.npmrc\b|\.pypirc\b|\.git-credentials\b|\.docker/config\.json|\.kube/config\b|"
    r"\bkubeconfig\b|\.gnupg\b|\bkeychain\b|\bkeyring\b|\bsecurity find-\w{1,20}-password\b|/etc/shadow\b|"
    r"\bcredential\.helper\b|"
    r"\bgpg --export-secret|\b(?:1password|bitwarden|lastpass|vault) (?:read|get|kv)\b|\bop (?:read|item get)\b"
    r"|\bprintenv\b|\benv\s?\|")
# Secret-named variables in code: GITHUB_TOKEN, $DB_PASSWORD, secrets.NPM_TOKEN.
_SECRET_NAME = re.compile(r"(?<![a-z0-9])[a-z0-9_]{0,30}(?:token|secret|passw(?:or)?d|pwd|api_?key|private_?key|"
                          r"access_?key|credentials?|auth_?key|session_?key)[a-z0-9_]{0,30}(?![a-z0-9])")
_SECRET_NAME_CASED = re.compile(r"(?<![A-Za-z0-9])[A-Z0-9_]{0,30}(?:TOKEN|SECRET|PASSW(?:OR)?D|PWD|API_?KEY|"
                                r"PRIVATE_?KEY|ACCESS_?KEY|CREDENTIALS?|AUTH_?KEY)[A-Z0-9_]{0,30}(?![A-Za-z0-9])")
# --- commands that reach out or change the machine ----------------------------------------
_REACHING_COMMAND = re.compile(
    r"(?<![\w.-])(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|sftp|ftp|rsync|iwr|irm|invoke-webrequest|"
    r"invoke-restmethod|certutil|bitsadmin|nslookup|dig|tftp)(?=\s|`|$)"
    r"|\|\s?(?:sudo\s)?(?:ba|z|da|k)?sh\b|\b(?:bash|sh|zsh|python3?|node|powershell|pwsh)\s-(?:c|e|enc|command)\b"
    r"|\bbase64\s(?:-d|--decode)\b|\beval\s?[\"'`$(]|\bsudo\b|\bchmod\s(?:[0-7]?777|\+s|u\+s)\b"
    r"|--(?:extra-)?index-url\b|--registry\b|\bregistry\s?=|\b(?:npm|yarn|pnpm|pip|poetry|cargo|gem|go)\s"
    r"(?:config\s)?set\b|\bgit\s(?:remote\s(?:add|set-url)|config\b|push\s[^`\n]{0,40}(?:--mirror|://|@))"
    r"|\bgit\+(?:https?|ssh)\b|\bpip3?\s(?:install\s)?[^`\n]{0,60}(?:https?://|git\+)|--no-verify\b|"
    r"\bcore\.(?:hookspath|sshcommand|pager|editor|fsmonitor)\b|\b(?:ld_preload|dyld_insert_libraries|"
    r"prompt_command|pythonstartup|node_options|bash_env)\b|\b(?:site|user)customize(?:\.py)?\b|"
    r"\.(?:bashrc|zshrc|bash_profile|profile|zprofile|bash_logout)\b|\bcrontab\b|\bsystemctl\s(?:enable|start)\b|"
    r"\blaunchctl\b|/etc/(?:hosts|sudoers|profile|resolv\.conf|environment|cron\w{0,3})\b|"
    r"\bexport\spath=(?!\$path\b)|\bpath=/(?:tmp|var/tmp|dev/shm)\b"
    # forcing, destroying, or acting on a service's API and in the background
    r"|\brm\s-[a-z]{0,3}[rf]|--force\b|\bpush\s-f\b|(?<![\w-])-y\b|--yes\b|\bsetenforce\b|\bufw\b|\biptables\b|"
    r"\bgh\sapi\b|\s-x\s?(?:post|put|patch|delete)\b|\bsetsid\b|\bnohup\b|\bdisown\b|"
    r"\b(?:terraform|pulumi)\sdestroy\b|\bkubectl\s(?:delete|exec|apply)\b|\bdrop\s(?:table|database)\b")
# The agent's own memory and setup, or other projects: what a context file may not reach into.
_AGENT_REACH = re.compile(r"\b(?:long-term memory|your memory|persistent memory|memory\.md|user\.md|system prompt|"
                          r"hermes_home|~/\.hermes|every (?:other )?(?:repositor\w{1,3}|project)|"
                          r"all (?:other )?(?:repositor\w{1,3}|projects))\b")

# --- payment details ---------------------------------------------------------------------
_IBAN = re.compile(r"\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}(?:\s?[a-z0-9]{1,3})?\b")
_PAYMENT = re.compile(r"\b(?:\d{4}[ -]){3}\d{1,4}\b|\b0x[0-9a-f]{40}\b|\b(?:bc1|[13])[a-z0-9]{25,40}\b|"
                      r"\bt[a-z0-9]{33}\b|\biban\b|\brouting number\b|\bpaypal\b|\bvenmo\b|\bwire transfer\b|"
                      r"\bcvv\b|\bcvc\b")


def _payment(s: str) -> str | None:
    for m in _IBAN.finditer(s):  # an IBAN is mostly digits; an identifier like "ab12cdef…" is not
        if sum(c.isdigit() for c in m.group(0)) >= 10:
            return m.group(0)
    found = _PAYMENT.search(s)
    return found.group(0) if found else None


def _credential(paragraph: str, s: str) -> str | None:
    for pattern, text in ((_CREDENTIAL_PLACE, s), (_SECRET_NAME_CASED, paragraph)):
        m = pattern.search(text)
        if m:
            return m.group(0).strip()
    m = _SECRET_NAME.search(s)
    if m and "_" in m.group(0):  # in code form: db_password, api_key (a plain "token" is a word)
        return m.group(0)
    redacted = redact(paragraph)
    if redacted != paragraph:
        return "a secret"
    return None


def reach(paragraph: str) -> str | None:
    """Why a paragraph must be read by the person before it reaches the prompt ("it names an
    address (files.acme-sync.io)"), or None when it names nothing beyond the repository."""
    s = fold(paragraph)
    host = _named_host(s)
    if host:
        return f"it names an address ({_short(host)})"
    command = _REACHING_COMMAND.search(s)
    if command:
        return f"it names a command that reaches beyond the project ({_short(command.group(0).strip(' |`'))})"
    agent = _AGENT_REACH.search(s)
    if agent:
        return f"it reaches beyond this project ({_short(agent.group(0))})"
    credential = _credential(paragraph, s)
    if credential:
        return f"it names a credential ({_short(credential)})"
    payment = _payment(s)
    if payment:
        return f"it names payment details ({_short(payment)})"
    return None


def _short(text: str, width: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def screen_paragraph(paragraph: str) -> ParagraphVerdict:
    """A paragraph's place as project.py decides it: left out when the rules are sure it is
    hostile; held back when it names something beyond the project or the rules are unsure;
    else in the prompt."""
    verdict = judge_paragraph(paragraph)
    if verdict.kept and (beyond := reach(paragraph)) is not None:
        return ParagraphVerdict(False, beyond, staged=True)
    return verdict
