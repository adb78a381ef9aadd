"""The entry-level journal: records hold the changed entries, undo restores stores exactly, old
whole-store journals still read, and a write that fails after its line is journaled is voided."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hermes.config import Config
from hermes.memory import MemoryTool, history, read_entries, store_path, undo
from hermes.memory import journal
from hermes.memory.journal import journal_path
from hermes.memory.journal_records import JournalChange, store_hash
from hermes.memory.memory_files import join_entries, locked, stage_store_file, write_entries_locked

REPO = Path(__file__).resolve().parents[2]
FACTS = [f"Fact {n}: the service at ~/code/app{n} uses Postgres 16 and uv" for n in range(60)]


@pytest.fixture
def big(cfg: Config) -> list[str]:
    """MEMORY.md holding 60 entries (~3,700 chars, under a 20,000 limit), written directly."""
    cfg.memory.memory_char_limit = 20_000
    with locked(["memory"]):
        write_entries_locked("memory", FACTS)
    return list(FACTS)


def _journal_lines() -> list[dict]:
    return [json.loads(line) for line in journal_path().read_text(encoding="utf-8").splitlines()
            if line.strip()]


def test_records_hold_the_changed_entries_not_the_whole_store(cfg: Config, big: list[str]) -> None:
    tool = MemoryTool(cfg.memory)
    assert tool.call({"action": "add", "target": "memory", "content": "New fact: tabs"})["changed"]
    assert tool.call({"action": "replace", "target": "memory", "old_text": "Fact 30:",
                      "content": "Fact 30: moved to MySQL"})["changed"]
    assert tool.call({"action": "remove", "target": "memory", "old_text": "Fact 5:"})["changed"]
    add, replace, remove = (line["changes"][0] for line in _journal_lines())
    assert (add["at"], add["before"], add["after"]) == (60, [], ["New fact: tabs"])
    assert (replace["at"], replace["before"], replace["after"]) == (30, [FACTS[30]],
                                                                   ["Fact 30: moved to MySQL"])
    assert (remove["at"], remove["before"], remove["after"]) == (5, [FACTS[5]], [])
    store_size = len(join_entries(read_entries(cfg.memory, "memory")))
    for line in journal_path().read_text(encoding="utf-8").splitlines():
        assert len(line) < store_size / 4  # the store is ~3,700 chars; a line ~400


def test_undo_after_add_replace_remove_restores_each_store_exactly(cfg: Config,
                                                                   big: list[str]) -> None:
    tool = MemoryTool(cfg.memory)
    states = [read_entries(cfg.memory, "memory")]
    for call in ({"action": "add", "content": "New fact: tabs"},
                 {"action": "replace", "old_text": "Fact 30:", "content": "Fact 30: moved"},
                 {"action": "remove", "old_text": "Fact 5:"}):
        assert tool.call({"target": "memory", **call})["changed"]
        states.append(read_entries(cfg.memory, "memory"))
    for expected in reversed(states[:-1]):
        result = undo(cfg.memory)
        assert result.success, result.message
        assert read_entries(cfg.memory, "memory") == expected
    assert read_entries(cfg.memory, "memory") == FACTS


def test_undo_of_a_replace_that_merged_two_entries(cfg: Config, big: list[str]) -> None:
    # Replacing an entry with the text of a later one drops the duplicate; undo brings back both.
    result = MemoryTool(cfg.memory).call({"action": "replace", "target": "memory", "old_text": "Fact 10:",
                                   "content": FACTS[20]})
    assert result["changed"]
    merged = read_entries(cfg.memory, "memory")
    assert len(merged) == 59 and merged[10] == FACTS[20] and merged.count(FACTS[20]) == 1
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == FACTS


def test_undo_refuses_when_the_store_moved_on_elsewhere(cfg: Config, big: list[str]) -> None:
    MemoryTool(cfg.memory).call({"action": "remove", "target": "memory", "old_text": "Fact 7:"})
    # A hand edit far from the removed entry still changes the store the record left.
    edited = read_entries(cfg.memory, "memory")
    edited[-1] += " (checked)"
    store_path("memory").write_text(join_entries(edited), encoding="utf-8")
    result = undo(cfg.memory)
    assert not result.success and "changed since" in result.message
    assert read_entries(cfg.memory, "memory") == edited


def test_journal_change_splice_round_trips() -> None:
    old = ["a", "b", "c", "d"]
    for new in (["a", "b", "c", "d", "e"], ["a", "c", "d"], ["a", "x", "c", "d"], ["a", "d", "c"],
                [], ["z"], ["b", "c", "d", "a"]):
        change = JournalChange.between("memory", old, new)
        assert change.apply_to(old) == new
        assert change.inverse().apply_to(new) == old
        assert change.apply_to(["a", "b"]) is None  # not the store it was made against


# ---------------------------------------------------------------- old journals


def _old_record(record_id: str, summary: str, before: list[str], after: list[str],
                origin: str = "tool") -> dict:
    """A line as journals before entry-level records wrote it: whole stores, no hashes."""
    return {"id": record_id, "time": "2026-11-30T10:00:00Z", "origin": origin, "session_id": None,
            "action": "add", "summary": summary,
            "changes": [{"target": "memory", "before": before, "after": after}], "undoes": None}


def _write_old_journal(records: list[dict]) -> None:
    journal_path().parent.mkdir(parents=True, exist_ok=True)
    journal_path().write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def test_an_old_whole_store_journal_is_read_and_undone(cfg: Config) -> None:
    first, second = ["kept one"], ["kept one", "kept two"]
    with locked(["memory"]):
        write_entries_locked("memory", second)
    _write_old_journal([_old_record("aaaa0001", "add memory: 'kept one'", [], first),
                        _old_record("aaaa0002", "add memory: 'kept two'", first, second)])
    [newest, oldest] = history(cfg.memory, 10)
    assert (newest.id, newest.changes[0].added, newest.changes[0].removed) == ("aaaa0002",
                                                                              ["kept two"], [])
    assert oldest.changes[0].added == ["kept one"]
    # A new-form record appends after the old ones; undo walks back through both forms.
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "new three"})
    assert [e.id for e in history(cfg.memory, 10)][1:] == ["aaaa0002", "aaaa0001"]
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == second
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == first
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == []


def test_an_old_unapplied_line_is_voided_as_before(cfg: Config) -> None:
    with locked(["memory"]):
        write_entries_locked("memory", ["kept"])
    # The old writer was killed after journaling "lost" and before its rename.
    _write_old_journal([_old_record("bbbb0001", "add memory: 'kept'", [], ["kept"]),
                        _old_record("bbbb0002", "add memory: 'lost'", ["kept"], ["kept", "lost"])])
    assert [e.id for e in history(cfg.memory)] == ["bbbb0001"]
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "next"})
    assert {"void": "bbbb0002", "target": "memory"} in _journal_lines()
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == ["kept"]


def test_compaction_rewrites_old_lines_in_the_entry_form(cfg: Config,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    long = [f"entry {i}: " + "a note long enough that whole stores dwarf one entry; " * 2 + "end"
            for i in range(8)]
    stores = [long[:n] for n in range(8)]
    with locked(["memory"]):
        write_entries_locked("memory", stores[-1])
    _write_old_journal([_old_record(f"cccc000{n}", f"add memory: {n}", stores[n],
                                    stores[n + 1]) for n in range(7)])
    old_size = journal_path().stat().st_size
    monkeypatch.setattr(journal, "_COMPACT_BYTES", 500)
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": long[7]})
    assert journal_path().stat().st_size < old_size / 2
    lines = _journal_lines()
    assert all("before_hash" in c for line in lines for c in line["changes"])
    assert all(len(c["after"]) <= 1 for line in lines for c in line["changes"])
    assert undo(cfg.memory).success and undo(cfg.memory).success
    assert read_entries(cfg.memory, "memory") == stores[6]


# ---------------------------------------------------------------- crashes


def test_a_store_write_failing_after_its_line_is_journaled_is_voided(
        cfg: Config, big: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    tool = MemoryTool(cfg.memory)
    tool.call({"action": "add", "target": "memory", "content": "kept change"})

    def disk_full(target: str, entries: list[str]) -> Path:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal, "stage_store_file", disk_full)
    tool.reset_turn()
    failed = tool.call({"action": "remove", "target": "memory", "old_text": "Fact 3:"})
    assert not failed["success"] and "Nothing was changed" in failed["error"]
    assert read_entries(cfg.memory, "memory") == [*FACTS, "kept change"]
    assert "Fact 3:" in _journal_lines()[-1]["changes"][0]["before"][0]  # the line was written
    assert [e.summary for e in history(cfg.memory)] == ["add memory: 'kept change'"]  # and is left out
    monkeypatch.setattr(journal, "stage_store_file", stage_store_file)
    tool.call({"action": "add", "target": "memory", "content": "later change"})
    assert any("void" in line for line in _journal_lines())
    assert undo(cfg.memory).success and undo(cfg.memory).success
    assert read_entries(cfg.memory, "memory") == FACTS


KILLED_REPLACE = """
    import os, signal
    from hermes.config import Config
    from hermes.memory import MemoryTool

    real_replace = os.replace

    def crash(src, dst):
        if str(dst).endswith("MEMORY.md"):
            os.kill(os.getpid(), signal.SIGKILL)
        real_replace(src, dst)

    os.replace = crash
    cfg = Config(); cfg.memory.memory_char_limit = 20_000
    MemoryTool(cfg.memory).call({"action": "replace", "target": "memory", "old_text": "Fact 40:",
                          "content": "Fact 40: killed replace"})
"""


def test_kill_9_between_journal_and_rename_of_a_replace(hermes_home: Path, cfg: Config,
                                                        big: list[str]) -> None:
    env = dict(os.environ, HERMES_HOME=str(hermes_home), PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(KILLED_REPLACE)], env=env,
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -9
    assert read_entries(cfg.memory, "memory") == FACTS
    assert "killed replace" in journal_path().read_text(encoding="utf-8")
    assert history(cfg.memory) == []
    MemoryTool(cfg.memory).call({"action": "remove", "target": "memory", "old_text": "Fact 41:"})
    [only] = history(cfg.memory)
    assert only.changes[0].removed == [FACTS[41]]
    assert only.changes[0].before_hash == store_hash(FACTS)
    assert undo(cfg.memory).success and read_entries(cfg.memory, "memory") == FACTS
