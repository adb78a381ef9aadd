"""The system prompt: built once when a session starts, stored with it, reused byte-identical.

It is a list of named blocks in a fixed order. The fixed blocks (who the agent is, how to use
its tools, memory and session search) depend only on the config, so they are byte-identical in
every session: a llama.cpp or hosted prefix cache keeps them, with the tool schemas a chat
template puts after them. The session blocks (the frozen memory snapshot, the project's context
files, the memory provider's static block, a compression summary) come after SESSION_HEADING,
and `system_messages` sends them as a second system message so that the tool schemas that
follow the first one stay cached when memory changes. A new block (a skills index, say) slots
in by name. Nothing in it may change during a session, so it carries no clock and no counters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hermes.config import Config

IDENTITY = (
    "You are Hermes, an assistant that works with one person in their terminal and remembers "
    "them across sessions. Be direct and concise; use Markdown only when it helps. Say so when "
    "you are unsure instead of guessing."
)

# Small local models call a tool when the prompt names the tool for the question in so many
# words (bench/real_model_bench.py); a general "use your tools" did not make them do it.
CODE_TOOLS_GUIDANCE = (
    "## Code\n"
    "You can read this project's files yourself. For a question about the code (where "
    "something is defined or used, what a function does or returns), call search_files with "
    "the name first, then read_file on the file it finds, and answer from what you read. Use "
    "list_files to see the folders. Never tell the user to search or run find or grep."
)

SESSION_SEARCH_GUIDANCE = (
    "## Past conversations\n"
    "When the user refers to an earlier conversation (\"last time\", \"we discussed\", "
    "\"yesterday\"), call session_search with a few distinctive words before answering; "
    "results already given below the user's message are that search. Say so if nothing "
    "relevant is found."
)

# Starts the session part of the prompt (hermes/agent/conversation.py sends it as its own
# system message); the fixed part never contains it.
SESSION_HEADING = "## This user and this session"

MEMORY_HEADING = ("What you remember about this user and their work, saved in earlier "
                  "sessions. Answer questions about them from it:")


def memory_rules(targets: list[str]) -> str:
    """How to use the memory tool, for the enabled stores ("" when memory is off)."""
    if not targets:
        return ""
    where = []
    if "user" in targets:
        where.append("user: who they are and their preferences")
    if "memory" in targets:
        where.append("memory: their environment, tools and lessons"
                     + ("" if "project" in targets else ", their projects and conventions"))
    if "project" in targets:
        where.append("project: this project's conventions, layout and commands")
    return (
        "## Memory\n"
        "Your memory is the section below, frozen at session start; what you save shows from "
        "the next session. With the `memory` tool save only what the user states as lasting "
        f"({'; '.join(where)}), in their words. A question is not a fact: never save guesses, "
        "templates, your own answers or what the user asked. When a note says Hermes already "
        "saved the user's words, do not save them again."
    )


@dataclass(frozen=True)
class PromptBlock:
    """One named part of the system prompt."""

    name: str
    text: str


@dataclass(frozen=True)
class SystemPrompt:
    """The prompt text and the memory snapshot frozen into it (for the memory viewer)."""

    text: str
    memory_snapshot: str
    blocks: tuple[PromptBlock, ...] = ()


# Introduces the compression summary, the last part of a continuation's prompt (and how
# compress.summary_from_prompt finds it again on resume).
SUMMARY_HEADING = ("Summary of the earlier part of this conversation (it was compressed to "
                   "fit the context window):\n")


def fixed_blocks(cfg: Config) -> list[PromptBlock]:
    """The blocks that are the same in every session under this config, in order."""
    from hermes.memory import enabled_targets

    blocks = [PromptBlock("identity", IDENTITY)]
    if cfg.tools.enabled:
        blocks.append(PromptBlock("code", CODE_TOOLS_GUIDANCE))
    blocks.append(PromptBlock("memory_rules", memory_rules(list(enabled_targets(cfg.memory)))))
    blocks.append(PromptBlock("session_search", SESSION_SEARCH_GUIDANCE))
    return [b for b in blocks if b.text.strip()]


def session_blocks(snapshot: str, *, project_block: str = "", provider_block: str = "",
                   summary: str = "", skills_block: str = "") -> list[PromptBlock]:
    """The blocks of one session (memory, the SKILLS index, project, provider, summary), in order."""
    blocks = []
    if snapshot.strip():
        blocks.append(PromptBlock("memory", MEMORY_HEADING + "\n\n" + snapshot.strip("\n")))
    blocks.append(PromptBlock("skills", skills_block.strip()))  # hermes/agent/skill_setup.py
    blocks.append(PromptBlock("project", project_block.strip()))
    blocks.append(PromptBlock("provider", provider_block.strip()))
    if summary.strip():
        blocks.append(PromptBlock("summary", SUMMARY_HEADING + summary.strip()))
    return [b for b in blocks if b.text.strip()]


def join_blocks(fixed: list[PromptBlock], session: list[PromptBlock]) -> str:
    """The prompt text: the fixed blocks, then SESSION_HEADING and the session blocks."""
    text = "\n\n".join(b.text.strip("\n") for b in fixed)
    if session:
        text += "\n\n" + SESSION_HEADING + "\n\n" + "\n\n".join(b.text.strip("\n") for b in session)
    return text


def build_system_prompt(cfg: Config, *, provider_block: str = "", summary: str = "",
                        project_block: str = "", skills_block: str = "") -> SystemPrompt:
    """The fixed blocks (identity, code tools, memory rules, session search), then the frozen
    memory, the skills index, the PROJECT CONTEXT block (read once at session start: hermes/workspace/project.py),
    the provider's static block and `summary` (after a compression)."""
    from hermes.memory import render_snapshot

    snapshot = render_snapshot(cfg.memory) or ""
    fixed = fixed_blocks(cfg)
    session = session_blocks(snapshot, project_block=project_block,
                             provider_block=provider_block, summary=summary,
                             skills_block=skills_block)
    return SystemPrompt(text=join_blocks(fixed, session), memory_snapshot=snapshot,
                        blocks=tuple(fixed + session))


def system_messages(prompt: str) -> list[dict[str, Any]]:
    """The system message(s) a request starts with: the fixed part, and the session part as
    a second message (a prompt stored before the split, or without a session part, is one)."""
    marker = "\n\n" + SESSION_HEADING + "\n\n"
    fixed, found, session = prompt.partition(marker)
    if not found or not fixed.strip():
        return [{"role": "system", "content": prompt}]
    return [{"role": "system", "content": fixed},
            {"role": "system", "content": SESSION_HEADING + "\n\n" + session}]
