"""Bad input gets a clear sentence and loses nothing: a state.db of a newer Hermes, a
read-only home, OS errors."""

from __future__ import annotations

import hashlib
from pathlib import Path

from hermes import paths
from hermes.sessions import SessionStore
from hermes.sessions.migrations import LATEST_VERSION
from tests.sessions.conftest import new_session, run_hermes


def _newer_file() -> Path:
    with SessionStore() as store:
        store.append_message(new_session(store), "user", "kept as it is")
        store.conn.execute("INSERT INTO schema_version VALUES (?, 0)", (LATEST_VERSION + 3,))
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return paths.state_db_path()


def _fingerprint(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def test_check_refuses_a_newer_schema_instead_of_calling_it_healthy(hermes_home: Path) -> None:
    path = _newer_file()
    before = _fingerprint(path.parent)
    proc = run_hermes(hermes_home, "sessions", "check")
    assert proc.returncode != 0
    assert "healthy" not in proc.stdout + proc.stderr
    assert "newer Hermes" in proc.stderr and "Upgrade Hermes" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert _fingerprint(path.parent) == before


def test_repair_refuses_a_newer_schema_and_writes_nothing(hermes_home: Path) -> None:
    path = _newer_file()
    before = _fingerprint(path.parent)
    for args in (("sessions", "repair"), ("sessions", "repair", "--no-swap")):
        proc = run_hermes(hermes_home, *args)
        assert proc.returncode != 0
        assert "newer Hermes" in proc.stderr and "Upgrade Hermes" in proc.stderr
        assert "Recovered" not in proc.stdout
    assert _fingerprint(path.parent) == before  # no recovered copy, no damaged-* file
