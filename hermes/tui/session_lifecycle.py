"""The app's session lifecycle: the first session at start-up, opening, resuming or starting anew.

A session opens on a stored one when asked (`--resume`, `--continue`, /resume); a failed
resume says why in one line and keeps the current session. A session another process holds
opens read-only, and the input says so.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from hermes import config as config_mod
from hermes.config import Config

if TYPE_CHECKING:
    from textual.screen import Screen

    from hermes.tui.app_hosts import LifecycleHost

log = logging.getLogger("hermes.tui")


class SessionLifecycle:
    """Opens the app's agent session and fills the chat screen from it."""

    def __init__(self, app: LifecycleHost) -> None:
        self.app = app

    async def start(self) -> None:
        """The first session: set-up pane when nothing is configured, then open (or resume),
        welcome an empty screen, run jobs an earlier run saved, start the daily prune."""
        from hermes.tui.setup import needs_setup

        app = self.app
        if needs_setup(app.cfg):
            saved = await app.push_screen_wait(_setup_screen(app.cfg))
            if saved:
                app.cfg = config_mod.load_config()
        resumed = await self.open(resume=app.resume_target, continue_last=app.continue_last)
        if not resumed and not app.chat.transcript.items:
            await self.welcome()
        if app.agent is not None:  # work an earlier run saved when it quit too early
            app.agent.start_saved_jobs()
        _start_auto_prune(app.cfg)

    async def welcome(self) -> None:
        """A few lines on the empty first screen: model, folder, memory, keys, what to resume."""
        import os

        from hermes.tui import memory_bridge, sessions_bridge
        from hermes.tui.welcome import RESUME_COUNT, welcome_text

        app = self.app
        try:
            rows = sessions_bridge.recent_sessions(exclude=app.session_id(), limit=RESUME_COUNT)
        except sessions_bridge.SessionsUnavailable:
            rows = []  # already said in its own line
        memory_pct, user_pct = memory_bridge.gauge(app.cfg)
        model = app.agent.model if app.agent is not None else app.cfg.model.name
        app.chat.show_welcome(welcome_text(model, os.getcwd(), memory_pct, user_pct, rows))

    async def open(self, resume: str | None = None, continue_last: bool = False) -> bool:
        """Open the agent session (on a stored one when asked); True when it resumed one.

        A failed resume shows one line and keeps the current session, or starts a new one
        when there is none yet.
        """
        from hermes.tui import session_loading as history

        app = self.app
        await asyncio.to_thread(history.warm_imports)
        resuming = bool(resume or continue_last)
        try:
            new = history.open_session(app.cfg, resume, continue_last, app.on_agent_event)
        except history.OpenFailed as exc:
            await app.chat.add_line("error", str(exc))
            if app.agent is not None or not resuming:
                return False
            try:
                new = history.open_session(app.cfg, None, False, app.on_agent_event)
            except history.OpenFailed as again:
                await app.chat.add_line("error", str(again))
                return False
            resuming = False
        old, app.agent = app.agent, new
        app.approvals.attach(new)
        if old is not None:
            await old.close()
        if resuming:
            app.chat.hide_welcome()
            items = await asyncio.to_thread(history.transcript_items, new)
            await app.chat.transcript.load(items)
            prompts = app.chat.prompt.prompts
            # The resumed session's prompts come nearest, after those of all sessions.
            prompts.entries = _newest_unique(
                prompts.entries + [i.text for i in items if i.kind == "user"], prompts.limit)
        for line in history.degraded_reasons(new):
            await app.chat.add_line("error", line)
        for line in history.resume_notes(new) if resuming else []:
            await app.chat.add_line("notice", f"💾 {line}")
        if new.read_only:
            await app.chat.add_line("error", new.read_only)
        app.chat.read_only = new.read_only
        app.chat.update_status(
            model=new.model, title=new.title or "", project=new.project_name,
            context_window=new.context_window or app.chat.status_info.context_window,
            input_tokens=new.totals.input_tokens, output_tokens=new.totals.output_tokens,
            cost=new.totals.cost)
        return resuming

    async def load_prompt_history(self) -> None:
        """Earlier sessions' prompts for Up, read in a thread; anything typed meanwhile stays newest."""
        from hermes.tui import prompt_history

        app = self.app
        earlier = await asyncio.to_thread(prompt_history.load)
        prompts = app.chat.prompt.prompts
        prompts.entries = _newest_unique(earlier + prompts.entries, prompts.limit)


def _start_auto_prune(cfg: Config) -> None:
    """sessions.auto_prune: prune old history in a background thread, at most once a day."""
    try:
        from hermes.sessions.maintenance import start_auto_prune

        start_auto_prune(cfg.sessions)
    except Exception:  # noqa: BLE001 - housekeeping never disturbs the chat
        log.warning("automatic prune not started", exc_info=True)


def _setup_screen(cfg: Config) -> Screen[bool]:
    from hermes.tui.screens.setup import SetupScreen

    return SetupScreen(cfg)


def _newest_unique(entries: list[str], limit: int) -> list[str]:
    """`entries` with each text kept only at its last place, at most `limit`, oldest first."""
    seen: set[str] = set()
    out: list[str] = []
    for text in reversed(entries):
        if text not in seen:
            seen.add(text)
            out.append(text)
            if len(out) == limit:
                break
    return out[::-1]
