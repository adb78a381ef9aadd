"""A full store never blocks a new user fact silently: the user sees the proposal that would
make room (the entries least recently confirmed go first), and approving it applies it."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hermes.config import Config
from hermes.memory import MemoryTool, approve, list_pending, read_entries
from hermes.memory.ages import EntryAge
from hermes.memory.staleness import room_for, store_health
from tests.memory.test_memory_ages import backdate_journal

REPO = Path(__file__).resolve().parents[2]


def _hermes(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def test_room_is_made_from_the_least_recently_confirmed_entries() -> None:
    now = datetime(2026, 12, 1, tzinfo=UTC)
    ages = [EntryAge("a" * 40, now - timedelta(days=5), now - timedelta(days=5)),
            EntryAge("b" * 40, now - timedelta(days=200), now - timedelta(days=150)),
            EntryAge("c" * 40, None, None)]  # a hand edit: counts as the oldest
    assert room_for("n" * 30, ages, 130) == ["c" * 40]
    assert room_for("n" * 80, ages, 130) == ["c" * 40, "b" * 40]
    assert room_for("n" * 131, ages, 130) is None
    cfg = Config()
    health = store_health(cfg.memory, {"memory": ages}, now)["memory"]
    assert [a.entry[0] for a in health.stale] == ["b"]  # older than memory.stale_after (90d)
    assert not health.full


def test_a_users_fact_for_a_full_store_stages_the_room_it_needs(cfg: Config,
                                                                hermes_home: Path) -> None:
    cfg.memory.user_char_limit = 100
    (hermes_home / "config.yaml").write_text("memory:\n  user_char_limit: 100\n")
    cli = MemoryTool(cfg.memory, origin="cli")
    for entry in ("Works as a data engineer at Acme", "Lives in Lisbon, Portugal"):
        cli.call({"action": "add", "target": "user", "content": entry})
    backdate_journal(100)
    cli.call({"action": "add", "target": "user", "content": "Prefers short answers always"})

    # the user's own words (a quick-add or a remember request), origin "user"
    result = MemoryTool(cfg.memory, origin="user").call(
        {"action": "add", "target": "user", "content": "Moved to Berlin in 2026"})
    assert result["success"] and result["staged"]
    assert "USER.md is full" in result["message"]
    assert read_entries(cfg.memory, "user")[-1] == "Prefers short answers always"

    shown = _hermes(hermes_home, "pending")
    assert "- Works as a data engineer at Acme" in shown.stdout
    assert "+ Moved to Berlin in 2026" in shown.stdout
    assert "least recently confirmed" in shown.stdout and "confirmed 100 d ago" in shown.stdout

    [outcome] = approve(cfg.memory, list_pending()[0].id)
    assert outcome.success
    assert read_entries(cfg.memory, "user") == [
        "Lives in Lisbon, Portugal", "Prefers short answers always", "Moved to Berlin in 2026"]


def test_the_cli_still_refuses_with_the_entries_listed(cfg: Config, hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("memory:\n  user_char_limit: 100\n")
    for entry in ("Works as a data engineer at Acme", "Lives in Lisbon, Portugal",
                  "Prefers short answers always"):
        _hermes(hermes_home, "add", "--target", "user", entry)
    refused = _hermes(hermes_home, "add", "--target", "user", "Moved to Berlin in 2026")
    assert refused.returncode == 1 and "would exceed the limit" in refused.stderr
    assert list_pending() == []
