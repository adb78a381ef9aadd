"""/undo across a compression lineage: a continuation shares the journal of the lineage's first
session, in the run that compressed and after a resume in a new AgentSession (a new process
opens the store the same way), and deleting the lineage takes the journal with it. Real repo,
real state.db, the fake model server."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.agent.session import AgentSession
from hermes.sessions import SessionStore
from hermes.sessions.maintenance import delete_session
from hermes.workspace.approval import Choice, ToolApprovalAnswer
from hermes.workspace.undo import journal_path
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call

FIXED = "def add(a, b):\n    return a + b"
BROKEN = "def add(a, b):\n    return a - b"


async def allow(_request) -> ToolApprovalAnswer:
    return ToolApprovalAnswer(Choice.ALLOW_ONCE)


def script(server, *calls) -> None:
    server.queue(Reply(tool_calls=list(calls)), model=MAIN)
    server.add(Reply(text="Done."), model=MAIN, has_tool_results=True)


@pytest.fixture
def in_repo(agent_env, repo: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(repo)
    return agent_env


async def compressed_after_an_edit(server, cfg) -> tuple[str, str]:
    """A session that fixed add() and was then compressed; (parent id, continuation id)."""
    agent = AgentSession.open(cfg)
    agent.coding.tool_approver = allow
    await agent.new_session(title="calc work")
    script(server, call("edit_file", {"path": "pkg/calc.py", "old_text": BROKEN, "new_text": FIXED}))
    await agent.send("fix add")
    await agent.send("and now?")
    parent = agent.view.session_id
    child = await agent.compress()
    assert child and child != parent
    await agent.close()
    assert parent is not None
    return parent, child


async def test_a_resumed_continuation_undoes_its_parents_last_edit(in_repo, repo: Path):
    server, make_cfg = in_repo
    cfg = make_cfg(compression={"keep_recent_turns": 1})
    parent, child = await compressed_after_an_edit(server, cfg)
    assert (repo / "pkg/calc.py").read_text().startswith(FIXED)

    resumed = AgentSession.open(cfg, resume="calc work")  # a name opens the newest continuation
    assert resumed.view.session_id == child
    assert resumed.undo_last_edit() == ("Undone: pkg/calc.py is back as it was before the "
                                        "agent's last change.")
    assert (repo / "pkg/calc.py").read_text().startswith(BROKEN)
    assert journal_path(parent).is_file() and not journal_path(child).exists()
    await resumed.close()


async def test_a_resumed_continuation_writes_into_the_lineages_journal(in_repo, repo: Path):
    server, make_cfg = in_repo
    cfg = make_cfg(compression={"keep_recent_turns": 1})
    parent, child = await compressed_after_an_edit(server, cfg)

    resumed = AgentSession.open(cfg, resume=child)
    resumed.coding.tool_approver = allow
    script(server, call("write_file", {"path": "NOTES.md", "content": "# Notes\n"}))
    await resumed.send("write notes")
    assert (repo / "NOTES.md").is_file() and not journal_path(child).exists()
    assert resumed.undo_last_edit() == "Undone: removed NOTES.md, which the agent had created."
    assert resumed.undo_last_edit().startswith("Undone: pkg/calc.py is back")  # the parent's edit
    assert resumed.undo_last_edit().startswith("Nothing left to undo")
    await resumed.close()

    # deleting the lineage's first session hands the journal down: the continuation is the
    # lineage's root now, and its /undo history stays with it
    with SessionStore() as store:
        assert delete_session(store, parent).journals.removed == 0
    assert not journal_path(parent).exists() and journal_path(child).is_file()
    again = AgentSession.open(cfg, resume=child)
    assert again.undo_last_edit().startswith("Nothing left to undo")  # all three were undone above
    script(server, call("write_file", {"path": "MORE.md", "content": "more\n"}))
    again.coding.tool_approver = allow
    await again.send("write more")
    assert again.undo_last_edit() == "Undone: removed MORE.md, which the agent had created."
    await again.close()
    with SessionStore() as store:  # the last session of the lineage takes the journal along
        assert delete_session(store, child).journals.removed == 1
    assert not journal_path(child).exists()


async def test_a_new_session_after_a_resume_has_its_own_journal(in_repo, repo: Path):
    server, make_cfg = in_repo
    cfg = make_cfg(compression={"keep_recent_turns": 1})
    _parent, _child = await compressed_after_an_edit(server, cfg)
    resumed = AgentSession.open(cfg, resume="calc work")
    await resumed.new_session(title="other work")
    assert resumed.undo_last_edit().startswith("Nothing to undo")
    assert (repo / "pkg/calc.py").read_text().startswith(FIXED)
    await resumed.close()


def test_the_journal_is_named_after_the_oldest_stored_ancestor(hermes_home: Path, repo: Path):
    """Bound straight to a CodingHost over the real store: a grandchild resolves to the root, a
    child whose parent was deleted (parent_id cleared by the schema) to itself, a looped
    lineage (only hand-edited data can hold one) stops, and a session not stored to itself."""
    import sqlite3

    from hermes.agent.coding_host import CodingHost
    from hermes.agent.stored_history import History
    from hermes.config import ToolsConfig
    from hermes.workspace.project import ProjectContext
    from tests.sessions.conftest import new_session

    store = SessionStore()
    root = new_session(store)
    child = store.continue_session(root, system_prompt="", model="m", source="tui", cwd="/")
    grandchild = store.continue_session(child, system_prompt="", model="m", source="tui", cwd="/")
    orphaned = store.continue_session(new_session(store), system_prompt="", model="m", source="tui", cwd="/")
    store.delete_session(store.get_session(orphaned).parent_id or "")
    a, b = new_session(store), new_session(store)
    store.close()
    with sqlite3.connect(hermes_home / "state.db") as conn:  # a loop no Hermes writes
        conn.execute("UPDATE sessions SET parent_id = ? WHERE id = ?", (b, a))
        conn.execute("UPDATE sessions SET parent_id = ? WHERE id = ?", (a, b))

    history = History(SessionStore())

    def bound(session_id: str) -> str | None:
        host = CodingHost(ToolsConfig(), ProjectContext(repo, ""), lambda _e: None, len, history.get)
        host.bind(session_id)
        assert host.tools is not None
        return host.tools.journal_id

    assert bound(grandchild) == bound(child) == bound(root) == root
    assert bound(orphaned) == orphaned
    assert bound(a) == b and bound(b) == a
    assert bound("20991231_235959_abcdef") == "20991231_235959_abcdef"
    assert history.store is not None
    history.store.close()


async def test_undo_in_a_read_only_window_changes_nothing(in_repo, repo: Path):
    server, make_cfg = in_repo
    cfg = make_cfg(compression={"keep_recent_turns": 1})
    writer = AgentSession.open(cfg)
    writer.coding.tool_approver = allow
    script(server, call("write_file", {"path": "NOTES.md", "content": "# Notes\n"}))
    await writer.send("write notes")
    reader = AgentSession.open(cfg, resume=writer.view.session_id)
    assert reader.view.read_only
    assert reader.undo_last_edit() == reader.view.read_only
    assert (repo / "NOTES.md").is_file()  # still there: only the writer's window may undo it
    assert writer.undo_last_edit() == "Undone: removed NOTES.md, which the agent had created."
    await reader.close()
    await writer.close()
