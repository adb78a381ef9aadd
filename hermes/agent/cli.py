"""`hermes chat -q "prompt"`: one turn without the TUI, the reply on stdout."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register `hermes chat`."""
    p = sub.add_parser("chat", help="run one turn without the TUI and print the reply",
                       description="Send one message, print the reply on stdout, store the "
                                   "session, run the memory review, exit.")
    p.add_argument("-q", "--query", required=True, metavar="PROMPT", help="the message to send")
    p.add_argument("-r", "--resume", metavar="NAME|ID", help="continue a stored session")
    p.add_argument("-m", "--model", metavar="MODEL", help="litellm model name for this run")
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
    return asyncio.run(_chat(cfg, args))


class _Printer:
    """Headless rendering of agent events: reply text to stdout, the rest to stderr."""

    def __init__(self) -> None:
        self.wrote_text = False
        self.last_char = "\n"
        self.verbose = sys.stderr.isatty()

    def __call__(self, event: Any) -> None:
        from hermes.agent import events as ev

        if isinstance(event, ev.TextDelta):
            sys.stdout.write(event.text)
            sys.stdout.flush()
            self.wrote_text = True
            self.last_char = event.text[-1:] or self.last_char
        elif isinstance(event, ev.ToolFinished) and self.verbose:
            print(f"· {event.summary}", file=sys.stderr)
        elif isinstance(event, ev.Notice) and event.kind != "warning":
            print(f"hermes: {event.text}" + (f" ({event.detail})" if event.detail else ""),
                  file=sys.stderr)
        elif isinstance(event, ev.ApprovalStaged):
            print(f"hermes: memory change {event.pending_id} waits for approval "
                  f"(hermes memory pending)", file=sys.stderr)
        elif isinstance(event, ev.ErrorEvent):
            self.end_line()
            print(f"hermes: {event.message}", file=sys.stderr)
        elif isinstance(event, ev.TurnDone):
            self.end_line()

    def end_line(self) -> None:
        if self.wrote_text and self.last_char != "\n":
            sys.stdout.write("\n")
            sys.stdout.flush()
            self.last_char = "\n"


async def _chat(cfg: Any, args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import signal

    from hermes.agent.session import AgentSession, OpenError

    printer = _Printer()
    try:
        agent = AgentSession.open(cfg, resume=args.resume, source="cli",
                                  model_override=args.model, on_event=printer)
    except OpenError as exc:
        print(f"hermes: {exc}", file=sys.stderr)
        return 1
    if agent.history_error:
        print(f"hermes: {agent.history_error}", file=sys.stderr)
    # `kill` (SIGTERM) stops the reply like Esc does: the partial text is stored as interrupted
    with contextlib.suppress(NotImplementedError, RuntimeError):
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, agent.cancel)
    try:
        done = await agent.send(args.query)
        if done.failed or done.interrupted:
            return 1
        if not await agent.wait_background(timeout=cfg.agent.request_timeout):
            print("hermes: memory review skipped: still running at exit", file=sys.stderr)
        elif agent.review_status.startswith("failed: "):
            print(f"hermes: memory review skipped: {agent.review_status[8:]}", file=sys.stderr)
        elif agent.review_status not in ("done", "scheduled"):
            print(f"hermes: memory review skipped: {agent.review_status}", file=sys.stderr)
        return 0
    finally:
        await agent.close(wait_background=0)
