"""Work after a turn that never blocks the next one: the memory review and the session title.

Both send lean requests (the last exchange only, no conversation history, no tool schemas) so
together they stay a small fraction of the turn they follow. The review's changes go through
the memory tool (origin "review"), so its replace and remove are staged for approval.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hermes.agent import llm, tokens
from hermes.agent.events import ApprovalStaged, Event, Notice
from hermes.agent.tools import preview
from hermes.config import Config, ModelConfig

log = logging.getLogger("hermes.agent.background")

REVIEW_PROMPT = """\
You curate an assistant's long-term memory. Read the exchange and the current memory, then \
reply with ONLY a JSON list of memory operations, or [] when nothing is worth keeping (the \
usual case).
Forms: {"action":"add","target":T,"content":C} \
{"action":"replace","target":T,"old_text":UNIQUE_SUBSTRING,"content":C} \
{"action":"remove","target":T,"old_text":UNIQUE_SUBSTRING}
T is "user" (who the user is: name, role, preferences, style) or "memory" (environment facts, \
conventions, corrections, lessons, finished work).
Save only what the user said or a tool showed, never guesses. If the user asked not to \
remember something, do not save it. Skip trivia, secrets, raw code or logs, and what memory \
already holds. One short, specific fact per entry."""

TITLE_PROMPT = ("Write a 3-7 word title for this conversation. Reply with the title only, "
                "no quotes.")

EXCERPT_CHARS = 1500


@dataclass
class BackgroundUsage:
    purpose: str  # "review" | "title"
    model: str
    prompt_tokens: int
    completion_tokens: int
    cost: float


def _usage(purpose: str, mc: ModelConfig, state: llm.StreamState,
           messages: list[dict[str, Any]]) -> BackgroundUsage:
    if state.usage:
        p, c = state.usage["prompt_tokens"], state.usage["completion_tokens"]
    else:
        p = tokens.count_messages(messages, mc.name)
        c = tokens.count_text(state.text, mc.name)
    return BackgroundUsage(purpose, mc.name, p, c, llm.cost_usd(mc.name, p, c))


def exchange_excerpt(user_text: str, assistant_text: str) -> str:
    def cut(text: str) -> str:
        text = text.strip()
        return text if len(text) <= EXCERPT_CHARS else text[:EXCERPT_CHARS] + " […]"

    return f"User: {cut(user_text)}\nAssistant: {cut(assistant_text)}"


def parse_operations(text: str) -> list[dict[str, Any]]:
    """The JSON list of operations in a review reply (code fences and chatter tolerated)."""
    text = text.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fenced:
        text = fenced.group(1).strip()
    start, end = text.find("["), text.rfind("]")
    if start < 0 or end < start:
        return []
    try:
        value = json.loads(text[start:end + 1])
    except json.JSONDecodeError:
        return []
    if isinstance(value, dict):
        value = [value]
    return [op for op in value if isinstance(op, dict) and op.get("action")]


async def run_review(cfg: Config, *, memory_tool: Any, live_memory: str, user_text: str,
                     assistant_text: str, emit: Callable[[Event], None]) -> BackgroundUsage | None:
    """Ask the review model what to keep; apply it through the memory tool; emit notices."""
    mc = cfg.resolve_model(cfg.memory.review_model)
    memory_block = live_memory.strip() or "(memory is empty)"
    messages = [
        {"role": "system", "content": REVIEW_PROMPT},
        {"role": "user", "content": f"Current memory:\n{memory_block}\n\nExchange:\n"
                                    f"{exchange_excerpt(user_text, assistant_text)}"},
    ]
    state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                        max_retries=1)
    usage = _usage("review", mc, state, messages)
    changed: dict[str, list[str]] = {}
    staged: dict[str, list[str]] = {}
    for op in parse_operations(state.text)[:6]:
        op = {k: op[k] for k in ("action", "target", "content", "old_text") if k in op}
        try:
            data = json.loads(memory_tool.dispatch(json.dumps(op, ensure_ascii=False)))
        except Exception:  # noqa: BLE001 - one bad operation does not stop the others
            log.warning("review operation failed", exc_info=True)
            continue
        if not isinstance(data, dict) or not data.get("success"):
            log.info("review operation refused: %s", preview(data, 200))
            continue
        target = str(op.get("target") or data.get("target") or "memory")
        detail = f'{op.get("action")} "{preview(op.get("content") or op.get("old_text"), 60)}"'
        if data.get("staged"):
            emit(ApprovalStaged(pending_id=str(data.get("pending_id", "")), target=target,
                                action=str(op.get("action", ""))))
            staged.setdefault(target, []).append(detail)
        elif data.get("changed", True):
            changed.setdefault(target, []).append(detail)
    mode = cfg.display.memory_notifications
    if mode != "off":
        for target, details in changed.items():
            kind = "user" if target == "user" else "memory"
            text = "User profile updated" if kind == "user" else "Memory updated"
            emit(Notice(kind=kind, text=text,
                        detail="; ".join(details) if mode == "verbose" else ""))
        for target, details in staged.items():
            kind = "user" if target == "user" else "memory"
            n = len(details)
            emit(Notice(kind=kind, text=f"{n} memory change{'s' if n > 1 else ''} waiting for "
                                        f"approval (/memory pending)",
                        detail="; ".join(details) if mode == "verbose" else ""))
    return usage


def clean_title(text: str) -> str:
    """The first line of a model's title reply, without quotes, markup or a trailing period,
    at most 7 words; "" when nothing usable is left."""
    line = next((ln for ln in text.strip().splitlines() if ln.strip()), "")
    line = re.sub(r"^(?:title\s*:\s*)", "", line.strip(), flags=re.I)
    line = line.strip(" \t\"'`*#_“”‘’").rstrip(".!")
    words = line.split()
    return " ".join(words[:7]) if words else ""


async def generate_title(cfg: Config, user_text: str, assistant_text: str
                         ) -> tuple[str, BackgroundUsage]:
    """A short model-written title for the first exchange ("" when the reply was unusable)."""
    mc = cfg.resolve_model(cfg.sessions.title_model)
    messages = [
        {"role": "system", "content": TITLE_PROMPT},
        {"role": "user", "content": f"User: {user_text.strip()[:500]}\n"
                                    f"Assistant: {assistant_text.strip()[:300]}"},
    ]
    state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                        max_retries=1)
    return clean_title(state.text), _usage("title", mc, state, messages)
