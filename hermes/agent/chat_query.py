"""`hermes chat -q "prompt"`: one turn without the TUI, the reply on stdout."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cli.py starts fast: the agent's modules load on first use
    import threading

    from hermes.agent.events import Event, Notice, Retry, ToolFinished
    from hermes.agent.session import AgentSession
    from hermes.config import Config


# Exit statuses (docs/models.md, "Exit codes"): scripts can tell these apart.
EXIT_ANSWERED = 0
EXIT_MODEL_ERROR = 1  # the model or provider failed (the one-line help is on stderr)
EXIT_USAGE = 2  # bad usage or config, or a session that cannot be written here
EXIT_TRUNCATED = 3  # the reply was cut at the token limit (printed, marked incomplete)
EXIT_NO_ANSWER = 4  # the turn ended without any answer text (stderr says what happened)
EXIT_INTERRUPTED = 130  # Ctrl+C (SIGINT); SIGTERM gives 143 (128 + the signal's number)

STATUS_NAMES = {EXIT_ANSWERED: "answered", EXIT_MODEL_ERROR: "error", EXIT_USAGE: "usage_error",
                EXIT_TRUNCATED: "truncated", EXIT_NO_ANSWER: "no_answer",
                EXIT_INTERRUPTED: "interrupted", 128 + 15: "interrupted"}


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `hermes chat`."""
    p = sub.add_parser("chat", help="run one turn without the TUI and print the reply",
                       description="Send one message, print the reply on stdout, store the "
                                   "session, run the memory review, exit. Each tool action is "
                                   "one line on stderr. Exit status: 0 answered, 1 model or "
                                   "provider error, 2 bad usage or config, 3 reply cut at the "
                                   "token limit, 4 no answer text, 130 interrupted (Ctrl+C).")
    p.add_argument("-q", "--query", metavar="PROMPT",
                   help="the message to send; `-` reads it from stdin (so does a pipe when "
                        "-q is not given)")
    p.add_argument("-r", "--resume", metavar="NAME|ID", help="continue a stored session")
    p.add_argument("-m", "--model", metavar="MODEL", help="litellm model name for this run")
    p.add_argument("-y", "--yes", action="store_true",
                   help="allow the agent's file edits, writes and commands without asking "
                        "(without it they are denied and the model is told so)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", dest="json_output",
                     help="print one JSON result object on stdout at the end, instead of the "
                          "reply as text")
    out.add_argument("--stream-json", action="store_true", dest="stream_json",
                     help="print one JSON event a line on stdout as the turn runs")
    p.add_argument("--quiet", action="store_true",
                   help="no tool lines on stderr (errors and warnings are still printed)")
    p.set_defaults(func=run_chat)


def _read_prompt(args: argparse.Namespace) -> str | None:
    """The prompt: -q's text; stdin when it is `-`, or when -q is missing and stdin is not a
    terminal; None when there is none to read."""
    query: str | None = args.query
    stdin = sys.stdin
    wants_stdin = query == "-" or (query is None and stdin is not None and not stdin.isatty())
    if not wants_stdin:
        return query
    if stdin is None:
        return None
    reconfigure = getattr(stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    return str(stdin.read())


def run_chat(args: argparse.Namespace) -> int:
    """`hermes chat -q`: check the config, run one turn, return the exit status."""
    import asyncio

    from hermes.config import ConfigError, load_config

    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    report = _Report(args)
    try:
        cfg = load_config()
    except ConfigError as exc:
        return report.finish(EXIT_USAGE, f"config error: {exc}")
    for warning in cfg.warnings:
        print(f"hermes: warning: {warning}", file=sys.stderr)
    query = _read_prompt(args)
    if query is None:
        return report.finish(EXIT_USAGE, "no prompt: pass -q PROMPT, or -q - to read it from "
                                         "stdin, or pipe it in (echo hi | hermes chat)")
    if not (args.model or cfg.model.name):
        return report.finish(EXIT_USAGE, "no model configured: set model.name in "
                                         "$HERMES_HOME/config.yaml (e.g. `model: openai/gpt-4.1`) "
                                         "or pass --model")
    if not query.strip():
        read_stdin = args.query in (None, "-")
        return report.finish(EXIT_USAGE, "the prompt read from stdin is empty: pass -q PROMPT "
                                         "or pipe the text in" if read_stdin
                             else "the prompt is empty")
    from hermes.agent import llm

    llm.start_preload()  # seconds of import, overlapped with opening the session and the prompt
    return asyncio.run(_chat(cfg, args, query, report))


def _say(line: str) -> None:
    """One line for the person on stderr, with any control sequence in it made visible."""
    from hermes.security.sanitize import neutralize_controls

    print(neutralize_controls(line), file=sys.stderr)


def _json_line(obj: dict[str, object]) -> None:
    """One JSON object on one stdout line (controls escaped by JSON, never sent raw)."""
    import json

    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _tool_outcome(event: ToolFinished) -> str:
    if event.display.denied:
        return "denied"
    return "ok" if event.success else "failed"


def _staged(result: str) -> bool:
    """A memory tool result that staged the write for approval (its own event says so)."""
    import json

    try:
        data = json.loads(result)
    except (ValueError, TypeError):
        return False
    return isinstance(data, dict) and bool(data.get("staged"))


class _Report:
    """What one `chat -q` run did, for --json (one object at the end) and --stream-json (one
    event a line as it happens, the same object as the last "done" event)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.mode = ("json" if getattr(args, "json_output", False)
                     else "stream" if getattr(args, "stream_json", False) else "text")
        self.quiet: bool = bool(getattr(args, "quiet", False))
        self.model: str = getattr(args, "model", None) or ""
        self.session_id = ""
        self.session_name: str | None = None
        self.answer = ""
        self.tool_calls: list[dict[str, object]] = []
        self.memory_changes: list[dict[str, object]] = []
        self.staged: list[dict[str, object]] = []
        self.notices: list[dict[str, object]] = []
        self.usage = {"requests": 0, "input_tokens": 0, "output_tokens": 0, "cache_tokens": 0,
                      "cost": 0.0}
        self.error: dict[str, object] | None = None
        self.finished = False

    def event(self, event_type: str, /, **fields: object) -> None:
        """A --stream-json line (nothing in the other modes)."""
        if self.mode == "stream":
            _json_line({"type": event_type, **fields})

    def fail(self, message: str, kind: str = "internal") -> None:
        """An error for the person (stderr, always) and for the JSON result."""
        _say(f"hermes: {message}")
        if self.error is None:
            self.error = {"message": message, "kind": kind}
        self.event("error", message=message, kind=kind)

    def result(self, status: int) -> dict[str, object]:
        return {"status": STATUS_NAMES.get(status, "interrupted" if status > 128 else "error"),
                "exit_code": status, "answer": self.answer,
                "session": {"id": self.session_id or None, "name": self.session_name},
                "model": self.model, "tool_calls": self.tool_calls,
                "memory_changes": self.memory_changes, "staged": self.staged,
                "notices": self.notices, "usage": self.usage, "error": self.error}

    def finish(self, status: int, error: str = "", kind: str = "usage") -> int:
        """The run's end: an error line if any, the JSON result or the "done" event; `status`."""
        if error:
            self.fail(error, kind)
        if self.finished:
            return status
        self.finished = True
        if self.mode == "json":
            _json_line(self.result(status))
        else:
            self.event("done", **self.result(status))
        return status


class _Printer:
    """Headless rendering of agent events: reply text to stdout (or JSON, see _Report), tool
    lines and the rest to stderr. Control sequences a model sends are shown as visible
    symbols, never acted on by the terminal."""

    def __init__(self, report: _Report | None = None) -> None:
        self.report = report if report is not None else _Report(argparse.Namespace())
        self.wrote_text = False
        self.last_char = "\n"
        self.held_cr = ""  # a "\r" at the end of a piece may be half of a "\r\n"
        self.verbose = sys.stderr.isatty()
        self.told_denied = False

    def __call__(self, event: Event) -> None:
        from hermes.agent import events as ev

        report = self.report
        if isinstance(event, ev.TurnStarted):
            report.session_id = event.session_id
            report.event("turn_started", session_id=event.session_id)
        elif isinstance(event, ev.TextDelta):
            report.answer += event.text
            if report.mode == "text":
                self.write_text(event.text)
            else:
                report.event("text", text=event.text)
        elif isinstance(event, ev.ToolStarted):
            report.event("tool_started", id=event.call_id, name=event.name,
                         arguments=event.arguments, summary=event.summary)
        elif isinstance(event, ev.ToolFinished):
            self.tool_finished(event)
        elif isinstance(event, ev.Notice):
            self.notice(event)
        elif isinstance(event, ev.Retry):
            report.event("retry", attempt=event.attempt, max_retries=event.max_retries,
                         delay=event.delay, reason=event.reason, outcome=event.outcome,
                         text=event.text)
            self.retry(event)
        elif isinstance(event, ev.ApprovalStaged):
            staged: dict[str, object] = {"pending_id": event.pending_id, "target": event.target,
                      "action": event.action, "reason": event.reason}
            report.staged.append(staged)
            report.event("memory_staged", **staged)
            why = f": {event.reason}" if event.reason else ""
            _say(f"hermes: memory change {event.pending_id} waits for approval{why} "
                 f"(hermes memory pending)")
        elif isinstance(event, ev.Usage):
            usage = report.usage
            usage["requests"] += 1
            usage["input_tokens"] += event.input_tokens
            usage["output_tokens"] += event.output_tokens
            usage["cache_tokens"] += event.cache_tokens
            usage["cost"] = round(usage["cost"] + event.cost, 6)
            report.event("usage", input_tokens=event.input_tokens,
                         output_tokens=event.output_tokens, cache_tokens=event.cache_tokens,
                         cost=event.cost)
        elif isinstance(event, ev.TitleChanged):
            report.session_name = event.title
            report.event("title", session_id=event.session_id, title=event.title)
        elif isinstance(event, ev.SessionChanged):
            report.session_id, report.session_name = event.session_id, event.title
            report.event("session_changed", session_id=event.session_id, title=event.title,
                         reason=event.reason)
        elif isinstance(event, ev.ErrorEvent):
            self.end_line()
            report.fail(event.message, event.kind)
        elif isinstance(event, ev.TurnDone):
            self.end_line()
            report.session_id = event.session_id or report.session_id
            report.event("turn_done", session_id=event.session_id, interrupted=event.interrupted,
                         cancelled=event.cancelled, failed=event.failed)

    def tool_finished(self, event: ToolFinished) -> None:
        report = self.report
        outcome = _tool_outcome(event)
        report.tool_calls.append({"id": event.call_id, "name": event.name,
                                  "summary": event.summary, "outcome": outcome})
        report.event("tool_finished", id=event.call_id, name=event.name, outcome=outcome,
                     summary=event.summary)
        if event.name == "memory" and event.success and not _staged(event.result):
            change: dict[str, object] = {"source": "tool", "summary": event.summary}
            report.memory_changes.append(change)
            report.event("memory_updated", **change)
        if outcome == "denied" and not self.told_denied:  # said once, even with --quiet
            self.told_denied = True
            _say(f"hermes: {event.summary} (pass --yes to allow edits and commands)")
        elif not report.quiet:
            _say(f"· {event.summary}")

    def notice(self, event: Notice) -> None:
        report = self.report
        entry: dict[str, object] = {"kind": event.kind, "text": event.text, "detail": event.detail}
        if event.kind in ("memory", "user") and event.text.endswith("updated"):
            change: dict[str, object] = {"source": "review", "target": "user" if event.kind == "user" else "memory",
                      "summary": event.text, "detail": event.detail}
            report.memory_changes.append(change)
            report.event("memory_updated", **change)
        else:
            report.notices.append(entry)
            report.event("notice", **entry)
        if event.kind != "warning":
            _say(f"hermes: {event.text}" + (f" ({event.detail})" if event.detail else ""))

    def retry(self, event: Retry) -> None:
        """A terminal sees one retry line rewritten in place; a log gets one line per retry.
        A give-up prints nothing more: the error line after it says so and what to do."""
        from hermes.security.sanitize import neutralize_controls

        line = neutralize_controls(f"hermes: {event.text}")
        if self.verbose:
            sys.stderr.write("\r\x1b[K")  # back over the previous retry line, cleared
            if not event.outcome:
                sys.stderr.write(line)
            elif event.outcome == "answered":
                sys.stderr.write(line + "\n")
            sys.stderr.flush()
        elif event.outcome != "gave up":
            print(line, file=sys.stderr)

    def write_text(self, text: str) -> None:
        from hermes.security.sanitize import neutralize_controls

        text, self.held_cr = self.held_cr + text, ""
        if text.endswith("\r"):
            text, self.held_cr = text[:-1], "\r"
        if not text:
            return
        sys.stdout.write(neutralize_controls(text))
        sys.stdout.flush()
        self.wrote_text = True
        self.last_char = text[-1]

    def end_line(self) -> None:
        if self.held_cr:
            self.held_cr = ""
            self.write_text("\u240d")  # a lone carriage return at the very end: ␍
        if self.wrote_text and self.last_char != "\n":
            sys.stdout.write("\n")
            sys.stdout.flush()
            self.last_char = "\n"


def _start_auto_prune(cfg: Config) -> threading.Thread | None:
    """sessions.auto_prune: prune old history in a background thread (at most once a day)."""
    try:
        from hermes.sessions.maintenance import start_auto_prune

        return start_auto_prune(cfg.sessions)
    except Exception:  # noqa: BLE001 - housekeeping never fails the chat
        import logging

        logging.getLogger("hermes.agent.chat_query").warning("automatic prune not started",
                                                      exc_info=True)
        return None


async def _chat(cfg: Config, args: argparse.Namespace, query: str, report: _Report) -> int:
    import asyncio
    import contextlib
    import signal

    from hermes.agent.opening import OpenError
    from hermes.agent.session import AgentSession
    from hermes.agent.tasks import QUIT_GRACE_S

    printer = _Printer(report)
    try:
        agent = AgentSession.open(cfg, resume=args.resume, source="cli",
                                  model_override=args.model, on_event=printer)
    except OpenError as exc:
        return report.finish(EXIT_USAGE, str(exc), "session")
    report.model = agent.view.model
    report.session_id, report.session_name = agent.view.session_id or "", agent.view.title
    if agent.view.read_only:
        await agent.close(wait_background=0)
        return report.finish(EXIT_USAGE, (
            f"session {args.resume} is open in another Hermes window, so this run cannot add "
            "to it. Close that window and run the command again, or leave out --resume to "
            "start a new session."), "session")
    if agent.history_error:
        _say(f"hermes: {agent.history_error}")
    if args.yes:
        from hermes.workspace.policy import approve_everything

        agent.coding.tool_approver = approve_everything
    pruning = _start_auto_prune(cfg)
    stopped_by: list[int] = []

    def stop(signum: int) -> None:
        # Ctrl+C (SIGINT) and `kill` (SIGTERM) stop the reply like Esc does (the partial text
        # is stored as interrupted) and end the wait for the review, which is saved for the
        # next start
        stopped_by.append(signum)
        agent.begin_quit()
        agent.hurry()

    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(sig, stop, int(sig))
    try:
        status = await _turn(agent, cfg, query, report, stopped_by)
        # work an earlier run saved when it quit too early: after the answer, so that on a
        # one-slot local server it does not stand in front of it
        agent.after_turn.replay_saved()
    finally:
        await agent.close(wait_background=QUIT_GRACE_S)
        if pruning is not None:  # a prune is one transaction: waiting a little is enough
            await asyncio.to_thread(pruning.join, 10)
        if agent.saved_jobs:
            what = ("the memory review" if any("-review-" in p.name for p in agent.saved_jobs)
                    else "the session title")
            _say(f"hermes: {what} had not finished; it is saved in {agent.saved_jobs[0].parent} "
                 f"and runs at the next start of hermes")
    if stopped_by and status == EXIT_INTERRUPTED:  # a signal after the answer changes nothing
        status = 128 + stopped_by[0]
        if report.error is None:
            report.fail("interrupted: the reply so far is stored, marked interrupted "
                        f"(hermes chat -q ... --resume {report.session_id} continues the "
                        "session)", "interrupted")
    report.session_name = agent.view.title or report.session_name
    return report.finish(status)


async def _turn(agent: AgentSession, cfg: Config, query: str, report: _Report,
                stopped_by: list[int]) -> int:
    """Send the prompt, wait for the memory review; the exit status (before any signal)."""
    done = await agent.send(query)
    report.session_id = done.session_id or report.session_id
    if stopped_by:
        return EXIT_INTERRUPTED
    if done.failed or done.interrupted or done.cancelled:
        if report.error is None:
            report.fail("the turn did not finish; $HERMES_HOME/logs/hermes.log says why")
        return EXIT_MODEL_ERROR
    # The answer is out: the review gets the quit grace in close(), then it is saved as a job
    # for the next start instead of holding the process (a slow local model took minutes).
    # A review that is off or not due by the config is a choice, not news.
    if agent.view.review_status.startswith("failed: "):
        _say(f"hermes: memory review skipped: {agent.view.review_status[8:]}")
    if done.empty_reply or not (done.text or report.answer).strip():
        tools = len(report.tool_calls)
        after = f" after {tools} tool call{'' if tools == 1 else 's'}" if tools else ""
        report.fail(f"the model ended the turn without an answer{after}; ask again, or "
                    "continue the session (hermes chat -q PROMPT --resume "
                    f"{report.session_id})", "no_answer")
        return EXIT_NO_ANSWER
    # a reply cut at the token limit is printed, with its notice, but is not an answer
    return EXIT_TRUNCATED if done.truncated else EXIT_ANSWERED
