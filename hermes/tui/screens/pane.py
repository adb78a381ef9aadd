"""The base of every pane (approval, memory viewer, session picker, setup): Ctrl+C as in the chat.

In the chat Ctrl+C stops what runs and quits only on a second press when nothing runs. In a
pane the thing that "runs" is the pane: Ctrl+C does what its Esc does (close it, or first take
back a y/n question), so it never quits the app from a pane and never decides anything a person
has not decided (staged memory writes stay waiting). It does not copy here: the setup pane's
fields select their whole text on focus, so Ctrl+C there would copy instead of closing.
"""

from __future__ import annotations

import time
from typing import ClassVar, TypeVar

from textual import events
from textual.binding import Binding
from textual.screen import ModalScreen

ResultType = TypeVar("ResultType")


class Pane(ModalScreen[ResultType]):
    # Priority: otherwise the focused field's copy binding or the app's quit hint takes it.
    # Tab and Shift+Tab too: a key the app reaches only after the focused field has had it moves
    # the focus late, and letters typed straight after it land in the field that was left.
    BINDINGS = [Binding("ctrl+c", "ctrl_c", "Close", show=False, priority=True),
                Binding("tab", "app.focus_next", "Next field", show=False, priority=True),
                Binding("shift+tab", "app.focus_previous", "Previous field", show=False,
                        priority=True)]
    ESC_ACTION = "close"  # the action Esc runs in this pane

    def action_ctrl_c(self) -> None:
        """Do what Esc does."""
        getattr(self, f"action_{self.ESC_ACTION}")()


TYPING_NOTE = ("That key came with typing that began before this pane opened, so it decided "
               "nothing. Press it again to decide.")


class DecisionPane(Pane[ResultType]):
    """A pane whose keys decide something (the approval panes): a decision key that arrives in
    one burst with the key that opened the pane is typing meant for the input, so it decides
    nothing until a pause arms the pane."""

    DECISION_KEYS: ClassVar[frozenset[str]] = frozenset()
    # A person reads the pane before deciding; keys closer together than this, starting with
    # the one that opened the pane, are taken as typing that was meant for the input.
    typing_gap = 0.5  # seconds

    def __init__(self) -> None:
        super().__init__()
        self._last_key = time.monotonic()  # the key, command or click that opened the pane
        self.armed = False  # set by the first key after a pause: then every key acts

    def _say(self, text: str) -> None:
        """Show a one-line note in the pane."""
        raise NotImplementedError

    def on_key(self, event: events.Key) -> None:
        # Runs before the bindings (they are checked when the key reaches the app), so a
        # decision key that is still part of a typing burst stops here.
        now = time.monotonic()  # when handled: keys buffered during a busy moment count as a burst
        gap, self._last_key = now - self._last_key, now
        if self.armed or gap >= self.typing_gap:
            self.armed = True
            return
        if event.character is not None and event.character in self.DECISION_KEYS:
            event.stop()
            event.prevent_default()
            self._say(TYPING_NOTE)
