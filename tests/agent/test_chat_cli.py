"""`hermes chat -q` end to end, as a subprocess against the fake server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hermes.agent.reply_store import CHECKPOINT_SECONDS
from tests.agent.conftest import MAIN, REVIEW, write_config
from tests.support.fake_llm import Reply, call, has_tool_results, system_prompt

ROOT = Path(__file__).resolve().parents[2]


def _cli_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HERMES_")}
    env.update(HERMES_HOME=str(home), FAKE_LLM_KEY="sk-fake-cli-key-0000000000",
               PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
    return env


def _hermes(home: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hermes", *args], capture_output=True,
                          text=True, env=_cli_env(home), timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture
def cli_env(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server)
    return server, hermes_home


def test_chat_q_stores_memory_and_the_next_session_sees_it(cli_env):
    server, home = cli_env
    server.add(Reply(tool_calls=[call("memory", {"action": "add", "target": "user",
                                                 "content": "Prefers tabs over spaces"})]),
               model=MAIN, contains="remember that I prefer tabs",
               match=lambda body: not has_tool_results(body))
    server.add(Reply(text="Saved: you prefer tabs."), model=MAIN, has_tool_results=True)

    first = _hermes(home, "chat", "-q", "remember that I prefer tabs")
    assert first.returncode == 0, first.stderr
    assert first.stdout == "Saved: you prefer tabs.\n"
    # the user's own words are saved by Hermes; the model's paraphrase is answered, not run
    assert (home / "memories" / "USER.md").read_text() == 'The user said: "I prefer tabs"'
    assert not server.requests_for(REVIEW)  # nothing left to review: what they said is kept

    second = _hermes(home, "chat", "-q", "which indentation do I like?")
    assert second.returncode == 0, second.stderr
    assert second.stdout == "OK.\n"
    assert "I prefer tabs" in system_prompt(server.requests_for(MAIN)[-1])

    listing = _hermes(home, "sessions", "list")
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.count("A Short Test Title") == 2  # both sessions, titled

    from hermes.sessions import SessionStore

    store = SessionStore(home / "state.db")
    sessions = store.list_sessions()
    assert len(sessions) == 2 and {s.source for s in sessions} == {"cli"}
    oldest = sessions[-1].id
    third = _hermes(home, "chat", "-q", "and again", "--resume", oldest)
    assert third.returncode == 0, third.stderr
    users = [m["content"] for m in server.requests_for(MAIN)[-1]["messages"]
             if m["role"] == "user"]
    assert users == ["remember that I prefer tabs", "and again"]
    store.close()


def test_chat_q_with_a_failing_provider_exits_non_zero_with_one_line(cli_env):
    server, home = cli_env
    server.add(Reply(status=401, error_message="Invalid API key"), model=MAIN)
    result = _hermes(home, "chat", "-q", "hello")
    assert result.returncode == 1
    assert result.stdout == ""
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("hermes: Authentication failed")
    assert "Invalid API key" in lines[0] and "FAKE_LLM_KEY" in lines[0]
    assert "sk-fake-cli-key" not in result.stderr
    log = home / "logs" / "hermes.log"
    assert log.exists() and "sk-fake-cli-key" not in log.read_text()
    assert "Traceback" not in result.stderr


def test_chat_q_provider_down(cli_env):
    server, home = cli_env
    server.stop()  # nothing listens on the port any more
    result = _hermes(home, "chat", "-q", "hello", "--model", "openai/other")
    assert result.returncode == 1
    assert "hermes:" in result.stderr and "connection" in result.stderr.lower()
    assert "Traceback" not in result.stderr


def test_chat_q_without_a_model_says_so(hermes_home):
    result = _hermes(hermes_home, "chat", "-q", "hello")
    assert result.returncode == 2
    assert "no model configured" in result.stderr and result.stdout == ""


def _signal_mid_reply(home: Path, sig: int, after: float) -> int:
    """Start `hermes chat -q`, send `sig` `after` seconds into the streamed reply; its exit code."""
    proc = subprocess.Popen([sys.executable, "-m", "hermes", "chat", "-q", "tell me slowly"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_cli_env(home), stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        assert proc.stdout.read(12).startswith("Partial")  # the reply has started streaming
        time.sleep(after)
        proc.send_signal(sig)
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return proc.returncode


def _stored_messages(home: Path) -> list:
    from hermes.sessions import SessionStore

    store = SessionStore(home / "state.db")
    try:
        (session,) = store.list_sessions()
        return store.get_messages(session.id)
    finally:
        store.close()


def test_chat_q_killed_mid_reply_keeps_the_partial_reply(cli_env):
    """SIGTERM during the stream stops it like Esc: the text so far is stored as interrupted."""
    server, home = cli_env
    server.add(Reply(text="Partial words arrive slowly. " * 40, chunk_size=6, chunk_delay=0.05),
               model=MAIN)
    assert _signal_mid_reply(home, signal.SIGTERM, 0.3) == 1
    messages = _stored_messages(home)
    assert [m.role for m in messages] == ["user", "assistant"]
    reply = messages[1]
    assert reply.interrupted
    assert reply.content.startswith("Partial words") and len(reply.content) < 40 * 29


def test_chat_q_killed_with_sigkill_mid_reply_keeps_what_was_saved(cli_env):
    """kill -9 runs no handler at all: what the streaming checkpoints saved is what survives."""
    server, home = cli_env
    server.add(Reply(text="Partial words arrive slowly. " * 60, chunk_size=6, chunk_delay=0.03),
               model=MAIN)
    assert _signal_mid_reply(home, signal.SIGKILL, CHECKPOINT_SECONDS + 1.5) == -signal.SIGKILL
    messages = _stored_messages(home)
    assert [m.role for m in messages] == ["user", "assistant"]
    reply = messages[1]
    assert reply.interrupted and reply.content.startswith("Partial words arrive slowly.")
    assert len(reply.content) < 60 * 29
