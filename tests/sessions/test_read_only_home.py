"""A read-only HERMES_HOME (mounted read-only, as a backup or a snapshot is): the read
commands work, the writes say the folder is read-only and what to do, and nothing changes.

The home is bind-mounted read-only in a private mount namespace (`unshare -m`), which applies
to root too (mode bits do not); without that ability the tests are skipped."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.sessions import SessionStore
from tests.sessions.conftest import REPO, new_session, run_hermes

_RO = 'mount --bind "$H" "$H" && mount -o remount,bind,ro "$H" && exec "$@"'


def _can_mount_read_only(tmp_path: Path) -> bool:
    if not shutil.which("unshare") or os.geteuid() != 0:
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", _RO, "sh", "true"],
                           env=dict(os.environ, H=str(tmp_path)), capture_output=True)
    return probe.returncode == 0


def _hermes_read_only(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, H=str(home), HERMES_HOME=str(home), PYTHONPATH=str(REPO), COLUMNS="160")
    return subprocess.run(["unshare", "-m", "sh", "-c", _RO, "sh", sys.executable, "-m", "hermes", *args],
                          env=env, cwd=REPO, capture_output=True, text=True, timeout=120)


def _fingerprint(home: Path) -> dict[str, str]:
    return {str(p.relative_to(home)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(home.rglob("*")) if p.is_file()}


@pytest.fixture
def read_only_home(hermes_home: Path, tmp_path: Path) -> tuple[Path, str]:
    if not _can_mount_read_only(tmp_path):
        pytest.skip("needs root and unshare -m to mount a folder read-only")
    with SessionStore() as store:
        sid = new_session(store, title="deploy notes")
        store.append_message(sid, "user", "the staging deploy runs on merge")
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    added = run_hermes(hermes_home, "memory", "add", "--target", "memory", "User deploys on Fridays")
    assert added.returncode == 0, added.stderr
    return hermes_home, sid


def test_read_commands_work_on_a_read_only_home(read_only_home: tuple[Path, str]) -> None:
    home, sid = read_only_home
    before = _fingerprint(home)
    for args, expect in [(("sessions", "list"), "deploy notes"),
                         (("sessions", "search", "staging"), "staging"),
                         (("sessions", "show", sid), "the staging deploy runs on merge"),
                         (("sessions", "export", "--all", "-f", "md"), "the staging deploy runs on merge"),
                         (("sessions", "check"), "is healthy"),
                         (("memory", "history"), "User deploys on Fridays")]:
        proc = _hermes_read_only(home, *args)
        assert proc.returncode == 0, (args, proc.stderr)
        assert expect in proc.stdout
        assert "chmod" not in proc.stderr and "Traceback" not in proc.stderr
    assert _fingerprint(home) == before


def test_writes_say_the_folder_is_read_only(read_only_home: tuple[Path, str]) -> None:
    home, sid = read_only_home
    before = _fingerprint(home)
    for args in (("sessions", "rename", sid, "new name"), ("sessions", "delete", sid, "--yes"),
                 ("sessions", "repair")):
        proc = _hermes_read_only(home, *args)
        assert proc.returncode != 0
        (line,) = [ln for ln in proc.stderr.splitlines() if ln.strip()]
        assert "read-only file system" in line and "writable" in line
        assert "chmod" not in line and "Traceback" not in proc.stderr and "[Errno" not in line
    assert _fingerprint(home) == before
