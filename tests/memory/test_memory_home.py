"""A safe home: unsafe folders are refused with one line, and no file under HERMES_HOME is
opened through a link or as a FIFO (each case first reproduced as it was found)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from hermes import paths
from hermes.config import Config, set_config_value
from hermes.memory import MemoryTool, history, read_entries, store_path
from hermes.memory.journal import journal_path

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534


def _hermes(home: Path, *args: str, as_uid: int | None = None) -> subprocess.CompletedProcess[str]:
    """`hermes …` as a subprocess; the timeout is a guard against a hang, not a speed check."""
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    command = [sys.executable, "-m", "hermes", *args]
    if as_uid is not None:  # setpriv (util-linux) runs it as that user
        command = ["setpriv", f"--reuid={as_uid}", f"--regid={as_uid}", "--clear-groups",
                   *command]
    return subprocess.run(command, env=env, cwd=REPO, capture_output=True, text=True,
                          timeout=60)


def _one_clean_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 1, text
    assert "Traceback" not in text and "Error:" not in text and "Error " not in text
    for name in ("FileExistsError", "PermissionError", "OSError", "UnsafePath", "IsADirectory"):
        assert name not in text
    return lines[0]


def _victim(tmp_path: Path, text: str = "victim content\n") -> Path:
    victim = tmp_path / "victim.txt"
    victim.write_text(text, encoding="utf-8")
    victim.chmod(0o644)
    return victim


# ---------------------------------------------------------------- unsafe folders


@pytest.mark.parametrize("mode,who", [(0o770, "group"), (0o707, "others"), (0o777, "group and others")])
def test_a_home_writable_by_others_is_refused(hermes_home: Path, mode: int, who: str) -> None:
    hermes_home.chmod(mode)
    assert paths.check_home() == f"{hermes_home} is writable by {who}; run `chmod 700 {hermes_home}`"
    result = _hermes(hermes_home, "memory", "show")
    assert result.returncode == 1
    line = _one_clean_line(result.stderr)
    assert f"chmod 700 {hermes_home}" in line
    assert not (hermes_home / "logs").exists()  # refused before anything was opened there


def test_a_memories_folder_writable_by_others_is_refused(hermes_home: Path, cfg: Config) -> None:
    folder = hermes_home / "memories"
    folder.mkdir()
    folder.chmod(0o777)
    result = _hermes(hermes_home, "memory", "add", "--target", "memory", "x")
    assert result.returncode == 1
    assert f"chmod 700 {folder}" in _one_clean_line(result.stderr)
    # the library refuses too (the TUI and the agent write without the CLI)
    refused = MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "x"})
    assert refused["success"] is False and f"chmod 700 {folder}" in refused["error"]
    assert not store_path("memory").exists()


def test_a_home_owned_by_another_user_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "theirs"
    home.mkdir(mode=0o700)
    os.chown(home, NOBODY, NOBODY)
    result = _hermes(home, "memory", "show")
    assert result.returncode == 1
    line = _one_clean_line(result.stderr)
    assert "belongs to another user" in line and f"uid {NOBODY}" in line
    assert _hermes(home, "config", "path").returncode == 0  # asking where it is still works


def test_memories_as_a_file_is_one_clear_line(hermes_home: Path) -> None:
    (hermes_home / "memories").write_text("not a folder", encoding="utf-8")
    for args in (("memory", "add", "--target", "memory", "x"), ("memory", "history")):
        result = _hermes(hermes_home, *args)
        assert result.returncode == 1
        line = _one_clean_line(result.stderr)
        assert "is a file, not a folder" in line and "move it aside" in line


@pytest.mark.skipif(not shutil.which("setpriv") or os.geteuid() != 0,
                    reason="needs root and setpriv to run hermes as another user")
def test_read_only_home_is_one_clear_line(tmp_path: Path) -> None:
    # Root ignores mode bits, so the write is tried as another user who owns the home.
    # pytest's tmp_path sits in a root-only folder, so the home goes straight under /tmp.
    probe = subprocess.run(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                            sys.executable, "-c", "import hermes.cli"],
                           cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)), capture_output=True)
    if probe.returncode != 0:  # e.g. a checkout inside a folder only root may enter
        pytest.skip(f"uid {NOBODY} cannot run hermes from this checkout")
    home = Path(tempfile.mkdtemp(prefix="hermes-ro-home-"))
    try:
        home.chmod(0o500)
        os.chown(home, NOBODY, NOBODY)
        result = _hermes(home, "memory", "add", "--target", "memory", "note", as_uid=NOBODY)
    finally:
        shutil.rmtree(home)
    assert result.returncode == 1
    line = _one_clean_line(result.stderr)
    assert "Permission denied" in line and "Nothing was changed" in line


def test_unexpected_errors_reach_the_model_as_a_sentence(cfg: Config,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from hermes.memory import memory_tool as tool_module

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("internal detail")

    monkeypatch.setattr(tool_module, "apply_operations", broken)
    result = MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "x"})
    assert result["success"] is False
    assert "RuntimeError" not in result["error"] and "internal detail" not in result["error"]
    assert result["error"].startswith("Memory write failed because of an internal error")


# ---------------------------------------------------------------- links and FIFOs


def test_a_linked_journal_is_never_appended_to(hermes_home: Path, tmp_path: Path,
                                               cfg: Config) -> None:
    victim = _victim(tmp_path)
    paths.ensure_dir(paths.memories_dir())
    journal_path().symlink_to(victim)
    result = _hermes(hermes_home, "memory", "add", "--target", "memory", "note")
    assert result.returncode == 1
    assert "symbolic link" in _one_clean_line(result.stderr)
    assert victim.read_text(encoding="utf-8") == "victim content\n"
    assert read_entries(cfg.memory, "memory") == []  # no change without its journal line


def test_a_linked_log_file_is_neither_written_nor_chmodded(hermes_home: Path,
                                                          tmp_path: Path) -> None:
    victim = _victim(tmp_path)
    logs = paths.ensure_dir(paths.logs_dir())
    (logs / "hermes.log").symlink_to(victim)
    result = _hermes(hermes_home, "memory", "add", "--target", "memory", "note")
    assert result.returncode == 0, result.stderr  # logging is off, the command still works
    assert stat.S_IMODE(victim.stat().st_mode) == 0o644
    assert victim.read_text(encoding="utf-8") == "victim content\n"


def test_a_linked_lock_file_is_refused_not_waited_on(hermes_home: Path, tmp_path: Path,
                                                     cfg: Config) -> None:
    import fcntl

    victim = _victim(tmp_path)
    paths.ensure_dir(paths.memories_dir())
    store_path("memory").with_name("MEMORY.md.lock").symlink_to(victim)
    with victim.open("r+") as held:  # someone else holds a lock on the file the link names
        fcntl.flock(held, fcntl.LOCK_EX)
        result = _hermes(hermes_home, "memory", "add", "--target", "memory", "note")
    assert result.returncode == 1
    assert "symbolic link" in _one_clean_line(result.stderr)
    assert victim.read_text(encoding="utf-8") == "victim content\n"
    assert read_entries(cfg.memory, "memory") == []


def test_a_fifo_memory_file_does_not_hang_show_or_add(hermes_home: Path) -> None:
    paths.ensure_dir(paths.memories_dir())
    os.mkfifo(store_path("memory"), 0o600)
    shown = _hermes(hermes_home, "memory", "show", "--target", "memory")
    assert shown.returncode == 1 and "FIFO" in shown.stderr and "Traceback" not in shown.stderr
    added = _hermes(hermes_home, "memory", "add", "--target", "memory", "note")
    assert added.returncode == 1 and "FIFO" in _one_clean_line(added.stderr)
    assert stat.S_ISFIFO(store_path("memory").lstat().st_mode)  # left as it was


def test_a_linked_memory_file_is_neither_read_nor_replaced(hermes_home: Path, tmp_path: Path,
                                                           cfg: Config) -> None:
    victim = _victim(tmp_path, "Secret notes of another program")
    paths.ensure_dir(paths.memories_dir())
    store_path("user").symlink_to(victim)
    refused = MemoryTool(cfg.memory).call({"action": "add", "target": "user", "content": "note"})
    assert refused["success"] is False and "symbolic link" in refused["error"]
    from hermes.memory import render_snapshot

    assert "Secret notes" not in render_snapshot(cfg.memory)
    assert store_path("user").is_symlink()
    assert victim.read_text(encoding="utf-8") == "Secret notes of another program"


def test_a_linked_config_is_not_overwritten(hermes_home: Path, tmp_path: Path) -> None:
    victim = _victim(tmp_path, "memory: {}\n")
    paths.config_path().symlink_to(victim)
    with pytest.raises(paths.UnsafePath, match="symbolic link"):
        set_config_value("memory.write_approval", True)
    assert paths.config_path().is_symlink()
    result = _hermes(hermes_home, "memory", "approval", "on")
    assert result.returncode == 1 and "symbolic link" in _one_clean_line(result.stderr)
    assert victim.read_text(encoding="utf-8") == "memory: {}\n"


def test_a_linked_pending_folder_is_refused(hermes_home: Path, tmp_path: Path,
                                            cfg: Config) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (hermes_home / "pending").mkdir(mode=0o700)
    paths.pending_memory_dir().symlink_to(elsewhere, target_is_directory=True)
    cfg.memory.write_approval = True
    result = MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "note"})
    assert result["success"] is False and "symbolic link" in result["error"]
    assert list(elsewhere.iterdir()) == []


def test_writes_journal_after_refusals_still_work(hermes_home: Path, cfg: Config) -> None:
    # The safe paths do not get in the way of the ordinary case.
    assert MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "ok"})["success"]
    assert [e.summary for e in history(cfg.memory)] == ["add memory: 'ok'"]
    assert stat.S_IMODE(journal_path().stat().st_mode) == 0o600
