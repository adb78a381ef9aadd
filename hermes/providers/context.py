"""Per-turn context with cadences: the part both providers share.

Three knobs (config `user_model`): `context_cadence` refreshes the base context every N turns,
`dialectic_cadence` runs the dialectic every N turns, `dialectic_depth` allows 1–3 passes with
an early exit when an answer is already strong. A dialectic answer older than twice its cadence
is dropped. A section already sent in an earlier, finished turn of the same session is not sent
again (it is still in the conversation), unless `repeat_unchanged` is set.
"""

from __future__ import annotations

import asyncio
import logging
import re
from abc import abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from hermes.providers.base import BaseContext, Provider, TurnRecord, fence
from hermes.providers.prompts import RIGHT_NOW

log = logging.getLogger("hermes.providers")

STRONG_MIN_CHARS = 280
_STRUCTURE_LINE = re.compile(r"^(?:[-*•]\s|\d{1,2}[.)]\s|#{1,6}\s|[A-Z][\w ]{1,40}:\s)")
_MAX_SESSIONS = 32  # per-session state kept in memory; the oldest is forgotten first
_RECENT_TURNS = 3


def is_strong_answer(text: str, min_chars: int = STRONG_MIN_CHARS) -> bool:
    """Long enough and structured (at least two bullet, numbered, heading or 'Label:' lines)."""
    body = text.strip()
    if len(body) < min_chars:
        return False
    lines = (line.strip() for line in body.splitlines())
    return sum(1 for line in lines if _STRUCTURE_LINE.match(line)) >= 2


def render_sections(base: BaseContext | None, dialectic: str) -> dict[str, str]:
    """The context as named sections, in the order they are shown; empty ones left out."""
    out: dict[str, str] = {}
    if base is not None:
        if base.peer_card:
            out["Peer card (stable facts about the user)"] = "\n".join(
                f"- {item}" for item in base.peer_card)
        if base.user_representation.strip():
            out["What Hermes understands about the user"] = base.user_representation.strip()
        if base.conclusions:
            out["Relevant conclusions"] = "\n".join(f"- {c}" for c in base.conclusions)
        if base.assistant_representation.strip():
            out["How you work with this user"] = base.assistant_representation.strip()
        if base.session_summary.strip():
            out["This session so far"] = base.session_summary.strip()
    if dialectic.strip():
        out["What matters right now"] = dialectic.strip()
    return out


@dataclass
class _SessionState:
    base: BaseContext | None = None
    base_turn: int | None = None
    dialectic: str = ""
    dialectic_turn: int | None = None  # when the answer we hold was made
    dialectic_attempt: int | None = None  # when we last tried (a failure waits a full cadence)
    dialectic_task: asyncio.Task[str] | None = None  # still running past its turn's budget
    dialectic_task_turn: int = 0
    recent: list[TurnRecord] = field(default_factory=list)
    pending: tuple[int, dict[str, str], tuple[str, ...]] | None = None  # sent, not finished
    confirmed: dict[str, str] = field(default_factory=dict)  # sections sent in finished turns
    confirmed_items: set[str] = field(default_factory=set)  # conclusions sent in finished turns


def _due(last: int | None, now: int, cadence: int) -> bool:
    return last is None or now < last or now - last >= cadence


class CadencedProvider(Provider):
    """A provider whose turn context follows the cadence rules; subclasses fetch the parts."""

    def __init__(self, *, context_cadence: int = 1, dialectic_cadence: int = 5,
                 dialectic_depth: int = 2, repeat_unchanged: bool = False,
                 dialectic_timeout: float | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        self.dialectic_timeout = dialectic_timeout
        self.context_cadence = max(1, int(context_cadence))
        self.dialectic_cadence = max(1, int(dialectic_cadence))
        self.dialectic_depth = max(1, min(3, int(dialectic_depth)))
        self.repeat_unchanged = repeat_unchanged
        self._on_error = on_error
        self._sessions: OrderedDict[str, _SessionState] = OrderedDict()
        self.last_session_id: str | None = None

    # -- what subclasses provide

    @abstractmethod
    async def base_context(self, session_id: str, user_text: str) -> BaseContext:
        """Fetch the base context (no model call for the local provider)."""

    @abstractmethod
    async def dialectic_pass(self, session_id: str, user_text: str,
                             recent: Sequence[TurnRecord], pass_no: int, previous: str,
                             question: str) -> str:
        """One dialectic pass; `previous` is the last pass's answer ("" on the first).

        `question` is the standing "what matters right now" or one the model asked by tool.
        """

    # -- the shared logic

    def _state(self, session_id: str) -> _SessionState:
        st = self._sessions.get(session_id)
        if st is None:
            st = self._sessions[session_id] = _SessionState()
            while len(self._sessions) > _MAX_SESSIONS:
                self.forget_session(next(iter(self._sessions)))
        else:
            self._sessions.move_to_end(session_id)
        return st

    def _warn(self, what: str, exc: BaseException) -> None:
        message = f"{self.name}: {what} failed: {' '.join(str(exc).split()) or 'no details'}"
        log.warning(message, exc_info=exc)
        if self._on_error is not None:
            try:
                self._on_error(message)
            except Exception:  # status bookkeeping must never break a turn
                log.debug("status update failed", exc_info=True)

    async def run_dialectic(self, session_id: str, user_text: str,
                            recent: Sequence[TurnRecord] = (), question: str = "") -> str:
        """Up to `dialectic_depth` passes; a later pass runs only if the answer is not strong."""
        answer = ""
        for pass_no in range(1, self.dialectic_depth + 1):
            if pass_no > 1 and is_strong_answer(answer):
                break
            new = (await self.dialectic_pass(session_id, user_text, recent, pass_no,
                                             answer, question or RIGHT_NOW)).strip()
            if new:
                answer = new
        return answer

    async def turn_context(self, session_id: str, turn_index: int, user_text: str) -> str:
        self.last_session_id = session_id
        st = self._state(session_id)
        if _due(st.base_turn, turn_index, self.context_cadence):
            try:
                st.base = await self.base_context(session_id, user_text)
                st.base_turn = turn_index
            except Exception as exc:  # noqa: BLE001 - a provider plugin may raise anything; the turn goes on without its context
                self._warn("base context", exc)
        if st.dialectic_task is not None and st.dialectic_task.done():
            self._harvest(st)  # an answer that came after its turn went on without it
        if st.dialectic_task is None and _due(st.dialectic_attempt, turn_index,
                                              self.dialectic_cadence):
            st.dialectic_attempt = turn_index
            st.dialectic_task_turn = turn_index
            st.dialectic_task = asyncio.get_running_loop().create_task(
                self.run_dialectic(session_id, user_text, list(st.recent)))
        if st.dialectic_task is not None:
            # a slow dialectic does not hold the turn past its budget: it keeps running and
            # its answer joins a later turn (as old as the turn it was asked for)
            done, _ = await asyncio.wait({st.dialectic_task}, timeout=self.dialectic_timeout)
            if done:
                self._harvest(st)
        if st.dialectic_turn is not None and (
                turn_index - st.dialectic_turn > 2 * self.dialectic_cadence
                or turn_index < st.dialectic_turn):
            st.dialectic, st.dialectic_turn = "", None
        base = st.base
        if base is not None and not self.repeat_unchanged:
            base = replace(base, conclusions=tuple(
                c for c in base.conclusions if c not in st.confirmed_items))
        sections = render_sections(base, st.dialectic)
        if not self.repeat_unchanged:
            sections = {k: v for k, v in sections.items() if st.confirmed.get(k) != v}
        st.pending = (turn_index, sections, base.conclusions if base is not None else ())
        if not sections:
            return ""
        body = "\n\n".join(f"## {title}\n{text}" for title, text in sections.items())
        return fence(body, source=self.name)

    def _harvest(self, st: _SessionState) -> None:
        task, st.dialectic_task = st.dialectic_task, None
        if task is None or task.cancelled():
            return
        exc = task.exception()
        if exc is not None:
            self._warn("dialectic", exc)
        elif task.result():
            st.dialectic, st.dialectic_turn = task.result(), st.dialectic_task_turn

    def note_turn(self, session_id: str, turn_index: int, user_text: str,
                  assistant_text: str, message_ids: Sequence[int | str]) -> None:
        """Mark the context sent for this turn as delivered and keep the exchange in view."""
        self.last_session_id = session_id
        st = self._state(session_id)
        if st.pending is not None and st.pending[0] == turn_index:
            st.confirmed.update(st.pending[1])
            st.confirmed_items.update(st.pending[2])
            st.pending = None
        st.recent.append(TurnRecord(turn_index, user_text, assistant_text,
                                    tuple(str(m) for m in message_ids)))
        del st.recent[:-_RECENT_TURNS]

    def forget_session(self, session_id: str) -> None:
        """Drop in-memory state for a session that ended (and any dialectic still running)."""
        st = self._sessions.pop(session_id, None)
        if st is not None and st.dialectic_task is not None:
            st.dialectic_task.cancel()
