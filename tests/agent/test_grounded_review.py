"""The background review saves only what the reviewed turn supports: the user's words or a
tool's output. Code, placeholders and a failed call's text are never written."""

from __future__ import annotations

import json

import pytest

from hermes.agent import grounding
from hermes.agent.background import parse_operations
from hermes.agent.events import Notice
from hermes.agent.session import AgentSession
from hermes.memory import MemoryTool, read_entries
from tests.agent.conftest import MAIN, REVIEW
from tests.support.fake_llm import Reply, call

ADD = {"action": "add", "target": "user"}


async def _review(agent_env, recorder, user_text: str, review_reply: str, *, main=None, **cfg):
    server, make_cfg = agent_env
    config = make_cfg(display={"memory_notifications": "verbose"}, **cfg)
    if main:
        server.queue(*main, model=MAIN)
    server.queue(Reply(text=review_reply), model=REVIEW)
    agent = AgentSession.open(config, on_event=recorder)
    await agent.send(user_text)
    assert await agent.wait_background(timeout=30)
    await agent.close()
    return config


def _dropped(recorder) -> list[Notice]:
    return [n for n in recorder.of(Notice) if n.text == "Memory review: a change was not saved"]


@pytest.mark.parametrize(("content", "why"), [
    ("def reverse_string(s): return s[::-1]", "code"),
    ("Your name is [insert name here]", "placeholder"),
    ("The user's name is <name>", "placeholder"),
    ("['tabs', 'spaces']", "code"),
    ("Works on TODO", "placeholder"),
])
async def test_code_and_placeholders_are_never_saved(agent_env, recorder, content, why):
    cfg = await _review(agent_env, recorder, "Write a function that reverses a string, my name "
                        "is on the form, tabs or spaces, whatever",
                        json.dumps([{**ADD, "content": content}]))
    assert read_entries(cfg.memory, "user") == []
    [notice] = _dropped(recorder)
    assert why in notice.detail


async def test_an_ungrounded_fact_is_dropped_and_a_grounded_one_saved(agent_env, recorder):
    cfg = await _review(agent_env, recorder, "I write Rust all day, help me with lifetimes.",
                        json.dumps([{**ADD, "content": "Writes Rust all day"},
                                    {**ADD, "content": "Works as a senior Java architect"}]))
    assert read_entries(cfg.memory, "user") == ["Writes Rust all day"]
    [notice] = _dropped(recorder)
    assert "Java architect" in notice.detail and "supports it" in notice.detail


async def test_a_single_object_reply_is_applied(agent_env, recorder):
    cfg = await _review(agent_env, recorder, "I prefer tabs.",
                        json.dumps({**ADD, "content": "Prefers tabs"}))
    assert read_entries(cfg.memory, "user") == ["Prefers tabs"]


async def test_a_failed_calls_text_is_not_a_source(agent_env, recorder):
    # The main model tries a replace that fails (no such entry); the review then proposes the
    # same change. Nothing the user said supports "indent: tabs".
    failing = call("memory", {"action": "replace", "target": "user", "old_text": "indent: spaces",
                              "content": "indent: tabs"})
    server, _ = agent_env
    cfg = await _review(agent_env, recorder, "Please look at my editor settings.",
                        json.dumps([{**ADD, "content": "indent: tabs"}]),
                        main=[Reply(tool_calls=[failing]), Reply(text="Done.")],
                        memory={"review_interval": 1})
    review = server.requests_for(REVIEW)[0]["messages"][-1]["content"]
    assert "indent: tabs" in review and "error" in review  # the review saw the failed call
    assert read_entries(cfg.memory, "user") == []
    assert len(_dropped(recorder)) == 1


async def test_a_replace_needs_support_only_for_what_it_changes(agent_env, recorder):
    server, make_cfg = agent_env
    cfg = make_cfg(display={"memory_notifications": "verbose"})
    assert MemoryTool(cfg.memory, origin="cli").call({**ADD, "content": "Prefers spaces for indentation"})[
        "success"]
    server.queue(Reply(text=json.dumps([
        {"action": "replace", "target": "user", "old_text": "spaces",
         "content": "Prefers tabs for indentation"}])), model=REVIEW)
    agent = AgentSession.open(cfg, on_event=recorder)
    await agent.send("Actually I switched to tabs.")
    assert await agent.wait_background(timeout=30)
    assert read_entries(cfg.memory, "user") == ["Prefers tabs for indentation"]
    await agent.close()


def test_parse_operations_shapes():
    one = {"action": "add", "target": "user", "content": "x"}
    assert parse_operations(json.dumps(one)) == [one]
    assert parse_operations("Sure:\n```json\n" + json.dumps([one]) + "\n```") == [one]
    assert parse_operations(repr([one])) == [one]  # a Python literal
    assert parse_operations("[]") == [] and parse_operations("nothing to save") == []


def test_grounding_check_words():
    assert grounding.check("Prefers tabs over spaces", "please remember that I prefer tabs", []) == ""
    # words of a question do not make a fact the user stated
    assert grounding.check("Has a cat named Miso", "What should I feed Miso, my cat?", []) != ""
    assert grounding.check("Has a cat named Miso", "My cat is named Miso. What should I feed "
                           "her?", []) == ""
    assert grounding.check("Lives in Lisbon", "what's the weather like?", []) != ""
    tool_ok = 'session_search "deploy" → 2 sessions: deploy to Hetzner with Ansible'
    assert grounding.check("Deploys to Hetzner with Ansible", "how did I deploy?", [tool_ok]) == ""
    tool_failed = 'memory +user "Deploys to Hetzner" → error: memory is full'
    assert grounding.check("Deploys to Hetzner", "what happened there?", [tool_failed]) != ""
