"""The trust-by-origin gate for skills: who proposes, what the scan finds, what happens.

A skill is an instruction to the agent, so the gate is stricter than memory's: whatever the
agent or the review proposes waits for a person, unless `skills.write_approval: auto` and it
is a clean patch to a skill the agent created itself. A person's own import writes what the
scan passes and holds back the rest. A BLOCK from the scan is never written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from hermes.security.scan import ALLOW, BLOCK, Verdict, assess

Screen = Callable[[str], Verdict]
Origin = Literal["tool", "review", "import", "person"]
Action = Literal["create", "patch", "delete"]
Outcome = Literal["write", "stage", "refuse"]

AGENT_ORIGINS: frozenset[str] = frozenset({"tool", "review"})
_WHY_STAGED = {
    "create": "a new skill is an instruction to the agent: a person approves it first",
    "patch": "a change to a skill's instructions: a person approves it first",
    "delete": "removing a skill: a person approves it first",
}


@dataclass(frozen=True)
class GateDecision:
    outcome: Outcome
    reason: str  # why it waits or is refused ("" when written)


def _reason(verdict: Verdict) -> str:
    if verdict.reason:
        return verdict.reason
    return "a second check judged the text unsafe"


def decide(text: str, *, origin: Origin, action: Action, write_approval: str,
           agent_created: bool, screen: Screen = assess) -> GateDecision:
    """What to do with a proposed SKILL.md text (its front matter, body and any files)."""
    verdict = screen(text) if text else Verdict(ALLOW)
    if verdict.outcome == BLOCK:
        return GateDecision("refuse", _reason(verdict))
    if origin == "person":
        return GateDecision("write", "")
    if verdict.outcome != ALLOW:
        return GateDecision("stage", _reason(verdict))
    if origin == "import":
        return GateDecision("write", "")
    if write_approval == "auto" and action == "patch" and agent_created:
        return GateDecision("write", "")
    return GateDecision("stage", _WHY_STAGED[action])
