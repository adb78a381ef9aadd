"""The skills in the app, through Pilot as a person uses it: /skills, /skill NAME, and a
staged skill shown as a diff in the approval pane, approved there."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.skills.skill_catalog import load_catalog
from hermes.skills.skill_changes import SkillRequest, propose
from hermes.skills.skill_proposals import list_proposals
from hermes.tui.approvals.memory_pane import ApprovalScreen
from hermes.tui.screens.chat import ChatScreen
from tests.skills.conftest import write_skill
from tests.support.fake_llm import Reply, system_prompt
from tests.tui.conftest import MAIN, SIZE, make_app, ready, submit, transcript_texts, wait_for
from tests.tui.test_memory_panes import read_the_pane

STEPS = "1. Run `make check`.\n2. Run `make deploy ENV=staging`.\n"


@pytest.fixture
def in_project(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(project)
    return project


def _said(app, text: str) -> bool:
    return any(text in t for t in transcript_texts(app))


async def test_skills_list_view_rm_and_ask_by_name(chat_env, in_project: Path, user_store: Path) -> None:
    server = chat_env.server
    write_skill(user_store, "deploy-staging", "Deploy to staging", STEPS)
    write_skill(user_store, "old-notes", "Old notes")
    write_skill(in_project / ".hermes" / "skills", "old-notes", "The project's notes")
    write_skill(in_project / ".claude" / "skills", "pdf", "Fill PDF forms")
    server.queue(Reply(text="Following the skill."), model=MAIN)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/skills")
        await wait_for(pilot, lambda: _said(app, "deploy-staging — Deploy to staging [yours]"))
        assert _said(app, "old-notes — The project's notes [the project's]")
        assert _said(app, "shadows yours")
        await submit(pilot, "/skills view deploy-staging")
        await wait_for(pilot, lambda: _said(app, "make deploy ENV=staging"))
        await submit(pilot, "/skills rm pdf")
        await wait_for(pilot, lambda: _said(app, "remove it there"))
        await submit(pilot, "/skills rm old-notes")
        await wait_for(pilot, lambda: _said(app, "Removed skill old-notes"))
        assert not (in_project / ".hermes" / "skills" / "old-notes").exists()
        await submit(pilot, "/skill nope")
        await wait_for(pilot, lambda: _said(app, "No skill named 'nope'"))
        await submit(pilot, "/skill deploy-staging")
        await wait_for(pilot, lambda: _said(app, "Following the skill."))
        request = server.requests_for(MAIN)[-1]
        assert "Use the skill deploy-staging" in str(request["messages"][-1]["content"])
        assert "deploy-staging: Deploy to staging" in system_prompt(request)


async def test_a_staged_skill_shows_as_a_diff_and_is_approved_in_the_pane(
        chat_env, in_project: Path, user_store: Path) -> None:
    propose(SkillRequest("create", "deploy-staging", "Deploy to staging", STEPS),
            load_catalog(in_project), origin="review")
    propose(SkillRequest("create", "rotate-logs", "Rotate the logs", "1. logrotate -f\n"),
            load_catalog(in_project), origin="tool")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory pending")
        await wait_for(pilot, lambda: isinstance(app.screen, ApprovalScreen) and len(app.screen.items) == 2)
        await read_the_pane(pilot)
        detail = str(app.screen.query_one("#pending-text").render())
        assert "Skill deploy-staging" in detail and "a person approves" in detail
        assert "+description: Deploy to staging" in detail and "+2. Run `make deploy" in detail
        await pilot.press("a")
        await wait_for(pilot, lambda: len(list_proposals()) == 1)
        assert (user_store / "deploy-staging" / "SKILL.md").exists()
        await pilot.press("r")
        await wait_for(pilot, lambda: list_proposals() == [])
        assert not (user_store / "rotate-logs").exists()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
        await submit(pilot, "/skills")
        await wait_for(pilot, lambda: _said(app, "deploy-staging — Deploy to staging [yours]"))
