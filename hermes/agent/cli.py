"""`hermes chat -q "prompt"`: one turn without the TUI, the reply on stdout."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # cli.py starts fast: the agent's modules load on first use
    import threading

    from hermes.agent.events import Event, Retry
    from hermes.config import Config


EXIT_TRUNCATED = 3  # the reply was cut at the token limit (printed, marked incomplete)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `hermes chat`."""
    p = sub.add_parser("chat", help="run one turn without the TUI and print the reply",
                       description="Send one message, print the reply on stdout, store the "
                                   "session, run the memory review, exit.")
    p.add_argument("-q", "--query", required=True, metavar="PROMPT", help="the message to send")
    p.add_argument("-r", "--resume", metavar="NAME|ID", help="continue a stored session")
    p.add_argument("-m", "--model", metavar="MODEL", help="litellm model name for this run")
    p.add_argument("-y", "--yes", action="store_true",
                   help="allow the agent's file edits, writes and commands without asking "
                        "(without it they are denied and the model is told so)")
    p.set_defaults(func=run_chat)


def run_chat(args: argparse.Namespace) -> int:
    """`hermes chat -q`: check the config, run one turn, return the exit status."""
    import asyncio

    from hermes.config import load_config

    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    cfg = load_config()
    for warning in cfg.warnings:
        print(f"hermes: warning: {warning}", file=sys.stderr)
    if not (args.model or cfg.model.name):
        print("hermes: no model configured: set model.name in $HERMES_HOME/config.yaml "
              "(e.g. `model: openai/gpt-4.1`) or pass --model", file=sys.stderr)
        return 2
    if not args.query.strip():
        print("hermes: the prompt is empty", file=sys.stderr)
        return 2
    from hermes.agent import llm

    llm.start_preload()  # seconds of import, overlapped with opening the session and the prompt
    return asyncio.run(_chat(cfg, args))


def _say(line: str) -> None:
    """One line for the person on stderr, with any control sequence in it made visible."""
    from hermes.security.sanitize import neutralize_controls

    print(neutralize_controls(line), file=sys.stderr)


class _Printer:
    """Headless rendering of agent events: reply text to stdout, the rest to stderr. Control
    sequences a model sends are shown as visible symbols, never acted on by the terminal."""

    def __init__(self) -> None:
        self.wrote_text = False
        self.last_char = "\n"
        self.held_cr = ""  # a "\r" at the end of a piece may be half of a "\r\n"
        self.verbose = sys.stderr.isatty()
        self.told_denied = False

    def __call__(self, event: Event) -> None:
        from hermes.agent import events as ev

        if isinstance(event, ev.TextDelta):
            self.write_text(event.text)
        elif isinstance(event, ev.ToolFinished):
            if self.verbose:
                _say(f"· {event.summary}")
            if event.display.get("denied") and not self.told_denied:
                self.told_denied = True
                _say(f"hermes: {event.summary} (pass --yes to allow edits and commands)")
        elif isinstance(event, ev.Notice) and event.kind != "warning":
            _say(f"hermes: {event.text}" + (f" ({event.detail})" if event.detail else ""))
        elif isinstance(event, ev.Retry):
            self.retry(event)
        elif isinstance(event, ev.ApprovalStaged):
            _say(f"hermes: memory change {event.pending_id} waits for approval "
                 f"(hermes memory pending)")
        elif isinstance(event, ev.ErrorEvent):
            self.end_line()
            _say(f"hermes: {event.message}")
        elif isinstance(event, ev.TurnDone):
            self.end_line()

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

        return start_auto_prune(cfg)
    except Exception:  # noqa: BLE001 - housekeeping never fails the chat
        import logging

        logging.getLogger("hermes.agent.cli").warning("automatic prune not started",
                                                      exc_info=True)
        return None


async def _chat(cfg: Config, args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import signal

    from hermes.agent.session import AgentSession, OpenError
    from hermes.agent.tasks import QUIT_GRACE_S

    printer = _Printer()
    try:
        agent = AgentSession.open(cfg, resume=args.resume, source="cli",
                                  model_override=args.model, on_event=printer)
    except OpenError as exc:
        _say(f"hermes: {exc}")
        return 1
    if agent.history_error:
        _say(f"hermes: {agent.history_error}")
    if args.yes:
        from hermes.workspace.policy import approve_everything

        agent.set_tool_approver(approve_everything)
    pruning = _start_auto_prune(cfg)

    def stop() -> None:
        # `kill` (SIGTERM) stops the reply like Esc does (the partial text is stored as
        # interrupted) and ends the wait for the review, which is saved for the next start
        agent.begin_quit()
        agent.hurry()

    with contextlib.suppress(NotImplementedError, RuntimeError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop)
    try:
        done = await agent.send(args.query)
        # work an earlier run saved when it quit too early: after the answer, so that on a
        # one-slot local server it does not stand in front of it
        agent.start_saved_jobs()
        if done.failed or done.interrupted:
            return 1
        # The answer is out: the review gets the quit grace in close(), then it is saved as a
        # job for the next start instead of holding the process (a slow local model took
        # minutes). A review that is off or not due by the config is a choice, not news.
        if agent.review_status.startswith("failed: "):
            _say(f"hermes: memory review skipped: {agent.review_status[8:]}")
        if done.extras.get("empty_reply"):
            return 1  # the model gave no answer (the line says so); scripts must not take it for one
        # a reply cut at the token limit is printed, with its notice, but is not an answer
        return EXIT_TRUNCATED if done.extras.get("truncated") else 0
    finally:
        await agent.close(wait_background=QUIT_GRACE_S)
        if pruning is not None:  # a prune is one transaction: waiting a little is enough
            await asyncio.to_thread(pruning.join, 10)
        if agent.saved_jobs:
            what = ("the memory review" if any("-review-" in p.name for p in agent.saved_jobs)
                    else "the session title")
            _say(f"hermes: {what} had not finished; it is saved in {agent.saved_jobs[0].parent} "
                 f"and runs at the next start of hermes")
