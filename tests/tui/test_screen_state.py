"""The chat screen's state is reactives, and the widgets that show it follow by themselves (data_bind).

The screen runs alone here (no agent session): the app's part is only to set the screen's
`busy`, `read_only` and `turn_active`, and nothing sets the status bar or the input by hand.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen

from hermes.config import Config
from hermes.tui.screens.chat import ChatScreen, QueuedMessages
from hermes.tui.widgets.prompt_input import PLACEHOLDER, READ_ONLY_PLACEHOLDER
from tests.tui.conftest import SIZE, submit, transcript_texts, wait_for


class ScreenOnly(App[None]):
    """The chat screen with no agent behind it; what it asks for is recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[str] = []

    def get_default_screen(self) -> Screen[None]:
        return ChatScreen(Config())

    @property
    def chat(self) -> ChatScreen:  # what the helpers (submit, transcript_texts) read
        screen = self.screen_stack[0]
        assert isinstance(screen, ChatScreen)
        return screen

    def on_chat_screen_send_requested(self, message: ChatScreen.SendRequested) -> None:
        self.sent.append(message.text)


def bar_text(screen: ChatScreen) -> str:
    return str(screen.status.content)


async def test_the_status_bar_shows_what_runs_while_busy_is_set() -> None:
    app = ScreenOnly()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ChatScreen)
        screen.busy = "compressing…"
        await wait_for(pilot, lambda: "compressing…" in bar_text(screen))
        assert screen.status.busy == "compressing…"
        screen.busy = ""
        await wait_for(pilot, lambda: "compressing…" not in bar_text(screen))


async def test_a_read_only_session_says_so_in_the_input_and_keeps_the_message() -> None:
    app = ScreenOnly()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ChatScreen)
        screen.read_only = "This session is open in another window."
        await wait_for(pilot, lambda: screen.prompt.placeholder == READ_ONLY_PLACEHOLDER)
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: "This session is open in another window." in transcript_texts(app))
        assert screen.prompt.text == "hello" and app.sent == []
        screen.read_only = ""
        await wait_for(pilot, lambda: screen.prompt.placeholder == PLACEHOLDER)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.sent == ["hello"])


async def test_a_message_sent_while_a_turn_is_active_waits_in_the_queue() -> None:
    app = ScreenOnly()
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ChatScreen)
        await submit(pilot, "first")
        await wait_for(pilot, lambda: app.sent == ["first"])
        assert screen.turn_active  # raised at once on sending, before the app starts the turn
        await submit(pilot, "second")
        queued = screen.query_one(QueuedMessages)
        await wait_for(pilot, lambda: queued.display and "second" in str(queued.content))
        assert app.sent == ["first"]
        screen.turn_active = False
        await screen.turn_ended("ok")
        await wait_for(pilot, lambda: app.sent == ["first", "second"])
