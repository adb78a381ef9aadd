"""The Hermes terminal app: start-up, themes, the agent session, and the screens' glue.

Start-up order matters: the first frame with a focused input is painted before anything
heavy runs; then litellm is imported in a background thread and the agent session opens.
A message sent before litellm is ready waits for it without blocking the UI.

The app holds the state and Textual's handlers; each concept's work is in its own module:
session_lifecycle.py (open, resume, welcome), turns.py (a turn's checks, send, cancel),
approvals/ (memory status, approval panes, tool requests), command_runner.py (slash commands).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from textual import on, work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.worker import Worker, WorkerState

from hermes import config as config_mod
from hermes.config import Config
from hermes.tui import memory_bridge, quick_add, startup_gc
from hermes.tui import themes as theme_mod
from hermes.tui.approvals.memory_notices import OPEN_KEY_LABEL
from hermes.tui.approvals.coordinator import ApprovalPanes
from hermes.tui.command_runner import CommandRunner
from hermes.tui.palette import SlashCommandProvider
from hermes.tui.screens.chat import AgentEventMessage, ChatScreen, TextArrived
from hermes.tui.session_lifecycle import SessionLifecycle
from hermes.tui.startup import ClientLoader, Preload, tune_gc_for_streaming, write_marker
from hermes.tui.text_stream import TextBuffer
from hermes.tui.turns import TurnSender

if TYPE_CHECKING:
    from hermes.agent import events as ev
    from hermes.agent.session import AgentSession
    from hermes.tui.approvals.memory_pane import ApprovalScreen
    from hermes.tui.approvals.tool_pane import ToolApprovalScreen

log = logging.getLogger("hermes.tui")
STYLES = Path(__file__).parent / "styles"


class HermesApp(App[None]):
    CSS_PATH = [STYLES / "app.tcss", STYLES / "panes.tcss"]
    COMMANDS = App.COMMANDS | {SlashCommandProvider}
    TITLE = "Hermes"
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(
        self,
        resume: str | None = None,
        continue_last: bool = False,
        cfg: Config | None = None,
        preload: Preload | None = None,
        open_agent: bool = True,
    ) -> None:
        super().__init__()
        self._cfg = cfg or config_mod.load_config()
        self.resume_target = resume
        self.continue_last = continue_last
        self.agent: AgentSession | None = None
        self.loader = ClientLoader(preload)
        self.runner = CommandRunner(self)
        self.turns = TurnSender(self)
        self.sessions = SessionLifecycle(self)
        self.theme_result = theme_mod.ThemeLoadResult()
        self._open_agent_on_start = open_agent
        self._quitting = False
        self.pending_title: str | None = None
        self._text = TextBuffer()
        self.ready = asyncio.Event()  # set once start-up work (agent open, history) is done
        self._resume_cache: tuple[float, tuple[str, ...]] | None = None  # /resume completion
        self.approvals = ApprovalPanes(self)
        self.tool_approvals = self.approvals.tool_approvals
        self._first_theme_source: Path | None = None
        self.resume_hint = ""  # printed after the app has left the screen
        self._register_active_theme()

    # ------------------------------------------------------------ start-up

    def get_default_screen(self) -> Screen[None]:
        return ChatScreen(self.cfg, completion_choices=self.completion_choices,
                          project_root=self.project_root)

    def project_root(self) -> Path:
        """Where @path files are read and !commands run: the session's project root."""
        return self.agent.view.project_root if self.agent is not None else Path.cwd()

    @property
    def cfg(self) -> Config:
        return self._cfg

    @cfg.setter
    def cfg(self, cfg: Config) -> None:
        """A reloaded config (setup pane) reaches the chat screen too."""
        self._cfg = cfg
        if self.screen_stack:
            self.chat.cfg = cfg

    @property
    def chat(self) -> ChatScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, ChatScreen)
        return screen

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        for name, value in theme_mod.app_variable_defaults(variables).items():
            variables.setdefault(name, value)
        return variables

    def refresh_css(self, animate: bool = True) -> None:
        """Before the first screen exists nothing is styled, so only the variables are set.

        The theme set in `__init__` queues a refresh that would re-parse every rule before the
        first frame, and the first screen's parse then throws that result away and parses them
        all again; now the first screen's parse is the only one, and it uses these variables.
        """
        if not self.screen_stack:
            self.stylesheet.set_variables(self.get_css_variables())
            return
        super().refresh_css(animate)

    def on_mount(self) -> None:
        # `kill` (SIGTERM) leaves the way Ctrl+Q does: a running reply is kept as interrupted
        # and the session is ended, instead of the process dying mid-write
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            asyncio.get_running_loop().add_signal_handler(
                signal.SIGTERM, lambda: self.run_worker(self.action_quit(), group="quit"))

    def on_chat_screen_ready(self, message: ChatScreen.Ready) -> None:
        """The chat screen is mounted with the input focused: start the heavy work after it paints.

        The memory gauge is read first (two small files, no heavy import), so the first frame
        already shows it: it is what a person looks for on the first screen. So is the pending
        badge of writes staged in earlier sessions (a count of files, no memory import)."""
        self.chat.update_status(**memory_bridge.status_gauges(self.cfg),
                                pending=memory_bridge.waiting_count())
        self.call_after_refresh(self._after_first_frame)

    def _register_active_theme(self) -> None:
        """Only the configured theme's own file before the first frame, set before the CSS is
        first parsed (a theme switched later re-parses all of it); the rest come after it."""
        wanted = self.cfg.display.theme or theme_mod.DEFAULT_THEME
        found = theme_mod.find_theme(wanted)
        if found is None:
            self._register_themes()
            return
        theme, self._first_theme_source = found
        self.register_theme(theme)
        self.theme = wanted

    def _register_all_themes(self) -> None:
        """After the first frame: every theme file, for /theme and the broken-file warning."""
        self._register_themes()
        source = self.theme_result.sources.get(self.theme)
        if self._first_theme_source is not None and source != self._first_theme_source:
            self.refresh_css(animate=False)  # another file of the same name wins, as before

    def _register_themes(self) -> None:
        self.theme_result = theme_mod.load_themes()
        for theme in self.theme_result.themes.values():
            self.register_theme(theme)
        wanted = self.cfg.display.theme or theme_mod.DEFAULT_THEME
        if wanted not in self.theme_result.themes:  # Textual's built-in themes are not offered
            self.theme_result.problems.append(f"display.theme '{wanted}' is not a known theme")
            wanted = theme_mod.DEFAULT_THEME if theme_mod.DEFAULT_THEME in self.available_themes \
                else "textual-dark"
        self.theme = wanted

    def _after_first_frame(self) -> None:
        write_marker("first_frame")
        startup_gc.resume()
        self._load_model_client()
        self._register_all_themes()
        if warning := self.theme_result.warning():
            self.notify(warning, title="Themes", severity="warning", timeout=10)
        for warning in self.cfg.warnings:
            self.notify(warning, title="Config", severity="warning", timeout=8)
        self.refresh_memory_status()
        self.run_worker(self._tell_old_pending(), group="pending-notice")
        self.run_worker(self.sessions.load_prompt_history(), group="prompt-history")
        # Hand edits and other processes change the files too; the check is a cheap stat.
        self.set_interval(5.0, self.refresh_memory_status)
        self._start_session()
        self._check_model_server()

    async def _tell_old_pending(self) -> None:
        """A notice when memory writes have waited more than a day (they are easy to miss)."""
        summary = await asyncio.to_thread(memory_bridge.pending_summary)
        if (line := memory_bridge.old_pending_notice(summary)) and self.screen_stack:
            await self.chat.add_line("notice", f"⏳ {line}")

    @work(group="server-check")
    async def _check_model_server(self) -> None:
        """A warning when the configured model server is down (never blocks, never litellm)."""
        from hermes.tui.server_check import server_problem

        if problem := await server_problem(self.cfg.model.api_base):
            self.notify(problem, title="Model server", severity="warning", timeout=12)

    @work(group="model-client")
    async def _load_model_client(self) -> None:
        """litellm's import in a thread worker, awaited here; cancelled with the app, so
        nothing calls back into an app that has exited."""
        await self.loader.load(self)
        if not self.screen_stack:  # the app is closing
            return
        tune_gc_for_streaming()
        if self.loader.error:
            await self.chat.add_line("error", self.loader.error)
        if self.chat.busy.startswith("loading"):
            self.chat.busy = ""

    @work(group="start", exclusive=True)
    async def _start_session(self) -> None:
        """The first session opens in a worker; `ready` is set however that ends."""
        try:
            if self._open_agent_on_start:
                await self.sessions.start()
        finally:
            self.ready.set()

    async def open_agent(self, resume: str | None = None, continue_last: bool = False) -> bool:
        """Open the agent session (on a stored one when asked); True when it resumed one."""
        return await self.sessions.open(resume, continue_last)

    # ------------------------------------------------------------ agent glue

    def on_agent_event(self, event: ev.Event) -> None:
        """The agent's callback: queue the event for the chat screen (order is kept).

        Text deltas are coalesced: one message carries everything that arrived since the
        screen last took text, so a fast stream costs a message per frame, not per token.
        """
        if not self.screen_stack:  # the app has closed; the turn is being wound up
            return
        from hermes.agent import events as ev  # loaded by the agent already; not at start-up

        chat = self.chat
        if isinstance(event, ev.TextDelta):
            delay = self._text.add(event.text)
            if delay:
                asyncio.get_running_loop().call_later(delay, chat.post_message, TextArrived(self._text))
            elif delay is not None:
                chat.post_message(TextArrived(self._text))
            return
        if self._text:  # text still waiting goes first: the screen keeps the events' order
            chat.post_message(AgentEventMessage(ev.TextDelta(self._text.take())))
        if isinstance(event, ev.TurnStarted) and self.pending_title:
            title, self.pending_title = self.pending_title, None
            self.call_later(self.runner.apply_title, title)
        if isinstance(event, ev.SessionChanged) and self.agent is not None:  # /new may be read-only
            chat.read_only = self.agent.view.read_only
        chat.post_message(AgentEventMessage(event))

    def send_message(self, text: str, retry: bool = False, pasted: tuple[str, ...] = ()) -> None:
        """Start a turn (the chat screen asks with SendRequested; /retry calls this)."""
        self._send(text, retry, pasted)
        self.chat.turn_active = True

    def on_chat_screen_send_requested(self, message: ChatScreen.SendRequested) -> None:
        self.send_message(message.text, retry=message.retry, pasted=message.pasted)

    async def on_chat_screen_quick_add_requested(self, message: ChatScreen.QuickAddRequested) -> None:
        """`# text`: written through the gate as the person's own; the gauge follows at once."""
        entry = message.entry
        done = await asyncio.to_thread(memory_bridge.quick_add, self.cfg, entry.target,
                                       entry.text, self.session_id())
        self.refresh_memory_status()
        kind, line = quick_add.outcome_line(entry, done.state, done.message)
        if self.chat.turn_active:  # a line drawn inside the streaming reply would split it
            self.notify(line, severity="error" if kind == "error" else "information", timeout=6)
        else:
            await self.chat.add_line(kind, line)

    def on_chat_screen_command_entered(self, message: ChatScreen.CommandEntered) -> None:
        # A worker, so a command can wait for a pane (picker, viewer) to close.
        self.run_worker(self.runner.run_line(message.line), group="command")

    def on_chat_screen_shell_requested(self, message: ChatScreen.ShellRequested) -> None:
        from hermes.tui.shell_escape import run_for_person

        self.run_worker(run_for_person(self.chat, message.command, self.project_root(),
                                       float(self.cfg.tools.command_timeout)), group="shell")

    def on_chat_screen_cancel_requested(self, message: ChatScreen.CancelRequested) -> None:
        self.cancel_reply()

    def on_chat_screen_quit_requested(self, message: ChatScreen.QuitRequested) -> None:
        self.run_worker(self.action_quit(), group="quit")

    def on_chat_screen_memory_changed(self, message: ChatScreen.MemoryChanged) -> None:
        self.refresh_memory_status()

    def on_chat_screen_failed_cleared(self, message: ChatScreen.FailedCleared) -> None:
        if self.agent is not None:
            self.agent.discard_failed()

    def turn_running(self) -> bool:
        """A message is on its way or a reply is streaming (queued input waits for it)."""
        return self.turns.running()

    @on(Worker.StateChanged)
    def _turn_worker_changed(self, event: Worker.StateChanged) -> None:
        """A turn worker cancelled before it started never runs `_send`'s clean-up: lower the
        chat screen's `turn_active` here then (a finished turn lowers it in `_send`)."""
        if (event.worker.group == "turn" and event.state == WorkerState.CANCELLED
                and self.screen_stack and not self.turn_running()):
            self.chat.turn_active = False

    @work(group="turn")
    async def _send(self, text: str, retry: bool, pasted: tuple[str, ...] = ()) -> None:
        outcome = "cancelled"  # what a cancelled worker leaves
        try:
            outcome = await self.turns.run(text, retry, pasted)
        finally:
            if self.screen_stack and not self._quitting:
                self.chat.turn_active = False
                await self.chat.turn_ended(outcome)

    def cancel_reply(self) -> None:
        """Stop what runs: a !command, a waiting tool request, the reply, background work or a
        waiting turn."""
        shells = [w for w in self.workers if w.group == "shell" and not w.is_finished]
        for worker in shells:
            worker.cancel()
        if not shells:
            self.turns.cancel()

    # ------------------------------------------------------------ approvals (approvals/coordinator.py)

    def refresh_memory_status(self) -> None:
        """Gauges, the pending badge, notice lines and an open pane follow memory on disk."""
        self.approvals.refresh_memory_status()

    def action_open_approvals(self) -> None:
        """Open the approval pane (the person's key, click or command: it never opens by itself)."""
        self.open_approvals()

    def open_approvals(self) -> None:
        self.approvals.open()

    def on_approval_screen_decision_requested(self, message: ApprovalScreen.DecisionRequested) -> None:
        self.approvals.decide(message)

    def on_approval_screen_edit_submitted(self, message: ApprovalScreen.EditSubmitted) -> None:
        self.approvals.edit(message)

    def on_tool_approval_screen_answered(self, message: ToolApprovalScreen.Answered) -> None:
        self.approvals.answer(message)

    # ------------------------------------------------------------ themes, completion

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Approvals",
                            f"Review tool requests and memory writes waiting for approval ({OPEN_KEY_LABEL})",
                            self.open_approvals)

    def session_id(self) -> str | None:
        return self.agent.view.session_id if self.agent else None

    def theme_names(self) -> list[str]:
        """Hermes's themes (bundled and the user's): the one list /theme, its completion and
        the palette's Theme entry offer. Textual's built-in themes are not among them."""
        return sorted(self.theme_result.themes)

    def search_themes(self) -> None:
        """The palette's Theme entry: Hermes's themes, and the choice is saved."""
        from textual.command import CommandPalette

        from hermes.tui.palette import ThemeChoiceProvider

        self.push_screen(CommandPalette(providers=[ThemeChoiceProvider],
                                        placeholder="Search for themes…"))

    def set_theme(self, name: str) -> str:
        """Switch and persist the theme; returns a line to show."""
        self._register_themes_quietly()
        if name not in self.theme_result.themes:
            broken = [p for p in self.theme_result.problems if p.split(".", 1)[0] == name]
            if broken:
                return f"Theme file {broken[0]} — keeping {self.theme}"
            names = ", ".join(sorted(self.theme_result.themes)) or "none"
            return f"Unknown theme '{name}'. Available: {names}"
        self.theme = name
        self.cfg.display.theme = name
        try:
            config_mod.set_config_value("display.theme", name)
        except (config_mod.ConfigError, OSError) as exc:
            return f"Switched to {name}, but could not save it: {exc}"
        return f"Theme: {name} (saved)"

    def _register_themes_quietly(self) -> None:
        result = theme_mod.load_themes()
        for theme in result.themes.values():
            self.register_theme(theme)
        self.theme_result = result

    def completion_choices(self, text: str = "") -> dict[str, tuple[str, ...]]:
        """Run-time argument choices: theme names, and for /resume the recent session names
        (read only while a /resume line is typed, and at most every few seconds)."""
        choices = {"theme": tuple(self.theme_names())}
        if text.lstrip().lower().startswith("/resume "):
            choices["resume"] = self._resume_names()
        return choices

    def _resume_names(self) -> tuple[str, ...]:
        now = time.monotonic()
        cached = self._resume_cache
        if cached is not None and now - cached[0] < 5.0:
            return cached[1]
        from hermes.tui import sessions_bridge

        try:
            rows = sessions_bridge.recent_sessions(exclude=self.session_id(), limit=50)
        except sessions_bridge.SessionsUnavailable:
            rows = []
        names = tuple(dict.fromkeys(r.title for r in rows if r.title))
        self._resume_cache = (now, names)
        return names

    async def action_quit(self) -> None:
        """Leave. Background work of the last turn (memory review, title) gets a short grace
        period, shown as "saving memory…"; what cannot finish in it is saved as a job that
        runs at the next start. A second Ctrl+Q stops waiting (the work is still saved)."""
        from hermes.agent.tasks import QUIT_GRACE_S

        agent = self.agent
        if self._quitting:
            if agent is not None:
                agent.hurry()
            return
        self._quitting = True
        if agent is not None and agent.view.session_id:
            self.resume_hint = resume_hint(agent.view.title, agent.view.session_id)
        if agent is not None:
            if agent.view.busy or agent.view.has_background_work:
                with contextlib.suppress(Exception):
                    await self.chat.add_line("info", "saving memory… (Ctrl+Q again to leave now;"
                                                     " unfinished work runs at the next start)")
            try:
                # the session is always ended and the database closed within the limit
                await asyncio.wait_for(agent.close(wait_background=QUIT_GRACE_S),
                                       timeout=QUIT_GRACE_S + 5)
            except Exception:  # closing must never keep the person from leaving
                log.exception("closing the session failed")
        self.exit()


def resume_hint(title: str | None, session_id: str) -> str:
    """The line printed on leaving: how to come back to this session from the shell."""
    import shlex

    return f"Resume this session with: hermes --resume {shlex.quote(title or session_id)}"


def run_app(resume: str | None, continue_last: bool) -> int:
    """Run the app until the person quits; returns the exit code."""
    config_mod.load_env_file()
    app = HermesApp(resume=resume, continue_last=continue_last)
    try:
        app.run()
    finally:
        startup_gc.resume()  # an app that ended before its first frame
    if app.resume_hint:
        print(app.resume_hint)
    return app.return_code or 0
