"""All the skills a session can use: the stores read in order, one skill per name.

The project's skill shadows the user's of the same name (the project knows its own deploy
better), and both shadow the read-only stores; every shadowed skill gives a notice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

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


def load_catalog(project_root: Path | None, agent_home: Path | None = None) -> SkillCatalog:
    """Read every store (see skill_stores) and resolve names."""
    stores = skill_stores(project_root, agent_home)
    chosen: dict[str, Skill] = {}
    notices: list[str] = []
    problems: list[str] = []
    found: list[Skill] = []
    for store in stores:
        listed, trouble = list_store(store)
        found += listed
        problems += trouble
    for skill in sorted(found, key=lambda s: _PRECEDENCE[s.store.kind]):
        winner = chosen.get(skill.name)
        if winner is None:
            chosen[skill.name] = skill
            continue
        notices.append(f"skill {skill.name}: {winner.store.label} ({winner.folder}) shadows "
                       f"{skill.store.label} ({skill.folder})")
    skills = tuple(sorted(chosen.values(), key=lambda s: s.name.casefold()))
    return SkillCatalog(skills, tuple(notices), tuple(problems), tuple(stores))
