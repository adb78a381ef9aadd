"""Several processes at once, a process killed mid-transaction, broken and unreadable files."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hermes import paths
from hermes.sessions import SessionStore, SessionStoreError
from hermes.sessions.migrations import LATEST_VERSION
from tests.sessions.conftest import REPO, new_session, run_hermes


def _spawn(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen(
        [sys.executable, "-m", "tests.sessions.workers", *args], cwd=REPO, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_four_writers_and_a_searcher(hermes_home: Path) -> None:
    path = paths.state_db_path()
    SessionStore(path).close()  # create and migrate once, as the app would
    writers = [_spawn("writer", str(path), "2.5", f"w{i}") for i in range(4)]
    searcher = _spawn("searcher", str(path), "2.5")
    reports = []
    for proc in writers:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        reports.append(json.loads(out))
    out, err = searcher.communicate(timeout=120)
    assert searcher.returncode == 0, err
    search_report = json.loads(out)
    assert search_report["errors"] == [] and search_report["runs"] > 0
    with SessionStore(path) as store:
        for rep in reports:
            assert rep["errors"] == []
            assert rep["written"] > 0
            info = store.get_session(rep["session_id"])
            assert info.message_count == rep["written"]
            assert len(store.get_messages(rep["session_id"])) == rep["written"]
        total = sum(r["written"] for r in reports)
        assert store.conn.execute("SELECT count(*) FROM messages").fetchone()[0] == total
        found = store.conn.execute(
            "SELECT count(*) FROM messages_fts WHERE messages_fts MATCH '\"并发\"'").fetchone()[0]
        assert found == total
        assert store.check_integrity() == []


def test_four_processes_create_the_file_at_once(hermes_home: Path) -> None:
    path = paths.state_db_path()
    procs = [_spawn("fresh", str(path)) for _ in range(4)]
    ids = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        ids.append(json.loads(out)["session_id"])
    with SessionStore(path) as store:
        versions = store.conn.execute("SELECT version FROM schema_version ORDER BY version").fetchall()
        assert [v[0] for v in versions] == list(range(1, LATEST_VERSION + 1))  # each ran once
        assert {s.id for s in store.list_sessions()} == set(ids)
        assert len(store.search("fresh", limit=10)) == 4


def test_killed_mid_transaction_leaves_a_consistent_searchable_file(hermes_home: Path) -> None:
    path = paths.state_db_path()
    proc = _spawn("hold", str(path))
    line = proc.stdout.readline()
    assert line, proc.stderr.read()
    sid = json.loads(line)["session_id"]
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    with SessionStore(path) as store:
        assert store.check_integrity() == []
        assert store.get_session(sid).message_count == 50
        assert len(store.get_messages(sid)) == 50
        assert store.search("walrus") and store.search("narwhal") == []
        store.append_message(sid, "user", "after the crash")  # still writable
        assert store.search("crash")[0]["session_id"] == sid


def _garbage_file() -> tuple[Path, bytes]:
    path = paths.state_db_path()
    paths.ensure_dir(path.parent)
    data = b"this is not a database\n" * 500
    path.write_bytes(data)
    return path, data


def test_corrupt_file_gives_a_clear_error_and_is_kept(hermes_home: Path) -> None:
    path, data = _garbage_file()
    with pytest.raises(SessionStoreError) as err:
        SessionStore()
    message = str(err.value)
    assert str(path) in message and "move it aside" in message and "hermes sessions repair" in message
    assert err.value.path == path
    assert path.read_bytes() == data  # never silently replaced


def test_corrupt_file_from_the_cli(hermes_home: Path) -> None:
    path, data = _garbage_file()
    proc = run_hermes(hermes_home, "sessions", "list")
    assert proc.returncode == 1
    assert str(path) in proc.stderr and "Traceback" not in proc.stderr
    assert path.read_bytes() == data


def test_damaged_pages_raise_the_typed_error(hermes_home: Path) -> None:
    with SessionStore() as store:
        for _ in range(30):
            sid = new_session(store)
            for i in range(20):
                store.append_message(sid, "user", f"filler text number {i} " * 20)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path = paths.state_db_path()
    raw = bytearray(path.read_bytes())
    page = 4096
    for offset in range(2 * page, len(raw), page):  # keep the header page, smash the rest
        raw[offset:offset + 200] = b"\xff" * 200
    path.write_bytes(bytes(raw))
    with pytest.raises(SessionStoreError) as err, SessionStore() as store:
        store.list_sessions()
        store.search("filler")
        store.get_messages(sid)
    assert str(path) in str(err.value)


def test_unreadable_location_gives_a_clear_error(hermes_home: Path) -> None:
    path = paths.state_db_path()
    path.mkdir(parents=True)  # a folder where the file should be: cannot be opened by anyone
    with pytest.raises(SessionStoreError) as err:
        SessionStore()
    assert str(path) in str(err.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read a mode-000 file")
def test_permission_denied(hermes_home: Path) -> None:
    SessionStore().close()
    path = paths.state_db_path()
    path.chmod(0)
    try:
        with pytest.raises(SessionStoreError) as err:
            SessionStore()
        assert "permission" in str(err.value) and str(path) in str(err.value)
    finally:
        path.chmod(0o600)


def test_newer_schema_is_refused_untouched(hermes_home: Path) -> None:
    with SessionStore() as store:
        store.conn.execute("INSERT INTO schema_version VALUES (?, 0)", (LATEST_VERSION + 5,))
    with pytest.raises(SessionStoreError) as err:
        SessionStore()
    assert "newer Hermes" in str(err.value)


def damage_pages(path: Path, *, every: int = 1, first_page: int = 2, at: int = 100) -> None:
    """Write garbage at byte `at` of every `every`-th page from `first_page` on (page 1,
    the header and schema, stays intact so the file still opens). At 0 it hits each page's
    b-tree header, which any read of the page notices; at 100 it may land in a page's free
    space, as real damage can."""
    raw = bytearray(path.read_bytes())
    page = 4096
    for offset in range((first_page - 1) * page, len(raw), page * every):
        raw[offset + at:offset + at + 200] = b"\xff" * 200
    path.write_bytes(bytes(raw))


def filled_then_damaged(every: int = 1, at: int = 100) -> Path:
    """A real state.db with 30 sessions of 20 messages, then damaged pages (only pages the
    messages filled: the schema, which spans more than page 1, and the tables' roots stay intact)."""
    with SessionStore() as store:
        first_data_page = store.conn.execute("PRAGMA page_count").fetchone()[0] + 1
        for s in range(30):
            sid = new_session(store)
            for i in range(20):
                store.append_message(sid, "user", f"filler text number {i} of session {s} " * 12)
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    path = paths.state_db_path()
    damage_pages(path, every=every, first_page=first_data_page, at=at)
    return path


def test_check_reports_a_healthy_file_in_plain_words(hermes_home: Path) -> None:
    with SessionStore() as store:
        store.append_message(new_session(store), "user", "hello")
    proc = run_hermes(hermes_home, "sessions", "check")
    assert proc.returncode == 0, proc.stderr
    assert "is healthy" in proc.stdout and "1 session, 1 message." in proc.stdout


def test_check_and_repair_a_damaged_file(hermes_home: Path) -> None:
    path = filled_then_damaged(every=3)
    damaged_bytes = path.read_bytes()
    check = run_hermes(hermes_home, "sessions", "check")
    assert check.returncode == 1
    (line,) = check.stdout.splitlines()
    assert "is damaged" in line and "hermes sessions repair" in line and str(path) in line
    assert "Traceback" not in check.stderr and path.read_bytes() == damaged_bytes  # read-only

    repair = run_hermes(hermes_home, "sessions", "repair")
    assert repair.returncode == 0, repair.stderr
    kept = sorted(path.parent.glob("state.db.damaged-*"))
    assert kept and kept[0].read_bytes() == damaged_bytes  # the original is kept, untouched
    assert "Recovered" in repair.stdout and str(kept[0]) in repair.stdout

    again = run_hermes(hermes_home, "sessions", "check")
    assert again.returncode == 0, again.stdout
    with SessionStore() as store:
        assert store.check_integrity() == []
        sessions = store.list_sessions(limit=100)
        assert 0 < len(sessions) <= 30
        messages = store.conn.execute("SELECT count(*) FROM messages").fetchone()[0]
        assert 0 < messages < 600  # what sat on damaged pages is gone, the rest is back
        counted = sum(store.get_session(s.id).message_count for s in sessions)
        assert counted == messages  # the counts follow what was recovered
        assert store.search("filler")  # the search index was rebuilt from the recovered rows
        sid = new_session(store)  # and the file takes new history
        store.append_message(sid, "user", "after the repair")
    assert path.stat().st_mode & 0o777 == 0o600


def test_repair_without_swap_leaves_state_db_alone(hermes_home: Path) -> None:
    path = filled_then_damaged(every=5)
    before = path.read_bytes()
    proc = run_hermes(hermes_home, "sessions", "repair", "--no-swap")
    assert proc.returncode == 0, proc.stderr
    assert path.read_bytes() == before
    (fresh,) = path.parent.glob("state.db.recovered-*")
    assert f"mv '{fresh}' '{path}'" in proc.stdout
    with SessionStore(fresh) as store:
        assert store.list_sessions(limit=100) and store.check_integrity() == []
