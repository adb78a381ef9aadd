"""The session AgentSession is in now, and the steps that change which one that is.

CurrentSession owns the current Conversation, the lock that makes this process its one writer
(read-only when another holds it), the memory snapshot its prompt froze, its title, its turn
count and the failed message the person cleared from it (for /retry). It starts a session,
loads a stored one, continues into a child session (`NAME #2`) when compressing or refreshing
memory, and moves on to a new one. AgentSession decides when (under its turn lock); this says
how. The steps' parts live in opening.py, continuation.py, session_title.py and
conversation_builder.py.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from hermes.agent import continuation, limits, opening, rewind, session_lock
from hermes.agent.coding_host import CodingHost
from hermes.agent.context_gauge import ContextGauge
from hermes.agent.conversation_builder import ConversationBuilder
from hermes.agent.events import Event, Notice, SessionChanged
from hermes.agent.conversation import Conversation
from hermes.agent.opening import OpenError
from hermes.agent.prompt import SystemPrompt
from hermes.agent.session_title import SessionTitle
from hermes.agent.stored_history import FAILED, History, strip_injected_context
from hermes.config import Config, ModelConfig
from hermes.plural import count

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.providers.guard import GuardedProvider


class CurrentSession:
    """The current conversation (None before the first message of a new session), its lock,
    frozen memory snapshot, title and turn count, and the moves to another session."""

    def __init__(self, cfg: Config, history: History, *, source: str, builder: ConversationBuilder,
                 coding: CodingHost, emit: Callable[[Event], None], model: Callable[[], ModelConfig],
                 provider: Callable[[], GuardedProvider | None],
                 spawn: Callable[[Coroutine[Any, Any, Any], str], None]) -> None:
        self._cfg = cfg
        self._history = history
        self._source = source
        self._builder = builder
        self._coding = coding
        self._emit = emit
        self._model = model  # read when used: /model changes it
        self._provider = provider  # read when used: opening sets it after construction
        self._spawn = spawn
        self.conv: Conversation | None = None
        self.titles = SessionTitle(history, emit)
        self.memory_snapshot = ""  # the memory blocks this session's prompt froze (see AgentSession)
        self.turn_index = 0
        self.memory_changed = False  # resumed: MEMORY.md/USER.md differ from the frozen snapshot
        self.read_only = ""  # one line, when another process has this session open
        self.retry_point = rewind.RetryPoint(emit)  # a cleared failed message, for /retry
        self.gauge = ContextGauge(emit, lambda: self.conv)
        self._lock: session_lock.SessionLock | None = None

    # ------------------------------------------------------------ becoming current

    def load(self, session_id: str) -> None:
        """Make a stored session current (resume): its prompt as stored, its messages, title,
        turn count and totals; read-only when another process writes it."""
        stored = opening.read_session(self._history, session_id)
        self._coding.fresh(new_session=False)
        prompt = stored.prompt
        if not prompt:  # a session stored without one (older data): build it once
            built = self._builder.prompt()
            prompt, self.memory_snapshot = built.text, built.memory_snapshot
        if self.hold(session_id):  # read-only: the other process's session stays as it is
            self._history.reopen(session_id)
        self._builder.summary = stored.summary
        self.titles.reset(stored.title, named=stored.named)
        self.turn_index = stored.turns
        self.memory_changed = opening.memory_differs(self._cfg.memory, prompt)
        self.conv = self._builder.conversation(session_id, prompt, stored.messages, stored.totals)
        # it ends with a message whose turn failed: /retry runs it, a new message replaces it
        self.conv.failed_user_id = stored.failed_user_id
        self.gauge.report(self.conv)

    def start(self, title: str | None = None) -> Conversation:
        """Create a new stored session under a freshly built prompt and make it current (named
        `title`, when given: a title another session holds raises and changes nothing)."""
        return self._become(*self._create(title))

    def _create(self, title: str | None, summary: str | None = None) -> tuple[str, SystemPrompt, str | None]:
        """Store a new session (named `title`) under a prompt carrying `summary` (else the
        current one); (its id, the prompt, the title held). Only the store is touched, so a
        refused title leaves nothing behind and the current session as it was."""
        built = self._builder.prompt(summary)
        session_id = self._history.create(system_prompt=built.text, model=self._model().name,
                                          source=self._source, project_dir=str(self._coding.project.root))
        held = None
        if title:
            try:
                held = self._history.set_title(session_id, title, "user")
            except Exception:
                if self._history.store is not None:
                    self._history.store.delete_session(session_id)
                raise
        return session_id, built, held

    def _become(self, session_id: str, built: SystemPrompt, title: str | None) -> Conversation:
        """Make the session `_create` stored the current one. The lock is taken first: it is
        the one step that can fail (an OS lock error), and nothing else has changed by then."""
        self.hold(session_id)
        self.memory_snapshot = built.memory_snapshot
        self.titles.reset(title, named=bool(title))
        self.turn_index = 0
        self._coding.fresh(new_session=False)
        self.conv = self._builder.conversation(session_id, built.text, [])
        return self.conv

    def hold(self, session_id: str) -> bool:
        """Take the session's lock (dropping the one held before); False, and `read_only`
        set, when another process writes the session."""
        if self._lock is not None:
            self._lock.release()
        self._lock = session_lock.acquire(session_id)
        held = session_lock.CLI_READ_ONLY_LINE if self._source == "cli" else session_lock.READ_ONLY_LINE
        self.read_only = "" if self._lock is not None else held
        return not self.read_only

    def release(self) -> None:
        """Let another process write the session (the program is closing)."""
        if self._lock is not None:
            self._lock.release()

    # ------------------------------------------------------------ continuing in a child session

    async def make_room(self, conv: Conversation, text: str) -> Conversation:
        """Before sending `text`: compress when it passes compression.threshold, then again
        with fewer recent turns while the request would not fit; the conversation to send in."""
        if continuation.over_threshold(self._cfg, conv, text):
            conv = await self.compress(conv, automatic=True) or conv
        return await continuation.make_room(
            self._cfg, conv, text, lambda c, keep: self.compress(c, automatic=True, keep=keep))

    async def compress(self, conv: Conversation, *, automatic: bool,
                       keep: int | None = None) -> Conversation | None:
        """Summarise the older turns and continue in a child session; the child's conversation,
        or None when nothing was compressed."""
        done = await continuation.summarise(
            self._cfg, conv, previous=self._builder.summary, automatic=automatic,
            keep=self._cfg.compression.keep_recent_turns if keep is None else keep,
            window=conv.context_window or limits.context_window(self._model()), build_prompt=self._builder.prompt,
            emit=self._emit)
        if done is None:
            return None
        self._builder.summary = done.summary
        child = self._continue(conv, done.prompt, list(done.split.recent), "compression")
        self._emit(Notice(kind="compression",
                          text=f"Conversation compressed: {count(len(done.split.older), 'older message')} "
                               f"summarised, continuing in {self.titles.text or child.session_id}"))
        self._emit(SessionChanged(child.session_id, self.titles.text, "compression"))
        return child

    def refresh_memory(self) -> Conversation | None:
        """Continue in a child session whose prompt freezes the current MEMORY.md/USER.md, with
        the whole conversation so far; the child, or None before the first message. Read-only
        raises OpenError."""
        conv = self.conv
        if conv is None:
            return None
        if self.read_only:
            raise OpenError(self.read_only)
        messages = list(conv.messages)
        failed = messages.pop() if conv.failed_user_id is not None else None
        child = self._continue(conv, self._builder.prompt(), messages, "memory_refresh")
        if failed is not None:  # still waiting for /retry, as it was in the parent
            child.failed_user_id = self._history.append(
                child.session_id, "user", strip_injected_context(str(failed.get("content") or "")),
                finish_reason=FAILED)
            messages.append(failed)
        self.memory_changed = False
        self.retry_point.discarded = None
        self._emit(SessionChanged(child.session_id, self.titles.text, "memory_refresh"))
        self.gauge.report(child)
        return child

    def _continue(self, conv: Conversation, prompt: SystemPrompt, messages: list[dict[str, Any]],
                  reason: str) -> Conversation:
        """Move on to a child session of `conv` (compression, memory refresh) under `prompt`,
        holding `messages`; the child's conversation, now the current one."""
        child_id, title = continuation.start_child(
            self._history, conv.session_id, prompt=prompt.text, model=self._model(), source=self._source,
            reason=reason, messages=messages, provider=self._provider(), spawn=self._spawn)
        self.memory_snapshot = prompt.memory_snapshot
        self.hold(child_id)
        self.conv = self._builder.conversation(child_id, prompt.text, messages, conv.totals)
        self.titles.reset(title, named=bool(title))
        return self.conv

    def apply_model_title(self, session_id: str, title: str) -> None:
        """A title the title model gave `session_id`; shown when that is still this session."""
        self.titles.apply_model(session_id, title, current=self.conv.session_id if self.conv else None)

    def memory_outdated(self) -> bool:
        """MEMORY.md/USER.md differ now from what this session's prompt froze (False before
        the first message: a new session freezes the current files)."""
        return self.conv is not None and opening.memory_differs(self._cfg.memory, self.conv.system_prompt)

    # ------------------------------------------------------------ moving on, naming, model

    def new(self, title: str | None = None) -> None:
        """End the current session and move to a fresh one: created now when `title` is given
        (a title another session holds raises, nothing changed), else by the next turn."""
        created = self._create(title, summary="") if title else None  # raises before any change
        old, was_read_only, summary = self.conv, bool(self.read_only), self._builder.summary
        self.conv = None
        self._builder.summary = ""
        self._coding.fresh(new_session=True)
        try:
            conv = self._become(*created) if created else None
        except Exception:  # the new session's lock failed: back to the old one, no orphan left
            assert created is not None
            if self._history.store is not None:
                self._history.store.delete_session(created[0])
            self.conv, self._builder.summary = old, summary
            if old is not None and not was_read_only:
                self.hold(old.session_id)
            raise
        if old is not None and was_read_only:  # another process's session: left as it is
            self.read_only = ""
        elif old is not None:
            self._history.end(old.session_id, "new_session")
            provider = self._provider()
            if provider is not None:
                self._spawn(provider.on_session_end(old.session_id), "provider-end")
        if conv is None:
            self.titles.reset(None, named=False)
        self.turn_index = 0
        self.retry_point.discarded = None
        self._emit(SessionChanged(conv.session_id if conv else "", self.titles.text, "new"))

    def rename(self, name: str) -> str:
        """Name the current session; the cleaned name. No session yet raises OpenError."""
        if self.conv is None:
            raise OpenError("There is no session to name yet: send a message first.")
        return self.titles.rename(self.conv.session_id, name)

    def use_model(self, model: ModelConfig) -> None:
        """The following turns of the current conversation go to `model`."""
        if self.conv is not None:
            self.conv.model = model
            self.conv.context_window = limits.context_window(model)
