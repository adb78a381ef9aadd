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
    MemoryTool(cfg.memory, origin="tool", session_id="s1").call(
        {"action": "add", "target": "user", "content": "Name is Ada"})
    MemoryTool(cfg.memory, origin="review", session_id="s2").call(
        {"action": "add", "target": "memory", "content": "Repo uses tox"})
    cfg.memory.write_approval = True
    pid = MemoryTool(cfg.memory, origin="tool", session_id="s3").call(
        {"action": "replace", "target": "user", "old_text": "Ada", "content": "Name is Ada L."}
    )["pending_id"]
    approve(cfg.memory, pid)
    entries = history(cfg.memory, 10)
    assert [(e.origin, e.session_id, e.action) for e in entries] == [
        ("approval", "s3", "replace"), ("review", "s2", "add"), ("tool", "s1", "add")]
    newest = entries[0]
    assert newest.changes[0].target == "user"
    assert newest.changes[0].before == ["Name is Ada"]
    assert newest.changes[0].after == ["Name is Ada L."]
    assert newest.changes[0].removed == ["Name is Ada"] and newest.changes[0].added == ["Name is Ada L."]


def test_no_op_and_refused_writes_are_not_journaled(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    tool.call({"action": "add", "target": "memory", "content": "once"})
    tool.call({"action": "add", "target": "memory", "content": "once"})
    tool.call({"action": "remove", "target": "memory", "old_text": "missing"})
    assert len(history(cfg.memory, 10)) == 1


def test_undo_walks_back_and_marks_undone(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    tool.call({"action": "add", "target": "memory", "content": "first"})
    tool.call({"action": "add", "target": "memory", "content": "second"})
    tool.call({"action": "replace", "target": "memory", "old_text": "first", "content": "1st"})
    result = undo(cfg.memory)
    assert result.success and result.reverted is not None and result.reverted.action == "replace"
    assert read_entries(cfg.memory, "memory") == ["first", "second"]
    assert undo(cfg.memory).success
    assert read_entries(cfg.memory, "memory") == ["first"]
    entries = history(cfg.memory, 10)
    assert entries[0].origin == "undo" and entries[0].undoes is not None
    assert [e.undone for e in entries if e.origin != "undo"] == [True, True, False]
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == []
    final = undo(cfg.memory)
    assert final.success is False and "Nothing to undo" in final.message


def test_undo_reverts_a_batch_across_both_targets(cfg: Config) -> None:
    MemoryTool(cfg.memory).call({"operations": [
        {"action": "add", "target": "memory", "content": "m1"},
        {"action": "add", "target": "user", "content": "u1"}]})
    assert undo(cfg.memory).success
    assert read_entries(cfg.memory, "memory") == [] and read_entries(cfg.memory, "user") == []


def test_undo_refuses_after_a_hand_edit(cfg: Config) -> None:
    MemoryTool(cfg.memory).call({"action": "add", "target": "user", "content": "likes tea"})
    store_path("user").write_text("likes tea\n§\nhand added", encoding="utf-8")
    result = undo(cfg.memory)
    assert result.success is False and "changed since" in result.message
    assert read_entries(cfg.memory, "user") == ["likes tea", "hand added"]


def test_damaged_journal_line_is_skipped(cfg: Config) -> None:
    MemoryTool(cfg.memory).call({"action": "add", "target": "user", "content": "kept"})
    with journal_path().open("a", encoding="utf-8") as fh:
        fh.write('{"id": "torn", "ti')  # a crash mid-append
    assert [e.summary for e in history(cfg.memory, 5)] == ["add user: 'kept'"]
    # The next record starts on its own line instead of being glued to the torn one.
    MemoryTool(cfg.memory).call({"action": "add", "target": "user", "content": "after"})
    assert [e.summary for e in history(cfg.memory, 5)] == ["add user: 'after'", "add user: 'kept'"]
    assert undo(cfg.memory).success and undo(cfg.memory).success
    assert read_entries(cfg.memory, "user") == []


def test_journal_is_compacted_to_the_latest_records(cfg: Config,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal, "_COMPACT_BYTES", 3000)
    monkeypatch.setattr(journal, "_KEEP", 5)
    tool = MemoryTool(cfg.memory)
    for n in range(40):
        tool.call({"action": "add", "target": "memory", "content": f"entry number {n}"})
    entries = history(cfg.memory, 100)
    # Past the size, the file is rewritten with the newest 5 records; appends then grow it
    # again, so between 5 and the records that fit in the size remain, newest first.
    assert 5 <= len(entries) < 12
    assert [e.summary for e in entries] == [f"add memory: 'entry number {n}'"
                                            for n in range(39, 39 - len(entries), -1)]
    assert journal_path().stat().st_size < 3000 + 400  # never more than one record past it
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory")[-1] == "entry number 38"


def test_journal_and_undo_across_processes(hermes_home: Path, cfg: Config) -> None:
    # Process 1 (the CLI) writes; this process sees the change and undoes it.
    assert _hermes(hermes_home, "add", "--target", "memory", "From process one").returncode == 0
    assert _hermes(hermes_home, "add", "--target", "memory", "Also from one").returncode == 0
    [latest, *_] = history(cfg.memory, 5)
    assert latest.origin == "cli" and latest.summary == "add memory: 'Also from one'"
    assert undo(cfg.memory).success
    assert read_entries(cfg.memory, "memory") == ["From process one"]
    # This process writes; another process lists the history and undoes it.
    MemoryTool(cfg.memory, session_id="here").call({"action": "add", "target": "user",
                                             "content": "Written here"})
    listing = _hermes(hermes_home, "history", "--limit", "3")
    assert listing.returncode == 0
    lines = listing.stdout.splitlines()
    assert "add user: 'Written here'" in lines[0] and "session here" in lines[0]
    assert "undo add memory: 'Also from one'" in lines[1]
    assert "(undone)" in lines[2]
    done = _hermes(hermes_home, "undo")
    assert done.returncode == 0 and "Undid" in done.stdout
    assert read_entries(cfg.memory, "user") == []
    assert history(cfg.memory, 1)[0].origin == "undo"


def test_an_invalid_byte_in_one_line_loses_only_that_line(hermes_home: Path, cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    for fact in ("first fact", "second fact", "third fact"):
        tool.call({"action": "add", "target": "memory", "content": fact})
    lines = journal_path().read_bytes().split(b"\n")
    lines[1] = lines[1][:20] + b"\xff\xfe" + lines[1][20:]  # one bad byte in the middle line
    journal_path().write_bytes(b"\n".join(lines))
    assert [e.summary for e in history(cfg.memory, 10)] == ["add memory: 'third fact'",
                                                     "add memory: 'first fact'"]
    listing = _hermes(hermes_home, "history")
    assert listing.returncode == 0
    assert "third fact" in listing.stdout and "first fact" in listing.stdout
    assert "No memory changes recorded yet" not in listing.stdout
    assert "1 damaged line(s)" in listing.stderr and str(journal_path()) in listing.stderr
    assert undo(cfg.memory).success  # undo still finds the latest change
    assert read_entries(cfg.memory, "memory") == ["first fact", "second fact"]


def test_compaction_never_drops_valid_history_for_a_damaged_line(
        cfg: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = MemoryTool(cfg.memory)
    tool.call({"action": "add", "target": "memory", "content": "before the damage"})
    with journal_path().open("ab") as fh:
        fh.write(b"\xff\xff not json at all\n")
    monkeypatch.setattr(journal, "_COMPACT_BYTES", 10)  # every append now compacts
    monkeypatch.setattr(journal, "_KEEP", 50)
    tool.call({"action": "add", "target": "memory", "content": "after the damage"})
    assert [e.summary for e in history(cfg.memory, 10)] == ["add memory: 'after the damage'",
                                                     "add memory: 'before the damage'"]
    kept = journal_path().with_name("journal.jsonl.damaged")
    assert "not json at all" in kept.read_text(encoding="utf-8")  # left for a person to see


KILLED_WRITER = """
    import os, signal, sys
    from hermes.config import Config
    from hermes.memory import MemoryTool

    real_replace = os.replace

    def crash(src, dst):
        if str(dst).endswith("MEMORY.md"):
            if sys.argv[1] == "after":
                real_replace(src, dst)
            os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst)

    os.replace = crash
    MemoryTool(Config().memory).call({"action": "add", "target": "memory", "content": "killed write"})
"""


def _killed_writer(home: Path, when: str) -> int:
    import textwrap

    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(KILLED_WRITER), when], env=env,
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    return proc.returncode


def test_kill_9_before_the_rename_leaves_journal_and_store_agreeing(hermes_home: Path,
                                                                     cfg: Config) -> None:
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "kept entry"})
    assert _killed_writer(hermes_home, "before") == -9
    assert read_entries(cfg.memory, "memory") == ["kept entry"]
    assert "killed write" in journal_path().read_text(encoding="utf-8")  # the intent line
    assert [e.summary for e in history(cfg.memory)] == ["add memory: 'kept entry'"]
    # The next write voids the interrupted line; history and undo stay exact.
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "next entry"})
    assert [e.summary for e in history(cfg.memory)] == ["add memory: 'next entry'",
                                                 "add memory: 'kept entry'"]
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == ["kept entry"]
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == []
    assert undo(cfg.memory).success is False


def test_kill_9_after_the_rename_keeps_the_change_in_the_journal(hermes_home: Path,
                                                                 cfg: Config) -> None:
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "kept entry"})
    assert _killed_writer(hermes_home, "after") == -9
    assert read_entries(cfg.memory, "memory") == ["kept entry", "killed write"]
    assert [e.summary for e in history(cfg.memory)] == ["add memory: 'killed write'",
                                                 "add memory: 'kept entry'"]
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == ["kept entry"]


def test_every_entry_on_disk_is_in_the_journal_after_random_kills(hermes_home: Path,
                                                                   cfg: Config) -> None:
    """The found problem: a kill -9 at a random moment left a change missing from the
    journal (2 of 60 trials). Kill a busy writer repeatedly and check every entry on disk."""
    import random
    import textwrap
    import time

    writer = textwrap.dedent("""
        import sys
        from hermes.config import Config
        from hermes.memory import MemoryTool
        cfg = Config(); cfg.memory.memory_char_limit = 100_000
        tool = MemoryTool(cfg.memory)
        print("ready", flush=True)
        for n in range(100_000):
            tool.call({"action": "add", "target": "memory", "content": f"{sys.argv[1]}-{n}"})
            tool.reset_turn()
    """)
    env = dict(os.environ, HERMES_HOME=str(hermes_home), PYTHONPATH=str(REPO))
    rng = random.Random(7)
    for trial in range(12):
        proc = subprocess.Popen([sys.executable, "-c", writer, f"t{trial}"], env=env, cwd=REPO,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(rng.uniform(0.0, 0.15))  # a random moment to kill at, not a speed check
        proc.kill()
        proc.wait(timeout=60)
    on_disk = read_entries(cfg.memory, "memory")
    journaled = {e for record in history(cfg.memory, 0) for c in record.changes for e in c.added}
    assert on_disk and set(on_disk) <= journaled
