"""Context compression: summarise older turns, continue in a child session (`NAME #2`).

The child gets a freshly built system prompt (a new memory snapshot) that carries the summary,
and a copy of the most recent turns, so the conversation goes on where it was.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from hermes.agent import llm, tokens
from hermes.agent.prompt import SUMMARY_HEADING
from hermes.config import Config

log = logging.getLogger("hermes.agent.compress")

COMPRESS_PROMPT = """\
Summarise the conversation below so it can continue without it. Keep: the user's goals and \
requests, decisions and their reasons, facts learned (names, paths, versions, commands that \
worked), open questions and what was about to happen next. Drop chit-chat. Use short bullet \
points, at most about 300 words. Reply with the summary only."""

MESSAGE_CHARS = 2000


@dataclass
class Split:
    older: list[dict[str, Any]]
    recent: list[dict[str, Any]]


def split_for_compression(messages: list[dict[str, Any]], keep_turns: int) -> Split | None:
    """Older turns to summarise and the last `keep_turns` turns to keep (cut at a user message,
    so tool calls stay with their results); None when nothing older exists."""
    starts = [i for i, m in enumerate(messages) if m.get("role") == "user"]
    if not starts or len(starts) <= keep_turns:
        return None
    cut = starts[-keep_turns] if keep_turns > 0 else len(messages)
    return Split(messages[:cut], messages[cut:])


def turn_count(messages: list[dict[str, Any]]) -> int:
    """How many user turns a conversation holds."""
    return sum(1 for m in messages if m.get("role") == "user")


def transcript(messages: list[dict[str, Any]], budget_chars: int) -> str:
    """The older turns as plain text, each message cut, the whole kept under a budget (newest
    kept when it must drop some)."""
    lines: list[str] = []
    for msg in messages:
        role = msg.get("role")
        content = str(msg.get("content") or "")
        if len(content) > MESSAGE_CHARS:
            content = content[:MESSAGE_CHARS] + " […]"
        if role == "user":
            lines.append(f"User: {content}")
        elif role == "assistant":
            calls = ", ".join(c.get("function", {}).get("name", "?")
                              for c in msg.get("tool_calls") or [])
            lines.append(f"Assistant: {content}" + (f" [called {calls}]" if calls else ""))
        elif role == "tool":
            lines.append(f"Tool result: {content[:400]}")
    text = "\n".join(lines)
    return text if len(text) <= budget_chars else "[…]\n" + text[-budget_chars:]


async def summarise(cfg: Config, older: list[dict[str, Any]], previous_summary: str = "",
                    max_tokens: int | None = None) -> str:
    """Ask the compression model for a summary of `older`, at most `max_tokens` long when given
    (raises llm.LLMError)."""
    mc = cfg.resolve_model(cfg.compression.model)
    window = llm.context_window(mc)
    budget = max(4000, int(window * 0.6) * 3)  # about 3 chars per token, leave room
    body = transcript(older, budget)
    if previous_summary:
        body = f"Summary of what came before:\n{previous_summary}\n\nThen:\n{body}"
    messages = [{"role": "system", "content": COMPRESS_PROMPT},
                {"role": "user", "content": body}]
    state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                        max_retries=cfg.agent.max_retries,
                                        extra={"max_tokens": min(summary_cap(window),
                                                                 max_tokens or summary_cap(window))})
    summary = state.text.strip()
    if state.finish_reason == "length":
        summary = cut_at_sentence(summary)
    if not summary:
        raise llm.LLMError(f"{mc.name} returned an empty summary; the conversation was not "
                           "compressed.", kind="bad_request", retryable=True)
    log.info("compressed %d messages into %d tokens", len(older),
             tokens.count_text(summary, mc.name))
    return summary


TRUNCATED_MARK = "[summary cut at the token limit]"


def summary_cap(window: int) -> int:
    """max_tokens for a summary: room for the ~300 words asked for, never a big share."""
    return max(256, min(1024, window // 8))


def cut_at_sentence(text: str) -> str:
    """A summary the token limit cut: ended at its last full sentence or line, and marked."""
    end = max(text.rfind(". "), text.rfind(".\n"), text.rfind("\n"))
    if text.endswith((".", "!", "?")):
        end = len(text) - 1
    kept = text[: end + 1].rstrip() if end > 0 else text
    return f"{kept}\n{TRUNCATED_MARK}" if kept else ""


def shorten(summary: str, budget_tokens: int, model: str = "") -> str:
    """A summary cut (at a sentence, marked) to about `budget_tokens`; "" when there is no room.
    A server may ignore max_tokens, and the child's prompt must leave half the window free."""
    if tokens.count_text(summary, model) <= budget_tokens:
        return summary
    if budget_tokens <= tokens.count_text(TRUNCATED_MARK, model) + 8:
        return ""
    text = summary
    while text and tokens.count_text(text, model) > budget_tokens:
        text = cut_at_sentence(text[: int(len(text) * 0.85)].removesuffix(TRUNCATED_MARK).rstrip())
    return text


def summary_from_prompt(system_prompt: str) -> str:
    """The compression summary a continuation session's stored system prompt carries (the last
    part of the prompt), or "" for a prompt without one."""
    _, found, summary = (system_prompt or "").rpartition(SUMMARY_HEADING)
    return summary.strip() if found else ""
