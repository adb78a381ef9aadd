"""Opening a session for AgentSession: the history store, the resume target, the user-model
provider, and what a stored session brings back (prompt, messages, title, totals).

Each step returns plain values; AgentSession.open puts them together.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hermes.agent import compress, llm
from hermes.agent.events import Event, Notice
from hermes.agent.stored_history import History, SessionTotals
from hermes.config import Config, MemoryConfig

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.providers.guard import GuardedProvider

log = logging.getLogger("hermes.agent.opening")


class OpenError(Exception):
    """A session could not be opened (resume target not found, ambiguous, ...): one line."""


def open_history() -> tuple[History, str | None]:
    """The history over state.db; without a database, an in-memory one and the line that
    says the conversation will not be saved."""
    try:
        from hermes.sessions import SessionStore

        return History(SessionStore()), None
    except Exception as exc:  # noqa: BLE001 - chat still works, without history
        log.warning("session store unavailable", exc_info=True)
        return History(None), (f"Session history is unavailable ({llm.provider_message(exc)}); "
                               f"this conversation will not be saved.")


def resume_target(history: History, resume: str | None, *, error: str | None) -> str:
    """The id of the session to resume: `resume` (name, id or prefix), or the most recent one
    when it is None; raises OpenError with one line."""
    store = history.store
    if store is None:
        raise OpenError(error or "Session history is unavailable.")
    try:
        target = store.resolve_session(resume) if resume else store.most_recent_session()
    except Exception as exc:  # noqa: BLE001 - not found / ambiguous: its own words
        raise OpenError(str(exc)) from None
    if target is None:
        raise OpenError("There is no earlier session to continue." if resume is None
                        else f"No session matches {resume!r}.")
    return target.id


def load_provider(cfg: Config, emit: Callable[[Event], None]) -> GuardedProvider | None:
    """The configured user-model provider, or None (off, or it cannot start: logged)."""
    if cfg.user_model.provider == "off":
        return None

    async def complete(messages: list[dict[str, Any]], *, purpose: str) -> str:
        mc = cfg.resolve_model(cfg.user_model.model)
        state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                            max_retries=1)
        return state.text

    def on_error(message: str) -> None:
        emit(Notice(kind="provider", text=message))

    try:
        from hermes import paths
        from hermes.providers import load_provider as load

        return load(cfg, complete=complete, store_path=paths.state_db_path(), on_error=on_error)
    except Exception:  # noqa: BLE001 - the built-in memory still works
        log.warning("user-model provider not loaded", exc_info=True)
        return None


@dataclass
class StoredSession:
    """What a stored session brings back to go on with it."""

    prompt: str  # "" when stored without one (older data): the caller builds it
    messages: list[dict[str, Any]]
    summary: str  # a continuation's compression summary; the next compression builds on it
    title: str | None
    named: bool  # a model or a person named it: no model title is asked for
    turns: int
    totals: SessionTotals
    failed_user_id: int | None  # it ends with a message whose turn failed (for /retry)


def read_session(history: History, session_id: str) -> StoredSession:
    """A stored session's prompt, conversation, title and totals; raises OpenError when gone."""
    info = history.get(session_id)
    if info is None:
        raise OpenError(f"No session with id {session_id}.")
    messages = history.load_conversation(session_id)
    turns = sum(1 for m in messages if m.get("role") == "user")
    totals = SessionTotals(input_tokens=info.input_tokens or 0, output_tokens=info.output_tokens or 0,
                           cache_tokens=info.cache_tokens or 0, cost=info.cost or 0.0, turns=turns)
    prompt = info.system_prompt or ""
    return StoredSession(prompt, messages, compress.summary_from_prompt(prompt), info.title,
                         info.title_source in ("llm", "user"), turns, totals,
                         history.trailing_failed_id)


def memory_differs(memory: MemoryConfig, prompt: str) -> bool:
    """MEMORY.md/USER.md changed since `prompt` (a stored session's) froze them."""
    try:
        from hermes.agent.memory_refresh import snapshot_differs
        from hermes.memory import render_snapshot

        return snapshot_differs(prompt, render_snapshot(memory))
    except Exception:  # noqa: BLE001 - unknown: say nothing rather than something wrong
        log.warning("could not compare the memory snapshot", exc_info=True)
        return False
