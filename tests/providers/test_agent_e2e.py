"""The user model inside real turns: AgentSession → litellm's real HTTP path → the fake server.

The user-model calls go to their own model name (`user_model.model`) on the same fake server,
so the request log separates them from the main conversation.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hermes.agent.events import Notice, TurnDone
from hermes.agent.session import AgentSession
from tests.agent.conftest import MAIN, REVIEW, SUMMARY, TITLE, Recorder, write_config
from tests.providers.fakes import STRONG, WEAK, derive_reply
from tests.support.fake_llm import FakeLLMServer, Reply, last_user_text, system_prompt

USER_MODEL = "usermodel"
PREFERENCE = "Prefers code before explanation, with little prose"


@pytest.fixture
def server(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLLMServer]:
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    fake_llm.add(Reply(text="[]"), model=REVIEW)
    fake_llm.add(Reply(text="A Short Test Title"), model=TITLE)
    fake_llm.add(Reply(text="- summary"), model=SUMMARY)
    fake_llm.default = Reply(text="Here you go.")
    yield fake_llm


def configure(home: Path, server: FakeLLMServer, **user_model: Any) -> Any:
    return write_config(home, server, user_model={
        "provider": "local", "model": server.model(USER_MODEL), **user_model})


def user_model_calls(server: FakeLLMServer, marker: str) -> int:
    """User-model requests whose user message holds `marker` ("Question:", "New exchange:")."""
    return sum(1 for r in server.requests_for(USER_MODEL) if marker in last_user_text(r))


def script_user_model(server: FakeLLMServer, dialectic: str = STRONG) -> None:
    server.add(Reply(text=derive_reply((PREFERENCE, None), card=["Writes Go at work"],
                                       summary="Fixing a Go handler.")),
               model=USER_MODEL, contains="New exchange:")
    server.add(Reply(text=json.dumps({"user": "A Go developer who wants code first.",
                                      "assistant": "Lead with code; keep prose short."})),
               model=USER_MODEL, contains="Previous user text:")
    server.add(Reply(text=dialectic), model=USER_MODEL, contains="Question:")


async def test_a_shown_preference_reaches_the_next_session_and_the_prompt_holds(
        server: FakeLLMServer, hermes_home: Path) -> None:
    """The issue's "done when": shown (not stated) preference → later session's context, and
    the request log proves the system prompt never changed."""
    script_user_model(server)
    cfg = configure(hermes_home, server)

    first = AgentSession.open(cfg)
    await first.send("fix this Go handler")
    await first.send("too long. just the code please")
    assert await first.provider.drain(10)
    await first.close()
    assert user_model_calls(server, "New exchange:") == 2  # one derivation per turn
    derivations = [last_user_text(r) for r in server.requests_for(USER_MODEL)
                   if "New exchange:" in last_user_text(r)]
    assert "user] too long. just the code please" in derivations[1]

    second = AgentSession.open(cfg)
    await second.send("write a retry loop")
    await second.send("and add jitter")
    await second.close()

    main = server.requests_for(MAIN)
    session_one, session_two = main[:2], main[2:]
    for requests in (session_one, session_two):
        assert len({system_prompt(r) for r in requests}) == 1, "system prompt changed mid-session"
    assert all(PREFERENCE not in system_prompt(r) for r in main)
    assert "<user-model-context" in system_prompt(main[0])  # only the static explanation
    injected = last_user_text(session_two[0])
    assert injected.startswith('<user-model-context source="local">')
    assert PREFERENCE in injected and "Writes Go at work" in injected
    assert "Lead with code" in injected  # the assistant's own representation
    assert injected.endswith("write a retry loop")
    # the second turn does not repeat what the first already delivered
    assert PREFERENCE not in last_user_text(session_two[1])


@pytest.mark.parametrize(("cadence", "depth", "answer", "per_turn"), [
    (2, 2, WEAK, [2, 0, 2, 0]),   # every second turn, both passes
    (3, 3, WEAK, [3, 0, 0, 3]),   # every third turn, three passes
    (1, 3, STRONG, [1, 1, 1, 1]),  # every turn, early exit after a strong first answer
])
async def test_dialectic_requests_per_turn(server: FakeLLMServer, hermes_home: Path,
                                           cadence: int, depth: int, answer: str,
                                           per_turn: list[int]) -> None:
    script_user_model(server, dialectic=answer)
    cfg = configure(hermes_home, server, dialectic_cadence=cadence, dialectic_depth=depth)
    agent = AgentSession.open(cfg)
    counts = []
    for turn in range(1, 5):
        before = user_model_calls(server, "Question:")
        await agent.send(f"message number {turn}")
        counts.append(user_model_calls(server, "Question:") - before)
    await agent.close()
    assert counts == per_turn


async def test_a_failing_user_model_never_fails_the_turn(server: FakeLLMServer,
                                                         hermes_home: Path) -> None:
    server.add(Reply(status=500, error_message="user model exploded"), model=USER_MODEL)
    cfg = configure(hermes_home, server)
    recorder = Recorder()
    agent = AgentSession.open(cfg, on_event=recorder)
    done = await agent.send("hello there")
    assert isinstance(done, TurnDone) and not done.failed and done.text == "Here you go."
    assert await agent.provider.drain(10)
    await agent.close()
    assert last_user_text(server.requests_for(MAIN)[0]) == "hello there"  # no context, no harm
    notices = [n.text for n in recorder.of(Notice) if n.kind == "provider"]
    assert notices and all("user model" in n or "local" in n for n in notices)


async def test_the_model_uses_the_user_model_tools(server: FakeLLMServer,
                                                   hermes_home: Path) -> None:
    from hermes.providers.user_model_tables import UserModelStore
    from tests.support.fake_llm import call, tool_results

    script_user_model(server)
    cfg = configure(hermes_home, server)
    server.queue(
        Reply(text="", tool_calls=[call("user_conclude", {"text": "Is learning Rust"})]),
        Reply(text="", tool_calls=[call("user_search", {"query": "rust"})]),
        Reply(text="Noted."), model=MAIN)
    agent = AgentSession.open(cfg)
    await agent.send("I'm learning Rust, keep that in mind")
    session_id = agent.view.session_id
    await agent.close()

    tools = {t["function"]["name"] for t in server.requests_for(MAIN)[0]["tools"]}
    assert {"user_profile", "user_search", "user_reasoning", "user_conclude"} <= tools
    found = json.loads(tool_results(server.requests_for(MAIN)[2])[-1])
    assert [r["text"] for r in found["results"]] == ["Is learning Rust"]
    stored = [c for c in UserModelStore(hermes_home / "state.db").recent_conclusions()
              if c.content == "Is learning Rust"]
    assert stored and stored[0].session_id == session_id and stored[0].source == "tool"
