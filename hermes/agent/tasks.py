"""Background tasks of a session (review, title, provider hooks): scheduled after a turn,
spawned, tracked, awaited.

Failures are logged and remembered as one line each; they never reach the user as a trace
and never touch the conversation. Work still running when the program quits is saved as a
job (hermes/agent/jobs.py) and runs at the next start, so quitting loses no memory write.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from hermes.agent import background
from hermes.agent.events import Event, Notice
from hermes.agent.jobs import ClaimedJob, Job, save_job
from hermes.agent.llm import LLMError
from hermes.plural import count

if TYPE_CHECKING:
    from pathlib import Path

    from hermes.agent.stored_history import History
    from hermes.agent.conversation import TurnResult
    from hermes.config import Config
    from hermes.memory.origin import Sources as OriginSources
    from hermes.providers.guard import GuardedProvider
    from hermes.security.overlap import Evidence
    from hermes.workspace.provenance import TurnSources

log = logging.getLogger("hermes.agent.tasks")

QUIT_GRACE_S = 5.0  # on quit, background work gets this long before it is saved for later


class BackgroundTasks:
    """The asyncio tasks started after turns, with what went wrong in them."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self._jobs: dict[asyncio.Task[Any], Job] = {}  # work that can be saved to run later
        self.errors: list[tuple[str, str]] = []  # (what, one line)
        self.review_status = ""  # "scheduled", "done", "failed: …" or why it did not run

    def spawn(self, coro: Coroutine[Any, Any, Any], what: str, *, job: Job | None = None,
              claimed: ClaimedJob | None = None) -> None:
        """Run `coro` in the background. `job` describes it for saving if the program quits
        first; `claimed` is the saved job it replays (removed once it has finished)."""

        async def guarded() -> None:
            try:
                await coro
            except asyncio.CancelledError:
                if claimed is not None:
                    claimed.release()  # still saved: it runs again at the next start
                raise
            except LLMError as err:
                log.info("%s skipped: %s", what, err.message)
                self._failed(what, err.message, claimed)
            except Exception:  # noqa: BLE001 - background work never reaches the user raw
                log.warning("%s failed", what, exc_info=True)
                self._failed(what, "an unexpected error (details in $HERMES_HOME/logs/"
                                   "hermes.log)", claimed)
            else:
                if claimed is not None:
                    claimed.done()

        task = asyncio.create_task(guarded(), name=f"hermes-{what}")
        self._tasks.add(task)
        if job is not None:
            self._jobs[task] = job
        task.add_done_callback(self._forget)

    def _forget(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        self._jobs.pop(task, None)

    @property
    def running(self) -> bool:
        return any(not t.done() for t in self._tasks)

    def _failed(self, what: str, line: str, claimed: ClaimedJob | None = None) -> None:
        self.errors.append((what, line))
        if what == "review":
            self.review_status = f"failed: {line}"
        if claimed is not None:
            claimed.failed(line)

    async def wait(self, timeout: float | None = None,
                   hurry: asyncio.Event | None = None) -> bool:
        """Wait for the running tasks; False when some still run after `timeout` seconds (or
        once `hurry` is set)."""
        pending = [t for t in self._tasks if not t.done()]
        if not pending:
            return True
        waiters: list[asyncio.Future[Any]] = [asyncio.ensure_future(asyncio.wait(pending))]
        if hurry is not None:
            waiters.append(asyncio.ensure_future(hurry.wait()))
        try:
            await asyncio.wait(waiters, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for w in waiters:
                w.cancel()
        return all(t.done() for t in pending)

    def save_unfinished(self) -> list[Path]:
        """Save the work that has not finished as jobs for the next start, then stop it all;
        the job files written."""
        saved: list[Path] = []
        for task in list(self._tasks):
            job = self._jobs.get(task)
            if task.done() or job is None:
                continue
            try:
                saved.append(save_job(job))
            except OSError:
                log.warning("could not save the unfinished %s", job.kind, exc_info=True)
        self.cancel()
        return saved

    def cancel(self) -> None:
        for task in list(self._tasks):
            task.cancel()


class _GoneSources:
    """A replayed review's sources: the output is gone, so any text may copy it."""

    def __init__(self, reason: Callable[[str], str | None]) -> None:
        self._reason = reason

    def match(self, text: str) -> str | None:
        return self._reason(text)

    def evidence(self) -> tuple[Evidence, ...]:
        return ()


class AfterTurn:
    """Schedules what follows a finished turn without delaying the next one: the memory review
    (every `memory.review_interval` turns), the model-written title (in the review's request
    when both use the same model) and the user-model provider's hook. The background calls'
    tokens and cost are added to the session's totals."""

    def __init__(self, cfg: Config, history: History, tasks: BackgroundTasks,
                 emit: Callable[[Event], None], apply_title: Callable[[str, str], None]) -> None:
        self.cfg, self.history, self.tasks = cfg, history, tasks
        self.emit, self.apply_title = emit, apply_title
        self.usage: list[background.BackgroundUsage] = []

    def schedule(self, result: TurnResult, *, session_id: str, turn_index: int, wants_title: bool,
                 can_review: bool, provider: GuardedProvider | None,
                 sources: TurnSources | None = None, project_root: Path | None = None) -> None:
        """`sources`: what the turn's file and command tools showed (a snapshot): the review
        is told their labels, and its writes that copy from them are staged. A turn with a
        procedure in it also gets the skill review (hermes/agent/skill_review.py)."""
        cfg, user_text = self.cfg, result.user_text
        interval = cfg.memory.review_interval
        review_due = bool(interval and turn_index % interval == 0 and can_review)
        # One request does both when they run on the same model (saves a second excerpt).
        combine = wants_title and review_due and background.same_model(
            cfg.resolve_model(cfg.memory.review_model), cfg.resolve_model(cfg.sessions.title_model))
        if review_due:
            self.tasks.review_status = "scheduled"
            job = Job("review", session_id, user_text, list(result.tool_lines), combine,
                      source_labels=sources.labels if sources is not None else [])
            self.tasks.spawn(self._review(session_id, user_text, combine, result.tool_lines,
                                          sources=sources),
                             "review", job=job)
        elif not interval:
            self.tasks.review_status = "off (memory.review_interval is 0)"
        else:
            every = "turn" if interval == 1 else count(interval, "turn")
            self.tasks.review_status = f"not due (runs every {every})"
        if review_due and cfg.skills.enabled and cfg.skills.review:
            self._schedule_skill_review(result, session_id, project_root)
        if wants_title and not combine:
            self.tasks.spawn(self._title(session_id, user_text), "title",
                             job=Job("title", session_id, user_text))
        if provider is not None:
            message_ids = [i for i in (result.user_message_id, result.assistant_message_id)
                           if i is not None]
            self.tasks.spawn(provider.on_turn_finished(session_id, turn_index, user_text,
                                                       result.assistant_text, message_ids),
                             "provider")

    def _schedule_skill_review(self, result: TurnResult, session_id: str,
                               project_root: Path | None) -> None:
        from hermes.agent.skill_review import has_procedure, run_skill_review

        if not has_procedure(result.user_text, list(result.tool_lines)):
            return

        async def review() -> None:
            usage = await run_skill_review(self.cfg, user_text=result.user_text,
                                           tool_lines=list(result.tool_lines),
                                           reply=result.assistant_text, session_id=session_id,
                                           project_root=project_root, emit=self.emit)
            self._record(session_id, usage)

        self.tasks.spawn(review(), "skill review")

    def replay_saved(self) -> int:
        """Run, in the background, the work an earlier run saved when it quit too early
        (hermes/agent/jobs.py); the number started."""
        from hermes.agent import jobs

        started = 0
        for path in jobs.pending_job_files():
            claimed = jobs.claim(path)
            if claimed is not None:
                self.replay(claimed)
                started += 1
        return started

    def stop(self) -> None:
        """Stop the background model requests now: their work is saved as jobs and runs again
        at the next start."""
        if not self.tasks.running:
            return
        saved = self.tasks.save_unfinished()
        self.emit(Notice(kind="info", text=("Background memory review stopped; it runs again at the "
                                            "next start." if saved else "Background work stopped.")))

    def replay(self, claimed: ClaimedJob) -> None:
        """Run a job saved when an earlier run quit before it finished."""
        job = claimed.job
        if job.kind == "review":
            self.tasks.spawn(self._review(job.session_id, job.user_text, job.with_title,
                                          job.tool_lines, current=False,
                                          gone_labels=job.source_labels),
                             "saved review", claimed=claimed)
        else:
            self.tasks.spawn(self._title(job.session_id, job.user_text), "saved title",
                             claimed=claimed)

    async def _review(self, session_id: str, user_text: str, with_title: bool,
                      tool_lines: list[str], *, current: bool = True,
                      sources: TurnSources | None = None, gone_labels: list[str] | None = None
                      ) -> None:
        """`sources`: the turn's file/command output; `gone_labels`: the labels of output that
        can no longer be compared (a review saved at quit): all its writes are staged."""
        from hermes.agent.scan_judge import make_judge
        from hermes.memory import MemoryTool
        from hermes.workspace.provenance import cannot_compare

        from hermes.agent.grounding import tool_evidence

        labels = sources.labels if sources is not None else list(gone_labels or [])
        provenance = (sources.reason if sources is not None
                      else cannot_compare(labels) if labels else None)
        gate_sources: OriginSources | None = sources
        if sources is None and labels:
            gate_sources = _GoneSources(cannot_compare(labels))
        tool = MemoryTool(self.cfg.memory, origin="review", session_id=session_id,
                          judge=make_judge(self.cfg), provenance=provenance,
                          said=lambda: [user_text], sources=gate_sources,
                          evidence=tool_evidence(tool_lines))
        usage, title = await background.run_review(
            self.cfg, memory_tool=tool, user_text=user_text, emit=self.emit,
            with_title=with_title, tool_lines=tool_lines, source_labels=labels)
        self._record(session_id, usage)
        if current:
            self.tasks.review_status = "done"
        if title:
            self.apply_title(session_id, title)

    async def _title(self, session_id: str, user_text: str) -> None:
        title, usage = await background.generate_title(self.cfg, user_text)
        self._record(session_id, usage)
        if title:
            self.apply_title(session_id, title)

    def _record(self, session_id: str, usage: background.BackgroundUsage) -> None:
        self.usage.append(usage)
        try:
            self.history.add_usage(session_id, input_tokens=usage.prompt_tokens,
                                   output_tokens=usage.completion_tokens, cache_tokens=0,
                                   cost=usage.cost)
        except Exception:  # noqa: BLE001 - accounting never fails background work
            log.warning("could not store background usage", exc_info=True)
