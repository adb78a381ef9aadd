"""Edits, writes and /undo through the agent loop against the fake model server, in a temp git
repository, with an approver standing in for the person at the pane."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from hermes.agent.events import ToolFinished, ToolStarted
from hermes.agent.session import AgentSession
from hermes.workspace.approval import Choice, ToolApprovalAnswer, ToolApprovalRequest
from hermes.workspace.undo import journal_path
from tests.agent.conftest import MAIN
from tests.support.fake_llm import Reply, call, has_tool_results, tool_results

FIX = {"path": "pkg/calc.py", "old_text": "def add(a, b):\n    return a - b",
       "new_text": "def add(a, b):\n    return a + b"}


class Person:
    """Answers approval requests in order and keeps what was asked."""

    def __init__(self, *answers: ToolApprovalAnswer) -> None:
        self.answers = list(answers)
        self.asked: list[ToolApprovalRequest] = []

    async def __call__(self, request: ToolApprovalRequest) -> ToolApprovalAnswer:
        self.asked.append(request)
        return self.answers.pop(0)


@pytest.fixture
def agent_in_repo(agent_env, recorder, repo: Path, monkeypatch: pytest.MonkeyPatch):
    server, make_cfg = agent_env
    monkeypatch.chdir(repo / "pkg")  # the root is found from a subfolder
    agent = AgentSession.open(make_cfg(), on_event=recorder)
    assert agent.project_root == repo.resolve()
    return server, agent


def script(server, *calls) -> None:
    server.queue(Reply(tool_calls=list(calls)), model=MAIN)
    server.add(Reply(text="Done."), model=MAIN, has_tool_results=True)


async def test_an_approved_edit_changes_the_file_and_shows_the_diff(agent_in_repo, recorder,
                                                                    repo: Path):
    server, agent = agent_in_repo
    person = Person(ToolApprovalAnswer(Choice.ALLOW_ONCE))
    agent.set_tool_approver(person)
    script(server, call("edit_file", FIX))
    done = await agent.send("fix add")
    assert done.text == "Done."
    assert (repo / "pkg/calc.py").read_text().startswith("def add(a, b):\n    return a + b\n")
    [asked] = person.asked
    assert asked.tool == "edit_file" and asked.path == "pkg/calc.py"
    assert asked.title == "edit pkg/calc.py +1 −1" and asked.cwd == str(repo.resolve())
    assert "-    return a - b\n+    return a + b\n" in (asked.diff or "")
    [started] = recorder.of(ToolStarted)
    assert started.summary == "✏️ edit pkg/calc.py"
    [finished] = recorder.of(ToolFinished)
    assert finished.success and finished.summary == "✏️ edit pkg/calc.py +1 −1"
    assert finished.display.kind == "edit" and finished.display.added == 1
    assert json.loads(tool_results(server.requests_for(MAIN)[-1])[0]) == {
        "success": True, "path": "pkg/calc.py", "added": 1, "removed": 1}
    await agent.close()


async def test_a_denied_edit_leaves_the_file_and_the_model_gets_the_note(agent_in_repo,
                                                                         recorder, repo: Path):
    server, agent = agent_in_repo
    before = (repo / "pkg/calc.py").read_text()
    agent.set_tool_approver(Person(ToolApprovalAnswer(Choice.DENY_WITH_NOTE,
                                                      "fix sub instead")))
    script(server, call("edit_file", FIX))
    await agent.send("fix add")
    assert (repo / "pkg/calc.py").read_text() == before
    result = json.loads(tool_results(server.requests_for(MAIN)[-1])[0])
    assert result == {"success": False, "denied": True,
                      "error": "The user denied this. Their note: fix sub instead"}
    [finished] = recorder.of(ToolFinished)
    assert finished.summary == "✏️ edit pkg/calc.py +1 −1 → denied"
    assert finished.display.denied is True
    assert agent.undo_last_edit().startswith("Nothing to undo")
    await agent.close()


async def test_without_an_approver_changes_are_denied_with_how_to_allow(agent_in_repo,
                                                                        repo: Path):
    server, agent = agent_in_repo
    script(server, call("write_file", {"path": "notes.txt", "content": "hi\n"}))
    await agent.send("write a note")
    assert not (repo / "notes.txt").exists()
    error = json.loads(tool_results(server.requests_for(MAIN)[-1])[0])["error"]
    assert "--yes" in error and "tools.auto_approve" in error
    await agent.close()


async def test_an_edit_with_several_matches_names_their_lines(agent_in_repo, repo: Path):
    server, agent = agent_in_repo
    agent.set_tool_approver(Person())  # never asked: the edit is refused first
    script(server, call("edit_file", {"path": "pkg/calc.py", "old_text": "return a - b",
                                      "new_text": "return a + b"}))
    await agent.send("fix")
    result = json.loads(tool_results(server.requests_for(MAIN)[-1])[0])
    assert result["matches"] == [2, 6]
    assert "matches 2 places in pkg/calc.py (lines 2, 6)" in result["error"]
    script(server, call("edit_file", {"path": "pkg/calc.py", "old_text": "return a * b",
                                      "new_text": "x"}))
    await agent.send("again")
    error = json.loads(tool_results(server.requests_for(MAIN)[-1])[-1])["error"]
    assert error.startswith("No match for 'return a * b' in pkg/calc.py")
    await agent.close()


async def test_write_then_undo_twice_restores_everything(agent_in_repo, hermes_home: Path,
                                                         repo: Path):
    server, agent = agent_in_repo
    person = Person(*[ToolApprovalAnswer(Choice.ALLOW_ONCE)] * 2)
    agent.set_tool_approver(person)
    original = (repo / "pkg/calc.py").read_text()
    script(server, call("edit_file", FIX),
           call("write_file", {"path": "docs/notes.md", "content": "# Notes\n"}))
    await agent.send("fix and write notes")
    assert (repo / "docs/notes.md").read_text() == "# Notes\n"
    write = person.asked[1]
    assert (write.tool, write.title, write.path) == ("write_file", "write docs/notes.md (new, 1 line)",
                                                     "docs/notes.md")
    assert write.diff == "--- a/docs/notes.md\n+++ b/docs/notes.md\n@@ -0,0 +1 @@\n+# Notes\n"
    journal = journal_path(agent.session_id or "")
    assert journal.parent == hermes_home / "undo"
    assert stat.S_IMODE(journal.stat().st_mode) == 0o600
    assert agent.undo_last_edit() == "Undone: removed docs/notes.md, which the agent had created."
    assert not (repo / "docs/notes.md").exists()
    assert agent.undo_last_edit() == ("Undone: pkg/calc.py is back as it was before the agent's "
                                      "last change.")
    assert (repo / "pkg/calc.py").read_text() == original
    assert agent.undo_last_edit() == ("Nothing left to undo: the agent's 2 changes in this session "
                                      "are all undone already.")
    await agent.close()


async def test_undo_of_a_created_file_that_changed_does_not_advise_git(agent_in_repo, repo: Path):
    """git checkout fails on a file git does not know: the advice for a file the agent created
    is to delete it by hand."""
    server, agent = agent_in_repo
    agent.set_tool_approver(Person(ToolApprovalAnswer(Choice.ALLOW_ONCE)))
    script(server, call("write_file", {"path": "NOTES.txt", "content": "notes\n"}))
    await agent.send("write notes")
    (repo / "NOTES.txt").write_text("notes\nmine too\n")
    message = agent.undo_last_edit()
    assert "git checkout" not in message
    assert message == ("Not undone: NOTES.txt, which the agent created, has changed since, so "
                       "removing it would lose that. Delete it by hand if you do not want it "
                       "(rm NOTES.txt).")
    assert (repo / "NOTES.txt").read_text() == "notes\nmine too\n"
    await agent.close()


async def test_undo_refuses_when_the_file_changed_since(agent_in_repo, repo: Path):
    server, agent = agent_in_repo
    agent.set_tool_approver(Person(ToolApprovalAnswer(Choice.ALLOW_ONCE)))
    script(server, call("edit_file", FIX))
    await agent.send("fix add")
    (repo / "pkg/calc.py").write_text("changed by the person\n")
    message = agent.undo_last_edit()
    assert message == ("Not undone: pkg/calc.py has changed since the agent's edit, so reverting "
                       "would lose that. Revert it by hand (or with git checkout -- pkg/calc.py).")
    assert (repo / "pkg/calc.py").read_text() == "changed by the person\n"
    await agent.close()


async def test_tools_disabled_sends_none_of_them(agent_env, repo: Path, monkeypatch):
    server, make_cfg = agent_env
    monkeypatch.chdir(repo)
    agent = AgentSession.open(make_cfg(tools={"enabled": False}))
    await agent.send("hi")
    names = {t["function"]["name"] for t in server.requests_for(MAIN)[-1].get("tools") or []}
    assert names and not names & {"read_file", "list_files", "search_files", "edit_file",
                                  "write_file", "run_command"}
    await agent.close()
    agent = AgentSession.open(make_cfg())
    await agent.send("hi")
    names = [t["function"]["name"] for t in server.requests_for(MAIN)[-1]["tools"]]
    assert names == ["memory", "session_search", "read_file", "list_files", "search_files",
                     "edit_file", "write_file", "run_command", "skill_manage"]  # no skills: no skill_view
    await agent.close()


async def test_read_through_the_agent_reaches_the_model_as_numbered_lines(agent_in_repo,
                                                                          recorder):
    server, agent = agent_in_repo
    script(server, call("read_file", {"path": "pkg/calc.py"}),
           call("read_file", {"path": "../../etc/passwd"}))
    await agent.send("show calc")
    results = tool_results(server.requests_for(MAIN)[-1])
    assert results[0].splitlines()[:2] == ["pkg/calc.py: lines 1–6 of 6", "1\tdef add(a, b):"]
    assert "outside the project root" in json.loads(results[1])["error"]
    summaries = [e.summary for e in recorder.of(ToolFinished)]
    assert summaries[0] == "📄 read pkg/calc.py (1–6 of 6)"
    assert summaries[1].startswith("📄 read ../../etc/passwd → error: ")
    assert not has_tool_results(server.requests_for(MAIN)[0])
    await agent.close()


async def test_file_content_is_reported_to_the_turn_sources(agent_in_repo, repo: Path):
    """What read_file and run_command showed the model is what provenance compares memory
    writes against (the session's real TurnSources)."""
    server, agent = agent_in_repo
    agent.set_tool_approver(Person(ToolApprovalAnswer(Choice.ALLOW_ONCE)))
    (repo / "notes.md").write_text("The deploy script lives in ops/deploy.sh and needs the staging"
                                   " token from the vault before every release\n")
    script(server, call("read_file", {"path": "notes.md"}, id="call_read"),
           call("run_command", {"command": "echo the nightly build publishes wheels to the"
                                " internal index at midnight"}, id="call_run"))
    await agent.send("look")
    assert agent.turn_sources.labels == [
        "file notes.md",
        "command echo the nightly build publishes wheels to the internal index at midnight"]
    assert agent.turn_sources.match(
        "deploy script lives in ops/deploy.sh and needs the staging token") == "file notes.md"
    assert agent.turn_sources.match("nightly build publishes wheels to the internal index") \
        .startswith("command echo")
    assert agent.turn_sources.match("the user prefers short answers in German") is None
    await agent.close()


async def test_a_file_changed_while_the_person_decides_is_not_overwritten(agent_in_repo,
                                                                          repo: Path):
    server, agent = agent_in_repo

    async def slow_person(request: ToolApprovalRequest) -> ToolApprovalAnswer:
        assert request.call_id == "call_edit"
        (repo / "pkg/calc.py").write_text("edited meanwhile\n")
        return ToolApprovalAnswer(Choice.ALLOW_ONCE)

    agent.set_tool_approver(slow_person)
    script(server, call("edit_file", FIX, id="call_edit"))
    await agent.send("fix add")
    assert (repo / "pkg/calc.py").read_text() == "edited meanwhile\n"
    error = json.loads(tool_results(server.requests_for(MAIN)[-1])[0])["error"]
    assert error == ("pkg/calc.py changed while the user was deciding; read it again and redo "
                     "the change.")
    assert agent.undo_last_edit().startswith("Nothing to undo")
    await agent.close()
