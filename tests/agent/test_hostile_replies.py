"""Replies no server should send: lone surrogates, HTML pages, no choices, terminal escapes.
None of them may crash a turn, store an empty reply or reach a terminal raw."""

from __future__ import annotations

import json

from hermes.agent import llm
from hermes.agent.events import ErrorEvent
from hermes.agent.session import AgentSession
from hermes.memory import read_entries
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.agent.test_chat_cli import _hermes
from tests.support.fake_llm import Reply, call

EMOJI_PAIR = "\ud83d\ude00"  # 😀 as two UTF-16 code units, as a JSON "\ud83d\ude00" escape gives


def _stored(home) -> list[tuple[str, str]]:
    with SessionStore(home / "state.db") as store:
        (session,) = store.list_sessions()
        return [(m.role, m.content or "") for m in store.get_messages(session.id)]


async def test_a_surrogate_pair_split_across_deltas_is_joined_and_a_lone_one_replaced(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg()
    server.queue(Reply(text=f"ab{EMOJI_PAIR}c\ud800d", chunk_size=3), model=MAIN)  # splits the pair
    shown: list[str] = []
    state = await llm.stream_completion(cfg.model, [{"role": "user", "content": "hi"}],
                                        on_text=shown.append, max_retries=0)
    assert state.text == "ab😀c\ufffdd"
    assert "".join(shown) == state.text
    assert all(p.encode("utf-8") for p in shown)


async def test_a_surrogate_at_the_very_end_of_the_stream_becomes_a_replacement(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg()
    server.queue(Reply(text="end\ud83d"), model=MAIN)
    state = await llm.stream_completion(cfg.model, [{"role": "user", "content": "hi"}],
                                        max_retries=0)
    assert state.text == "end\ufffd"


async def test_surrogates_in_tool_arguments_and_the_reply_do_not_break_the_turn(agent_env,
                                                                                 hermes_home):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    args = json.dumps({"action": "add", "target": "user",
                       "content": f"Likes {EMOJI_PAIR} and \udc00 marks"})  # JSON-escaped
    server.queue(Reply(tool_calls=[call("memory", args)], args_chunk_size=5),
                 Reply(text="Saved \ud800 it."), model=MAIN)
    agent = AgentSession.open(cfg)
    # argv bytes that were not UTF-8
    done = await agent.send("I like emoji and odd marks \udcff")
    await agent.close()
    assert not done.failed and done.text == "Saved \ufffd it."
    assert read_entries(cfg.memory, "user") == ["Likes 😀 and \ufffd marks"]
    stored = _stored(hermes_home)
    assert stored[0] == ("user", "I like emoji and odd marks \ufffd")
    assert stored[-1] == ("assistant", "Saved \ufffd it.")


def test_chat_q_with_a_lone_surrogate_in_the_stream_prints_and_stores_the_reply(agent_env,
                                                                                 hermes_home):
    server, make_cfg = agent_env
    make_cfg()
    server.add(Reply(text="hello \ud800 world", chunk_size=4), model=MAIN)
    result = _hermes(hermes_home, "chat", "-q", "hi")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "hello \ufffd world\n"
    assert _stored(hermes_home)[-1] == ("assistant", "hello \ufffd world")


def _assert_bad_reply_fails_cleanly(server, home) -> None:
    result = _hermes(home, "chat", "-q", "hello")
    assert result.returncode == 1
    assert result.stdout == ""
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    assert server.api_base in lines[0] and "model.api_base" in lines[0]
    assert "Error" not in lines[0] and "Traceback" not in result.stderr
    assert _stored(home) == [("user", "hello")]  # the question is kept, nothing empty stored


def test_chat_q_an_html_page_with_status_200_is_a_provider_error(agent_env, hermes_home):
    server, make_cfg = agent_env
    make_cfg()
    server.add(Reply(body="<!doctype html><html><body>Sign in to the proxy</body></html>"),
               model=MAIN)
    _assert_bad_reply_fails_cleanly(server, hermes_home)


def test_chat_q_a_200_without_choices_is_a_provider_error(agent_env, hermes_home):
    server, make_cfg = agent_env
    make_cfg()
    server.add(Reply(body='{"id": "x", "object": "chat.completion", "created": 1, '
                          '"model": "main", "choices": []}', content_type="application/json"),
               model=MAIN)
    _assert_bad_reply_fails_cleanly(server, hermes_home)


async def test_a_bad_200_in_the_app_is_one_error_event_and_the_message_can_be_retried(
        agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg()
    server.queue(Reply(body="<html>maintenance</html>"), Reply(text="Back."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("hi")
    assert done.failed and done.assistant_message_id is None
    (err,) = recorder.of(ErrorEvent)
    assert "not with a chat reply" in err.message
    again = await agent.retry()
    assert again is not None and again.text == "Back."
    await agent.close()


def test_terminal_escapes_from_the_model_never_reach_the_terminal_raw(agent_env, hermes_home,
                                                                       tmp_path):
    server, make_cfg = agent_env
    make_cfg()
    hostile = "hi \x1b]0;pwned\x07 there \x1b[2J\x9b31m done"
    server.add(Reply(text=hostile), model=MAIN)
    chat = _hermes(hermes_home, "chat", "-q", "hello")
    assert chat.returncode == 0, chat.stderr
    assert chat.stdout == "hi ␛]0;pwned␇ there ␛[2J\\x9b31m done\n"

    assert _stored(hermes_home)[-1] == ("assistant", hostile)  # history keeps what was said

    show = _hermes(hermes_home, "sessions", "show", "A Short Test Title")
    assert show.returncode == 0, show.stderr
    assert "␛]0;pwned␇" in show.stdout
    assert not any(c in show.stdout for c in "\x1b\x07\x9b")

    md = tmp_path / "out.md"
    export = _hermes(hermes_home, "sessions", "export", "--all", "--format", "md", "-o", str(md))
    assert export.returncode == 0, export.stderr
    text = md.read_text(encoding="utf-8")
    assert "hi ␛]0;pwned␇ there" in text and not any(c in text for c in "\x1b\x07\x9b")

    jl = tmp_path / "out.jsonl"
    assert _hermes(hermes_home, "sessions", "export", "--all", "-o", str(jl)).returncode == 0
    raw = jl.read_text(encoding="utf-8")
    assert not any(c in raw for c in "\x1b\x07\x9b")
    contents = [m["content"] for m in json.loads(raw)["messages"]]
    assert hostile in contents  # JSON keeps the exact text
