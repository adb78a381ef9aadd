"""Locking, atomic writes and crash safety, with real processes and real files."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

from hermes.config import Config
from hermes.memory import MemoryTool, memory_usage, parse_entries, read_entries, store_path
from hermes.memory.memory_files import join_entries

REPO = Path(__file__).resolve().parents[2]


def _python(code: str, home: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(code), *args], env=env,
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


ADDER = """
    import sys
    from hermes.config import Config
    from hermes.memory import MemoryTool
    cfg = Config()
    cfg.memory.memory_char_limit = 100_000
    tool = MemoryTool(cfg.memory, origin="tool", session_id=sys.argv[1])
    failures = 0
    for n in range(int(sys.argv[2])):
        result = tool.call({"action": "add", "target": "memory",
                            "content": f"process {sys.argv[1]} entry {n}"})
        tool.reset_turn()
        failures += not result["success"]
    print(failures)
"""


def test_two_processes_adding_200_each_lose_nothing(hermes_home: Path) -> None:
    procs = [_python(ADDER, hermes_home, name, "200") for name in ("A", "B")]
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        assert out.strip() == "0"
    entries = parse_entries(store_path("memory").read_text(encoding="utf-8"))
    expected = {f"process {p} entry {n}" for p in "AB" for n in range(200)}
    assert len(entries) == 400 and set(entries) == expected
    # Each process's own entries stay in the order it wrote them.
    for p in "AB":
        mine = [e for e in entries if e.startswith(f"process {p} ")]
        assert mine == [f"process {p} entry {n}" for n in range(200)]
    assert not list(store_path("memory").parent.glob(".MEMORY.md.*.tmp"))


CRASHER = """
    import os, signal
    import hermes.memory.memory_files as store
    from hermes.config import Config
    from hermes.memory import MemoryTool

    def die_before_rename(src, dst):
        # The temp file is written and fsynced; the process dies before the rename.
        os.kill(os.getpid(), signal.SIGKILL)

    store.os.replace = die_before_rename
    MemoryTool(Config().memory).call({"action": "add", "target": "memory", "content": "never lands"})
"""


def test_kill_between_temp_write_and_rename_keeps_the_old_file(hermes_home: Path,
                                                               cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    tool.call({"action": "add", "target": "memory", "content": "old entry one"})
    tool.call({"action": "add", "target": "memory", "content": "old entry two"})
    before = store_path("memory").read_bytes()
    proc = _python(CRASHER, hermes_home)
    proc.communicate(timeout=60)
    assert proc.returncode == -9  # really killed mid-write
    assert store_path("memory").read_bytes() == before
    assert read_entries(cfg.memory, "memory") == ["old entry one", "old entry two"]
    leftovers = list(store_path("memory").parent.glob(".MEMORY.md.*.tmp"))
    assert leftovers and "never lands" in leftovers[0].read_text(encoding="utf-8")
    # The lock died with the process; the next writer proceeds and sweeps the stale temp file.
    assert tool.call({"action": "add", "target": "memory", "content": "after crash"})["success"]
    assert read_entries(cfg.memory, "memory") == ["old entry one", "old entry two", "after crash"]
    assert not list(store_path("memory").parent.glob(".MEMORY.md.*.tmp"))


def test_every_mutation_rereads_the_file_under_the_lock(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory)
    tool.call({"action": "add", "target": "user", "content": "from the tool"})
    # Someone edits the file by hand while a session is open.
    store_path("user").write_text(join_entries(["from the tool", "hand edit"]), encoding="utf-8")
    tool.call({"action": "add", "target": "user", "content": "second tool write"})
    assert read_entries(cfg.memory, "user") == ["from the tool", "hand edit", "second tool write"]


def test_files_and_folders_are_private(hermes_home: Path, cfg: Config) -> None:
    MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "x entry"})
    assert stat.S_IMODE(store_path("memory").stat().st_mode) == 0o600
    assert stat.S_IMODE(store_path("memory").parent.stat().st_mode) == 0o700
    lock = store_path("memory").with_name("MEMORY.md.lock")
    assert lock.exists() and stat.S_IMODE(lock.stat().st_mode) == 0o600


def test_memory_usage_tracks_disk_and_disabled_targets(cfg: Config) -> None:
    assert memory_usage(cfg.memory) == {"memory": (0, 2200), "user": (0, 1375), "project": (0, 1500)}
    MemoryTool(cfg.memory).call({"action": "add", "target": "user", "content": "abc"})
    assert memory_usage(cfg.memory)["user"] == (3, 1375)
    store_path("user").write_text("abc\n§\nhand written", encoding="utf-8")
    assert memory_usage(cfg.memory)["user"] == (3 + 3 + 12, 1375)
    cfg.memory.memory_enabled = False
    cfg.memory.project_enabled = False
    assert set(memory_usage(cfg.memory)) == {"user"}


def test_memory_usage_reports_unreadable_as_minus_one(cfg: Config) -> None:
    path = store_path("memory")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xff")
    assert memory_usage(cfg.memory)["memory"] == (-1, 2200)


def test_threads_in_one_process_serialise_on_the_lock(cfg: Config) -> None:
    # The TUI's foreground tool and its background review run in one process.
    import threading

    cfg.memory.memory_char_limit = 100_000
    errors: list[dict] = []

    def writer(name: str) -> None:
        tool = MemoryTool(cfg.memory, origin="review" if name == "R" else "tool")
        for n in range(50):
            result = tool.call({"action": "add", "target": "memory", "content": f"{name} {n}"})
            tool.reset_turn()
            if not result["success"]:
                errors.append(result)

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("F", "R")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(read_entries(cfg.memory, "memory")) == sorted(f"{p} {n}" for p in "FR" for n in range(50))
