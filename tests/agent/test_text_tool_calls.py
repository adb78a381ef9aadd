"""Tool calls written as text by small local models (model.text_tool_calls), against the fake
server: the call runs, is stored like a structured call, and the JSON is not shown as the reply."""

from __future__ import annotations

import json

import pytest

from hermes.agent import textcalls
from hermes.agent.events import Notice, TextDelta, ToolFinished
from hermes.agent.session import AgentSession
from hermes.memory import read_entries
from hermes.sessions import SessionStore
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, tool_results

ADD = {"action": "add", "target": "user", "content": "Prefers tabs over spaces"}
TOOLS = {"memory", "session_search"}


@pytest.fixture(autouse=True)
def _fresh_notice():
    textcalls.noticed.clear()
    yield
    textcalls.noticed.clear()


SHAPES = {
    "bare": json.dumps({"name": "memory", "arguments": ADD}),
    "fenced": "```json\n" + json.dumps({"name": "memory", "arguments": ADD}, indent=2) + "\n```",
    "double_braced": "{" + json.dumps({"name": "memory", "arguments": ADD}) + "}",
    "string_arguments": json.dumps({"name": "memory", "arguments": json.dumps(ADD)}),
    "parameters": json.dumps({"name": "memory", "parameters": ADD}),
    "tagged": "<tool_call>\n" + json.dumps({"name": "memory", "arguments": ADD}) + "\n</tool_call>",
}


@pytest.mark.parametrize("shape", list(SHAPES))
async def test_a_call_written_as_text_runs_and_is_stored_as_a_call(agent_env, recorder, shape):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text=SHAPES[shape], chunk_size=5), Reply(text="Noted: tabs."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("I prefer tabs.")
    assert not done.failed and done.text == "Noted: tabs."
    assert read_entries(cfg.memory, "user") == ["Prefers tabs over spaces"]
    shown = "".join(e.text for e in recorder.of(TextDelta))
    assert '"name"' not in shown and shown.strip() == "Noted: tabs."
    assert [e.success for e in recorder.of(ToolFinished)] == [True]
    notices = [n.text for n in recorder.of(Notice) if "as text" in n.text]
    assert len(notices) == 1 and server.api_base in notices[0]

    second = server.requests_for(MAIN)[1]
    calls = [m for m in second["messages"] if m["role"] == "assistant"][0]
    assert calls["tool_calls"][0]["function"]["name"] == "memory"
    assert json.loads(calls["tool_calls"][0]["function"]["arguments"]) == ADD
    assert json.loads(tool_results(second)[0])["success"] is True
    sid = agent.view.session_id
    await agent.close()

    # resume replays a valid conversation: the call and its result, as structured messages
    stored = SessionStore().get_messages(sid)
    assistant = [m for m in stored if m.role == "assistant"]
    assert assistant[0].tool_calls and not assistant[0].content
    again = AgentSession.open(cfg, resume=sid)
    await again.send("and now?")
    roles = [m["role"] for m in server.requests_for(MAIN)[-1]["messages"]]
    assert roles == ["system", "user", "assistant", "tool", "assistant", "user"]
    await again.close()


async def test_the_notice_is_shown_once_per_server(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text=SHAPES["bare"]), Reply(text="one"), Reply(text=SHAPES["fenced"]),
                 Reply(text="two"), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("tabs, please")
    await agent.send("tabs again")
    assert len([n for n in recorder.of(Notice) if "as text" in n.text]) == 1
    assert len(recorder.of(ToolFinished)) == 2
    await agent.close()


async def test_a_mixed_reply_keeps_its_text(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    mixed = "Sure, I will remember that.\n" + SHAPES["bare"]
    server.queue(Reply(text=mixed, chunk_size=4), Reply(text="Done."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("I prefer tabs.")
    assert done.text == "Sure, I will remember that.\n\nDone."
    assert read_entries(cfg.memory, "user") == ["Prefers tabs over spaces"]
    assert "".join(e.text for e in recorder.of(TextDelta)) == done.text
    second = server.requests_for(MAIN)[1]
    call_msg = [m for m in second["messages"] if m["role"] == "assistant"][0]
    assert call_msg["content"] == "Sure, I will remember that." and call_msg["tool_calls"]
    await agent.close()


@pytest.mark.parametrize("reply", [
    json.dumps({"name": "shell", "arguments": {"cmd": "ls"}}),  # not an offered tool
    json.dumps({"name": "memory", "size": 3, "items": [1, 2]}),  # data that happens to say memory
    json.dumps([{"name": "Ada", "age": 36}]),  # plain JSON data
    "```json\n{\"users\": [\"ada\"]}\n```",
])
async def test_json_that_is_not_a_call_stays_text(agent_env, recorder, reply):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    server.queue(Reply(text=reply, chunk_size=5), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("show me some JSON")
    assert done.text == reply
    assert "".join(e.text for e in recorder.of(TextDelta)) == reply
    assert not recorder.of(ToolFinished) and len(server.requests_for(MAIN)) == 1
    await agent.close()


async def test_off_leaves_a_text_call_as_text(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, model={"text_tool_calls": "off"})
    server.queue(Reply(text=SHAPES["bare"]), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("I prefer tabs.")
    assert done.text == SHAPES["bare"]
    assert read_entries(cfg.memory, "user") == []
    assert not recorder.of(ToolFinished) and not recorder.of(Notice)
    await agent.close()


async def test_a_text_call_with_bad_arguments_gets_the_usual_error(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0})
    bad = json.dumps({"name": "memory", "arguments": {"action": "add"}})
    server.queue(Reply(text=bad), Reply(text="Sorry."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("tabs, please")
    result = json.loads(tool_results(server.requests_for(MAIN)[1])[0])
    assert result["success"] is False and "target" in result["error"]
    await agent.close()


def test_extract_shapes_and_refusals():
    assert textcalls.extract(SHAPES["double_braced"], TOOLS)[1][0].name == "memory"
    assert textcalls.extract("{{" + json.dumps({"name": "memory", "arguments": ADD})[1:-1] + "}}",
                             TOOLS)[1][0].name == "memory"
    two = "<tool_call>{\"name\": \"memory\", \"arguments\": {}}</tool_call>\n" \
          "<tool_call>{\"name\": \"session_search\", \"arguments\": {\"query\": \"x\"}}</tool_call>"
    assert [c.name for c in textcalls.extract(two, TOOLS)[1]] == ["memory", "session_search"]
    assert textcalls.extract("Here is code:\n```python\nprint({'name': 'memory'})\n```", TOOLS) is None
    assert textcalls.extract("{not json at all}", TOOLS) is None
    assert textcalls.extract(SHAPES["bare"], set()) is None


def test_display_hold_streams_code_and_prose_but_holds_a_call():
    hold = textcalls.DisplayHold(True)
    text = "Hello there.\n```python\nprint(1)\n```\nBye"
    shown = "".join(hold.feed(text[:i]) for i in range(1, len(text) + 1))
    assert shown == text
    hold = textcalls.DisplayHold(True)
    call_text = "Ok.\n" + SHAPES["bare"]
    shown = "".join(hold.feed(call_text[:i]) for i in range(1, len(call_text) + 1))
    assert shown == "Ok."
    assert hold.finish(call_text, "Ok.") == ""
