"""The SKILLS block of the system prompt: one line per skill, frozen with the session.

Progressive disclosure: the prompt carries only names and one-line descriptions (at most 20
skills and 300 tokens); the agent loads a body with skill_view when a task matches. With few
skills each description is shown whole; as more compete for the budget, each line gets an
equal share of what is left and its description is cut at a word to fit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hermes.skills.skill_stores import Skill

# Bump when render_index gives other text for the same skills: sessions reuse a saved block
# whose key holds this number (hermes/agent/skill_setup.py).
INDEX_FORMAT = 1
MAX_INDEX_SKILLS = 20
MAX_INDEX_TOKENS = 300
DESCRIPTION_CHARS = 120  # even alone, a description longer than this is cut
HEADER = "SKILLS (before a matching task, load it with skill_view and follow it)"

Count = Callable[[str], int]


def _fit(skill: Skill, share: int, count: Count) -> str:
    """`name: description`, the description cut at a word so the line (with its newline)
    costs at most `share` tokens; the bare name when even one word does not fit."""
    words = skill.doc.description[:DESCRIPTION_CHARS].split()
    line = f"{skill.name}: {' '.join(words)}"
    if count(line) + 1 <= share:
        return line
    lo, hi = 0, len(words)  # the most words whose line fits (binary search: few counts)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if count(f"{skill.name}: {' '.join(words[:mid])}…") + 1 <= share:
            lo = mid
        else:
            hi = mid - 1
    return f"{skill.name}: {' '.join(words[:lo])}…" if lo else skill.name


def _more(n: int) -> str:
    return f"(+{n} more: skill_view with no name lists them)"


def render_index(skills: Sequence[Skill], count_tokens: Count, *,
                 max_skills: int = MAX_INDEX_SKILLS, max_tokens: int = MAX_INDEX_TOKENS) -> str:
    """The block ("" without skills): the first `max_skills` skills in the given order, the
    whole block within `max_tokens`; a last line says how many more skill_view can list."""
    if not skills:
        return ""
    chosen = list(skills[:max_skills])
    while True:
        left_out = len(skills) - len(chosen)
        fixed = [HEADER] + ([_more(left_out)] if left_out else [])
        budget = max_tokens - count_tokens("\n".join(fixed)) - 1
        lines: list[str] = []
        for i, skill in enumerate(chosen):
            share = budget // (len(chosen) - i)
            line = _fit(skill, share, count_tokens)
            budget -= count_tokens(line) + 1
            lines.append(line)
        block = "\n".join([HEADER, *lines, *fixed[1:]])
        if count_tokens(block) <= max_tokens or len(chosen) <= 1:
            return block
        chosen.pop()  # names alone did not fit: show fewer skills
