"""The UI's narrow door into the skills layer: list, view, edit, remove, and staged proposals
as the approval pane shows them (a diff of SKILL.md)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from hermes.config import Config

if TYPE_CHECKING:
    from hermes.skills.skill_catalog import SkillCatalog

log = logging.getLogger("hermes.tui")


def _catalog(cfg: Config, project_root: Path | None) -> SkillCatalog:
    from hermes.skills.skill_catalog import load_catalog
    from hermes.skills.skill_tools import agent_home_of

    return load_catalog(project_root, agent_home_of(cfg.skills))


def list_text(cfg: Config, project_root: Path | None, open_key: str) -> str:
    """The skills in effect, one per line, then the staged ones, then notices."""
    from hermes.skills.skill_proposals import list_proposals

    catalog = _catalog(cfg, project_root)
    pending = list_proposals()
    if not catalog.skills and not pending:
        return (f"No skills yet. A skill is a folder with a SKILL.md in {catalog.stores[0].root}; "
                "the review proposes some after multi-step work.")
    lines = ["Skills (/skills view|edit|rm NAME, /skill NAME to use one):"]
    lines += [f"  {s.name} — {s.doc.description[:70]} [{s.store.label}]" for s in catalog.skills]
    lines += [f"  {p.name} — pending {p.action} ({p.reason}); {open_key} to review"
              for p in pending]
    lines += [f"  note: {n}" for n in (*catalog.notices, *catalog.problems)]
    return "\n".join(lines)


def view_text(cfg: Config, project_root: Path | None, name: str) -> tuple[bool, str]:
    """(found, the SKILL.md with its location, or why not)."""
    from hermes.skills.skill_stores import SkillUnreadable, files_beside, read_limited

    skill = _catalog(cfg, project_root).find(name)
    if skill is None:
        return False, f"No skill named {name!r}; /skills lists them."
    try:
        text = read_limited(skill.path, 1 << 20).decode("utf-8", "replace")
    except SkillUnreadable as exc:
        return False, str(exc)
    files = files_beside(skill)
    extra = f"\nFiles beside it: {', '.join(files)}" if files else ""
    return True, f"{skill.path} [{skill.store.label}]\n\n{text.rstrip()}{extra}"


def editable_path(cfg: Config, project_root: Path | None, name: str) -> tuple[Path | None, str]:
    """The SKILL.md a person may edit, or None and why not."""
    skill = _catalog(cfg, project_root).find(name)
    if skill is None:
        return None, f"No skill named {name!r}; /skills lists them."
    if not skill.store.writable:
        return None, (f"{skill.name} is {skill.store.label} ({skill.folder}); edit it there, or "
                      "copy it into your skills folder first.")
    return skill.path, ""


def check_edited(path: Path) -> str:
    """One line after an edit: fine, or what is wrong with the file now."""
    from hermes.skills.skill_format import SkillFormatError
    from hermes.skills.skill_stores import SkillStore, SkillUnreadable, read_skill

    try:
        skill = read_skill(SkillStore("user", path.parent.parent), path.parent)
    except (SkillFormatError, SkillUnreadable) as exc:
        return f"Saved, but the skill cannot be used until this is fixed: {exc}"
    return f"Skill {skill.name} saved; new sessions list it as “{skill.doc.description[:60]}”."


def remove(cfg: Config, project_root: Path | None, name: str) -> tuple[bool, str]:
    """Remove a skill from a writable store (kept for `hermes skills undo`)."""
    from hermes.skills.skill_proposals import SkillProposal, apply, current_text

    skill = _catalog(cfg, project_root).find(name)
    if skill is None:
        return False, f"No skill named {name!r}; /skills lists them."
    if not skill.store.writable:
        return False, f"{skill.name} is {skill.store.label} ({skill.folder}); remove it there."
    apply(SkillProposal(id="", action="delete", name=skill.name, folder=str(skill.folder),
                        before=current_text(skill.folder), after="", origin="person", reason=""))
    return True, f"Removed skill {skill.name}; `hermes skills undo` brings it back."


def exists(cfg: Config, project_root: Path | None, name: str) -> str | None:
    """The skill's exact name when it exists."""
    skill = _catalog(cfg, project_root).find(name)
    return skill.name if skill is not None else None


# ---------------------------------------------------------------- staged proposals


def is_skill_id(pending_id: str) -> bool:
    """Skill proposal ids are "s" + 8 hex digits; memory's are 8 hex digits."""
    return len(pending_id) == 9 and pending_id.startswith("s")


def pending_skill_ids() -> set[str]:
    from hermes.skills.skill_proposals import list_proposals

    try:
        return {p.id for p in list_proposals()}
    except OSError:
        log.exception("listing skill proposals failed")
        return set()


def decide(verdict: str, pending_id: str) -> list[tuple[str, bool, str]]:
    """(id, success, one line) for each proposal approved or rejected."""
    from hermes.skills.skill_proposals import approve, reject

    outcomes = (approve if verdict == "approve" else reject)(pending_id)
    return [(o.id, o.success, o.message) for o in outcomes]
