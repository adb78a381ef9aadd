"""Work after a turn that never blocks the next one: the memory review and the session title.

Both send lean requests (the last exchange only, no conversation history, no tool schemas) so
together they stay a small fraction of the turn they follow. The review's changes go through
the memory tool (origin "review"): they follow memory.write_approval like the agent's own, and
memory.review_approval: destructive stages its replace and remove. The live memory it reads
comes through render_block, so withheld entries reach it only as placeholders.
"""

from __future__ import annotations

import ast
import json
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from hermes.agent import grounding, llm, tokens
from hermes.agent.events import ApprovalStaged, Event, Notice
from hermes.agent.tool_registry import preview
from hermes.config import Config, ModelConfig

if TYPE_CHECKING:  # the memory layer is imported on first use
    from hermes.memory.memory_tool import MemoryTool
    from hermes.memory.staleness import StoreHealth

log = logging.getLogger("hermes.agent.background")

REVIEW_PROMPT = """\
Save lasting facts the user stated or a tool showed to long-term memory; no guesses, trivia, \
secrets, code, logs, duplicates or what the user asked to forget. Targets: user (identity, \
preferences), project (this project's conventions, layout, commands), memory (environment, \
lessons, finished work, anything not about this project). Reply only with a \
JSON list, usually []: [{"action":"add","target":"user","content":"..."}]; replace/remove \
use "old_text" (unique substring)."""

# Added only when a store is full or holds stale entries (the note after "Memory now").
PROPOSAL_RULES = """
Stale entries: if this exchange contradicts one, rewrite it (replace) or retire it (remove). \
A FULL store needs room: merge overlapping entries \
({"action":"merge","target":"memory","old_text":["..",".."],"content":".."}) or retire stale \
ones. Give each such change a short "reason"; the user approves it."""
STALE_SHOWN = 4  # stale entries named in the note, least recently confirmed first

TITLE_PROMPT = "Title this conversation in 3-7 words. Reply with the title only."
COMBINED_TITLE_RULE = '\nStart with a line "TITLE: <a 3-7 word title>".'

USER_CHARS = 1500  # what the user said matters most for memory
TOOLS_CHARS = 300
SOURCES_CHARS = 200
MEMORY_VIEW_CHARS = 600  # beyond this, only the entries most related to the exchange are sent

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


usage_of = _usage  # the same accounting for the skill review (hermes/agent/skill_review.py)


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + " […]"


def exchange_excerpt(user_text: str, tool_lines: list[str] | None = None) -> str:
    """The last exchange as the review reads it: what the user said (capped) and what the
    tools did (one short line each, so facts a tool showed can be traced and saved writes are
    not repeated). Not the reply: a saved fact must come from the user or a tool, and leaving
    the reply out keeps the review under a quarter of even a short turn."""
    tools = f"\nTools: {_cut('; '.join(tool_lines), TOOLS_CHARS)}" if tool_lines else ""
    return f"User: {_cut(user_text, USER_CHARS)}{tools}"


def sources_note(labels: list[str]) -> str:
    """One line naming the tool results that came from files and commands (repository text,
    not the user's words); "" when there were none."""
    if not labels:
        return ""
    return ("\nFrom files/commands, not the user (copies wait for approval): "
            + _cut("; ".join(labels), SOURCES_CHARS))


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[\w~./-]{4,}", text.lower())}


def memory_view(cfg: Config, exchange: str, budget: int = MEMORY_VIEW_CHARS) -> str:
    """Live memory for the review: all of it when small, else each store's usage and the
    entries that share the most words with the exchange (enough to spot duplicates and
    conflicts without paying for the whole store on every turn)."""
    from hermes.memory import enabled_targets, read_store, render_block, render_snapshot

    stores = [read_store(cfg.memory, t) for t in enabled_targets(cfg.memory)]
    if sum(st.used for st in stores if st.used > 0) <= budget:
        return render_snapshot(cfg.memory) or "(empty)"
    wanted = _words(exchange)
    parts: list[str] = []
    per_store = budget // max(1, len(stores))
    for st in stores:
        if not st.entries:
            continue
        ranked = sorted(st.entries, key=lambda e: -len(_words(e) & wanted))
        shown: list[str] = []
        size = 0
        for entry in ranked:
            if size + len(entry) > per_store or not (_words(entry) & wanted):
                break
            shown.append(entry)
            size += len(entry) + 3
        label = {"user": "USER PROFILE", "project": "PROJECT MEMORY"}.get(st.target, "MEMORY")
        head = (f"{label} [{st.usage}; {len(shown)} of {len(st.entries)} entries shown, the "
                f"ones related to this exchange]")
        body = render_block(st.target, shown, 10**9).split("═" * 46)[-1].strip() if shown else ""
        parts.append(head + ("\n" + body if body else ""))
    return "\n\n".join(parts) or "(empty)"


def health_note(health: Mapping[str, StoreHealth]) -> str:
    """The lines that tell the review which stores are full and which entries are stale ("" when
    neither: the review's request then stays as it was)."""
    from hermes.memory.withhold import shown

    full = [f"{FILE_LABELS.get(h.target, h.target)} {h.percent}%" for h in health.values() if h.full]
    stale = [(h.target, a) for h in health.values() for a in h.stale]
    stale.sort(key=lambda ta: ta[1].confirmed_days() or 10**6, reverse=True)
    lines = []
    if full:
        lines.append("FULL: " + ", ".join(full))
    if stale:
        tags = [f"[{a.confirmed_days()}d]" if a.confirmed_days() is not None else "[?d]"
                for _, a in stale[:STALE_SHOWN]]
        lines.append("Stale (days since confirmed): " + " | ".join(
            f"{tag} {t}: {_cut(shown(a.entry), 80)}"
            for tag, (t, a) in zip(tags, stale[:STALE_SHOWN], strict=True)))
    return "\n".join(lines)


FILE_LABELS = {"memory": "MEMORY", "user": "USER", "project": "PROJECT"}


def parse_operations(text: str) -> list[dict[str, Any]]:
    """The operations in a review reply: a JSON list, or a single JSON object (small models
    often send one), in a code fence or among chatter; a Python-literal list is read too."""
    text = text.strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fenced:
        text = fenced.group(1).strip()
    value: Any = None
    for open_, close in (("[", "]"), ("{", "}")):
        start, end = text.find(open_), text.rfind(close)
        if start < 0 or end < start:
            continue
        candidate = text[start:end + 1]
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            try:
                value = ast.literal_eval(candidate)  # literals only: nothing is executed
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
        if open_ == "[" and not isinstance(value, list):
            continue
        break
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        return []
    return [op for op in value if isinstance(op, dict) and op.get("action")]


def same_model(a: ModelConfig, b: ModelConfig) -> bool:
    """Whether two resolved model configs reach the same model the same way."""
    return (a.name, a.api_base, a.api_key_env) == (b.name, b.api_base, b.api_key_env)


def split_title(text: str) -> tuple[str, str]:
    """("title", rest) from a combined reply whose first line is `TITLE: …`."""
    match = re.search(r"^\s*\**title\**\s*:\s*(.+)$", text, re.I | re.M)
    if not match:
        return "", text
    return title_from_reply(match.group(1)), text[: match.start()] + text[match.end():]


async def run_review(cfg: Config, *, memory_tool: MemoryTool, user_text: str,
                     emit: Callable[[Event], None], with_title: bool = False,
                     tool_lines: list[str] | None = None,
                     source_labels: list[str] | None = None) -> tuple[BackgroundUsage, str]:
    """Ask the review model what to keep; apply it through the memory tool; emit notices.
    With `with_title` the same call also writes the session title (one request instead of
    two when review and title use the same model). `source_labels` name the tool results that
    came from files and commands (the review is told; copies of them are staged by the memory
    tool's provenance check). Returns (usage, title or "")."""
    mc = cfg.resolve_model(cfg.memory.review_model)
    excerpt = exchange_excerpt(user_text, tool_lines) + sources_note(source_labels or [])
    health = review_health(cfg)
    note = health_note(health)
    rules = PROPOSAL_RULES if note else ""
    view = memory_view(cfg, excerpt) + (f"\n{note}" if note else "")
    messages = [
        {"role": "system",
         "content": REVIEW_PROMPT + rules + (COMBINED_TITLE_RULE if with_title else "")},
        {"role": "user", "content": f"Memory now:\n{view}\n\n{excerpt}"},
    ]
    state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                        max_retries=1, extra=_small_reply(mc, 300))
    usage = _usage("review", mc, state, messages)
    title, rest = split_title(state.text) if with_title else ("", state.text)
    # a configured scan judge answers in a thread now, so applying below never waits on it
    from hermes.agent.scan_judge import prejudge

    await prejudge(memory_tool.screen, [op.get("content") for op in parse_operations(rest)
                                        if isinstance(op, dict)])
    apply_review(cfg, memory_tool, rest, emit, user_text=user_text, tool_lines=tool_lines or [],
                 health=health)
    extra = await _consolidation(cfg, mc, memory_tool, emit, health)
    if extra is not None:  # counted with the review: it is the review's work
        usage = BackgroundUsage(usage.purpose, usage.model, usage.prompt_tokens + extra.prompt_tokens,
                                usage.completion_tokens + extra.completion_tokens,
                                usage.cost + extra.cost)
    return usage, title


async def _consolidation(cfg: Config, mc: ModelConfig, memory_tool: MemoryTool,
                         emit: Callable[[Event], None], health: Mapping[str, StoreHealth]
                         ) -> BackgroundUsage | None:
    """Draft a consolidation of a store over 80 % full (at most one store, once a week each;
    hermes/agent/consolidate.py) and stage it; the request's usage, None when none was due."""
    from hermes.agent.consolidate import draft_request, stage_draft

    request = draft_request(cfg, health)
    if request is None:
        return None
    target, messages = request
    try:
        state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                            max_retries=1, extra=_small_reply(mc, 900))
    except Exception:  # noqa: BLE001 - a draft is optional; the review's own work is done
        log.warning("consolidation draft request failed", exc_info=True)
        return None
    stage_draft(cfg, memory_tool, emit, target, state.text)
    return _usage("review", mc, state, messages)


def review_health(cfg: Config) -> dict[str, StoreHealth]:
    """Each enabled store's fill and stale entries, from the stores and the journal."""
    from hermes.memory import enabled_targets, read_store
    from hermes.memory.ages import read_ages
    from hermes.memory.staleness import store_health

    try:
        stores = {t: read_store(cfg.memory, t).entries for t in enabled_targets(cfg.memory)}
        return store_health(cfg.memory, read_ages(cfg.memory, stores))
    except OSError:  # an unreadable journal: the review goes on without ages
        log.warning("memory ages unavailable for the review", exc_info=True)
        return {}


def _small_reply(mc: ModelConfig, n: int) -> dict[str, Any]:
    """Cap the reply length of background calls, unless the config sets its own limit or the
    model reasons before answering (its hidden reasoning would eat a small cap)."""
    if mc.max_tokens or llm.supports_reasoning(mc.name):
        return {}
    return {"max_tokens": n}


def apply_review(cfg: Config, memory_tool: MemoryTool, reply: str, emit: Callable[[Event], None], *,
                 user_text: str = "", tool_lines: list[str] | None = None,
                 health: Mapping[str, StoreHealth] | None = None) -> None:
    """Run the review's operations through the memory tool and announce what changed. An add
    or replace whose content the reviewed turn does not support (hermes/agent/grounding.py)
    is dropped, with a log line and, with display.memory_notifications: verbose, a notice.
    A replace or remove of a stale entry, any change to a full store, and every merge are
    proposals: staged with their reason (hermes/agent/proposals.py), never applied."""
    from hermes.agent.proposals import as_call, proposal_reason

    changed: dict[str, list[str]] = {}
    mode = cfg.display.memory_notifications
    for raw in parse_operations(reply)[:6]:
        op: dict[str, Any] = {k: raw[k] for k in ("action", "target", "content", "old_text")
                              if k in raw}
        if op.get("action") in ("add", "replace", "merge"):
            why = grounding.check(str(op.get("content") or ""), user_text, tool_lines or [],
                                  _replaced_entry(cfg, op))
            if why:
                content = preview(op.get("content"), 60)
                log.info("review %s dropped (%s): %s", op.get("action"), why, content)
                if mode == "verbose":
                    emit(Notice(kind="memory", text="Memory review: a change was not saved",
                                detail=f'{op.get("action")} "{content}": {why}'))
                continue
        reason = proposal_reason(cfg, op, str(raw.get("reason") or ""), health or {})
        try:
            data = (memory_tool.propose(as_call(op, _live_entries(cfg, op)), reason)
                    if reason is not None
                    else json.loads(memory_tool.dispatch(json.dumps(op, ensure_ascii=False))))
        except Exception:  # noqa: BLE001 - one bad operation does not stop the others
            log.warning("review operation failed", exc_info=True)
            continue
        if not isinstance(data, dict) or not data.get("success"):
            log.info("review operation refused: %s", preview(data, 200))
            continue
        target = str(op.get("target") or data.get("target") or "memory")
        detail = f'{op.get("action")} "{preview(op.get("content") or op.get("old_text"), 60)}"'
        if data.get("staged"):
            # The UI shows its own line for each staged write and updates it when decided.
            emit(ApprovalStaged(pending_id=str(data.get("pending_id", "")), target=target,
                                action=str(op.get("action", "")), reason=str(data.get("reason") or "")))
        elif data.get("changed", True):
            changed.setdefault(target, []).append(detail)
    if mode != "off":
        for target, details in changed.items():
            kind: Literal["user", "memory"] = "user" if target == "user" else "memory"
            text = {"user": "User profile updated",
                    "project": "Project memory updated"}.get(target, "Memory updated")
            emit(Notice(kind=kind, text=text,
                        detail="; ".join(details) if mode == "verbose" else ""))


def _live_entries(cfg: Config, op: dict[str, Any]) -> list[str]:
    """The entries of the store an operation names ([] when it cannot be read)."""
    from hermes.memory import TARGETS, StoreUnreadable, read_entries

    target = str(op.get("target") or "memory")
    if target not in TARGETS:
        return []
    try:
        return read_entries(cfg.memory, target)
    except StoreUnreadable:
        return []


def _replaced_entry(cfg: Config, op: dict[str, Any]) -> str:
    """The live entry a replace would change, or the entries a merge joins ("" for an add, or
    when none matches)."""
    raw = op.get("old_text")
    olds = [str(o) for o in raw] if isinstance(raw, list) else [str(raw or "")]
    if op.get("action") not in ("replace", "merge") or not any(olds):
        return ""
    try:
        from hermes.memory import read_entries

        entries = read_entries(cfg.memory, str(op.get("target") or "memory"))
    except Exception:  # noqa: BLE001 - an unknown target: the memory tool refuses it anyway
        return ""
    return "\n".join(e for old in olds if old
                     for e in [next((e for e in entries if old in e), "")] if e)


def title_from_reply(text: str) -> str:
    """The first line of a model's title reply, without quotes, markup or a trailing period,
    at most 7 words; "" when nothing usable is left."""
    line = next((ln for ln in text.strip().splitlines() if ln.strip()), "")
    line = re.sub(r"^(?:title\s*:\s*)", "", line.strip(), flags=re.I)
    line = line.strip(" \t\"'`*#_“”‘’").rstrip(".!")
    words = line.split()
    return " ".join(words[:7]) if words else ""


async def generate_title(cfg: Config, user_text: str) -> tuple[str, BackgroundUsage]:
    """A short model-written title for the first request ("" when the reply was unusable)."""
    mc = cfg.resolve_model(cfg.sessions.title_model)
    messages = [
        {"role": "system", "content": TITLE_PROMPT},
        {"role": "user", "content": _cut(user_text, 300)},
    ]
    state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                        max_retries=1, extra=_small_reply(mc, 24))
    return title_from_reply(state.text), _usage("title", mc, state, messages)
