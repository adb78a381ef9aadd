"""Staged skill changes under $HERMES_HOME/pending/skills/<id>.json, approving them, and undo.

A record keeps the whole SKILL.md before and after, so the pane shows a diff and approval
refuses (keeping the record) when the skill changed since it was staged: a person never
approves something other than what they saw. Applied changes are kept under
pending/skills-applied/ so the last one can be undone.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import secrets
import shutil
from dataclasses import asdict, dataclass
from datetime import datetime, UTC
from pathlib import Path
from typing import Any

from hermes import paths
from hermes.config import write_private_file
from hermes.security.scan import BLOCK, assess
from hermes.skills.skill_format import SKILL_FILE
from hermes.skills.skill_stores import MAX_SKILL_FILE_BYTES, SkillUnreadable, read_limited


def pending_skills_dir() -> Path:
    return paths.hermes_home() / "pending" / "skills"


def applied_skills_dir() -> Path:
    return paths.hermes_home() / "pending" / "skills-applied"


@dataclass
class SkillProposal:
    """One staged change: `before`/`after` are whole SKILL.md texts ("" = no file)."""

    id: str
    action: str  # create | patch | delete
    name: str
    folder: str  # where the skill is (or will be) written
    before: str
    after: str
    origin: str  # tool | review | import
    reason: str
    session_id: str | None = None
    created_at: str = ""
    source: str = ""  # an import's folder: its other files are copied on approval
    applied_at: str = ""

    def diff(self) -> str:
        """The change as a unified diff of SKILL.md."""
        lines = difflib.unified_diff(self.before.splitlines(), self.after.splitlines(),
                                     f"{self.name}/{SKILL_FILE} (now)",
                                     f"{self.name}/{SKILL_FILE} (proposed)", lineterm="")
        return "\n".join(lines)

    @property
    def summary(self) -> str:
        return f"skill {self.action} {self.name}"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SkillProposal:
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)


@dataclass(frozen=True)
class DecisionOutcome:
    id: str
    success: bool
    message: str


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _record_path(folder: Path, pending_id: str) -> Path:
    if not pending_id.isalnum():
        raise SkillUnreadable(f"{pending_id!r} is not a pending skill id")
    return folder / f"{pending_id}.json"


def _save(folder: Path, proposal: SkillProposal) -> None:
    paths.ensure_dir(folder)
    write_private_file(_record_path(folder, proposal.id),
                       json.dumps(proposal.to_json(), ensure_ascii=False, indent=1))


def stage(proposal: SkillProposal) -> SkillProposal:
    """Write the record; it gets a fresh id and time."""
    while True:
        proposal.id = "s" + secrets.token_hex(4)
        if not _record_path(pending_skills_dir(), proposal.id).exists():
            break
    proposal.created_at = _now()
    _save(pending_skills_dir(), proposal)
    return proposal


def _load(folder: Path) -> list[SkillProposal]:
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []
    found: list[SkillProposal] = []
    for name in names:
        try:
            data = json.loads(read_limited(folder / name, 4 * MAX_SKILL_FILE_BYTES))
            found.append(SkillProposal.from_json(data))
        except (OSError, ValueError, TypeError):
            continue  # a broken record is skipped, never fatal
    return sorted(found, key=lambda p: (p.applied_at or p.created_at, p.id))


def list_proposals() -> list[SkillProposal]:
    """The staged proposals, oldest first."""
    return _load(pending_skills_dir())


def pending_names() -> set[str]:
    return {p.name for p in list_proposals()}


def current_text(folder: Path) -> str:
    """The SKILL.md in `folder` ("" when there is none)."""
    try:
        return read_limited(folder / SKILL_FILE, MAX_SKILL_FILE_BYTES).decode("utf-8", "replace")
    except SkillUnreadable:
        if os.path.lexists(folder / SKILL_FILE):
            raise
        return ""


def _ensure_folder(folder: Path) -> None:
    if folder.is_relative_to(paths.hermes_home()):
        paths.ensure_dir(folder)
    else:
        folder.mkdir(parents=True, exist_ok=True)


def _copy_beside(source: Path, folder: Path) -> None:
    """Copy an imported skill's other files (regular files and folders, no links)."""
    for dirpath, dirnames, filenames in os.walk(source, followlinks=False):
        rel = Path(dirpath).relative_to(source)
        dirnames[:] = [d for d in dirnames if not os.path.islink(os.path.join(dirpath, d))]
        for name in filenames:
            src = Path(dirpath) / name
            if (rel == Path(".") and name == SKILL_FILE) or src.is_symlink() or not src.is_file():
                continue
            dest = folder / rel / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest, follow_symlinks=False)


def apply(proposal: SkillProposal) -> None:
    """Write the change now (the gate allowed it, or a person approved it) and keep it for undo."""
    if not proposal.id:
        proposal.id = "w" + secrets.token_hex(4)
    folder = Path(proposal.folder)
    if proposal.action == "delete":
        keep = applied_skills_dir() / f"{proposal.id}.folder"
        paths.ensure_dir(applied_skills_dir())
        if os.path.lexists(folder):
            shutil.move(str(folder), str(keep))
    else:
        _ensure_folder(folder)
        write_private_file(folder / SKILL_FILE, proposal.after)
        if proposal.source and Path(proposal.source).is_dir():
            _copy_beside(Path(proposal.source), folder)
    proposal.applied_at = _now()
    _save(applied_skills_dir(), proposal)


def _remove_record(pending_id: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(_record_path(pending_skills_dir(), pending_id))


def _select(pending_id: str) -> list[SkillProposal]:
    records = list_proposals()
    return records if pending_id == "all" else [p for p in records if p.id == pending_id]


def approve(pending_id: str) -> list[DecisionOutcome]:
    """Apply staged proposals ('all' or one id); each is refused, and kept, when the skill
    changed since it was staged or the scan now blocks it."""
    chosen = _select(pending_id)
    if not chosen:
        return [DecisionOutcome(pending_id, False, f"No pending skill change {pending_id}; "
                                "see `hermes skills list`.")]
    outcomes: list[DecisionOutcome] = []
    for proposal in chosen:
        try:
            now = current_text(Path(proposal.folder))
        except SkillUnreadable as exc:
            outcomes.append(DecisionOutcome(proposal.id, False, f"{proposal.summary}: {exc}"))
            continue
        if now != proposal.before:
            outcomes.append(DecisionOutcome(
                proposal.id, False, f"{proposal.summary}: the skill changed since this was "
                "staged; reject it and ask again"))
            continue
        verdict = assess(proposal.after) if proposal.after else None
        if verdict is not None and verdict.outcome == BLOCK:
            outcomes.append(DecisionOutcome(proposal.id, False,
                                            f"{proposal.summary}: refused ({verdict.reason})"))
            continue
        apply(proposal)
        _remove_record(proposal.id)
        outcomes.append(DecisionOutcome(proposal.id, True, f"{proposal.summary}: approved "
                                        f"({proposal.folder})"))
    return outcomes


def reject(pending_id: str) -> list[DecisionOutcome]:
    """Drop staged proposals ('all' or one id)."""
    chosen = _select(pending_id)
    if not chosen:
        return [DecisionOutcome(pending_id, False, f"No pending skill change {pending_id}; "
                                "see `hermes skills list`.")]
    for proposal in chosen:
        _remove_record(proposal.id)
    return [DecisionOutcome(p.id, True, f"{p.summary}: rejected") for p in chosen]


def undo_last() -> DecisionOutcome:
    """Reverse the last applied skill change, when the skill is still as it left it."""
    applied = _load(applied_skills_dir())
    if not applied:
        return DecisionOutcome("", False, "No skill change to undo.")
    last = applied[-1]
    folder = Path(last.folder)
    record = _record_path(applied_skills_dir(), last.id)
    if last.action == "delete":
        keep = applied_skills_dir() / f"{last.id}.folder"
        if os.path.lexists(folder):
            return DecisionOutcome(last.id, False, f"{last.summary}: {folder} exists again; "
                                   "move it aside to undo the delete")
        if keep.is_dir():
            shutil.move(str(keep), str(folder))
    else:
        if current_text(folder) != last.after:
            return DecisionOutcome(last.id, False, f"{last.summary}: the skill changed since; "
                                   "edit it by hand instead")
        if last.before:
            write_private_file(folder / SKILL_FILE, last.before)
        else:
            os.unlink(folder / SKILL_FILE)
            with contextlib.suppress(OSError):  # files beside it stay: only SKILL.md is undone
                folder.rmdir()
    os.unlink(record)
    return DecisionOutcome(last.id, True, f"{last.summary}: undone")
