"""The review and memory over time, against the fake server: stale entries and full stores
get proposals staged with their reason, a full store makes room for a new fact, a store over
80 % gets one consolidation draft staged as a single change, and a re-stated fact counts as
confirmed."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from hermes.agent.background import PROPOSAL_RULES, REVIEW_PROMPT
from hermes.agent.consolidate import CONSOLIDATE_PROMPT
from hermes.agent.events import ApprovalStaged
from hermes.agent.session import AgentSession
from hermes.memory import MemoryTool, list_pending, read_entries
from hermes.memory.ages import read_ages
from tests.agent.conftest import REVIEW
from tests.memory.test_consolidation import DRAFT, OLD
from tests.memory.test_memory_ages import backdate_journal
from tests.support.fake_llm import Reply, system_prompt


async def _turn(agent_env, recorder, user_text: str, *review_replies: str, **cfg):
    server, make_cfg = agent_env
    config = make_cfg(**cfg)
    server.queue(*(Reply(text=r) for r in review_replies), model=REVIEW)
    agent = AgentSession.open(config, on_event=recorder)
    await agent.send(user_text)
    assert await agent.wait_background(timeout=30)
    await agent.close()
    return config


def _fill(config, target: str, entries: list[str]) -> None:
    tool = MemoryTool(config.memory, origin="cli")
    for entry in entries:
        assert tool.call({"action": "add", "target": target, "content": entry})["success"]


def _review_requests(server) -> list[dict]:
    return [r for r in server.requests_for(REVIEW)
            if system_prompt(r).startswith(REVIEW_PROMPT[:40])]


async def test_a_stale_entry_the_session_contradicts_gets_a_staged_rewrite(agent_env, recorder):
    server, make_cfg = agent_env
    _fill(make_cfg(), "user", ["Lives in Lisbon", "Prefers tabs"])
    backdate_journal(120)
    reply = json.dumps([{"action": "replace", "target": "user", "old_text": "Lisbon",
                         "content": "Lives in Berlin", "reason": "the user moved to Berlin"}])
    config = await _turn(agent_env, recorder, "I moved last month, I live in Berlin now.", reply)

    assert read_entries(config.memory, "user") == ["Lives in Lisbon", "Prefers tabs"]
    [record] = list_pending()
    today = datetime.now(UTC).strftime("%Y-%m-%d")
    assert "not confirmed for more than 90 days" in record.reason
    assert f"contradicted by the session of {today}: the user moved to Berlin" in record.reason
    assert record.after == "Lives in Berlin" and record.before == "Lives in Lisbon"
    [staged] = recorder.of(ApprovalStaged)
    assert staged.pending_id == record.id

    [request] = _review_requests(server)
    assert PROPOSAL_RULES.strip() in system_prompt(request)
    assert "Stale (days since confirmed): [120d] user: Lives in Lisbon" in request["messages"][-1]["content"]


async def test_a_fresh_entry_in_a_roomy_store_is_rewritten_as_before(agent_env, recorder):
    server, make_cfg = agent_env
    _fill(make_cfg(), "user", ["Lives in Lisbon"])
    reply = json.dumps([{"action": "replace", "target": "user", "old_text": "Lisbon",
                         "content": "Lives in Berlin"}])
    config = await _turn(agent_env, recorder, "I moved last month, I live in Berlin now.", reply)
    assert read_entries(config.memory, "user") == ["Lives in Berlin"]
    assert list_pending() == []
    [request] = _review_requests(server)
    assert PROPOSAL_RULES.strip() not in system_prompt(request)  # the request is as small as before
    assert "Stale" not in request["messages"][-1]["content"]


async def test_a_full_store_makes_room_for_a_new_fact_with_consent(agent_env, recorder):
    server, make_cfg = agent_env
    limits = {"memory": {"user_char_limit": 100}}
    _fill(make_cfg(**limits), "user", ["Works as a data engineer at Acme", "Lives in Lisbon, Portugal"])
    backdate_journal(30)
    _fill(make_cfg(**limits), "user", ["Prefers short answers always"])
    reply = json.dumps([{"action": "add", "target": "user",
                         "content": "Prefers dark mode in every editor"}])
    config = await _turn(agent_env, recorder, "I prefer dark mode in every editor.", reply, **limits)

    assert read_entries(config.memory, "user") == [
        "Works as a data engineer at Acme", "Lives in Lisbon, Portugal", "Prefers short answers always"]
    [record] = list_pending()
    assert [(c.action, c.before or c.after) for c in record.changes] == [
        ("remove", "Works as a data engineer at Acme"), ("add", "Prefers dark mode in every editor")]
    assert "USER.md is full" in record.reason and "least recently confirmed" in record.reason


async def test_a_store_over_80_percent_gets_one_consolidation_draft(agent_env, recorder):
    server, make_cfg = agent_env
    limits = {"memory": {"memory_char_limit": 200}}
    _fill(make_cfg(**limits), "memory", OLD)
    config = await _turn(agent_env, recorder, "Thanks, that is all for today.", "[]",
                         json.dumps(DRAFT), **limits)

    assert read_entries(config.memory, "memory") == OLD  # nothing rewritten behind the user's back
    [record] = list_pending()
    assert record.is_consolidation and record.changes[0].after == "\n§\n".join(DRAFT)
    assert [e.action for e in recorder.of(ApprovalStaged)] == ["consolidate"]
    drafts = [r for r in server.requests_for(REVIEW) if system_prompt(r) == CONSOLIDATE_PROMPT]
    assert len(drafts) == 1 and "[0d] Tests run with pytest -n 2" in drafts[0]["messages"][-1]["content"]

    await _turn(agent_env, recorder, "One more thing: nothing to keep.", "[]", **limits)
    drafts = [r for r in server.requests_for(REVIEW) if system_prompt(r) == CONSOLIDATE_PROMPT]
    assert len(drafts) == 1  # not asked again while one waits (and not within a week)


async def test_a_fact_the_review_restates_is_confirmed(agent_env, recorder):
    _, make_cfg = agent_env
    _fill(make_cfg(), "user", ["Prefers tabs", "Lives in Lisbon"])
    backdate_journal(30)
    reply = json.dumps([{"action": "add", "target": "user", "content": "Prefers tabs"}])
    config = await _turn(agent_env, recorder, "I prefer tabs, as always.", reply)
    ages = read_ages(config.memory, {"user": read_entries(config.memory, "user")})["user"]
    assert [a.confirmed_days() for a in ages] == [0, 30]


async def test_a_merge_is_staged_as_one_change(agent_env, recorder):
    _, make_cfg = agent_env
    _fill(make_cfg(), "memory", ["Uses Postgres 16", "Postgres listens on port 5433", "Repo uses tox"])
    reply = json.dumps([{"action": "merge", "target": "memory",
                         "old_text": ["Postgres 16", "port 5433"],
                         "content": "Uses Postgres 16, which listens on port 5433",
                         "reason": "two entries about the database"}])
    config = await _turn(agent_env, recorder, "Let us look at the database setup.", reply)
    assert read_entries(config.memory, "memory") == [
        "Uses Postgres 16", "Postgres listens on port 5433", "Repo uses tox"]
    [record] = list_pending()
    assert [(c.action, c.before) for c in record.changes] == [
        ("replace", "Uses Postgres 16"), ("remove", "Postgres listens on port 5433")]
    assert record.reason == "merge proposed by the review: two entries about the database"
