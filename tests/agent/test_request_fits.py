"""Every request fits the context window: max_tokens shrinks to what is left, the conversation
is compressed further or old tool results shortened, and only then is the turn refused with
one line. Summaries are capped, and a cut summary is marked."""

from __future__ import annotations

import json

from hermes.agent import compress, limits, tokens
from hermes.agent.events import ErrorEvent
from hermes.agent.session import AgentSession
from tests.agent.conftest import MAIN, SUMMARY
from tests.agent.test_chat_cli import _hermes
from tests.agent.conftest import write_config
from tests.support.fake_llm import Reply, call, system_prompt

LONG = " ".join(f"word{i}" for i in range(150))


def _size(body) -> int:
    return tokens.count_request(body["messages"], body.get("tools"), "openai/main")


async def test_max_tokens_shrinks_so_the_request_fits(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(model={"context_window": 2000}, memory={"review_interval": 0},
                   compression={"threshold": 1.0})
    agent = AgentSession.open(cfg)
    cap = limits.reply_token_cap(cfg.model, 2000)
    for i in range(8):  # the conversation grows until the full cap no longer fits
        await agent.send(f"Turn {i}: " + LONG)
        if server.requests_for(MAIN)[-1]["max_tokens"] < cap:
            break
    for body in server.requests_for(MAIN):
        assert _size(body) + body["max_tokens"] <= 2000
    assert limits.MIN_REPLY_ROOM <= server.requests_for(MAIN)[-1]["max_tokens"] < cap
    await agent.close()


async def test_a_request_that_cannot_fit_is_refused_with_one_line(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(model={"context_window": 700}, memory={"review_interval": 0})
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("Read this: " + LONG * 3)
    assert done.failed
    [error] = recorder.of(ErrorEvent)
    assert "no longer fits" in error.message and "/compress" in error.message
    assert server.requests_for(MAIN) == []  # nothing was sent that the server would refuse
    await agent.close()


def test_chat_q_refusal_says_what_to_do_at_a_shell(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server, model={"context_window": 700})
    result = _hermes(hermes_home, "chat", "-q", "Read this: " + LONG * 3)
    assert result.returncode == 1
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("hermes: ")]
    assert len(lines) == 1 and "no longer fits" in lines[0]
    assert "--resume" in lines[0] and "/retry" not in lines[0]


async def test_old_tool_results_are_shortened_before_refusing(agent_env):
    server, make_cfg = agent_env
    # the window is sized to the tools and prompt of today (no skill tools): the fixed part
    # must fit, the old tool result must not
    window = 3300
    cfg = make_cfg(model={"context_window": window}, memory={"review_interval": 0},
                   compression={"threshold": 1.0}, skills={"enabled": False})
    big = "result line " * 700  # about 1,400 tokens
    agent = AgentSession.open(cfg)
    agent._current.conv = None
    await agent.send("hello")
    conv = agent._current.conv
    conv.messages += [
        {"role": "user", "content": "look it up"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "session_search",
                                                          "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"output": big})},
        {"role": "assistant", "content": "found it"},
    ]
    server.queue(Reply(tool_calls=[call("session_search", {"query": "x"})]),
                 Reply(text="done"), model=MAIN)
    done = await agent.send("and again: " + LONG)
    assert not done.failed, done.error
    last = server.requests_for(MAIN)[-1]
    assert _size(last) + last["max_tokens"] <= window
    shortened = [m["content"] for m in last["messages"] if m["role"] == "tool"][0]
    assert "left out to fit the context window" in shortened and len(shortened) < 1200
    await agent.close()


async def test_summaries_are_capped_and_a_cut_one_is_marked(agent_env):
    server, make_cfg = agent_env
    cfg = make_cfg(memory={"review_interval": 0}, compression={"keep_recent_turns": 1})
    server.queue(Reply(text="- Plans a trip to Lisbon.\n- Wants a hotel near the riv",
                       finish_reason="length"), model=SUMMARY)
    agent = AgentSession.open(cfg)
    await agent.send("one " + LONG)
    await agent.send("two " + LONG)
    assert await agent.compress()
    [req] = server.requests_for(SUMMARY)
    assert req["max_tokens"] == compress.summary_cap(cfg.model.context_window or 32_768)
    prompt = agent.system_prompt
    assert "Plans a trip to Lisbon." in prompt and compress.TRUNCATED_MARK in prompt
    assert "near the riv" not in prompt
    assert system_prompt(server.requests_for(MAIN)[-1]) != prompt  # the child is new
    await agent.close()


def test_cut_at_sentence():
    assert compress.cut_at_sentence("One. Two is cut") == "One.\n" + compress.TRUNCATED_MARK
    assert compress.cut_at_sentence("- a\n- b is cu") == "- a\n" + compress.TRUNCATED_MARK
