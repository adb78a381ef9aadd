"""The SKILL.md format Hermes shares with Claude Code and Hermes Agent.

A file opens with YAML front matter between `---` lines (`name`, `description`, optional
`version` and `tags`; Hermes Agent keeps tags under `metadata.hermes.tags`), then the Markdown
body with the steps. Unknown front-matter keys are kept as they are, so a skill exported again
reads the same in the tool it came from.
"""

from __future__ import annotations

from hermes.jsontypes import JsonObject

import re
from dataclasses import dataclass, field

import yaml

MAX_BODY_CHARS = 20_000
MAX_DESCRIPTION_CHARS = 1024
SKILL_FILE = "SKILL.md"
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_FENCE = "---"


class SkillFormatError(ValueError):
    """A SKILL.md Hermes cannot use; str() is one line saying what to fix."""


@dataclass(frozen=True)
class SkillDoc:
    """One parsed SKILL.md."""

    name: str
    description: str
    body: str
    version: str = ""
    tags: tuple[str, ...] = ()
    created_by: str = ""  # "agent" when Hermes wrote it from a proposal of the agent's
    front: JsonObject = field(default_factory=dict, compare=False)  # all keys, as read


def name_problem(name: str) -> str:
    """Why `name` cannot name a skill folder ("" when it can)."""
    if not _NAME.match(name) or ".." in name:
        return (f"{name!r} is not a skill name; use 1-64 letters, digits, '-', '_' or '.', "
                "starting with a letter or digit (e.g. deploy-staging)")
    return ""


def body_problem(body: str) -> str:
    """Why a body is refused ("" when it fits)."""
    if len(body) > MAX_BODY_CHARS:
        return (f"the body has {len(body):,} characters, over the {MAX_BODY_CHARS:,} a skill may "
                "hold; move details into files beside SKILL.md and keep the steps short")
    return ""


def one_line(text: str) -> str:
    """Whitespace collapsed to single spaces."""
    return " ".join(text.split())


def split_front_matter(text: str) -> tuple[str, str]:
    """(front matter YAML, body); ("", text) when the file has none."""
    text = text.lstrip("\ufeff")
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != _FENCE:
        return "", text
    for i, line in enumerate(lines[1:], start=1):
        if line.strip() == _FENCE:
            return "".join(lines[1:i]), "".join(lines[i + 1:]).lstrip("\n")
    raise SkillFormatError("the front matter opened with '---' is never closed; add a '---' line "
                           "after the name and description")


def _tags(front: JsonObject) -> tuple[str, ...]:
    raw: object = front.get("tags")
    meta = front.get("metadata")
    if raw is None and isinstance(meta, dict):
        hermes = meta.get("hermes")
        raw = hermes.get("tags") if isinstance(hermes, dict) else meta.get("tags")
    if isinstance(raw, str):
        raw = [t for t in re.split(r"[,\s]+", raw) if t]
    return tuple(str(t) for t in raw) if isinstance(raw, list) else ()


def _created_by(front: JsonObject) -> str:
    meta = front.get("metadata")
    hermes = meta.get("hermes") if isinstance(meta, dict) else None
    value = hermes.get("created_by") if isinstance(hermes, dict) else None
    return str(value) if value else ""


def _first_paragraph(body: str) -> str:
    for block in re.split(r"\n\s*\n", body):
        text = one_line(block)
        if text and not text.startswith("#"):
            return text
    return ""


_PLAIN = re.compile(r"^([A-Za-z][\w-]*):[ \t]*(.*)$")


def _plain_lines(front: str) -> JsonObject | None:
    """Front matter of unindented `key: value` lines as strings; None when it is not that."""
    out: JsonObject = {}
    for line in front.splitlines():
        if not line.strip():
            continue
        match = _PLAIN.match(line)
        if match is None:
            return None
        out[match.group(1)] = match.group(2).strip()
    return out or None


def parse_skill(text: str, folder_name: str) -> SkillDoc:
    """A SKILL.md's fields; the name defaults to the folder's and the description to the
    body's first paragraph (as Claude Code does). Raises SkillFormatError with one line."""
    raw_front, body = split_front_matter(text)
    try:
        loaded = yaml.safe_load(raw_front) if raw_front.strip() else {}
    except yaml.YAMLError as exc:
        # People write `description: Deploy: then check` unquoted; read such files as plain
        # `key: value` lines when every line is one, as other skill readers do.
        loaded = _plain_lines(raw_front)
        if loaded is None:
            mark = getattr(exc, "problem_mark", None)
            where = f" (line {mark.line + 2})" if mark is not None else ""
            raise SkillFormatError(f"the front matter is not valid YAML{where}; fix it so it "
                                   "reads as 'name: …' and 'description: …' lines") from None
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        raise SkillFormatError("the front matter must be 'key: value' lines (name, description)")
    front: JsonObject = {str(k): v for k, v in loaded.items()}
    name = one_line(str(front.get("name") or folder_name))
    problem = name_problem(name)
    if problem:
        raise SkillFormatError(problem)
    problem = body_problem(body)
    if problem:
        raise SkillFormatError(problem)
    description = one_line(str(front.get("description") or "")) or _first_paragraph(body)
    if not description:
        raise SkillFormatError("the skill has no description; add 'description: <when to use "
                               "it, in one line>' to its front matter")
    version = front.get("version")
    return SkillDoc(name=name, description=description[:MAX_DESCRIPTION_CHARS], body=body,
                    version="" if version is None else str(version), tags=_tags(front),
                    created_by=_created_by(front), front=front)


def render_skill(name: str, description: str, body: str, *, version: str = "",
                 tags: tuple[str, ...] = (), created_by: str = "",
                 front: JsonObject | None = None) -> str:
    """A SKILL.md in the shared format; keys of `front` that Hermes does not set are kept."""
    data: JsonObject = dict(front or {})
    data["name"] = name
    data["description"] = one_line(description)
    if version:
        data["version"] = version
    if tags:
        data["tags"] = list(tags)
    if created_by:
        meta = data.get("metadata")
        meta = dict(meta) if isinstance(meta, dict) else {}
        hermes = meta.get("hermes")
        hermes = dict(hermes) if isinstance(hermes, dict) else {}
        hermes["created_by"] = created_by
        meta["hermes"] = hermes
        data["metadata"] = meta
    head = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=1000)
    return f"{_FENCE}\n{head}{_FENCE}\n\n{body.strip()}\n"
