"""Hermes Agent's own code (its hermes_state.SessionDB) opens our export and our fixture.

Runs only where Hermes Agent 0.19 is installed in its own Python (HERMES_AGENT_PYTHON, default
/work/peer-venv-interop/bin/python); skipped, with the reason, elsewhere. The peer runs in a
subprocess with its own HERMES_HOME, so nothing of it is imported into our process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

PEER = Path(os.environ.get("HERMES_AGENT_PYTHON", "/work/peer-venv-interop/bin/python"))

_PROBE = """
import json, sys
from pathlib import Path
from hermes_state import SessionDB, SCHEMA_VERSION
db = SessionDB(Path(sys.argv[1]))
out = {
    "schema": SCHEMA_VERSION,
    "listed": sorted(s["id"] for s in db.list_sessions_rich(limit=50)),
    "english": sorted({r["session_id"] for r in db.search_messages("ansible")}),
    "chinese": sorted({r["session_id"] for r in db.search_messages("迁移")}),
    "by_title": db.resolve_session_by_title("Rust refactor"),
    "lineage": db.get_compression_lineage("20251230_113000_0a1b2c"),
    "messages": [[m["role"], m["content"], m.get("tool_calls")] for m in db.get_messages("20251229_091500_a1b2c3")],
    "first_discord": db.get_messages("20260101_120000_9c0d1e")[0]["content"],
}
print(json.dumps(out, ensure_ascii=False))
"""


def _peer_ready() -> str | None:
    if not PEER.exists():
        return f"Hermes Agent is not installed ({PEER} missing; set HERMES_AGENT_PYTHON)"
    probe = subprocess.run([str(PEER), "-c", "import hermes_state"], capture_output=True, timeout=60)
    return None if probe.returncode == 0 else "Hermes Agent's hermes_state does not import"


def _open_with_peer(db: Path, tmp_path: Path) -> dict:
    reason = _peer_ready()
    if reason:
        pytest.skip(reason)
    env = {**os.environ, "HERMES_HOME": str(tmp_path / "peer-home")}
    done = subprocess.run([str(PEER), "-c", _PROBE, str(db)], capture_output=True, text=True,
                          timeout=120, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_hermes_agent_opens_our_export(agent_home: Path, hermes, tmp_path: Path) -> None:
    assert hermes("import", "hermes-agent", str(agent_home)).code == 0
    out = tmp_path / "export.db"
    assert hermes("sessions", "export", "--format", "hermes-agent", "--output", str(out)).code == 0

    seen = _open_with_peer(out, tmp_path)

    assert seen["schema"] == 22
    assert "20251229_091500_a1b2c3" in seen["listed"]
    assert seen["english"] == ["20251229_091500_a1b2c3"]
    assert seen["chinese"] == ["20251231_080000_3c4d5e"]
    assert seen["by_title"] == "20251230_113000_0a1b2c"  # its own rule: a name resumes the tip
    assert seen["lineage"] == ["20251230_100000_d4e5f6", "20251230_113000_0a1b2c"]
    roles = [m[0] for m in seen["messages"]]
    assert roles == ["user", "assistant", "tool", "assistant", "tool", "assistant"]
    assert seen["messages"][1][2][0]["function"]["name"] == "terminal"
    assert "[REDACTED" in seen["messages"][0][1]


def test_hermes_agent_opens_the_fixture_built_from_our_reading_of_its_schema(agent_home: Path,
                                                                             tmp_path: Path) -> None:
    copy = tmp_path / "fixture" / "state.db"
    copy.parent.mkdir()
    shutil.copy(agent_home / "state.db", copy)

    seen = _open_with_peer(copy, tmp_path)

    assert seen["english"] == ["20251229_091500_a1b2c3"]
    assert seen["chinese"] == ["20251231_080000_3c4d5e"]
    assert seen["lineage"] == ["20251230_100000_d4e5f6", "20251230_113000_0a1b2c"]
    # its decoder reads our encoding of multimodal content back into parts
    assert seen["first_discord"][0]["type"] == "text"
