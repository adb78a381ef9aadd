"""The security verdict of a memory write's text: the scan rules, then an optional judge.

Verdicts are cached by text hash in-process, so a write that is planned again under the
lock (the stores changed meanwhile) never scans the same text twice, and the scan always
runs before the lock is taken.

A writer may also know where text came from (`provenance`: this turn's file and command
output, hermes/workspace/provenance.py): a text that repeats it is staged whatever the rules
say, with the reason "copied from file X". That check is never cached: it changes every turn.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace

from hermes.memory.write_gate import GateDecision
from hermes.security.scan import (
    ALLOW,
    BLOCK,
    COVERT,
    EXFILTRATION,
    INVISIBLE,
    OBFUSCATION,
    OVERSIZE,
    PERSISTENCE,
    SECRETS,
    STAGE,
    ScanFinding,
    Verdict,
    assess,
    describe,
    stricter,
)

log = logging.getLogger("hermes.memory")

# A judge sees the text and the rules' verdict and returns its own; it can only tighten.
Judge = Callable[[str, Verdict], Verdict]
Screen = Callable[[str], Verdict]
# Where a text was copied from, as the reason a person reads ("copied from file X"), or None.
Provenance = Callable[[str], "str | None"]
COPIED = "copied text"  # the category of a provenance finding
ORIGIN = "origin"  # the category of the origin gate's finding (hermes/memory/write_gate.py)

_CACHE_MAX = 2048
# Least recently used first: a full cache drops its oldest verdict, so the entries of a store
# that is written to keep theirs.
_rules_cache: OrderedDict[bytes, Verdict] = OrderedDict()


def _key(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def rules_verdict(text: str) -> Verdict:
    """assess(text), cached by the text's hash (the rules are pure)."""
    key = _key(text)
    verdict = _rules_cache.get(key)
    if verdict is not None:
        _rules_cache.move_to_end(key)
        return verdict
    verdict = _rules_cache[key] = assess(text)
    while len(_rules_cache) > _CACHE_MAX:
        _rules_cache.popitem(last=False)
    return verdict


# What blocks even the person's own words: secrets, hidden or encoded text, and acts on
# their data or machine (exfiltration, persistence, covert triggers). A command or an
# injection phrase the person writes about ("… is forbidden here") is theirs to keep.
_USER_BLOCKS = frozenset({SECRETS, INVISIBLE, OVERSIZE, OBFUSCATION, EXFILTRATION, PERSISTENCE,
                          COVERT})


def _certain_for_user(verdict: Verdict) -> bool:
    return any(f.severity == BLOCK and (f.category in _USER_BLOCKS or "(in " in f.rule)
               for f in verdict.findings)


class Screener:
    """The verdict for each new entry text of one writer: rules, plus `judge` when unsure.

    When the writer decided a text's origin (`decisions`, filled by MemoryTool for the call
    being planned), that decides first: the person's own words are only blocked by a certain
    rule; every other text is seen by the judge, and staged when its origin says so."""

    def __init__(self, judge: Judge | None = None, provenance: Provenance | None = None) -> None:
        self.judge = judge
        self.provenance = provenance
        self._judged: dict[bytes, Verdict] = {}
        self.decisions: dict[str, GateDecision] = {}

    def __call__(self, text: str) -> Verdict:
        decision = self.decisions.get(text)
        if decision is not None:
            return self._gated(text, decision)
        verdict = self._scanned(text)
        if self.provenance is None or verdict.outcome == BLOCK:
            return verdict
        copied = self.provenance(text)
        if not copied:
            return verdict
        found = ScanFinding(COPIED, "turn-output", copied, STAGE)
        return replace(verdict, outcome=stricter(verdict.outcome, STAGE),
                       findings=(found, *verdict.findings))

    def _gated(self, text: str, decision: GateDecision) -> Verdict:
        rules = rules_verdict(text)
        if rules.outcome == BLOCK and (decision.origin.kind != "user" or _certain_for_user(rules)):
            return rules
        if decision.origin.kind == "user":
            # suspicion alone never stages the person's own words (the findings stay as notes)
            return Verdict(ALLOW, (), False, rules.notes + rules.findings)
        verdict = self._scanned(text, always=True)
        if decision.outcome == "allow" and verdict.outcome == ALLOW:
            return verdict
        # staged by its origin or by the rules/judge: where it came from leads the reason
        found = ScanFinding(ORIGIN, decision.origin.kind, decision.reason or decision.origin.reason,
                            STAGE)
        return replace(verdict, outcome=stricter(verdict.outcome, STAGE),
                       findings=(found, *verdict.findings))

    def _scanned(self, text: str, *, always: bool = False) -> Verdict:
        verdict = rules_verdict(text)
        if self.judge is None or not (verdict.uncertain or always):
            return verdict
        key = _key(text)
        cached = self._judged.get(key)
        if cached is not None:
            return cached
        try:
            second = self.judge(text, verdict)
            outcome = stricter(verdict.outcome, second.outcome)
        except Exception:  # a broken judge must not weaken or stop the rules' decision
            log.warning("memory scan judge failed; keeping the rules' verdict", exc_info=True)
            return verdict
        findings = verdict.findings + tuple(f for f in second.findings
                                            if f not in verdict.findings)
        judged = replace(verdict, outcome=outcome, findings=findings)
        if len(self._judged) >= _CACHE_MAX:
            self._judged.clear()
        self._judged[key] = judged
        return judged


def reason_of(verdict: Verdict) -> str:
    """One line saying why a write is staged or blocked (never empty for those outcomes)."""
    if verdict.outcome == STAGE and verdict.findings and verdict.findings[0].category in (COPIED,
                                                                                         ORIGIN):
        # where it came from says most to a person; a rule or the judge that also flagged it
        # is named after it
        lead = verdict.findings[0].excerpt
        also = next((f for f in verdict.findings[1:] if f.severity == STAGE), None)
        return f"{lead}; {describe(also)}" if also is not None else lead
    if verdict.reason:
        return verdict.reason
    if verdict.findings:
        return describe(verdict.findings[0])
    return "a second check judged the text unsafe" if verdict.outcome != ALLOW else ""


def flagged(verdict: Verdict) -> bool:
    """Whether the scan rules or the judge (not the origin alone) found the text suspicious."""
    return any(f.severity != ALLOW and f.category not in (ORIGIN, COPIED) for f in verdict.findings)


def category_of(verdict: Verdict) -> str:
    """The category of the deciding finding ("" when there is none)."""
    deciding = [f for f in verdict.findings if f.severity == verdict.outcome] or list(verdict.findings)
    return deciding[0].category if deciding else ""
