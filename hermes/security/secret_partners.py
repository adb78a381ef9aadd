"""Secrets found beside the public identifier (or the service's name) they belong to.

The identifier is harmless to show; the value next to it, within a short window before or
after it, is the credential:

- an AWS secret key (40 characters) near its access key id (AKIA…/ASIA…);
- a Twilio auth token (32 hex) near its account SID (AC…), an API key's secret near its SID (SK…);
- the app secret of the Chinese platforms, beside the app id they issue with it: WeChat
  (`wx` + 16 hex, a 32-hex AppSecret), WeCom (`ww` + 16 hex, a 43-character corp secret),
  Feishu/Lark (`cli_` + 16 hex, 32 letters and digits), DingTalk (`ding` + 16, 64 characters);
- an Azure DevOps personal access token (52 characters of lower-case base32) near the
  service's host or CLI (`dev.azure.com`, `az devops`), and a Jenkins API token (`11` and 32
  hex) near the word Jenkins;
- a Cohere API key (40 letters and digits, no prefix) near the word Cohere or `CO_API_KEY`.

A partner must look drawn at random (a hash of a file beside an app id is rare; a name never
is one). Every pattern is bounded, and windows of neighbouring identifiers are scanned once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from hermes.security.secret_values import FILLED, has_token_run, looks_random, lower_text


def _distinct(n: int) -> Callable[[str], bool]:
    return lambda value: len(set(value)) >= n and not FILLED.search(value)


def _random(n: int) -> Callable[[str], bool]:
    return lambda value: looks_random(value, min_length=n)


def _mixed_case(n: int) -> Callable[[str], bool]:
    # both cases: a 40-digit hex commit id beside the name (a pinned git dependency) has one
    return lambda value: looks_random(value, min_length=n) and value.lower() != value != value.upper()


def _twilio_api_secret(value: str) -> bool:
    return looks_random(value, min_length=32) and not value.startswith(("AC", "SK"))


def _base32_pat(value: str) -> bool:
    # random base32 of 52 characters shows about ten digits (2-7); words run together show none
    return sum(c.isdigit() for c in value) >= 3 and len(set(value)) >= 16 and not FILLED.search(value)


_WINDOW = 160  # characters before or after an identifier where its partner may stand
# (kind, identifier, partner, test of the partner). Identifiers open with a literal, then a
# look-behind for the word's start, so the engine skips to the literal in C.
_PARTNERS: list[tuple[str, re.Pattern[str], re.Pattern[str], Callable[[str], bool]]] = [
    ("aws-secret-key",
     re.compile(r"A(?<![A-Za-z0-9]A)(?:KIA|SIA)[0-9A-Z]{16}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"), _random(40)),
    ("twilio-auth-token",
     re.compile(r"A(?<![A-Za-z0-9]A)C[0-9a-f]{32}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])"), _distinct(8)),
    ("twilio-api-secret",
     re.compile(r"S(?<![A-Za-z0-9]S)K[0-9a-f]{32}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]{32}(?![A-Za-z0-9])"), _twilio_api_secret),
    ("wechat-app-secret",
     re.compile(r"w(?<![A-Za-z0-9]w)x[0-9a-f]{16}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])"), _distinct(8)),
    ("wecom-corp-secret",
     re.compile(r"w(?<![A-Za-z0-9]w)w[0-9a-f]{16}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9_\-])[A-Za-z0-9_\-]{43}(?![A-Za-z0-9_\-])"), _random(43)),
    ("feishu-app-secret",
     re.compile(r"c(?<![A-Za-z0-9_]c)li_[0-9a-f]{16}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9_])[A-Za-z0-9]{32}(?![A-Za-z0-9_])"), _random(32)),
    ("dingtalk-app-secret",
     re.compile(r"d(?<![A-Za-z0-9]d)ing[a-z0-9]{16}(?![A-Za-z0-9])"),
     re.compile(r"(?<![A-Za-z0-9_\-])[A-Za-z0-9_\-]{64}(?![A-Za-z0-9_\-])"), _random(64)),
    ("azure-devops-pat",
     re.compile(r"(?i)dev\.azure\.com|visualstudio\.com|azure[ _\-]?devops|(?<![\w\-])az[ \t]{1,4}"
                r"(?:devops|repos|pipelines|boards|artifacts)(?![\w\-])|(?<![\w\-])(?:vsts|ado)[_\-]?(?:pat|token)"),
     re.compile(r"(?<![A-Za-z0-9])[a-z2-7]{52}(?![A-Za-z0-9])"), _base32_pat),
    ("cohere-key",
     re.compile(r"(?i)cohere|(?<![A-Za-z0-9])co_api_key"),
     re.compile(r"(?<![A-Za-z0-9_\-])[A-Za-z0-9]{40}(?![A-Za-z0-9_\-])"), _mixed_case(40)),
    ("jenkins-api-token",
     re.compile(r"(?i)jenkins"),
     re.compile(r"(?<![A-Za-z0-9])11[0-9a-f]{32}(?![A-Za-z0-9])"), _distinct(8)),
]
# Every identifier above needs one of these (in lower case), or the text is not scanned for it.
_HINTS = {"aws-secret-key": "a", "twilio-auth-token": "ac", "twilio-api-secret": "sk",
          "wechat-app-secret": "wx", "wecom-corp-secret": "ww", "feishu-app-secret": "cli_",
          "dingtalk-app-secret": "ding", "azure-devops-pat": "", "jenkins-api-token": "jenkins", "cohere-key": "co"}


def paired_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """Secrets that stand within a short window of the identifier they belong to (after it,
    or before it: "the secret is … and the access key is AKIA…")."""
    if not has_token_run(text):
        return  # every partner above is a run of 32 or more token characters
    lowered = lower_text(text)
    for kind, ident, partner, ok in _PARTNERS:
        if _HINTS[kind] not in lowered:
            continue
        last = 0  # windows of neighbouring identifiers overlap: scan each character once
        for m in ident.finditer(text):
            begin = max(last, m.start() - _WINDOW)
            stop = min(len(text), m.end() + _WINDOW)
            for p in partner.finditer(text, begin, stop):
                if p.start() < m.end() and p.end() > m.start():
                    continue  # the identifier itself
                if ok(p.group(0)):
                    yield kind, p.start(), p.end()
            last = max(last, stop)
