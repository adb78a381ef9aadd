"""One secret detector shared by the log redactor, `--redact` exports and the memory scan."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class SecretMatch:
    kind: str
    start: int
    end: int


# (kind, pattern, group to redact). Group 0 redacts the whole match; for key=value pairs
# only the value is hidden so a reader still sees which setting was there.
_PATTERNS: list[tuple[str, re.Pattern[str], int]] = [
    ("private-key", re.compile(
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)"), 0),
    ("anthropic-key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{20,}"), 0),
    ("openrouter-key", re.compile(r"\bsk-or-(?:v1-)?[A-Za-z0-9_\-]{20,}"), 0),
    ("openai-key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}"), 0),
    ("github-token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"), 0),
    ("aws-access-key", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b"), 0),
    ("slack-token", re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"), 0),
    ("slack-webhook", re.compile(r"https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]{20,}"), 0),
    ("google-api-key", re.compile(r"\bAIza[0-9A-Za-z_\-]{35}"), 0),
    ("huggingface-token", re.compile(r"\bhf_[A-Za-z0-9]{30,}"), 0),
    ("stripe-key", re.compile(r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}"), 0),
    ("jwt", re.compile(r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}"), 0),
    ("bearer-token", re.compile(r"(?i)\bBearer\s+([A-Za-z0-9._~+/\-]{12,}=*)"), 1),
    ("url-credentials", re.compile(r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:([^\s@/]{3,})@"), 1),
    ("assigned-secret", re.compile(
        r"(?i)\b[A-Za-z0-9_.\-]*(?:api[_\-]?key|apikey|access[_\-]?key|secret|token|passwd|password|pwd)"
        # a plain number is a setting (max_tokens: 128000), not a secret
        r"[A-Za-z0-9_\-]*[\"']?\s*[:=]\s*[\"']?(?![\d.]+(?:[\s\"'`,;]|$))([^\s\"'`,;]{6,})"), 1),
]

# Values that name or stand for a secret rather than being one: ${VAR}, <your key>, ENV_VAR_NAME.
_PLACEHOLDER = re.compile(
    r"^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|\[REDACTED[^\]]*\]|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?"
    r"|<[^>]+>|\*+|x{4,}|\.{3,})$"
)


def find_secrets(text: str) -> list[SecretMatch]:
    """All secrets in `text`, non-overlapping, in order of position."""
    found: list[SecretMatch] = []
    for kind, pattern, group in _PATTERNS:
        for m in pattern.finditer(text):
            value = m.group(group)
            if not value or (group and _PLACEHOLDER.match(value)):
                continue
            start, end = m.span(group)
            if any(s.start < end and start < s.end for s in found):
                continue
            found.append(SecretMatch(kind, start, end))
    return sorted(found, key=lambda s: s.start)


def redact(text: str) -> str:
    """`text` with every secret replaced by `[REDACTED:<kind>]`."""
    if not text:
        return text
    out: list[str] = []
    pos = 0
    for s in find_secrets(text):
        out.append(text[pos:s.start])
        out.append(f"[REDACTED:{s.kind}]")
        pos = s.end
    out.append(text[pos:])
    return "".join(out)
