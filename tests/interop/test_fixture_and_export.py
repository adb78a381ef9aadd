"""The committed Hermes Agent home, the export to Hermes Agent's format, and the round trip."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from hermes.memory.memory_files import read_entries
from hermes.config import load_config
from hermes.sessions.session_store import SessionStore
from tests.support.hermes_agent_home import MEMORY_ENTRIES, SECRET_KEY, build_agent_home

COMMITTED = Path(__file__).parents[1] / "data" / "hermes_agent_home"


def _rows(db: Path) -> list[tuple]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        sessions = conn.execute("SELECT * FROM sessions ORDER BY id").fetchall()
        messages = conn.execute("SELECT * FROM messages ORDER BY id").fetchall()
    return sessions + messages


def test_the_committed_fixture_is_what_the_builder_makes(tmp_path: Path) -> None:
    fresh = build_agent_home(tmp_path / "fresh")
    copy = shutil.copytree(COMMITTED, tmp_path / "committed")
    assert _rows(copy / "state.db") == _rows(fresh / "state.db")
    for name in ("memories/MEMORY.md", "memories/USER.md", "config.yaml"):
        assert (copy / name).read_bytes() == (fresh / name).read_bytes()


def test_the_committed_fixture_imports(tmp_path: Path, hermes) -> None:
    home = shutil.copytree(COMMITTED, tmp_path / "agent")
    run = hermes("import", "hermes-agent", str(home))
    assert run.code == 0, run.err
    assert "6 session(s) with 21 messages" in run.out
    assert read_entries(load_config().memory, "memory") == MEMORY_ENTRIES[:3]


def test_export_writes_hermes_agent_schema_with_lineage_fts_and_no_secrets(agent_home: Path, hermes,
                                                                          tmp_path: Path) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0
    out = tmp_path / "exported.db"

    run = hermes("sessions", "export", "--format", "hermes-agent", "--output", str(out))

    assert run.code == 0, run.err
    assert "Exported 6 session(s) with 21 messages" in run.err
    with sqlite3.connect(out) as conn:
        assert conn.execute("SELECT version FROM schema_version").fetchone() == (22,)
        child = conn.execute("SELECT parent_session_id, title, source FROM sessions WHERE id = ?",
                             ("20251230_113000_0a1b2c",)).fetchone()
        assert child == ("20251230_100000_d4e5f6", "Rust refactor #2", "cli")
        assert conn.execute("SELECT end_reason FROM sessions WHERE id = ?",
                            ("20251230_100000_d4e5f6",)).fetchone() == ("compression",)
        hits = conn.execute("SELECT rowid FROM messages_fts WHERE messages_fts MATCH 'ansible'").fetchall()
        cjk = conn.execute("SELECT rowid FROM messages_fts_trigram WHERE messages_fts_trigram MATCH '迁移步骤'"
                           ).fetchall()
        assert len(hits) == 2 and len(cjk) == 1
        assert conn.execute("SELECT tool_call_count FROM sessions WHERE id = ?",
                            ("20251229_091500_a1b2c3",)).fetchone() == (2,)
    assert SECRET_KEY.encode() not in out.read_bytes()


def test_export_never_overwrites(tmp_path: Path, hermes) -> None:
    out = tmp_path / "state.db"
    out.write_bytes(b"someone's history")
    run = hermes("sessions", "export", "--format", "hermes-agent", "--output", str(out))
    assert run.code == 1 and "already exists" in run.err
    assert out.read_bytes() == b"someone's history"


def test_export_then_import_into_a_fresh_home_round_trips(agent_home: Path, hermes, tmp_path: Path,
                                                          monkeypatch) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0
    back = tmp_path / "back"
    back.mkdir()
    assert hermes("sessions", "export", "--format", "hermes-agent", "--output", str(back / "state.db")).code == 0
    with SessionStore() as store:
        first = _snapshot(store)

    fresh = tmp_path / "fresh-home"
    fresh.mkdir(mode=0o700)
    monkeypatch.setenv("HERMES_HOME", str(fresh))
    run = hermes("import", "hermes-agent", str(back))

    assert run.code == 0, run.err
    with SessionStore() as store:
        assert _snapshot(store) == first
        assert store.resolve_session("Rust refactor").title == "Rust refactor #2"


def test_export_then_import_into_the_same_home_adds_nothing(agent_home: Path, hermes, tmp_path: Path) -> None:
    with SessionStore() as store:
        store.create_session(source="tui", model="m", system_prompt="", cwd="/", title="Native")
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0
    back = tmp_path / "back"
    back.mkdir()
    assert hermes("sessions", "export", "--format", "hermes-agent", "--output", str(back / "state.db")).code == 0

    run = hermes("import", "hermes-agent", str(back))

    assert "0 to import, 7 already imported" in run.out
    with SessionStore() as store:
        assert store.count_sessions() == 7


def _snapshot(store: SessionStore) -> list[tuple]:
    sessions = store.query("SELECT id, title, source, parent_id, started_at, ended_at, end_reason, model, "
                           "message_count FROM sessions ORDER BY id")
    messages = store.query("SELECT session_id, role, content, tool_calls, tool_call_id, tool_name, timestamp "
                           "FROM messages ORDER BY session_id, id")
    return sessions + messages
