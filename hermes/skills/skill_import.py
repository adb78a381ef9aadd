"""Importing skills from a folder of skill folders (another tool's store, a Hermes Agent
home's skills/): each through the gate as origin "import".

SKILL.md and the files beside it come along unchanged. A skill the scan finds suspicious, or
one that would replace a skill of yours, is staged for approval; a hostile one is refused.
Both are "held back", each with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from hermes.skills.skill_catalog import load_catalog
from hermes.skills.skill_changes import SkillRequest, propose
from hermes.skills.skill_format import SKILL_FILE
from hermes.skills.skill_proposals import current_text
from hermes.skills.skill_stores import (
    MAX_SKILL_FILE_BYTES,
    SkillStore,
    SkillUnreadable,
    list_store,
    read_limited,
    user_skills_dir,
)

Status = Literal["imported", "already", "staged", "refused"]


@dataclass(frozen=True)
class ImportItem:
    name: str
    status: Status
    reason: str = ""


@dataclass
class ImportReport:
    items: list[ImportItem] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # folders that are not usable skills

    def count(self, status: Status) -> int:
        return sum(1 for i in self.items if i.status == status)

    @property
    def held_back(self) -> list[ImportItem]:
        return [i for i in self.items if i.status in ("staged", "refused")]

    def summary(self) -> str:
        """One line: how many were imported, already here, staged and refused."""
        return (f"Skills: {self.count('imported')} imported, {self.count('already')} already "
                f"here, {self.count('staged')} waiting for approval, {self.count('refused')} "
                "refused")


def import_skills(source: Path, *, dry_run: bool = False) -> ImportReport:
    """Import every skill under `source` (a folder of skill folders, or one skill folder)."""
    report = ImportReport()
    root = source.parent if (source / SKILL_FILE).is_file() else source
    skills, problems = list_store(SkillStore("import", root))
    if root != source:
        skills = [s for s in skills if s.folder == source]
    report.problems += problems
    for skill in skills:
        try:
            raw = read_limited(skill.path, MAX_SKILL_FILE_BYTES).decode("utf-8")
            mine = current_text(user_skills_dir() / skill.name)
        except (SkillUnreadable, UnicodeDecodeError) as exc:
            report.items.append(ImportItem(skill.name, "refused", str(exc)))
            continue
        if mine == raw:
            report.items.append(ImportItem(skill.name, "already"))
            continue
        result = propose(SkillRequest("create", skill.name, raw=raw, source=str(skill.folder)),
                         load_catalog(None), origin="import", dry_run=dry_run)
        if result.outcome == "write":
            report.items.append(ImportItem(skill.name, "imported"))
        elif result.outcome == "stage":
            reason = result.proposal.reason if result.proposal is not None else result.message
            report.items.append(ImportItem(skill.name, "staged", reason))
        else:
            reason = result.message.split(": ", 1)[-1]
            report.items.append(ImportItem(skill.name, "refused", reason))
    return report
