"""The turn's named steps (hermes/agent/loop.py TurnRun), each on its own, and the session's
frozen view (hermes/agent/session_view.py)."""

from __future__ import annotations

import dataclasses

import pytest

from hermes.agent.conversation import Conversation
from hermes.agent.events import Event, Retry, TextDelta
from hermes.agent.llm_errors import LLMError
from hermes.agent.loop import TurnRun
from hermes.agent.session import AgentSession
from hermes.agent.stored_history import History
from hermes.agent.tool_registry import ToolRegistry
from hermes.config import Config, ModelConfig


def _run(events: list[Event]) -> TurnRun:
    conv = Conversation(cfg=Config(), model=ModelConfig(name="openai/test"), history=History(None),
                        session_id="s1", system_prompt="You are a test.", messages=[],
                        registry=ToolRegistry(), emit=events.append, context_window=8000)
    return TurnRun(conv, "a question", store_user=False)


def test_a_later_rounds_text_starts_a_new_paragraph():
    events: list[Event] = []
    run = _run(events)
    run.reply_parts.append("What the first round said.")
    run.show("Then")
    run.show(" more.")
    run.show("")  # nothing to show: nothing sent
    assert events == [TextDelta("\n\n"), TextDelta("Then"), TextDelta(" more.")]
    assert run.reply_parts == ["What the first round said.", "\n\n"]


def test_a_retry_line_settles_once_with_its_outcome():
    events: list[Event] = []
    run = _run(events)
    run.state.attempts = 2
    run.on_retry(LLMError("The server failed.", kind="server", retryable=True), 1.5)
    run.settle_retry("answered")
    run.settle_retry("answered")  # already settled: no second line
    waiting, settled = events
    assert isinstance(waiting, Retry) and waiting.reason == "server error" and waiting.delay == 1.5
    assert isinstance(settled, Retry) and settled.outcome == "answered" and settled.attempt == 2
    assert settled.text == "answered after 2 tries"


def test_an_empty_reply_becomes_a_line_that_says_what_to_do():
    events: list[Event] = []
    run = _run(events)
    text = run.final_text("", repeated=False)
    assert text == "The model sent an empty reply. Ask again in other words, or /retry."
    assert run.empty_reply and events == [TextDelta(text)]
    repeated = _run([]).final_text("Here it is.", repeated=True)
    assert repeated.startswith("Here it is.") and "repeated a tool call" in repeated


async def test_the_view_is_a_frozen_snapshot(agent_env):
    server, make_cfg = agent_env
    agent = AgentSession.open(make_cfg(memory={"review_interval": 0}))
    before = agent.view
    assert before.session_id is None and before.messages == [] and not before.busy
    await agent.send("hello")
    after = agent.view
    assert after.session_id and [m["role"] for m in after.messages] == ["user", "assistant"]
    assert before.messages == [] and before.session_id is None  # the old view did not move
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.title = "changed"  # type: ignore[misc]
    after.totals.turns += 5  # a copy: the session's own count is untouched
    assert agent.view.totals.turns == 1
    assert after.project_dir == str(after.project_root)
    await agent.close()
