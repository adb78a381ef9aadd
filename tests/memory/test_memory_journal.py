"""The change journal and undo, within one process and across processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.config import Config
from hermes.memory import (
    MemoryTool,
    approve,
    history,
    read_entries,
    store_path,
    undo,
)
from hermes.memory import journal
from hermes.memory.journal import journal_path

REPO = Path(__file__).resolve().parents[2]


def _hermes(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def test_every_applied_change_is_journaled_with_origin_session_and_before_after(
        cfg: Config) -> None:
    MemoryTool(cfg, origin="tool", session_id="s1").call(
        {"action": "add", "target": "user", "content": "Name is Ada"})
    MemoryTool(cfg, origin="review", session_id="s2").call(
        {"action": "add", "target": "memory", "content": "Repo uses tox"})
    cfg.memory.write_approval = True
    pid = MemoryTool(cfg, origin="tool", session_id="s3").call(
        {"action": "replace", "target": "user", "old_text": "Ada", "content": "Name is Ada L."}
    )["pending_id"]
    approve(cfg, pid)
    entries = history(cfg, 10)
    assert [(e.origin, e.session_id, e.action) for e in entries] == [
        ("approval", "s3", "replace"), ("review", "s2", "add"), ("tool", "s1", "add")]
    newest = entries[0]
    assert newest.changes[0].target == "user"
    assert newest.changes[0].before == ["Name is Ada"]
    assert newest.changes[0].after == ["Name is Ada L."]
    assert newest.changes[0].removed == ["Name is Ada"] and newest.changes[0].added == ["Name is Ada L."]


def test_no_op_and_refused_writes_are_not_journaled(cfg: Config) -> None:
    tool = MemoryTool(cfg)
    tool.call({"action": "add", "target": "memory", "content": "once"})
    tool.call({"action": "add", "target": "memory", "content": "once"})
    tool.call({"action": "remove", "target": "memory", "old_text": "missing"})
    assert len(history(cfg, 10)) == 1


def test_undo_walks_back_and_marks_undone(cfg: Config) -> None:
    tool = MemoryTool(cfg)
    tool.call({"action": "add", "target": "memory", "content": "first"})
    tool.call({"action": "add", "target": "memory", "content": "second"})
    tool.call({"action": "replace", "target": "memory", "old_text": "first", "content": "1st"})
    result = undo(cfg)
    assert result.success and result.reverted is not None and result.reverted.action == "replace"
    assert read_entries(cfg, "memory") == ["first", "second"]
    assert undo(cfg).success
    assert read_entries(cfg, "memory") == ["first"]
    entries = history(cfg, 10)
    assert entries[0].origin == "undo" and entries[0].undoes is not None
    assert [e.undone for e in entries if e.origin != "undo"] == [True, True, False]
    assert undo(cfg).success and read_entries(cfg, "memory") == []
    final = undo(cfg)
    assert final.success is False and "Nothing to undo" in final.message


def test_undo_reverts_a_batch_across_both_targets(cfg: Config) -> None:
    MemoryTool(cfg).call({"operations": [
        {"action": "add", "target": "memory", "content": "m1"},
        {"action": "add", "target": "user", "content": "u1"}]})
    assert undo(cfg).success
    assert read_entries(cfg, "memory") == [] and read_entries(cfg, "user") == []


def test_undo_refuses_after_a_hand_edit(cfg: Config) -> None:
    MemoryTool(cfg).call({"action": "add", "target": "user", "content": "likes tea"})
    store_path("user").write_text("likes tea\n§\nhand added", encoding="utf-8")
    result = undo(cfg)
    assert result.success is False and "changed since" in result.message
    assert read_entries(cfg, "user") == ["likes tea", "hand added"]


def test_damaged_journal_line_is_skipped(cfg: Config) -> None:
    MemoryTool(cfg).call({"action": "add", "target": "user", "content": "kept"})
    with journal_path().open("a", encoding="utf-8") as fh:
        fh.write('{"id": "torn", "ti')  # a crash mid-append
    assert [e.summary for e in history(cfg, 5)] == ["add user: 'kept'"]
    # The next record starts on its own line instead of being glued to the torn one.
    MemoryTool(cfg).call({"action": "add", "target": "user", "content": "after"})
    assert [e.summary for e in history(cfg, 5)] == ["add user: 'after'", "add user: 'kept'"]
    assert undo(cfg).success and undo(cfg).success
    assert read_entries(cfg, "user") == []


def test_journal_is_compacted_to_the_latest_records(cfg: Config,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal, "_COMPACT_BYTES", 3000)
    monkeypatch.setattr(journal, "_KEEP", 5)
    tool = MemoryTool(cfg)
    for n in range(40):
        tool.call({"action": "add", "target": "memory", "content": f"entry number {n}"})
    entries = history(cfg, 100)
    assert len(entries) == 5  # each append past the size compacts back to the newest 5
    assert entries[0].summary == "add memory: 'entry number 39'"
    assert undo(cfg).success and read_entries(cfg, "memory")[-1] == "entry number 38"


def test_journal_and_undo_across_processes(hermes_home: Path, cfg: Config) -> None:
    # Process 1 (the CLI) writes; this process sees the change and undoes it.
    assert _hermes(hermes_home, "add", "--target", "memory", "From process one").returncode == 0
    assert _hermes(hermes_home, "add", "--target", "memory", "Also from one").returncode == 0
    [latest, *_] = history(cfg, 5)
    assert latest.origin == "cli" and latest.summary == "add memory: 'Also from one'"
    assert undo(cfg).success
    assert read_entries(cfg, "memory") == ["From process one"]
    # This process writes; another process lists the history and undoes it.
    MemoryTool(cfg, session_id="here").call({"action": "add", "target": "user",
                                             "content": "Written here"})
    listing = _hermes(hermes_home, "history", "--limit", "3")
    assert listing.returncode == 0
    lines = listing.stdout.splitlines()
    assert "add user: 'Written here'" in lines[0] and "session here" in lines[0]
    assert "undo add memory: 'Also from one'" in lines[1]
    assert "(undone)" in lines[2]
    done = _hermes(hermes_home, "undo")
    assert done.returncode == 0 and "Undid" in done.stdout
    assert read_entries(cfg, "user") == []
    assert history(cfg, 1)[0].origin == "undo"
