"""Cancelling a turn while a tool runs leaves a conversation the provider still accepts."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hermes.agent.events import ToolFinished, ToolStarted
from hermes.agent.session import AgentSession
from hermes.toolspec import GENERIC_LOOK, ToolSpec
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call


def unanswered_calls(messages: list[dict[str, Any]]) -> list[str]:
    """Tool call ids offered by an assistant message that no tool message answers."""
    offered = [c["id"] for m in messages if m.get("role") == "assistant"
               for c in m.get("tool_calls") or []]
    answered = {m.get("tool_call_id") for m in messages if m.get("role") == "tool"}
    return [i for i in offered if i not in answered]


def strict(reply: Reply):
    """Answer like a real provider: a 400 when a tool call has no result."""
    def answer(body: dict[str, Any]) -> Reply:
        missing = unanswered_calls(body["messages"])
        if missing:
            return Reply(status=400, error_message=f"tool_call_ids without results: {missing}")
        return reply
    return answer


def slow_tool(started: asyncio.Event) -> ToolSpec:
    """A tool that waits until the turn is cancelled (an async provider tool would)."""
    async def dispatch(raw: str) -> str:
        started.set()
        await asyncio.Event().wait()
        return json.dumps({"success": True})

    schema = {"type": "function", "function": {
        "name": "slow_lookup", "description": "Looks something up, slowly.",
        "parameters": {"type": "object", "properties": {"q": {"type": "string"}},
                       "required": ["q"]}}}
    return ToolSpec("slow_lookup", schema, dispatch, GENERIC_LOOK)


async def test_cancel_during_a_tool_answers_its_calls_and_the_session_goes_on(agent_env,
                                                                               recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(
        strict(Reply(text="Let me check.", tool_calls=[
            call("slow_lookup", {"q": "flights"}),
            call("memory", {"action": "add", "target": "user", "content": "never runs"})])),
        strict(Reply(text="Still here.")), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.new_session(title="cancel test")
    started = asyncio.Event()
    agent._current.conv.registry.register(slow_tool(started))

    task = asyncio.create_task(agent.send("look up flights"))
    await asyncio.wait_for(started.wait(), 30)
    agent.cancel()
    done = await asyncio.wait_for(task, 30)
    assert done.cancelled and done.text == "Let me check."

    sid = agent.view.session_id
    stored = SessionStore().get_messages(sid)
    assert [m.role for m in stored] == ["user", "assistant", "tool", "tool"]
    assert sum(m.content.count("Let me check.") for m in stored) == 1
    results = [json.loads(m.content) for m in stored if m.role == "tool"]
    assert results == [{"success": False, "error": "cancelled by the user"}] * 2
    assert unanswered_calls(agent.view.messages) == []
    running = recorder.of(ToolStarted)[0].call_id
    assert [(f.call_id, f.success) for f in recorder.of(ToolFinished)] == [(running, False)]

    nxt = await agent.send("are you there?")
    assert not nxt.failed and nxt.text == "Still here."
    last = server.requests_for(MAIN)[-1]["messages"]
    assert unanswered_calls(last) == []
    assert [m["role"] for m in last[1:]] == ["user", "assistant", "tool", "tool", "user"]
    await agent.close()

    resumed = AgentSession.open(cfg, resume=sid)  # the stored history is whole too
    roles = [m["role"] for m in resumed.view.messages]
    assert roles == ["user", "assistant", "tool", "tool", "user", "assistant"]
    assert unanswered_calls(resumed.view.messages) == []
    await resumed.close()
