"""Skills in a session, against the fake server: the frozen index, skill_view, skill_manage
and the review's proposal from a multi-step turn, approved and found the next day."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hermes.agent.events import ApprovalStaged
from hermes.agent.session import AgentSession
from hermes.config import Config
from hermes.skills.skill_proposals import approve, list_proposals
from tests.agent.conftest import MAIN, REVIEW, TITLE, write_config
from tests.skills.conftest import write_skill
from tests.support.fake_llm import FakeLLMServer, Reply, call, system_prompt

STEPS = "1. Run `make check`.\n2. Delete a stale .deploy.lock.\n3. Run `make deploy ENV=staging`.\n"
PROPOSAL = {"action": "create", "name": "deploy-staging",
            "description": "Deploy to staging when the lock is stale", "content": STEPS}


@pytest.fixture
def env(fake_llm: FakeLLMServer, hermes_home: Path, project: Path,
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    monkeypatch.chdir(project)
    fake_llm.add(Reply(text=json.dumps(PROPOSAL)), model=REVIEW, contains="Skills now:")
    fake_llm.add(Reply(text="[]"), model=REVIEW)
    fake_llm.add(Reply(text="A Short Test Title"), model=TITLE)

    def make_cfg(**sections: dict[str, Any]) -> Config:
        return write_config(hermes_home, fake_llm, **sections)

    return fake_llm, make_cfg


def _system(body: dict[str, Any]) -> str:
    return system_prompt(body)


def _tool_results(body: dict[str, Any]) -> list[str]:
    return [str(m["content"]) for m in body["messages"] if m["role"] == "tool"]


async def test_index_is_frozen_and_skill_view_loads_the_body(env, user_store: Path) -> None:
    server, make_cfg = env
    write_skill(user_store, "deploy-staging", "Deploy to staging", STEPS)
    server.queue(Reply(tool_calls=[call("skill_view", {"name": "deploy-staging"})]),
                 Reply(text="Deployed."), Reply(text="Again."), model=MAIN)
    agent = AgentSession.open(make_cfg(tools={"enabled": False}))
    await agent.send("deploy staging")
    first, second = server.requests_for(MAIN)[:2]
    prompt = _system(first)
    assert "SKILLS (" in prompt and "deploy-staging: Deploy to staging" in prompt
    names = [t["function"]["name"] for t in first["tools"]]
    assert "skill_view" in names and "skill_manage" in names
    [result] = _tool_results(second)
    assert "make deploy ENV=staging" in json.loads(result)["body"]
    write_skill(user_store, "rotate-logs", "Rotate the logs")  # mid-session: not in this prompt
    await agent.send("and once more")
    third = server.requests_for(MAIN)[2]
    assert _system(third) == prompt  # byte-identical across the session
    await agent.close()
    fresh = AgentSession.open(make_cfg(tools={"enabled": False}))
    server.queue(Reply(text="New day."), model=MAIN)
    await fresh.send("hi")
    assert "rotate-logs" in _system(server.requests_for(MAIN)[-1])
    await fresh.close()


async def test_skill_manage_stages_a_proposal(env, user_store: Path) -> None:
    server, make_cfg = env
    server.queue(Reply(tool_calls=[call("skill_manage", PROPOSAL)]), Reply(text="Proposed."),
                 model=MAIN)
    agent = AgentSession.open(make_cfg(tools={"enabled": False}, memory={"review_interval": 0}))
    await agent.send("save that as a skill")
    [result] = _tool_results(server.requests_for(MAIN)[1])
    data = json.loads(result)
    assert data["staged"] and "a person approves" in data["reason"]
    assert not (user_store / "deploy-staging").exists()
    [pending] = list_proposals()
    assert pending.origin == "tool" and pending.name == "deploy-staging"
    await agent.close()


async def test_review_proposes_a_skill_after_a_multi_step_turn(env, user_store: Path) -> None:
    server, make_cfg = env
    events: list[Any] = []
    steps = [call("session_search", {"query": q}) for q in ("deploy", "lock", "staging")]
    server.queue(*(Reply(tool_calls=[c]) for c in steps), Reply(text="Fixed the deploy."),
                 model=MAIN)
    agent = AgentSession.open(make_cfg(tools={"enabled": False}), on_event=events.append)
    await agent.send("the staging deploy is flaky, fix it")
    assert await agent.wait_background(timeout=30)
    staged = [e for e in events if isinstance(e, ApprovalStaged) and e.target == "skill"]
    assert len(staged) == 1
    [pending] = list_proposals()
    assert pending.id == staged[0].pending_id and pending.origin == "review"
    assert "+3. Run `make deploy ENV=staging`." in pending.diff()
    skill_request = [r for r in server.requests_for(REVIEW) if "Skills now:" in str(r["messages"][-1])]
    assert "session_search" in str(skill_request[0]["messages"][-1]["content"])
    await agent.close()
    assert approve(pending.id)[0].success
    # the next day, "deploy staging" finds the skill the person approved
    server.queue(Reply(text="Using the skill."), model=MAIN)
    fresh = AgentSession.open(make_cfg(tools={"enabled": False}, memory={"review_interval": 0}))
    await fresh.send("deploy staging")
    assert "deploy-staging: Deploy to staging when the lock is stale" in _system(
        server.requests_for(MAIN)[-1])
    await fresh.close()


async def test_a_plain_turn_asks_for_no_skill(env) -> None:
    server, make_cfg = env
    server.queue(Reply(text="Hello."), model=MAIN)
    agent = AgentSession.open(make_cfg(tools={"enabled": False}))
    await agent.send("hello")
    assert await agent.wait_background(timeout=30)
    assert not [r for r in server.requests_for(REVIEW) if "Skills now:" in str(r["messages"][-1])]
    assert list_proposals() == []
    await agent.close()
