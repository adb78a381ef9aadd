"""All the skills a session can use: the stores read in order, one skill per name.

The project's skill shadows the user's of the same name (the project knows its own deploy
better), and both shadow the read-only stores; every shadowed skill gives a notice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from hermes.security.scan import ALLOW, BLOCK, assess

from hermes.skills.skill_stores import Skill, SkillStore, StoreKind, list_store, skill_stores

# Who wins a name: lower first.
_PRECEDENCE: dict[StoreKind, int] = {"project": 0, "user": 1, "claude": 2, "hermes-agent": 3,
                                        "import": 4}


@dataclass(frozen=True)
class SkillCatalog:
    """The skills in effect (sorted by name), and lines a person should read."""

    skills: tuple[Skill, ...] = ()
    notices: tuple[str, ...] = ()  # shadowing
    problems: tuple[str, ...] = ()  # skills left out, and why
    stores: tuple[SkillStore, ...] = field(default=(), compare=False)

    def find(self, name: str) -> Skill | None:
        """The skill in effect under `name` (exact, then case-insensitive)."""
        for skill in self.skills:
            if skill.name == name:
                return skill
        folded = name.casefold()
        return next((s for s in self.skills if s.name.casefold() == folded), None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.skills]


_verdicts: dict[bytes, tuple[str, str]] = {}  # by text hash: every prompt build reads every store


def _verdict(text: str) -> tuple[str, str]:
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    known = _verdicts.get(digest)
    if known is None:
        if len(_verdicts) >= 512:
            _verdicts.clear()
        verdict = assess(text)
        known = _verdicts[digest] = (verdict.outcome, verdict.reason)
    return known


def withheld_because(skill: Skill) -> str:
    """Why a skill is kept out of the prompt and skill_view ("" when it is not). Skills read
    in place from a project or another tool were never approved by anyone here, so a
    suspicious one is withheld too; the user's own only when the scan blocks it."""
    outcome, reason = _verdict(f"{skill.doc.description}\n{skill.doc.body}")
    if outcome == BLOCK or (outcome != ALLOW and skill.store.kind != "user"):
        return reason or "the scan found it unsafe"
    return ""


def load_catalog(project_root: Path | None, agent_home: Path | None = None) -> SkillCatalog:
    """Read every store (see skill_stores), withhold what the scan finds unsafe, and
    resolve names."""
    stores = skill_stores(project_root, agent_home)
    chosen: dict[str, Skill] = {}
    notices: list[str] = []
    problems: list[str] = []
    found: list[Skill] = []
    for store in stores:
        listed, trouble = list_store(store)
        problems += trouble
        for skill in listed:
            why = withheld_because(skill)
            if why:
                problems.append(f"skill {skill.name} ({skill.store.label}) withheld: {why}")
            else:
                found.append(skill)
    for skill in sorted(found, key=lambda s: _PRECEDENCE[s.store.kind]):
        winner = chosen.get(skill.name)
        if winner is None:
            chosen[skill.name] = skill
            continue
        notices.append(f"skill {skill.name}: {winner.store.label} ({winner.folder}) shadows "
                       f"{skill.store.label} ({skill.folder})")
    skills = tuple(sorted(chosen.values(), key=lambda s: s.name.casefold()))
    return SkillCatalog(skills, tuple(notices), tuple(problems), tuple(stores))
