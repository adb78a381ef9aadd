"""One turn of the chat, as the app runs it: the checks before sending, the send, and cancelling.

The app starts each turn in a worker (group "turn") and tells the chat screen how it ended;
this says what "ended" means ("ok", "failed" with the message back in the input, "cancelled").
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes.tui.app_hosts import TurnHost

log = logging.getLogger("hermes.tui")


class TurnSender:
    """Runs and cancels the app's turns; the app owns the workers and the agent session."""

    def __init__(self, app: TurnHost) -> None:
        self.app = app

    def running(self) -> bool:
        """A message is on its way or a reply is streaming (queued input waits for it)."""
        app = self.app
        if app.agent is not None and app.agent.busy:
            return True
        return any(w.group == "turn" and not w.is_finished for w in app.workers)

    async def run(self, text: str, retry: bool, pasted: tuple[str, ...] = ()) -> str:
        """One turn; how it ended: "ok", "failed" (the message is back in the input) or
        "cancelled". `pasted`: the pasted documents `text` holds (the memory gate's sources)."""
        app = self.app
        chat = app.chat
        model = app.agent.model if app.agent is not None else app.cfg.model.name
        if not model:  # say so at once instead of after the model client has loaded
            await chat.add_line("error", "No model is configured. Choose one with /model NAME "
                                "(a litellm name, e.g. openai/gpt-4.1) or set model.name in "
                                "config.yaml; the key goes in $HERMES_HOME/.env.")
            chat.restore_input(text)
            return "failed"
        if not app.loader.done.is_set():
            chat.busy = "loading model client…"
            await app.loader.wait()
        await app.ready.wait()
        if app.loader.error:  # already shown as one line when loading ended
            chat.restore_input(text)
            return "failed"
        if app.agent is None:
            await chat.add_line("error", "No chat session is open (see the line above). "
                                "History and memory still work: /sessions, /memory.")
            chat.restore_input(text)
            return "failed"
        chat.busy = "● replying"
        if pasted:
            app.agent.note_pasted(pasted)
        try:
            # a message back from a failure is sent again as it was: never a /retry of the answer
            done = await (app.agent.retry(text or None) if retry else app.agent.send(text))
        except Exception as exc:  # the agent reports errors as events; this is the last guard
            log.exception("turn failed")
            chat.busy = ""
            await chat.add_line("error", f"The turn failed unexpectedly ({exc or 'no details'}); "
                                "your message is back in the input. Details are in "
                                "$HERMES_HOME/logs/hermes.log.")
            chat.restore_input(text)
            return "failed"
        if done is None:  # /retry with nothing sent yet in this session
            chat.busy = ""
            await chat.add_line("error", "Nothing to retry yet: send a message first.")
            return "ok"
        if done.failed or done.unsent:  # unsent: Esc during the compression before it
            chat.restore_input(text)
        return "failed" if done.failed else ("cancelled" if done.cancelled else "ok")

    def cancel(self) -> None:
        """Esc / Ctrl+C: deny waiting tool requests, then stop the reply, the background work or
        a turn still waiting for the model client (whichever runs)."""
        app = self.app
        app.tool_approvals.deny_all()  # a tool waiting for approval gets "denied", then the cancel
        waiting = [w for w in app.workers if w.group == "turn" and not w.is_finished]
        if app.agent is not None and (app.agent.busy or app.agent.compressing):
            app.agent.cancel()
        elif app.agent is not None and app.agent.has_background_work:
            app.agent.stop_background()  # saved as a job: the review runs at the next start
        elif waiting:
            for worker in waiting:
                worker.cancel()
            app.chat.busy = ""
            app.notify("Cancelled before the model was called.", timeout=3)
