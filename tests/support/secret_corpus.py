"""The redaction corpora in tests/data: code that must stay as written, and fake credentials in
real formats that must never be stored."""

from __future__ import annotations

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


CODE_CORPORA = ("redact_code_corpus.txt", "redact_code_names_corpus.txt")


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
    return cases
