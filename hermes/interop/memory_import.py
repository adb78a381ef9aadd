"""Merging Hermes Agent's MEMORY.md and USER.md into ours, entry by entry.

Every entry goes through our normal write path (the memory tool's dispatcher, origin
"import"): the security scan, write approval and the journal apply as for any other write, so
`hermes memory history` shows the import and `hermes memory undo` can take it back. Entries
already present are skipped; blocked ones are listed and never written. When a store is full,
the import of that store stops at the first entry that does not fit and lists the rest; with
`into_pending` those are staged for approval instead (approving re-checks the limit then).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hermes.config import Config
from hermes.interop.agent_home import AgentHome, read_memory_entries
from hermes.memory.edits import Change, Operation, Plan, Refusal, check_content
from hermes.memory.memory_files import (
    StoreUnreadable,
    char_limit,
    entries_size,
    read_entries,
    target_enabled,
)
from hermes.memory.screening import Screen, reason_of, rules_verdict
from hermes.security.scan import BLOCK, STAGE

ORIGIN = "import"
AGENT_TARGETS = ("memory", "user")  # the stores a Hermes Agent home has

ADD, DUPLICATE, BLOCKED, STAGED, NO_ROOM, INVALID = (
    "add", "duplicate", "blocked", "staged", "no room", "invalid")


@dataclass
class EntryOutcome:
    target: str
    text: str
    status: str  # one of the names above
    reason: str = ""
    pending_id: str = ""


@dataclass
class MemoryReport:
    outcomes: list[EntryOutcome] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # files that could not be read

    def with_status(self, status: str) -> list[EntryOutcome]:
        return [o for o in self.outcomes if o.status == status]


def plan_memory(cfg: Config, home: AgentHome, screen: Screen = rules_verdict) -> MemoryReport:
    """What importing each entry would do, against our stores as they are now (writes nothing).

    Entries are taken in their order; the first one that does not fit stops its store (the
    ones after it are listed as not fitting too, except duplicates and blocked ones)."""
    from hermes.memory.pending import list_pending

    report = MemoryReport()
    # an entry an earlier import staged is not staged twice
    waiting = {(c.target, c.after) for r in list_pending(cfg.memory) for c in r.changes if c.action == "add"}
    for target in AGENT_TARGETS:  # Hermes Agent has MEMORY.md and USER.md only
        theirs, problem = read_memory_entries(home, target)
        if problem:
            report.problems.append(problem)
            continue
        if not theirs:
            continue
        if not target_enabled(cfg.memory, target):
            key = "memory_enabled" if target == "memory" else "user_profile_enabled"
            report.problems.append(f"{len(theirs)} {target} entr{'y' if len(theirs) == 1 else 'ies'}"
                                   f" not imported: memory.{key} is false in config.yaml")
            continue
        try:
            ours = read_entries(cfg.memory, target)
        except StoreUnreadable as exc:
            report.problems.append(f"{exc}; fix or move it aside, then import again")
            continue
        limit, used, full = char_limit(cfg.memory, target), entries_size(ours), False
        present = set(ours)
        for text in theirs:
            try:
                text = check_content(text, "add")
            except Refusal as exc:
                report.outcomes.append(EntryOutcome(target, text, INVALID, str(exc)))
                continue
            if text in present:
                report.outcomes.append(EntryOutcome(target, text, DUPLICATE))
                continue
            if (target, text) in waiting:
                report.outcomes.append(EntryOutcome(target, text, DUPLICATE, "waiting for approval"))
                continue
            verdict = screen(text)
            if verdict.outcome == BLOCK:
                report.outcomes.append(EntryOutcome(target, text, BLOCKED, reason_of(verdict)))
                continue
            grown = entries_size([*ours, text])
            if full or grown > limit:
                # a write that waits for approval must fit too (our write path checks it first)
                full = full or verdict.outcome != STAGE
                flagged = f"; the scan also flagged it: {reason_of(verdict)}" if verdict.outcome == STAGE else ""
                report.outcomes.append(EntryOutcome(
                    target, text, NO_ROOM, f"{target} store at {used:,}/{limit:,} chars{flagged}"))
                continue
            if verdict.outcome == STAGE or cfg.memory.write_approval:
                why = reason_of(verdict) if verdict.outcome == STAGE else "memory.write_approval is on"
                report.outcomes.append(EntryOutcome(target, text, STAGED, why))
                present.add(text)
                continue
            used = grown
            ours = [*ours, text]
            present.add(text)
            report.outcomes.append(EntryOutcome(target, text, ADD))
    return report


def apply_memory(cfg: Config, report: MemoryReport, *, into_pending: bool,
                 screen: Screen = rules_verdict) -> None:
    """Write the planned adds through the memory tool; stage what did not fit if asked.

    The tool decides again under its lock, so an outcome is updated from what it did (a
    store that changed since planning may now refuse or stage an entry)."""
    from hermes.memory.memory_tool import MemoryTool
    from hermes.memory.pending import stage

    tool = MemoryTool(cfg.memory, origin=ORIGIN)
    stopped: set[str] = set()  # targets whose import stopped at an entry that did not fit
    for outcome in report.outcomes:
        if outcome.status == ADD and outcome.target in stopped:
            outcome.status, outcome.reason = NO_ROOM, "an earlier entry did not fit"
        if outcome.status in (ADD, STAGED):
            tool.reset_turn()  # the tool's per-turn failure budget is for models, not imports
            result = tool.call({"action": "add", "target": outcome.target, "content": outcome.text})
            if result.get("staged"):
                outcome.status, outcome.pending_id = STAGED, str(result.get("pending_id") or "")
                outcome.reason = str(result.get("reason") or outcome.reason)
            elif result.get("success"):
                outcome.status = ADD if result.get("changed") else DUPLICATE
            elif result.get("category"):
                outcome.status, outcome.reason = BLOCKED, str(result.get("error") or "")
            else:
                outcome.status, outcome.reason = NO_ROOM, str(result.get("error") or "")
                stopped.add(outcome.target)
        if outcome.status == NO_ROOM and into_pending:
            try:
                before = read_entries(cfg.memory, outcome.target)
            except StoreUnreadable as exc:
                outcome.reason = str(exc)
                continue
            verdict = screen(outcome.text)
            plan = Plan({outcome.target: before}, {outcome.target: [*before, outcome.text]},
                        [Change("add", outcome.target, None, outcome.text, True, verdict)])
            flagged = f"; the scan flagged it: {reason_of(verdict)}" if verdict.outcome == STAGE else ""
            record = stage(plan, [Operation("add", outcome.target, outcome.text)], origin=ORIGIN,
                           session_id=None, reason="imported from Hermes Agent; it did not fit "
                           f"the memory limit (make room, then approve){flagged}")
            outcome.status, outcome.pending_id, outcome.reason = STAGED, record.id, record.reason
