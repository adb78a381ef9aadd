"""The base of every pane (approval, memory viewer, session picker, setup): Ctrl+C as in the chat.

In the chat Ctrl+C stops what runs and quits only on a second press when nothing runs. In a
pane the thing that "runs" is the pane: Ctrl+C does what its Esc does (close it, or first take
back a y/n question), so it never quits the app from a pane and never decides anything a person
has not decided (staged memory writes stay waiting). It does not copy here: the setup pane's
fields select their whole text on focus, so Ctrl+C there would copy instead of closing.
"""

from __future__ import annotations

from typing import TypeVar

from textual.binding import Binding
from textual.screen import ModalScreen

ResultType = TypeVar("ResultType")


class Pane(ModalScreen[ResultType]):
    # Priority: otherwise the focused field's copy binding or the app's quit hint takes it.
    BINDINGS = [Binding("ctrl+c", "ctrl_c", "Close", show=False, priority=True)]
    ESC_ACTION = "close"  # the action Esc runs in this pane

    def action_ctrl_c(self) -> None:
        """Do what Esc does."""
        getattr(self, f"action_{self.ESC_ACTION}")()
