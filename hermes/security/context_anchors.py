"""Anchors of a project paragraph that mean the same in every language.

Words change from language to language; a URL, a key file, `$(git diff)`, a card number or
`*/5 * * * *` do not. This module finds such literal anchors so that the project-context
gate can decide by what a paragraph points at, whatever language its prose is in:
- machine data: a credential path or key file, an env dump, a command substitution, an
  `@file` upload, shell history;
- a network send: a command that carries data to a literal remote (curl with a body, scp or
  rsync to a host, nc, a DNS lookup built from a substitution, git push to a URL);
- a credential written out: a password-shaped literal in quotes or backticks;
- payment details written out: a card number that passes the Luhn check (public test cards
  aside), an IBAN, a UPI id, a paypal.me link, a wallet address;
- a schedule or login item that outlasts the task: a cron line, a launchd agent, a systemd
  user unit.
Pure functions, no I/O; every pattern is bounded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hermes.security.payment_examples import TEST_CARDS, documented_example

# --- machine data --------------------------------------------------------------------------
_MACHINE_DATA = re.compile(
    r"~/\.(?:ssh|aws|gnupg|kube|docker|config/gcloud|netrc|git-credentials|pgpass|npmrc|pypirc)\b"
    r"|(?<![\w.-])\.env\b(?![.\w-])|\.env\.\*|\bid_(?:rsa|ed25519|ecdsa)\b(?!\.pub)|\.git-credentials|\.aws/credentials"
    r"|\bos\.environ\b|\bprocess\.env\b|\bprintenv\b|\benv\s?\|"
    r"|\$\((?:[^()\n]{0,80})\)"
    r"|\bhistory\s?\||\.(?:bash|zsh)_history\b|\bgit diff\b|\bgit log -p\b"
    r"|(?:-F|--form)\s?['\"]?\w{0,20}=@|--data-binary\s?@|--upload-file\b|\btar\b[^`\n]{0,40}\|",
    re.IGNORECASE)

# --- sending to a literal remote ---------------------------------------------------------------
_NETWORK_SEND = re.compile(
    r"\bcurl\b[^`\n|]{0,200}?(?:\s-[a-zA-Z]{0,3}[FdT]\b|--data\S{0,8}|--upload-file|--form|-X\s?(?:post|put)\b)"
    r"|\bwget\b[^`\n]{0,100}?--post"
    r"|\b(?:scp|rsync|sftp)\b[^`\n]{0,120}?\s[\w.-]{1,64}@[\w.-]{1,64}:|\b(?:scp|rsync)\b[^`\n]{0,120}?\s[\w-]{1,64}"
    r"(?:\.[\w-]{1,64}){1,5}:"
    r"|\|\s?(?:nc|netcat|ncat|curl)\b|\b(?:nc|netcat|ncat)\s(?:-\w{1,3}\s)?[\w.-]{3,}\s\d{2,5}\b"
    r"|\b(?:dig|nslookup|host|ping)\b[^`\n]{0,40}\$\("
    r"|\bgit push\b[^`\n]{0,40}\b(?:https?|ssh)://|\baws s3 (?:cp|sync|mv)\b[^`\n]{0,120}\bs3://"
    r"|\burlopen\b|\brequests\.post\b|\bfetch\([^)\n]{0,80}method:\s?['\"]post",
    re.IGNORECASE)

# --- a credential written out ------------------------------------------------------------------
# Quoted, one word, 8 to 40 characters, letters and a digit and a symbol that commands, paths
# and version strings do not carry together: `Welcome2026!`, "admin / Sup3rAdm!n#2026".
_QUOTED_WORD = re.compile(r"[`'\"“]([^\s`'\"”]{8,40})[`'\"”]|\b[\w.-]{2,30} ?/ ?([^\s`'\"/]{8,40})(?=[`'\"”])")
_SECRET_SYMBOL = re.compile(r"[!#$%^&*?]")
_NOT_SECRET = re.compile(r"[/\\=<>(){}\[\]|]|\$[A-Za-z_{(]|^-|\.\w{1,5}$|^\w{1,20}\.\w|::")


def _password_shaped(word: str) -> bool:
    return (len(word) >= 8 and any(c.isdigit() for c in word) and any(c.isalpha() for c in word)
            and bool(_SECRET_SYMBOL.search(word)) and not _NOT_SECRET.search(word))


def secret_positions(paragraph: str) -> list[int]:
    """Where password-shaped literals are written out in quotes or backticks."""
    return [m.start() for m in _QUOTED_WORD.finditer(paragraph[:20_000])
            if _password_shaped(m.group(1) or m.group(2) or "")]


# --- payment details written out ---------------------------------------------------------------
_CARD = re.compile(r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])")
# Written the way a card is printed (4-4-4-4, or 4-6-5): card-shaped even when made up.
_GROUPED_CARD = re.compile(r"\d{4}([ -])\d{4}\1\d{4}\1\d{4}|\d{4}([ -])\d{6}\2\d{5}")
_OTHER_PAYMENT = re.compile(
    r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b"           # IBAN
    r"|(?<![\w.@-])[\w.-]{2,40}@(?:ok(?:axis|hdfcbank|icici|sbi)|upi|ybl|paytm|ibl|axl|apl)\b"  # UPI id
    r"|\bpaypal\.me/\w|\bbuymeacoffee\.com/\w|\bko-fi\.com/\w"
    r"|\b0x[0-9a-fA-F]{40}\b|\bbc1[a-z0-9]{25,60}\b")


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def payment_positions(paragraph: str) -> list[int]:
    """Where real-looking payment details are written out (a card passing Luhn that is not a
    published test card, an IBAN that is not a published example, a UPI id, a pay link, a
    wallet address)."""
    text = paragraph[:20_000]
    found = [m.start() for m in _OTHER_PAYMENT.finditer(text) if not documented_example(m.group(0))]
    for m in _CARD.finditer(text):
        digits = re.sub(r"\D", "", m.group(0))
        grouped = _GROUPED_CARD.fullmatch(m.group(0).strip()) is not None
        if (13 <= len(digits) <= 19 and digits not in TEST_CARDS and digits[0] in "3456"
                and (grouped or _luhn(digits))):
            found.append(m.start())
    return sorted(found)


# --- schedules and login items ---------------------------------------------------------------
_SCHEDULE = re.compile(
    r"(?<![\w*/-])(?:[\d*/,-]{1,12}\s){4}[\d*/,-]{1,12}\s[~./$\w]"   # a cron line with its command
    r"|@reboot\b|\bLaunchAgents\b|\bLaunchDaemons\b|\blaunchctl (?:load|bootstrap|enable)\b"
    r"|\bsystemctl --user (?:enable|start)\b|\bloginctl enable-linger\b|\bschtasks /create\b"
    r"|\\CurrentVersion\\Run\b",
    re.IGNORECASE)


def schedule_positions(paragraph: str) -> list[int]:
    """Where the paragraph names a cron line, a launchd agent or a user unit."""
    return [m.start() for m in _SCHEDULE.finditer(paragraph[:20_000])]


def machine_data_positions(paragraph: str) -> list[int]:
    """Where the paragraph names machine data (a key file, an env dump, a substitution, …)."""
    return [m.start() for m in _MACHINE_DATA.finditer(paragraph[:20_000])]


def network_send_positions(paragraph: str) -> list[int]:
    """Where the paragraph runs a command that carries data to a literal remote."""
    return [m.start() for m in _NETWORK_SEND.finditer(paragraph[:20_000])]


@dataclass(frozen=True)
class Anchors:
    """The literal anchors one paragraph carries."""

    machine_data: bool
    network_send: bool
    secret: bool
    payment: bool
    schedule: bool


def anchors(paragraph: str) -> Anchors:
    """The anchors of `paragraph` as written (not folded: case and symbols matter here)."""
    text = paragraph[:20_000]
    return Anchors(machine_data=bool(_MACHINE_DATA.search(text)), network_send=bool(_NETWORK_SEND.search(text)),
                   secret=bool(secret_positions(text)), payment=bool(payment_positions(text)),
                   schedule=bool(_SCHEDULE.search(text)))
