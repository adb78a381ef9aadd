"""AgentSession: the one object the TUI and headless mode drive.

It runs turns one at a time (send, /retry, Esc), schedules the review and the title as
background tasks after each, and says when the current session changes: compressing before a
send or on /compress, /memory refresh, /new; it closes everything on quit.

Its parts live beside it, as functions or small collaborators it owns: current_session.py (the
current conversation, its lock, snapshot and title, and the moves to a child or a new session),
opening.py (the store, the resume target, the provider, a stored session), coding_host.py (the
coding tools' host and /undo), rewind.py (/retry), conversation_builder.py (each session's
prompt, tools and Conversation), turn_runner.py (the lock and the cancellable turn and
/compress tasks) and tasks.py (the work after a turn).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hermes.agent import background, limits, llm, opening, rewind, tokens
from hermes.agent.coding_host import CodingHost
from hermes.agent.context_judge import judge_project_context
from hermes.agent.conversation_builder import ConversationBuilder
from hermes.agent.current_session import CurrentSession
from hermes.agent.events import ErrorEvent, Event, Notice, TurnDone
from hermes.agent.stored_history import History, SessionTotals
from hermes.agent.loop import run_turn
from hermes.agent.opening import OpenError as OpenError  # callers catch it from here
from hermes.agent.tasks import QUIT_GRACE_S, AfterTurn, BackgroundTasks
from hermes.agent.turn_runner import TurnRunner
from hermes.config import Config, ModelConfig, load_env_file
from hermes.memory.origin import PASTED
from hermes.security.sanitize import mend_surrogates
from hermes.paths import find_project_root, working_dir
from hermes.workspace.approval import ToolApprover
from hermes.workspace.project import ProjectContext, load_project
from hermes.workspace.provenance import TurnSources

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.providers.guard import GuardedProvider

log = logging.getLogger("hermes.agent.session")


class AgentSession:
    """One conversation with the model for a UI (the TUI, `hermes chat -q`): open or resume a
    session, send/retry/cancel turns (progress arrives as events through `on_event`), name,
    compress, switch model, close."""

    def __init__(self, cfg: Config, history: History, *, source: str, model: ModelConfig,
                 on_event: Callable[[Event], None] | None, history_error: str | None = None):
        self.cfg = cfg
        self.history = history
        self.source = source
        self.history_error = history_error
        self._model = model
        self._on_event = on_event
        self._runner = TurnRunner(history)  # the lock, and the turn or /compress task Esc cancels
        self._tasks = BackgroundTasks()
        self._after_turn = AfterTurn(cfg, history, self._tasks, self._emit, self._apply_title)
        self.turn_tokens: list[int] = []  # prompt+completion tokens of each finished turn
        self.provider: GuardedProvider | None = None
        self.saved_jobs: list[Path] = []  # job files written by close() for the next start
        self._closing = False
        self._hurry = asyncio.Event()
        self._pasted_now: list[str] = []  # pasted documents of the message about to be sent
        # The project of the working directory (its context files are read once, frozen into
        # every prompt this object builds), what this turn's file/command tools showed, and
        # who approves the coding tools' changes (the app's pane; None denies them): see
        # the project, turn_sources and tool_approver properties.
        self._coding = CodingHost(cfg.tools, ProjectContext(find_project_root(working_dir()), ""),
                                  self._emit, lambda text: tokens.count_text(text, self._model.name),
                                  history.get)
        # the prompt, tools and conversation of each session this object opens
        self._builder = ConversationBuilder(cfg, history, source=source, coding=self._coding, emit=self._emit,
                                            model=lambda: self._model, provider=lambda: self.provider)
        # the session it is in now (None before the first message), and the moves to another
        self._current = CurrentSession(cfg, history, source=source, builder=self._builder, coding=self._coding,
                                       emit=self._emit, model=lambda: self._model, provider=lambda: self.provider,
                                       spawn=self._tasks.spawn)

    # ------------------------------------------------------------ opening

    @classmethod
    def open(cls, cfg: Config, *, resume: str | None = None, continue_last: bool = False,
             source: str = "tui", model_override: str | None = None,
             on_event: Callable[[Event], None] | None = None) -> AgentSession:
        """Open a new conversation, or resume one by name/id/prefix, or the most recent one."""
        load_env_file()
        model = cfg.resolve_model(ModelConfig(name=model_override)) if model_override else cfg.model
        history, error = opening.open_history()
        agent = cls(cfg, history, source=source, model=model, on_event=on_event,
                    history_error=error)
        history.on_lost = agent._history_lost
        agent.provider = opening.load_provider(cfg, agent._emit)
        agent.project = load_project(working_dir(), cfg.project.context_chars)
        if resume or continue_last:  # a resumed session keeps the prompt it was started with
            agent._current.load(opening.resume_target(history, resume, error=error))
        else:
            agent._builder.announce_project()
        return agent

    def _history_lost(self, message: str) -> None:
        if self.history_error is None:  # one warning per run, whether at open or later
            self.history_error = message
            self._emit(Notice(kind="info", text=message))

    async def context_counted(self) -> None:
        """Wait until the size of a loaded conversation is counted (hermes/agent/context_gauge.py)."""
        await self._current.gauge.counted()

    # ------------------------------------------------------------ coding tools (coding_host.py)

    @property
    def project(self) -> ProjectContext:
        return self._coding.project

    @project.setter
    def project(self, project: ProjectContext) -> None:
        self._coding.project = project

    @property
    def turn_sources(self) -> TurnSources:
        """What this turn's file and command tools showed (memory writes that copy it are staged)."""
        return self._coding.turn_sources

    @property
    def tool_approver(self) -> ToolApprover | None:
        return self._coding.tool_approver

    @tool_approver.setter
    def tool_approver(self, approver: ToolApprover | None) -> None:
        self._coding.tool_approver = approver

    def set_tool_approver(self, approver: ToolApprover | None) -> None:
        """Who approves edits, writes and commands (None: they are denied, the model is told)."""
        self._coding.tool_approver = approver

    def changes_diff(self) -> str:
        """What the agent changed in this session's files, as one unified diff (/diff)."""
        return self._coding.changes_diff()

    def undo_last_edit(self) -> str:
        """Revert the agent's last edit or write in this session (/undo); one line. A read-only
        window changes nothing: the edits belong to the window that holds the session."""
        if self.read_only:
            return self.read_only
        return self._coding.undo_last_edit()

    # ------------------------------------------------------------ properties

    @property
    def session_id(self) -> str | None:
        conv = self._current.conv
        return conv.session_id if conv else None

    @property
    def title(self) -> str | None:
        return self._current.titles.text

    @property
    def read_only(self) -> str:
        """One line when another process has this session open (nothing can be sent), else ""."""
        return self._current.read_only

    @property
    def memory_changed(self) -> bool:
        """Resumed: MEMORY.md/USER.md differ from the snapshot the session's prompt froze."""
        return self._current.memory_changed

    @property
    def model(self) -> str:
        return self._model.name

    @property
    def project_name(self) -> str:
        """The project's name (its root folder's name), for the status bar."""
        return self.project.name

    @property
    def project_root(self) -> Path:
        """Where the coding tools work: the project's root folder."""
        return self.project.root

    @property
    def project_dir(self) -> str:
        """The project root this session records (hermes sessions list --here filters on it)."""
        return str(self.project.root)

    @property
    def totals(self) -> SessionTotals:
        conv = self._current.conv
        return conv.totals if conv else SessionTotals()

    @property
    def busy(self) -> bool:
        return self._runner.busy

    @property
    def context_window(self) -> int:
        """Tokens the model accepts (0 until known: litellm not loaded yet)."""
        conv = self._current.conv
        return (conv.context_window if conv else 0) or limits.context_window(self._model)

    @property
    def context_tokens(self) -> int:
        """Tokens of the context as last sent (or, after a resume, as counted from storage)."""
        conv = self._current.conv
        return conv.last_prompt_tokens if conv else 0

    @property
    def system_prompt(self) -> str | None:
        conv = self._current.conv
        return conv.system_prompt if conv else None

    @property
    def memory_snapshot(self) -> str:
        """The rendered memory blocks frozen into this session's prompt ("" before the first
        message of a new session, or when resumed: see the stored prompt)."""
        return self._current.memory_snapshot

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The conversation as sent to the model (after the system prompt)."""
        conv = self._current.conv
        return list(conv.messages) if conv else []

    def _emit(self, event: Event) -> None:
        if self._on_event is not None:
            self._on_event(event)

    # ------------------------------------------------------------ turns

    def note_pasted(self, blocks: Sequence[str]) -> None:
        """The next message holds these pasted documents: the memory gate takes them as a
        source ("from a block you pasted"), never as the person's own words."""
        self._builder.pasted.extend(b for b in blocks if b not in self._builder.pasted)
        self._pasted_now = list(blocks)  # this turn's sources too (the review compares them)

    async def send(self, text: str) -> TurnDone:
        """Run one turn with the user's text; events flow to on_event; never raises for
        provider or tool errors."""
        return await self._run(text, store_user=True)

    async def retry(self, text: str | None = None) -> TurnDone | None:
        """Ask again for the last user message; None when there is none. After an answer, the
        answer leaves the conversation (the history keeps it, marked replaced) and the model
        answers the same message again: no second copy of it is sent. After a failure the
        model is simply called again (a failed message the person cleared comes back).

        With `text` (a message that came back to the input and is sent again as it was): the
        model is called again when the conversation still ends with it unanswered, else it
        is sent as a new message (it never reached the conversation, e.g. the model client
        had not loaded): it never replaces an answer."""
        conv = self._current.conv
        if text is not None:
            if conv is None or not rewind.ends_with_failed(conv, mend_surrogates(text)):
                return await self.send(text)
            return await self._run("", store_user=False, retry=True)
        if conv is None or not self._current.retry_point.has_target(conv):
            return None
        return await self._run("", store_user=False, retry=True)

    def discard_failed(self) -> bool:
        """The person cleared the failed message from the input: it leaves the conversation
        (kept in the history, marked discarded) until /retry brings it back. False when the
        conversation does not end with a failed message, or a turn runs."""
        conv = self._current.conv
        return conv is not None and not self.busy and self._current.retry_point.discard(conv)

    @property
    def compressing(self) -> bool:
        """A /compress summary request is running (Esc cancels it like a reply)."""
        return self._runner.compressing

    def cancel(self) -> None:
        """Stop the running turn or /compress now (Esc); a partial reply is kept, marked
        interrupted; a cancelled compression leaves the conversation as it was."""
        self._runner.cancel()

    def stop_background(self) -> None:
        """Stop the background model requests (review, title) now (Esc with nothing else
        running): their work is saved as jobs and runs again at the next start."""
        self._after_turn.stop()

    async def _run(self, text: str, *, store_user: bool, retry: bool = False) -> TurnDone:
        text = mend_surrogates(text)  # undecodable bytes in argv or a paste arrive as surrogates
        if self.read_only:
            self._emit(ErrorEvent(message=self.read_only, retryable=False, kind="internal"))
            done = TurnDone(session_id=self.session_id or "", text="", failed=True)
            self._emit(done)
            return done
        return await self._runner.turn(lambda: self._turn(text, store_user, retry), self._cancelled)

    def _cancelled(self) -> TurnDone:
        done = TurnDone(session_id=self.session_id or "", text="", cancelled=True)
        self._emit(done)
        return done

    async def _turn(self, text: str, store_user: bool, retry: bool = False) -> TurnDone:
        await llm.load_async()
        current = self._current
        if current.conv is None:  # before the prompt is frozen: the scan model may hold paragraphs back
            self.project = await judge_project_context(self.cfg, self.project, self._emit)
        conv = current.conv or current.start()
        if not conv.context_window:
            conv.context_window = limits.context_window(self._model)
        if retry:
            text = current.retry_point.prepare(conv)
        if store_user:
            current.retry_point.discarded = None  # a new message: the cleared one stays out for good
            try:
                conv = await current.make_room(conv, text)
            except asyncio.CancelledError:
                if self._closing:
                    raise
                # Esc during the compression before a send: nothing was stored or sent; the
                # interface puts the message back ("unsent").
                done = TurnDone(session_id=conv.session_id, text="", cancelled=True, unsent=True)
                self._emit(done)
                return done
            current.turn_index += 1
        if self._builder.memory_tool is not None:
            self._builder.memory_tool.reset_turn()
        self.turn_sources.clear()  # provenance is per turn: only this turn's output counts
        for block in self._pasted_now if store_user else ():
            self.turn_sources.record(PASTED, block)
        self._pasted_now = []
        result = await run_turn(conv, text, store_user=store_user, turn_index=current.turn_index)
        done = result.done
        current.titles.derive(conv.session_id, text)  # instant, from the first user line
        finished = not (done.failed or done.cancelled or done.interrupted)
        # A turn cut short by quitting still gets its review: what the person said is stored,
        # and the review reads only that and the tool lines (saved for later if need be).
        cut_by_quit = self._closing and store_user and done.cancelled
        if finished or cut_by_quit:
            if finished:
                self.turn_tokens.append(result.prompt_tokens + result.completion_tokens)
            wants_title = current.titles.take_model_request()
            self._after_turn.schedule(result, session_id=conv.session_id,
                                      turn_index=current.turn_index, wants_title=wants_title,
                                      can_review=self._builder.memory_tool is not None
                                      and not result.remembered,
                                      provider=self.provider if finished else None,
                                      sources=self.turn_sources.snapshot(),
                                      project_root=self.project_root)
        return done

    # ------------------------------------------------------------ background work

    @property
    def background_usage(self) -> list[background.BackgroundUsage]:
        """Tokens and cost of each review/title call so far."""
        return self._after_turn.usage

    @property
    def background_errors(self) -> list[tuple[str, str]]:
        """(what, one line) for review/title/provider work that failed (logged, never raised)."""
        return self._tasks.errors

    @property
    def review_status(self) -> str:
        """After a turn: "scheduled", "done", "failed: …" or why the review did not run."""
        return self._tasks.review_status

    def _apply_title(self, session_id: str, title: str) -> None:
        self._current.titles.apply_model(session_id, title, current=self.session_id)

    async def wait_background(self, timeout: float | None = None) -> bool:
        """Wait for review/title/provider tasks; False when some still run after `timeout`
        (or once hurry() was called)."""
        return await self._tasks.wait(timeout, self._hurry)

    @property
    def has_background_work(self) -> bool:
        """True while a review, title or provider task runs."""
        return self._tasks.running

    def begin_quit(self) -> None:
        """The program is quitting: stop a running turn (its partial is stored) and still
        review what the person said; close() then gives the work its grace period."""
        self._closing = True
        self.cancel()

    def hurry(self) -> None:
        """Stop waiting for background work now (a second quit): close() saves what is left."""
        self._hurry.set()

    def start_saved_jobs(self) -> int:
        """Run, in the background, the work an earlier run saved when it quit too early
        (hermes/agent/jobs.py); the number started."""
        return self._after_turn.replay_saved()

    # ------------------------------------------------------------ moving to another session (current_session.py)

    async def compress(self) -> str | None:
        """Compress now (/compress); the new session id, or None when there was nothing older."""
        async with self._runner.lock:
            conv = self._current.conv
            if conv is None:
                return None
            child = await self._runner.compression(self._current.compress(conv, automatic=False))
            return child.session_id if child is not None else None

    def memory_outdated(self) -> bool:
        """MEMORY.md/USER.md differ now from what this session's prompt froze (False before
        the first message: a new session freezes the current files)."""
        return self._current.memory_outdated()

    async def refresh_memory(self) -> str | None:
        """Continue in a continuation session (`NAME #2`) whose prompt freezes the current
        MEMORY.md/USER.md, with the whole conversation so far (/memory refresh); the new id,
        or None before the first message (a new session reads the current memory anyway)."""
        async with self._runner.lock:
            child = self._current.refresh_memory()
            return child.session_id if child is not None else None

    # ------------------------------------------------------------ switching, closing

    async def new_session(self, title: str | None = None) -> None:
        """End the current session and start a fresh one. Without a title the new session is
        created by the next send() (session_id is None until then); with a title it is created
        now, and a title held by another session raises (the sessions layer's TitleClashError,
        one clear line) with nothing changed."""
        async with self._runner.lock:
            self._current.new(title)

    def rename(self, name: str) -> str:
        """Name the current session (/title); returns the cleaned name. A name held by another
        session raises the sessions layer's TitleClashError; no session yet raises OpenError."""
        return self._current.rename(name)

    def set_model(self, name: str) -> None:
        """Use another model for the following turns (same endpoint/key rules as config)."""
        self._model = self.cfg.resolve_model(ModelConfig(name=name)) if name else self.cfg.model
        self._current.use_model(self._model)

    async def close(self, *, wait_background: float | None = QUIT_GRACE_S) -> None:
        """Stop a running turn (its partial is stored), let background work finish (up to
        `wait_background` seconds), save what has not finished as jobs for the next start
        (`saved_jobs`), and end the session."""
        self._closing = True
        self._current.gauge.cancel()
        await self._runner.stop_turn()
        if not await self.wait_background(wait_background):
            self.saved_jobs = self._tasks.save_unfinished()
        conv = self._current.conv
        if conv is not None and not self.read_only:
            self.history.end(conv.session_id, "user_exit")
            if self.provider is not None:
                try:
                    await self.provider.on_session_end(conv.session_id)
                    await self.provider.aclose()
                except Exception:  # noqa: BLE001
                    log.warning("provider close failed", exc_info=True)
        if self.history.store is not None:
            self.history.store.close()
        self._current.release()
