"""The write path's shortcuts keep its behaviour: the parse memo never hides a change on disk,
the journal's small first tail read still finds a long newest record, the one-stat folder
check still refuses an unsafe folder, and a write reuses the hash it already made."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hermes import paths
from hermes.config import Config
from hermes.memory import MemoryTool, read_entries, store_path, undo
from hermes.memory import journal_reading, journal_records, memory_files
from hermes.memory.journal import journal_path
from hermes.memory.memory_files import ensure_memories_dir, locked, parse_entries, write_entries_locked


def _write_raw(text: str) -> None:
    ensure_memories_dir()
    store_path("memory").write_bytes(text.encode("utf-8"))


def test_a_second_read_of_the_same_bytes_skips_the_parse(cfg: Config,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _write_raw("one\n§\ntwo")
    assert read_entries(cfg.memory, "memory") == ["one", "two"]
    calls: list[str] = []
    monkeypatch.setattr(memory_files, "parse_entries", lambda text: calls.append(text) or [])
    assert read_entries(cfg.memory, "memory") == ["one", "two"]
    assert calls == []


def test_the_memo_never_hides_a_change_on_disk_even_of_the_same_size(cfg: Config) -> None:
    _write_raw("one\n§\ntwo")
    assert read_entries(cfg.memory, "memory") == ["one", "two"]
    path = store_path("memory")
    stat = path.stat()
    path.write_bytes(b"one\n\xc2\xa7\ntwx")  # same size, same name
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the same mtime
    assert read_entries(cfg.memory, "memory") == ["one", "twx"]


def test_a_read_entries_list_is_the_callers_own(cfg: Config) -> None:
    _write_raw("one\n§\ntwo")
    first = read_entries(cfg.memory, "memory")
    first.append("mutated")
    assert read_entries(cfg.memory, "memory") == ["one", "two"]


@pytest.mark.parametrize("text, expected", [
    ("a\r\n§\r\nb", ["a", "b"]),  # Windows line ends still split
    ("\ufeffa\n§\nb\r\nc", ["a", "b\nc"]),  # and are normalised inside an entry
    ("a\n§\nb\rc", ["a", "b\rc"]),  # a lone CR is kept, as before
    ("a\n§\n a \n§\nb", ["a", "b"]),  # duplicates after the strip go
])
def test_parse_keeps_its_format(text: str, expected: list[str]) -> None:
    assert parse_entries(text) == expected


def test_the_newest_record_is_found_when_it_is_longer_than_the_first_tail_read(
        cfg: Config) -> None:
    cfg.memory.memory_char_limit = 40_000
    tool = MemoryTool(cfg.memory, origin="cli")
    long_entry = "The deploy notes say: " + "stage, verify, promote; " * 400  # ~9,600 chars
    assert len(long_entry) > journal_reading._TAIL_FIRST * 2
    assert tool.call({"action": "add", "target": "memory", "content": "short one"})["changed"]
    assert tool.call({"action": "add", "target": "memory", "content": long_entry})["changed"]
    found = journal_reading.latest_changes(["memory"])
    assert found["memory"][1].after == [long_entry.strip()]
    assert undo(cfg.memory).success
    assert read_entries(cfg.memory, "memory") == ["short one"]


def test_an_interrupted_line_is_still_voided_with_the_reused_hash(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory, origin="cli")
    assert tool.call({"action": "add", "target": "memory", "content": "first fact"})["changed"]
    # a line journaled whose store write never happened (kill -9 between journal and rename)
    store = read_entries(cfg.memory, "memory")
    change = journal_records.JournalChange.between("memory", store, [*store, "never written"])
    line = {"id": "dead0001", "time": "2026-01-01T00:00:00Z", "origin": "tool", "session_id": None,
            "action": "add", "summary": "add memory: 'never written'",
            "changes": [change.to_json()], "undoes": None}
    with journal_path().open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(line) + "\n")
    assert tool.call({"action": "add", "target": "memory", "content": "second fact"})["changed"]
    lines = [json.loads(x) for x in journal_path().read_text(encoding="utf-8").splitlines()]
    assert {"void": "dead0001", "target": "memory"} in lines
    assert read_entries(cfg.memory, "memory") == ["first fact", "second fact"]


def test_a_write_hashes_the_store_before_it_once(cfg: Config, monkeypatch: pytest.MonkeyPatch) -> None:
    with locked(["memory"]):
        write_entries_locked("memory", [f"Fact {n}: uses Postgres {n}" for n in range(50)])
    tool = MemoryTool(cfg.memory, origin="cli")
    assert tool.call({"action": "add", "target": "memory", "content": "warm up"})["changed"]
    hashed: list[int] = []
    real = journal_records.store_hash

    def counting(entries: list[str]) -> str:
        hashed.append(len(entries))
        return real(entries)

    monkeypatch.setattr(journal_records, "store_hash", counting)
    monkeypatch.setattr(journal_reading, "store_hash", counting)
    assert tool.call({"action": "add", "target": "memory", "content": "one more fact"})["changed"]
    assert hashed == [51, 52]  # the store before, the store after: each once


def test_an_unsafe_memories_folder_is_still_refused(cfg: Config, hermes_home: Path) -> None:
    folder = ensure_memories_dir()
    assert paths.memories_dir_ready()
    folder.chmod(0o770)
    with pytest.raises(paths.UnsafePath, match="writable by group"):
        paths.memories_dir_ready()
    res = MemoryTool(cfg.memory, origin="cli").call(
        {"action": "add", "target": "memory", "content": "a fact"})
    assert not res["success"] and "chmod 700" in res["error"]
    assert not store_path("memory").exists()


def test_a_missing_memories_folder_is_made_private(hermes_home: Path) -> None:
    folder = paths.memories_dir()
    assert not folder.exists() and not paths.memories_dir_ready()
    assert ensure_memories_dir() == folder
    assert folder.stat().st_mode & 0o777 == 0o700
    assert paths.memories_dir_ready()
