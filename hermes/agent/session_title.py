"""The current session's title: derived at once from the first message, then a model's (once),
or the person's (/title), which nothing replaces."""

from __future__ import annotations

import logging
from collections.abc import Callable

from hermes.agent.events import Event, TitleChanged
from hermes.agent.stored_history import History

log = logging.getLogger("hermes.agent.session_title")


class SessionTitle:
    """The title shown for the current session, and whether a model should still name it."""

    def __init__(self, history: History, emit: Callable[[Event], None]) -> None:
        self.text: str | None = None
        self.wants_model = True  # until a model or a person has named the session
        self._history = history
        self._emit = emit

    def reset(self, text: str | None, *, named: bool) -> None:
        """Another session is current: its title, and whether a model or a person named it."""
        self.text, self.wants_model = text, not named

    def take_model_request(self) -> bool:
        """Whether this turn's background work should ask a model for a title (asked once)."""
        wants, self.wants_model = self.wants_model, False
        return wants

    def derive(self, session_id: str, first_message: str) -> None:
        """An instant title from the first user line, when the session has none yet."""
        if self.text:
            return
        try:
            from hermes.sessions import derive_title

            title = derive_title(first_message)
        except Exception:  # noqa: BLE001 - no instant title; a cut before redaction could keep part of a key
            log.warning("could not derive a title from the first message", exc_info=True)
            title = ""
        if title:
            self._set(session_id, self._history.set_title(session_id, title, "derived"))

    def apply_model(self, session_id: str, title: str, *, current: str | None) -> None:
        """A model's title for `session_id`; shown when that session is still `current`."""
        held = self._history.set_title(session_id, title, "llm")
        if session_id == current:
            self._set(session_id, held)

    def rename(self, session_id: str, name: str) -> str:
        """The person's title (/title); the cleaned name held. A name another session holds
        raises the sessions layer's TitleClashError."""
        held = self._history.set_title(session_id, name, "user") or name
        self.wants_model = False
        self._set(session_id, held)
        return held

    def _set(self, session_id: str, held: str | None) -> None:
        if held:
            self.text = held
            self._emit(TitleChanged(session_id, held))
