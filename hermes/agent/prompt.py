"""The system prompt: built once when a session starts, stored with it, reused byte-identical.

It holds who the agent is, how to use memory and session search, the frozen memory snapshot,
the project's context files and the memory provider's static block. Nothing in it may change during a session (the
provider's prefix cache depends on it), so it carries no clock and no live counters.
"""

from __future__ import annotations

from dataclasses import dataclass

from hermes.config import Config

IDENTITY = (
    "You are Hermes, an assistant that works with one person in their terminal and remembers "
    "them across sessions. Be direct and concise; use Markdown only when it helps. Say so when "
    "you are unsure instead of guessing."
)


@dataclass(frozen=True)
class SystemPrompt:
    """The prompt text and the memory snapshot frozen into it (for the memory viewer)."""

    text: str
    memory_snapshot: str


# Introduces the compression summary, the last part of a continuation's prompt (and how
# compress.summary_from_prompt finds it again on resume).
SUMMARY_HEADING = ("Summary of the earlier part of this conversation (it was compressed to "
                   "fit the context window):\n")


def build_system_prompt(cfg: Config, *, provider_block: str = "", summary: str = "",
                        project_block: str = "", skills_block: str = "") -> SystemPrompt:
    """Identity, the frozen memory blocks, the SKILLS index (hermes/agent/skill_setup.py),
    memory guidance, session-search guidance, the
    PROJECT CONTEXT block (read once at session start: hermes/workspace/project.py) and the
    provider's static block; `summary` (after a compression) describes the earlier conversation."""
    from hermes.memory import memory_guidance, render_snapshot
    from hermes.sessions import session_search_guidance

    snapshot = render_snapshot(cfg.memory) or ""
    parts = [IDENTITY, snapshot, skills_block.strip(), memory_guidance(cfg.memory) or "",
             session_search_guidance() or "",
             project_block.strip(), provider_block.strip()]
    if summary.strip():
        parts.append(SUMMARY_HEADING + summary.strip())
    text = "\n\n".join(p.strip("\n") for p in parts if p and p.strip())
    return SystemPrompt(text=text, memory_snapshot=snapshot)
