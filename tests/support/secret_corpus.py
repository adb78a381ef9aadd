"""The redaction corpora in tests/data: code that must stay as written, and fake credentials in
real formats that must never be stored."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"


@dataclass(frozen=True)
class SecretCase:
    name: str
    secret: str
    text: str  # the line that holds it

    def fragments(self) -> list[str]:
        """Parts of the secret that must not survive (each line of a PEM body, the whole
        value otherwise), leaving out the readable PEM header and footer lines."""
        parts = [p for p in self.secret.split("\n") if not p.startswith("-----")]
        return [p for p in parts if len(p) >= 8]


CODE_CORPORA = ("redact_code_corpus.txt", "redact_code_names_corpus.txt", "redact_code_more.txt")


def code_lines() -> list[str]:
    lines = [line for name in CODE_CORPORA
             for line in (DATA / name).read_text(encoding="utf-8").splitlines()]
    return [line for line in lines if line.strip() and not line.startswith("# ")]


def secret_cases() -> list[SecretCase]:
    cases = []
    for row in (DATA / "redact_secrets_corpus.txt").read_text(encoding="utf-8").splitlines():
        if not row or row.startswith("#"):
            continue
        name, secret, line = row.split("\t")
        secret = secret.replace("\\n", "\n")
        text = line.replace("\\n", "\n").replace("{s}", secret).replace("{{", "{").replace("}}", "}")
        cases.append(SecretCase(name, secret, text))
    return cases + more_secret_cases()


def _unescape(text: str) -> str:
    r"""`\n` as a newline and `\\` as one backslash; every other character as it is."""
    return re.sub(r"\\([n\\])", lambda m: "\n" if m.group(1) == "n" else "\\", text)


def more_secret_cases() -> list[SecretCase]:
    """tests/data/redact_secrets_more.tsv: KIND, SECRET and the TEXT that holds it, one a line
    (file forms, command lines, vendor formats and prose in 30 languages)."""
    cases = []
    for row in (DATA / "redact_secrets_more.tsv").read_text(encoding="utf-8").splitlines():
        if not row or row.startswith("#"):
            continue
        kind, secret, text = row.split("\t", 2)
        cases.append(SecretCase(kind, _unescape(secret), _unescape(text)))
    return cases
