"""The SKILLS block of the system prompt: one line per skill, frozen with the session.

Progressive disclosure: the prompt carries only names and one-line descriptions (at most 20
skills and 300 tokens); the agent loads a body with skill_view when a task matches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hermes.skills.skill_stores import Skill

MAX_INDEX_SKILLS = 20
MAX_INDEX_TOKENS = 300
DESCRIPTION_CHARS = 90
HEADER = ("SKILLS (procedures you saved; when a task matches one, call skill_view with its "
          "name and follow it)")


def _line(skill: Skill) -> str:
    text = skill.doc.description
    if len(text) > DESCRIPTION_CHARS:
        text = text[:DESCRIPTION_CHARS - 1].rstrip() + "…"
    return f"- {skill.name}: {text}"


def render_index(skills: Sequence[Skill], count_tokens: Callable[[str], int], *,
                 max_skills: int = MAX_INDEX_SKILLS, max_tokens: int = MAX_INDEX_TOKENS) -> str:
    """The block ("" without skills): skills in the given order while the block stays within
    `max_skills` and `max_tokens`; a last line says how many more skill_view can list."""
    if not skills:
        return ""
    lines = [HEADER]
    shown = 0
    for skill in skills[:max_skills]:
        candidate = "\n".join([*lines, _line(skill)])
        if count_tokens(candidate) > max_tokens:
            break
        lines.append(_line(skill))
        shown += 1
    left = len(skills) - shown
    if left:
        more = f"(+{left} more: skill_view with no name lists them)"
        while shown and count_tokens("\n".join([*lines, more])) > max_tokens:
            lines.pop()
            shown -= 1
            more = f"(+{len(skills) - shown} more: skill_view with no name lists them)"
        lines.append(more)
    return "\n".join(lines)
