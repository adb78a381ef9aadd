"""Threat scan for text that will be injected into a system prompt (memory entries).

Pure functions, no I/O. `assess` decides each memory write: BLOCK when the text is certainly
hostile (a strong signal, or two independent ones), STAGE for a person's approval when it is
suspicious, ALLOW otherwise. Mentions are not instructions: "The deploy key lives in
~/.ssh/deploy_ed25519" names a place and passes; "append this key to ~/.ssh/authorized_keys"
is a write and is blocked.

Layers: the text is normalised and de-obfuscated once (textforms), then word-class rules for
injection in seven languages (injection), parsed shell commands (shell), intents such as
exfiltration, beacons, covert triggers and poisoning of agent files (intent), what the text
asks of the agent toward its user (directives: stage only), and secrets (redact.find_secrets
plus prose_secrets). Every step is linear in the size of the text.
"""

from __future__ import annotations

from dataclasses import dataclass

from hermes.security import directives, injection, intent, prose_secrets, shell
from hermes.security.findings import (
    ALLOW,
    BLOCK,
    COVERT,
    DANGEROUS_COMMAND,
    EXFILTRATION,
    INJECTION,
    INVISIBLE,
    OBFUSCATION,
    OVERSIZE,
    PERSISTENCE,
    SECRETS,
    STAGE,
    STRICTNESS,
    ScanFinding,

)
from hermes.security.judge import judge_prompt, parse_judge_reply
from hermes.security.redact import find_secrets
from hermes.security.textforms import fold, prepare

__all__ = [
    "ALLOW", "BLOCK", "COVERT", "DANGEROUS_COMMAND", "EXFILTRATION", "INJECTION", "INVISIBLE",
    "MAX_SCAN_CHARS", "OBFUSCATION", "OVERSIZE", "PERSISTENCE", "SECRETS", "STAGE", "ScanFinding",
    "Verdict", "assess", "describe", "first_threat", "judge_prompt", "normalise", "parse_judge_reply",
    "scan_text", "stricter",
]

# Memory entries are a few thousand characters at most; anything far larger is refused unread,
# which also bounds the time a hostile file can cost at session start.
MAX_SCAN_CHARS = 64 * 1024
# Windows for the secret detector on long text; the overlap is longer than any token format.
_SECRET_WINDOW = 1024
_SECRET_OVERLAP = 256


@dataclass(frozen=True)
class Verdict:
    """What to do with a write: ALLOW it, STAGE it for approval with `reason`, or BLOCK it."""

    outcome: str
    findings: tuple[ScanFinding, ...] = ()
    uncertain: bool = False  # the rules are unsure either way: an optional model judge may look
    notes: tuple[ScanFinding, ...] = ()  # weak signals that alone decide nothing (for the judge)

    @property
    def reason(self) -> str:
        """One line naming the deciding finding ("" when allowed)."""
        deciding = [f for f in self.findings if f.severity == self.outcome]
        return describe(deciding[0]) if deciding and self.outcome != ALLOW else ""


def stricter(a: str, b: str) -> str:
    """The stricter of two outcomes (a judge or a second check can only tighten)."""
    return a if STRICTNESS[a] >= STRICTNESS[b] else b


def normalise(text: str) -> str:
    """NFKC form, case-folded, accents removed: the text the word rules match against."""
    return fold(text)


def _analyse(text: str) -> list[ScanFinding]:
    """Every finding and weak signal (severity ALLOW) for `text`."""
    if len(text) > MAX_SCAN_CHARS:
        return [ScanFinding(OVERSIZE, "too-large", f"{len(text):,} characters: too large to store in memory")]
    prepared = prepare(text)
    found = list(prepared.findings)
    asks: list[ScanFinding] = []
    for view in prepared.views:
        if view.origin == "rot13":
            # Gibberish either way unless it was rot13: only a certain hit counts.
            found += [_hidden(f, view.origin) for f in injection.detect(view.text) if f.severity == BLOCK]
            continue
        view_found = injection.detect(view.text)
        if view.origin != "joined letters":
            view_found += intent.detect(view.text)
        if view.origin == "text":
            found += view_found
            asks = directives.detect(view.text)
        else:
            found += [_hidden(f, view.origin) for f in view_found if f.severity != ALLOW]
    found += [_hidden(f, "joined letters") for f in injection.detect_joined(prepared.joined_runs)]
    found += shell.detect(prepared.original)
    for decoded in prepared.decoded:
        found += [_hidden(f, "decoded text") for f in shell.detect(decoded) if f.severity != ALLOW]
    secret = _first_secret(prepared.original)
    if secret:
        found.append(ScanFinding(SECRETS, secret, f"[{secret}]"))
    found += prose_secrets.detect(prepared.original)
    # What the text asks of the agent toward its user only ever stages: it stays out of the
    # combining rule, so it can add a reason but never turn another suspicion into a block.
    return _combine(_dedupe(found)) + _dedupe(asks)


def _first_secret(text: str) -> str:
    """The kind of the first known-format secret in `text` ("" if none). Long text is read in
    overlapping windows so the redactor's cost on one huge token ("sk-" * 6000) stays bounded."""
    if len(text) <= 2 * _SECRET_WINDOW:
        found = find_secrets(text)
        return found[0].kind if found else ""
    step = _SECRET_WINDOW - _SECRET_OVERLAP
    for start in range(0, len(text), step):
        found = find_secrets(text[start:start + _SECRET_WINDOW])
        if found:
            return found[0].kind
    return ""


def _hidden(f: ScanFinding, origin: str) -> ScanFinding:
    """A finding inside encoded or disguised text: hiding it is a second signal, so it blocks."""
    return ScanFinding(f.category, f"{f.rule} (in {origin})", f.excerpt, BLOCK)


def _dedupe(found: list[ScanFinding]) -> list[ScanFinding]:
    seen: set[tuple[str, str, str]] = set()
    out = []
    for f in found:
        key = (f.category, f.rule, f.severity)
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def _combine(found: list[ScanFinding]) -> list[ScanFinding]:
    """Two suspicions from independent categories make a certainty."""
    staged = [f for f in found if f.severity == STAGE]
    if len({f.category for f in staged}) >= 2 and not any(f.severity == BLOCK for f in found):
        first = staged[0]
        found.insert(0, ScanFinding(first.category, f"{first.rule} + {staged[1].rule}", first.excerpt, BLOCK))
    return found


def scan_text(text: str) -> list[ScanFinding]:
    """Every threat found in `text` (STAGE or BLOCK severity; empty list = nothing suspicious),
    certain ones first."""
    found = [f for f in _analyse(text) if f.severity != ALLOW]
    return sorted(found, key=lambda f: -STRICTNESS[f.severity])


def assess(text: str) -> Verdict:
    """The outcome for `text` as a memory entry: BLOCK, STAGE (with a reason) or ALLOW."""
    everything = _analyse(text)
    findings = tuple(sorted((f for f in everything if f.severity != ALLOW), key=lambda f: -STRICTNESS[f.severity]))
    notes = tuple(f for f in everything if f.severity == ALLOW)
    outcome = ALLOW
    for f in findings:
        outcome = stricter(outcome, f.severity)
    uncertain = outcome == STAGE or (outcome == ALLOW and bool(notes))
    return Verdict(outcome, findings, uncertain, notes)


def first_threat(text: str) -> ScanFinding | None:
    """The first certainly hostile (BLOCK) finding, or None: what must never reach a prompt."""
    for f in _analyse(text):
        if f.severity == BLOCK:
            return f
    return None


def describe(finding: ScanFinding) -> str:
    """One line for a person or the model: category and what matched (secrets never echoed)."""
    if finding.category in (SECRETS, INVISIBLE, OVERSIZE):
        return f"{finding.category} ({finding.excerpt.strip('[]')})"
    return f"{finding.category} ({finding.rule})"



