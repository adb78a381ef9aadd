"""Proposing a skill change: check it, put it through the gate, then write, stage or refuse.

The agent's skill_manage tool, the background review and `hermes skills import` all come
here, so a skill reaches a store by one road whatever proposed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hermes.skills.skill_catalog import SkillCatalog
from hermes.skills.skill_format import (
    SkillDoc,
    SkillFormatError,
    body_problem,
    name_problem,
    one_line,
    parse_skill,
    render_skill,
)
from hermes.skills.skill_gate import Action, GateDecision, Origin, Screen, decide
from hermes.skills.skill_proposals import SkillProposal, apply, current_text, pending_names, stage
from hermes.skills.skill_stores import (
    Skill,
    SkillStore,
    SkillUnreadable,
    files_beside,
    read_beside,
    user_skills_dir,
)
from hermes.security.scan import assess

ACTIONS: tuple[Action, ...] = ("create", "patch", "delete")


@dataclass(frozen=True)
class SkillRequest:
    """What someone asks for: `body` is the Markdown steps (front matter is Hermes's job)."""

    action: str
    name: str
    description: str = ""
    body: str = ""
    source: str = ""  # an import: the folder whose other files come along
    raw: str = ""  # an import: the SKILL.md as it is, written unchanged


@dataclass(frozen=True)
class ChangeResult:
    """`outcome` is write, stage or refuse; `message` is one line for a person or the model."""

    outcome: str
    message: str
    name: str = ""
    proposal: SkillProposal | None = None


def _refuse(name: str, message: str) -> ChangeResult:
    return ChangeResult("refuse", message, name)


def _checked_action(value: str) -> Action | None:
    for action in ACTIONS:
        if action == value:
            return action
    return None


def propose(request: SkillRequest, catalog: SkillCatalog, *, origin: Origin,
            write_approval: str = "staged", screen: Screen = assess,
            session_id: str | None = None, dry_run: bool = False) -> ChangeResult:
    """Validate `request` against the skills in effect and apply the gate's decision
    (`dry_run`: only say what would happen)."""
    name = one_line(request.name)
    action = _checked_action(request.action)
    if action is None:
        return _refuse(name, f"action must be create, patch or delete (got {request.action!r})")
    problem = name_problem(name) or body_problem(request.body)
    if problem:
        return _refuse(name, problem)
    if name in pending_names():
        return _refuse(name, f"a change to skill {name} already waits for approval; it must be "
                       "approved or rejected first")
    existing = catalog.find(name)
    if action != "create" and existing is None:
        return _refuse(name, f"there is no skill named {name}; known: "
                       f"{', '.join(catalog.names) or 'none'}")
    if action == "create" and existing is not None and origin != "import":
        return _refuse(name, f"skill {name} exists ({existing.store.label}); use action patch")
    # Writes go to the store the skill lives in when a person can write there; a patch to a
    # read-only skill becomes the user's own copy, which shadows it.
    if existing is not None and existing.store.writable and origin != "import":
        folder = existing.folder
    else:
        folder = user_skills_dir() / name
    try:
        before = current_text(folder)
    except SkillUnreadable as exc:
        return _refuse(name, str(exc))
    if action == "delete":
        after = ""
        scanned = ""
    elif request.raw:
        after = request.raw
        scanned = request.raw
    else:
        if not request.body.strip():
            return _refuse(name, "content (the skill's Markdown steps) is required")
        old = existing.doc if existing is not None else None
        description = one_line(request.description) or (old.description if old else "")
        if not description:
            return _refuse(name, "description is required: one line saying when to use the skill")
        created_by = old.created_by if old is not None else ("agent" if origin in ("tool", "review") else "")
        after = render_skill(name, description, request.body,
                             version=old.version if old else "", tags=old.tags if old else (),
                             created_by=created_by, front=old.front if old else None)
        scanned = after
    if after:
        try:
            parse_skill(after, name)
        except SkillFormatError as exc:
            return _refuse(name, str(exc))
    agent_created = existing is not None and existing.doc.created_by == "agent"
    extra = _beside_text(Path(request.source)) if request.source else ""
    decision = decide(scanned + extra, origin=origin, action=action,
                      write_approval=write_approval, agent_created=agent_created, screen=screen)
    if decision.outcome == "write" and origin == "import" and before:
        decision = GateDecision("stage", f"it would replace your skill {name}; approve to replace it")
    if decision.outcome == "refuse":
        return ChangeResult("refuse", f"skill {name} refused: {decision.reason}", name)
    if dry_run:
        return ChangeResult(decision.outcome, decision.reason, name)
    proposal = SkillProposal(id="", action=action, name=name, folder=str(folder), before=before,
                             after=after, origin=origin, reason=decision.reason,
                             session_id=session_id, source=request.source)
    if decision.outcome == "write":
        apply(proposal)
        return ChangeResult("write", f"skill {name} {action}d ({folder})", name, proposal)
    stage(proposal)
    return ChangeResult("stage", f"skill {name} staged for approval: {decision.reason}", name,
                        proposal)


def _beside_text(source: Path) -> str:
    """The text files of an imported skill, so the scan reads them too (they reach the model
    through skill_view)."""
    probe = Skill(SkillDoc(source.name, "", ""), SkillStore("user", source.parent), source)
    parts: list[str] = []
    for rel in files_beside(probe):
        try:
            parts.append(read_beside(probe, rel))
        except SkillUnreadable:
            continue
    return "\n\n" + "\n\n".join(parts) if parts else ""
