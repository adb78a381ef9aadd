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


def _hermes(home: Path, *args: str, timeout: float = 120,
            stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run hermes; `stdin` is written to a pipe (None: stdin is /dev/null)."""
    return subprocess.run([sys.executable, "-m", "hermes", *args], capture_output=True,
                          text=True, env=_cli_env(home), timeout=timeout,
                          input=stdin, stdin=subprocess.DEVNULL if stdin is None else None)


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
    assert _signal_mid_reply(home, signal.SIGTERM, 0.3) == 128 + signal.SIGTERM
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


def test_chat_q_ctrl_c_mid_reply_exits_130_and_keeps_the_partial_reply(cli_env):
    server, home = cli_env
    server.add(Reply(text="Partial words arrive slowly. " * 40, chunk_size=6, chunk_delay=0.05),
               model=MAIN)
    assert _signal_mid_reply(home, signal.SIGINT, 0.3) == 130
    (user, reply) = _stored_messages(home)
    assert reply.interrupted and reply.content.startswith("Partial words")


def _remember_tabs(server) -> None:
    """The model saves a preference the user states (not a remember request, which Hermes saves
    itself from the user's words before asking the model)."""
    server.add(Reply(tool_calls=[call("memory", {"action": "add", "target": "user",
                                                 "content": "Prefers tabs over spaces"})]),
               model=MAIN, match=lambda body: not has_tool_results(body))
    server.add(Reply(text="Saved: you prefer tabs."), model=MAIN, has_tool_results=True)


def test_chat_q_json_prints_one_result_object_and_tool_lines_on_stderr(cli_env):
    import json

    server, home = cli_env
    _remember_tabs(server)
    result = _hermes(home, "chat", "-q", "I prefer tabs over spaces", "--json")
    assert result.returncode == 0, result.stderr
    (line,) = result.stdout.splitlines()  # one object, nothing else on stdout
    data = json.loads(line)
    assert data["status"] == "answered" and data["exit_code"] == 0 and data["error"] is None
    assert data["answer"] == "Saved: you prefer tabs."
    from hermes.sessions import SessionStore

    store = SessionStore(home / "state.db")
    try:
        (session,) = store.list_sessions()
    finally:
        store.close()
    assert data["session"] == {"id": session.id, "name": "A Short Test Title"}
    (tool,) = data["tool_calls"]
    assert tool["name"] == "memory" and tool["outcome"] == "ok"
    assert tool["summary"].startswith('memory +user "Prefers tabs')
    assert any(c["source"] == "tool" and "Prefers tabs" in c["summary"]
               for c in data["memory_changes"])
    assert data["usage"]["requests"] == 2 and data["usage"]["output_tokens"] > 0
    assert data["staged"] == []
    tool_lines = [ln for ln in result.stderr.splitlines() if ln.startswith("· ")]
    assert tool_lines == [f"· {tool['summary']}"]


def test_chat_q_stream_json_reads_a_piped_prompt_and_quiet_drops_tool_lines(cli_env):
    import json

    server, home = cli_env
    _remember_tabs(server)
    result = _hermes(home, "chat", "--stream-json", "--quiet",
                     stdin="I prefer tabs over spaces\n")
    assert result.returncode == 0, result.stderr
    events = [json.loads(ln) for ln in result.stdout.splitlines()]
    types = [e["type"] for e in events]
    assert types[0] == "turn_started" and types[-1] == "done"
    assert types.index("tool_started") < types.index("tool_finished") < types.index("text")
    assert "memory_updated" in types and "usage" in types and "turn_done" in types
    started = next(e for e in events if e["type"] == "tool_started")
    assert started["name"] == "memory" and started["arguments"]["target"] == "user"
    finished = next(e for e in events if e["type"] == "tool_finished")
    assert finished["id"] == started["id"] and finished["outcome"] == "ok"
    text = "".join(e["text"] for e in events if e["type"] == "text")
    assert text == "Saved: you prefer tabs."
    done = events[-1]
    assert done["exit_code"] == 0 and done["answer"] == text and done["session"]["id"]
    assert "· " not in result.stderr  # --quiet
    users = [m["content"] for m in server.requests_for(MAIN)[0]["messages"] if m["role"] == "user"]
    assert users == ["I prefer tabs over spaces\n"]


def test_chat_q_dash_reads_stdin_and_prints_the_tool_line(cli_env):
    server, home = cli_env
    _remember_tabs(server)
    result = _hermes(home, "chat", "-q", "-", stdin="tabs over spaces for me")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Saved: you prefer tabs.\n"
    assert '· memory +user "Prefers tabs over spaces" → saved' in result.stderr
    users = [m["content"] for m in server.requests_for(MAIN)[0]["messages"] if m["role"] == "user"]
    assert users == ["tabs over spaces for me"]


def test_chat_q_a_turn_without_answer_text_is_not_a_silent_success(cli_env):
    import json

    server, home = cli_env
    server.add(Reply(text=""), model=MAIN)
    result = _hermes(home, "chat", "-q", "hello", "--json")
    assert result.returncode == 4, result.stderr
    assert "without an answer" in result.stderr and "--resume" in result.stderr
    data = json.loads(result.stdout)
    assert data["status"] == "no_answer" and data["exit_code"] == 4
    assert data["error"]["kind"] == "no_answer"


def test_chat_q_usage_errors_exit_2_without_loading_litellm(cli_env):
    _, home = cli_env
    no_prompt = _hermes(home, "chat")  # stdin is /dev/null: nothing to read
    assert no_prompt.returncode == 2 and "read from stdin is empty" in no_prompt.stderr
    assert "Traceback" not in no_prompt.stderr
    both = _hermes(home, "chat", "-q", "hi", "--json", "--stream-json")
    assert both.returncode == 2 and "not allowed with" in both.stderr
    probe = ("import sys\nfrom hermes.cli import main\n"
             "for argv in (['chat', '--help'], ['chat', '--bogus'], ['chat', '-q', ' ']):\n"
             "    try:\n        main(argv)\n    except SystemExit:\n        pass\n"
             "print('LITELLM' if 'litellm' in sys.modules else 'NO-LITELLM', file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            env=_cli_env(home), timeout=120, stdin=subprocess.DEVNULL)
    assert "--stream-json" in result.stdout and "exit status" in result.stdout.lower()
    assert "the prompt is empty" in result.stderr
    assert result.stderr.strip().endswith("NO-LITELLM")


def test_chat_q_resume_of_a_session_open_elsewhere_says_what_to_do(cli_env):
    import fcntl

    server, home = cli_env
    first = _hermes(home, "chat", "-q", "hello")
    assert first.returncode == 0, first.stderr
    (session,) = _stored_sessions(home)
    lock = open(home / "locks" / f"{session.id}.lock", "a")  # noqa: SIM115 - held below
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)  # as an open Hermes window
        result = _hermes(home, "chat", "-q", "again", "--resume", session.id)
    finally:
        lock.close()
    assert result.returncode == 2
    assert "open in another Hermes window" in result.stderr and "/new" not in result.stderr
    assert "--resume" in result.stderr and result.stdout == ""
    assert len(server.requests_for(MAIN)) == 1  # nothing was sent


def _stored_sessions(home: Path) -> list:
    from hermes.sessions import SessionStore

    store = SessionStore(home / "state.db")
    try:
        return store.list_sessions()
    finally:
        store.close()


def test_chat_q_with_honcho_but_no_sdk_answers_with_one_notice(agent_env, hermes_home, tmp_path):
    from tests.providers.test_honcho_extra import hidden_honcho

    server, _ = agent_env
    write_config(hermes_home, server, user_model={
        "provider": "honcho", "honcho": {"base_url": "http://127.0.0.1:9"}})
    server.add(Reply(text="Hello there."), model=MAIN)
    env = _cli_env(hermes_home)
    env["PYTHONPATH"] = os.pathsep.join([str(hidden_honcho(tmp_path)), env["PYTHONPATH"]])
    result = subprocess.run([sys.executable, "-m", "hermes", "chat", "-q", "hello"],
                            capture_output=True, text=True, env=env, timeout=120,
                            stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Hello there.\n"
    lines = [ln for ln in result.stderr.splitlines() if "honcho" in ln.lower()]
    assert len(lines) == 1 and "Honcho SDK is not installed" in lines[0]
    assert "pip install 'honcho-ai>=2.0'" in lines[0] and "No module named" not in result.stderr
