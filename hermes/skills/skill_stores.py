"""The folders skills are read from, and reading one skill safely.

Every step inside a store is checked without following links: a skill folder, its SKILL.md
and any file beside it must be a real folder or a regular file inside the store, so a link
planted in a shared project cannot make Hermes read (and send to a model) a file elsewhere.
Nothing in a skill is ever run by reading it.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

from hermes import paths
from hermes.skills.skill_format import SKILL_FILE, SkillDoc, SkillFormatError, parse_skill

StoreKind = Literal["user", "project", "claude", "hermes-agent", "import"]
STORE_LABELS: dict[StoreKind, str] = {
    "user": "yours", "project": "the project's", "claude": "Claude Code's (read-only)",
    "hermes-agent": "Hermes Agent's (read-only)", "import": "the imported folder's",
}
MAX_SKILL_FILE_BYTES = 256 * 1024  # a SKILL.md with a 20,000-char body is far below this
MAX_BESIDE_BYTES = 64 * 1024  # one file beside it, as skill_view returns it


class SkillUnreadable(OSError):
    """A skill or one of its files cannot be read safely; str() is one line."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "the skill cannot be read"


@dataclass(frozen=True)
class SkillStore:
    """One folder of skill folders."""

    kind: StoreKind
    root: Path

    @property
    def writable(self) -> bool:
        return self.kind in ("user", "project")

    @property
    def label(self) -> str:
        return STORE_LABELS[self.kind]


@dataclass(frozen=True)
class Skill:
    """A skill as found in a store."""

    doc: SkillDoc
    store: SkillStore
    folder: Path

    @property
    def name(self) -> str:
        return self.doc.name

    @property
    def path(self) -> Path:
        return self.folder / SKILL_FILE


def user_skills_dir() -> Path:
    """$HERMES_HOME/skills: the user's own skills."""
    return paths.hermes_home() / "skills"


def skill_stores(project_root: Path | None, agent_home: Path | None = None) -> list[SkillStore]:
    """The stores in reading order: the user's, the project's, then the read-only ones."""
    stores = [SkillStore("user", user_skills_dir())]
    if project_root is not None:
        stores += [SkillStore("project", project_root / ".hermes" / "skills"),
                   SkillStore("claude", project_root / ".claude" / "skills")]
    if agent_home is not None:
        stores.append(SkillStore("hermes-agent", agent_home / "skills"))
    return stores


def _is_real_dir(path: Path) -> bool:
    try:
        return stat.S_ISDIR(path.lstat().st_mode)
    except OSError:
        return False


def read_limited(path: Path, limit: int) -> bytes:
    """A regular file's bytes (never through a link, never from a pipe), refused over `limit`."""
    try:
        fd = paths.open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        raise SkillUnreadable(f"{path} does not exist") from None
    except paths.UnsafePath as exc:
        raise SkillUnreadable(str(exc)) from None
    try:
        data = os.read(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise SkillUnreadable(f"{path} is over {limit // 1024} KB; Hermes reads skill files up to "
                              "that size")
    return data


def read_skill(store: SkillStore, folder: Path) -> Skill:
    """The skill in `folder` (a real folder inside `store`); SkillUnreadable or
    SkillFormatError say what is wrong."""
    if not _is_real_dir(folder):
        raise SkillUnreadable(f"{folder} is not a folder (links are not followed)")
    data = read_limited(folder / SKILL_FILE, MAX_SKILL_FILE_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SkillFormatError(f"{folder / SKILL_FILE} is not UTF-8 text; save it as UTF-8") from None
    return Skill(parse_skill(text, folder.name), store, folder)


def _real_subfolders(folder: Path) -> list[Path]:
    entries = sorted(os.scandir(folder), key=lambda e: e.name)
    return [Path(e.path) for e in entries
            if not e.name.startswith(".") and e.is_dir(follow_symlinks=False)]


def _skill_folders(root: Path) -> list[Path]:
    """Folders holding a SKILL.md: at the top, or one level down in a category folder (Hermes
    Agent groups its skills as skills/<category>/<name>/). Hidden folders are skipped."""
    found: list[Path] = []
    for folder in _real_subfolders(root):
        if os.path.lexists(folder / SKILL_FILE):
            found.append(folder)
            continue
        try:
            found += [f for f in _real_subfolders(folder) if os.path.lexists(f / SKILL_FILE)]
        except OSError:
            continue
    return found


def list_store(store: SkillStore) -> tuple[list[Skill], list[str]]:
    """The skills of one store sorted by name, and one line for each folder that failed."""
    if not _is_real_dir(store.root):
        return [], []
    skills: list[Skill] = []
    problems: list[str] = []
    try:
        folders = _skill_folders(store.root)
    except OSError as exc:
        return [], [f"{store.root}: cannot list it ({exc.strerror or exc})"]
    seen: set[str] = set()
    for folder in folders:
        try:
            skill = read_skill(store, folder)
        except (SkillUnreadable, SkillFormatError) as exc:
            problems.append(f"skill {folder.name} ({store.label}) left out: {exc}")
            continue
        if skill.name in seen:
            problems.append(f"skill {skill.name} ({store.label}) appears twice; {folder.name}/ "
                            "was left out: rename one of them")
            continue
        seen.add(skill.name)
        skills.append(skill)
    return skills, problems


def read_beside(skill: Skill, relative: str) -> str:
    """A text file beside SKILL.md, by its path inside the skill's folder. Refuses an absolute
    path, `..`, a link anywhere on the way, a non-regular file and binary content."""
    rel = PurePosixPath(relative.strip().replace("\\", "/"))
    if not relative.strip() or rel.is_absolute() or ".." in rel.parts or "\0" in relative:
        raise SkillUnreadable(f"{relative!r} is not a path inside the skill's folder; give it "
                              "relative to the folder, e.g. references/checklist.md")
    current = skill.folder
    for part in rel.parts[:-1]:
        current = current / part
        if not _is_real_dir(current):
            raise SkillUnreadable(f"{relative!r}: {part} is not a folder in the skill "
                                  "(links are not followed)")
    target = current / rel.parts[-1]
    try:
        data = read_limited(target, MAX_BESIDE_BYTES)
    except OSError as exc:
        if isinstance(exc, SkillUnreadable):
            raise
        if exc.errno == errno.EISDIR:
            raise SkillUnreadable(f"{relative!r} is a folder; name a file in it") from None
        raise SkillUnreadable(f"{relative!r} cannot be read ({exc.strerror or exc})") from None
    if b"\0" in data:
        raise SkillUnreadable(f"{relative!r} is a binary file; skill_view returns text only")
    return data.decode("utf-8", errors="replace")


def files_beside(skill: Skill, limit: int = 50) -> list[str]:
    """The regular files in the skill's folder besides SKILL.md (relative, links skipped)."""
    found: list[str] = []
    stack = [skill.folder]
    while stack and len(found) < limit:
        folder = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if entry.is_symlink() or entry.name.startswith("."):
                continue
            if entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                rel = Path(entry.path).relative_to(skill.folder).as_posix()
                if rel != SKILL_FILE:
                    found.append(rel)
    return sorted(found)[:limit]
