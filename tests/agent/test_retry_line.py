"""Automatic retries: one line that counts, then the outcome; nothing contradicts a success."""

from __future__ import annotations

import io
import sys

from hermes.agent import events as ev
from hermes.agent.events import Retry
from tests.agent.conftest import MAIN, write_config
from tests.agent.test_chat_cli import _hermes
from tests.support.fake_llm import Reply


def test_retry_line_text_counts_then_settles():
    waiting = Retry(attempt=2, max_retries=3, delay=1.23, reason="server error")
    assert waiting.text == "server error — retrying 2/3 in 1.2 s…"
    assert Retry(attempt=3, max_retries=3, outcome="answered").text == "answered after 3 tries"
    assert Retry(attempt=4, max_retries=3, outcome="gave up").text == "gave up after 4 tries"
    assert ev.Retry in ev.Event.__args__


def test_chat_q_says_retries_then_success_without_asking_the_person_to_retry(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server)
    server.add(Reply(status=500), model=MAIN, times=2)
    server.add(Reply(text="Fine now."), model=MAIN)

    done = _hermes(hermes_home, "chat", "-q", "hello")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Fine now.\n"
    lines = [line for line in done.stderr.splitlines() if line.startswith("hermes:")]
    # not a terminal: each retry on its own line, then the outcome
    assert [line.split(" — ")[-1][:12] for line in lines[:2]] == ["retrying 1/2", "retrying 2/2"]
    assert lines[2] == "hermes: answered after 3 tries"
    assert "/retry" not in done.stderr and "again" not in done.stderr.lower()
    assert "gave up" not in done.stderr


def test_chat_q_that_gives_up_prints_the_error_once(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server)
    server.add(Reply(status=500), model=MAIN)

    done = _hermes(hermes_home, "chat", "-q", "hello")
    assert done.returncode != 0
    assert "answered" not in done.stderr
    assert done.stderr.count("gave up after 3 tries") == 1


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_in_a_terminal_the_retry_line_is_rewritten_in_place(monkeypatch):
    from hermes.agent.chat_query import _Printer

    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    printer = _Printer()
    printer(Retry(attempt=1, max_retries=3, delay=0.5, reason="server error"))
    printer(Retry(attempt=2, max_retries=3, delay=1.0, reason="server error"))
    printer(Retry(attempt=3, max_retries=3, reason="server error", outcome="answered"))
    shown = err.getvalue()
    assert shown.count("\n") == 1  # one line on screen in the end
    assert shown.endswith("\r\x1b[Khermes: answered after 3 tries\n")
    assert "retrying 2/3 in 1.0 s…" in shown
