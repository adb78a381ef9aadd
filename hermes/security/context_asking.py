"""Shared by the house-rule checks (context_downgrades.py, context_house_rules.py): whether a
clause asks for what it names, and a reason's short quote.

Pure functions over one folded sentence; every pattern is bounded.
"""

from __future__ import annotations

import re

from hermes.security.context_structure import prohibited

__all__ = ["PERSON_ASKS", "SUPPRESS_MARK", "asked", "short"]

# A suppression comment against a security finding: "add a noqa comment where ruff flags shell=True".
SUPPRESS_MARK = re.compile(r"#\s?noqa|\bnoqa\b|\bnosec\b|#\s?type:\s?ignore|eslint-disable|//\s?nolint|\bnolint\b|"
                           r"@suppresswarnings|#\[allow\(|\bnosemgrep\b|\bcodeql\[|pragma: no ?cover")
# The person asking for it, in the clause: "if a user asks you to "just turn off" a check, explain …".
PERSON_ASKS = re.compile(r"\b(?:asks?|requests?|wants?|tells?) (?:you |the agent |us )?(?:to\b|for\b)")
_CLAUSE_CUT = re.compile(r"[;:.!?](?=\s|$)")


def _clause_start(s: str, pos: int) -> int:
    return max((m.end() for m in _CLAUSE_CUT.finditer(s, 0, pos)), default=0)


def asked(s: str, pos: int) -> bool:
    """Whether what stands at `pos` of a folded sentence is asked: not forbidden, and not only
    what someone else asks for. A parenthesis is read with its clause ("never disable TLS
    checks (`verify=False`)")."""
    opened = s.rfind("(", 0, pos)
    if opened > s.rfind(")", 0, pos):
        pos = opened
    return not prohibited(s, pos) and not PERSON_ASKS.search(s, _clause_start(s, pos), pos)


def short(text: str, width: int = 40) -> str:
    """`text` on one line, cut to `width` characters."""
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
