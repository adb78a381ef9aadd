"""Turns through AgentSession against the fake server (litellm's real HTTP path, real SQLite,
real memory files)."""

from __future__ import annotations

import asyncio
import json

from hermes.agent.prefetch import RECALL_MESSAGE_CHARS
from hermes.agent.events import (
    ErrorEvent,
    Retry,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnDone,
    TurnStarted,
    Usage,
)
from hermes.agent.session import AgentSession
from hermes.memory import read_entries
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call, system_prompt, tool_results


def _main_requests(server):
    return server.requests_for(MAIN)


async def test_memory_add_is_on_disk_reaches_model_and_prompt_stays_frozen(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="Let me note that.", tool_calls=[call(
        "memory", {"action": "add", "target": "user", "content": "Prefers tabs over spaces"})]),
        Reply(text="Noted: tabs."), Reply(text="Second answer."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("I prefer tabs over spaces.")
    assert not done.failed and done.text == "Let me note that.\n\nNoted: tabs."
    assert read_entries(cfg.memory, "user") == ["Prefers tabs over spaces"]

    first, second = _main_requests(server)
    assert json.loads(tool_results(second)[0])["success"] is True
    started, finished = recorder.of(ToolStarted)[0], recorder.of(ToolFinished)[0]
    assert started.summary == 'memory +user "Prefers tabs over spaces"'
    assert finished.success and "saved" in finished.summary

    await agent.send("And what else?")
    prompts = {system_prompt(r) for r in _main_requests(server)}
    assert len(prompts) == 1, "the system prompt must be byte-identical within a session"
    assert "Prefers tabs over spaces" not in prompts.pop()  # frozen at session start
    assert [type(e) for e in recorder.events[:2]] == [TurnStarted, TextDelta]
    assert recorder.of(Usage)[-1].session_input_tokens > 0
    await agent.close()

    again = AgentSession.open(cfg)
    await again.send("hi")
    assert "Prefers tabs over spaces" in system_prompt(_main_requests(server)[-1])
    await again.close()


async def test_resumed_session_reuses_the_stored_prompt_byte_identical(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    agent = AgentSession.open(cfg)
    await agent.send("first")
    sid = agent.view.session_id
    await agent.close()
    (cfg.source.parent / "memories").mkdir(exist_ok=True)
    (cfg.source.parent / "memories" / "USER.md").write_text("Hand-edited fact")
    resumed = AgentSession.open(cfg, resume=sid)
    await resumed.send("second")
    first, second = _main_requests(server)
    assert system_prompt(first) == system_prompt(second)
    assert [m["content"] for m in second["messages"] if m["role"] == "user"] == ["first", "second"]
    await resumed.close()


async def test_session_search_finds_an_earlier_session(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="PostgreSQL it is for the auth refactor."), model=MAIN)
    earlier = AgentSession.open(cfg)
    await earlier.send("For the auth refactor we decided on PostgreSQL sessions.")
    earlier_id = earlier.view.session_id
    await earlier.close()

    # "last time": Hermes searches before the model is asked (a small model did not)
    server.queue(Reply(text="Last time you chose PostgreSQL."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("What did we decide last time about the auth refactor?")
    assert done.text == "Last time you chose PostgreSQL."
    first = _main_requests(server)[-1]
    result = json.loads(tool_results(first)[0])
    assert result["success"] and result["results"][0]["session_id"] == earlier_id
    assert recorder.of(ToolFinished)[0].summary == 'session_search "auth OR refactor" → 1 session'
    # the recall asks for short messages: its result is what the server's cache cannot hold
    [prefetched] = [c for m in first["messages"] for c in m.get("tool_calls") or []]
    assert json.loads(prefetched["function"]["arguments"])["max_chars"] == RECALL_MESSAGE_CHARS
    await agent.close()


async def test_bad_tool_calls_get_error_results_and_the_turn_completes(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(tool_calls=[
        call("memory", '{"action": "add", "target": "us'),
        call("no_such_tool", {"x": 1}),
        call("memory", {"action": "add", "content": "no target given"}),
    ]), Reply(text="Sorry, I will answer directly."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("do things")
    assert not done.failed and done.text == "Sorry, I will answer directly."
    results = [json.loads(r) for r in tool_results(_main_requests(server)[-1])]
    assert [r["success"] for r in results] == [False, False, False]
    assert "not valid JSON" in results[0]["error"]
    assert "Unknown tool 'no_such_tool'" in results[1]["error"]
    assert "target" in results[2]["error"]
    assert all(not f.success for f in recorder.of(ToolFinished))
    stored = SessionStore().get_messages(agent.view.session_id)
    assert [m.role for m in stored] == ["user", "assistant", "tool", "tool", "tool", "assistant"]
    await agent.close()


async def test_tool_round_limit_is_enforced_and_said(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_tool_rounds": 2})
    queries = iter(range(100))  # a new query each round: identical repeats are stopped earlier
    server.add(lambda body: Reply(tool_calls=[call("session_search", {"query": f"loop {next(queries)}"})]),
               model=MAIN)
    agent = AgentSession.open(cfg)
    done = await agent.send("keep searching forever")
    assert "Stopped after 2 rounds" in done.text and not done.failed
    reqs = _main_requests(server)
    assert len(reqs) == 3 and reqs[-1].get("tool_choice") == "none"
    await agent.close()


async def test_rate_limit_is_retried_then_succeeds(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(status=429), Reply(text="Fine now."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("hello")
    assert done.text == "Fine now." and not done.failed
    assert len(_main_requests(server)) == 2
    assert [(r.reason, r.outcome) for r in recorder.of(Retry)] == [("rate limited", ""), ("rate limited", "answered")]
    assert not recorder.of(ErrorEvent)
    await agent.close()


async def test_auth_error_is_clear_not_retried_and_retry_resends(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(status=401), Reply(text="Now it works."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("hello there")
    assert done.failed
    err = recorder.of(ErrorEvent)[0]
    assert err.kind == "auth" and not err.retryable
    assert "FAKE_LLM_KEY" in err.message and "sk-fake" not in err.message
    assert len(_main_requests(server)) == 1
    store = SessionStore()
    assert [m.content for m in store.get_messages(agent.view.session_id)] == ["hello there"]
    again = await agent.retry()
    assert again is not None and again.text == "Now it works."
    assert [m.role for m in store.get_messages(agent.view.session_id)] == ["user", "assistant"]
    await agent.close()


async def test_dropped_stream_stores_partial_marked_interrupted(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="Here is the beginning of a long answer that breaks.",
                       drop_after_chars=25, chunk_size=5), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("tell me a story")
    assert done.interrupted and done.text == "Here is the beginning of "
    assert recorder.of(ErrorEvent) and "connection" in recorder.of(ErrorEvent)[0].message
    last = SessionStore().get_messages(agent.view.session_id)[-1]
    assert last.role == "assistant" and last.interrupted
    assert last.content == "Here is the beginning of "
    await agent.close()


async def test_cancel_mid_stream_keeps_partial(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="Partial words then silence", chunk_size=8, hang=True), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    first_text = asyncio.Event()
    recorder.hooks.append(lambda e: first_text.set() if isinstance(e, TextDelta) else None)
    task = asyncio.create_task(agent.send("stream please"))
    await asyncio.wait_for(first_text.wait(), 30)
    assert agent.view.busy
    agent.cancel()
    done = await asyncio.wait_for(task, 30)
    assert done.cancelled and done.text == "Partial "
    last = SessionStore().get_messages(agent.view.session_id)[-1]
    assert last.interrupted and last.content == "Partial "
    assert [e.cancelled for e in recorder.of(TurnDone)] == [True]
    nxt = await agent.send("are you there?")  # the session goes on after a cancel
    assert nxt.text == "OK." and not nxt.failed
    await agent.close()


async def test_odd_provider_output_never_crashes(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(text="x", empty_choices=True),
                 Reply(text="\u202e\u200b" + "".join(chr(0x1F600 + i % 50) for i in range(20_000))
                       + "🙂", send_usage=False), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    bad = await agent.send("one")
    assert bad.failed and len(recorder.of(ErrorEvent)) == 1
    good = await agent.send("two")
    assert not good.failed and not good.interrupted and good.text.endswith("🙂")
    assert len(recorder.of(ErrorEvent)) == 1
    assert recorder.of(Usage)[-1].output_tokens > 0  # estimated offline
    await agent.close()


async def test_local_user_model_provider_adds_its_block_and_tools(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0},
                   user_model={"provider": "local", "model": server.model("usermodel")})
    server.add(Reply(text="[]"), model="usermodel")
    agent = AgentSession.open(cfg, on_event=recorder)
    assert agent.provider is not None
    done = await agent.send("hello there, I am Ana")
    assert not done.failed
    first = _main_requests(server)[0]
    names = [t["function"]["name"] for t in first["tools"]]
    assert names[:2] == ["memory", "session_search"] and len(names) > 2
    assert agent.provider.system_prompt_block() in system_prompt(first)
    stored = SessionStore().get_messages(agent.view.session_id)
    assert stored[0].content == "hello there, I am Ana"  # injected context never stored
    await agent.close()


async def test_rename_names_the_session_and_clashes_are_refused(agent_env, recorder):
    _, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.new_session(title="taken name")
    await agent.send("one")
    await agent.new_session()
    await agent.send("two")
    assert agent.rename("  fresh\u200b name ") == "fresh name"
    assert agent.view.title == "fresh name" == SessionStore().get_session(agent.view.session_id).title
    from hermes.sessions import TitleClashError

    try:
        agent.rename("taken name")
    except TitleClashError as exc:
        assert "taken name" in str(exc)
    else:
        raise AssertionError("a clash must be refused")
    assert agent.view.title == "fresh name"
    await agent.close()


async def test_close_during_a_reply_keeps_the_partial(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text="Half a thought and", chunk_size=7, hang=True), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    got_text = asyncio.Event()
    recorder.hooks.append(lambda e: got_text.set() if isinstance(e, TextDelta) else None)
    task = asyncio.create_task(agent.send("think aloud"))
    await asyncio.wait_for(got_text.wait(), 30)
    sid = agent.view.session_id
    await agent.close()
    done = await task
    assert done.cancelled
    store = SessionStore()
    last = store.get_messages(sid)[-1]
    assert last.interrupted and last.content == "Half a "
    assert store.get_session(sid).end_reason == "user_exit"


async def test_unusable_state_db_degrades_to_chat_without_history(agent_env, hermes_home):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, tools={"enabled": False},
                   skills={"enabled": False})
    (hermes_home / "state.db").write_bytes(b"this is not a database" * 100)
    agent = AgentSession.open(cfg)
    assert agent.history_error and "state.db" in agent.history_error
    done = await agent.send("hello without history")
    assert done.text == "OK." and not done.failed
    names = [t["function"]["name"] for t in _main_requests(server)[0]["tools"]]
    assert names == ["memory"]
    assert (hermes_home / "state.db").read_bytes().startswith(b"this is not")  # untouched
    await agent.close()


async def test_retry_after_a_failure_between_tool_rounds_continues_from_the_results(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, agent={"max_retries": 0})
    server.queue(Reply(tool_calls=[call("session_search", {"query": "backup"})]),
                 Reply(status=500), Reply(text="Found nothing earlier."), model=MAIN)
    agent = AgentSession.open(cfg)
    failed = await agent.send("search the history for backups")
    assert failed.failed
    done = await agent.retry()
    assert done is not None and done.text == "Found nothing earlier."
    last = _main_requests(server)[-1]["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "tool"]
    roles = [m.role for m in SessionStore().get_messages(agent.view.session_id)]
    assert roles == ["user", "assistant", "tool", "assistant"]
    await agent.close()
