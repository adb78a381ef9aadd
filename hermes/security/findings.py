"""The shared vocabulary of the threat scan: categories, outcomes and one finding."""

from __future__ import annotations

from dataclasses import dataclass

INJECTION = "prompt injection"
EXFILTRATION = "exfiltration"
PERSISTENCE = "persistence"
SECRETS = "secrets"
INVISIBLE = "invisible unicode"
DANGEROUS_COMMAND = "dangerous command"
COVERT = "covert instruction"
OBFUSCATION = "obfuscation"
OVERSIZE = "oversize"
SAFETY_BYPASS = "safety bypass"  # skipping, faking or turning off a safeguard, or a claimed approval

# The three outcomes of a memory write (ordered from least to most strict).
ALLOW = "allow"
STAGE = "stage"
BLOCK = "block"
STRICTNESS = {ALLOW: 0, STAGE: 1, BLOCK: 2}


@dataclass(frozen=True)
class ScanFinding:
    category: str  # one of the constants above
    rule: str  # short name of the rule that matched
    excerpt: str  # the matched text (secrets are never echoed)
    severity: str = BLOCK  # BLOCK: certainly hostile; STAGE: suspicious, a person decides;
    # ALLOW: a weak signal noted for the judge, not enough to act on


def finding(category: str, rule: str, excerpt: str, severity: str = BLOCK) -> ScanFinding:
    """A finding whose excerpt is one short line."""
    return ScanFinding(category, rule, " ".join(excerpt.split())[:80], severity)
