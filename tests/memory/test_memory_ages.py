"""Ages of memory entries: written and last confirmed, from the journal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hermes.config import Config
from hermes.memory import MemoryTool, approve, undo
from hermes.memory.ages import age_line, entry_ages, read_ages
from hermes.memory.journal import journal_path
from hermes.memory.journal_records import Confirmation, JournalChange, JournalEntry, entry_hash

REPO = Path(__file__).resolve().parents[2]


def _hermes(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def _record(rid: str, time: str, origin: str, target: str, old: list[str], new: list[str],
            undoes: str | None = None) -> JournalEntry:
    return JournalEntry(rid, time, origin, None, "x", "x",
                        [JournalChange.between(target, old, new)], undoes)


def backdate_journal(days: int) -> None:
    """Move every journal line `days` into the past (as if written then)."""
    path = journal_path()
    lines = []
    for line in path.read_text().splitlines():
        data = json.loads(line)
        when = datetime.fromisoformat(data["time"].replace("Z", "+00:00")) - timedelta(days=days)
        data["time"] = when.strftime("%Y-%m-%dT%H:%M:%SZ")
        lines.append(json.dumps(data))
    path.write_text("\n".join(lines) + "\n")


def test_written_and_confirmed_follow_the_journal() -> None:
    records = [
        _record("a", "2026-08-29T10:00:00Z", "tool", "memory", [], ["Uses Postgres 15"]),
        _record("b", "2026-08-30T10:00:00Z", "tool", "memory", ["Uses Postgres 15"],
                ["Uses Postgres 15", "Deploys with fly"]),
        # a rewrite is a new text, written then
        _record("c", "2026-10-01T10:00:00Z", "review", "memory",
                ["Uses Postgres 15", "Deploys with fly"], ["Uses Postgres 16", "Deploys with fly"]),
        # removed, then brought back by undo: it keeps its first date
        _record("d", "2026-10-05T10:00:00Z", "cli", "memory",
                ["Uses Postgres 16", "Deploys with fly"], ["Uses Postgres 16"]),
        _record("e", "2026-10-06T10:00:00Z", "undo", "memory", ["Uses Postgres 16"],
                ["Uses Postgres 16", "Deploys with fly"], undoes="d"),
    ]
    # a move to another store in one record keeps the date too
    records.append(JournalEntry("f", "2026-10-07T10:00:00Z", "cli", None, "batch", "move", [
        JournalChange.between("memory", ["Uses Postgres 16", "Deploys with fly"], ["Uses Postgres 16"]),
        JournalChange.between("project", [], ["Deploys with fly"])]))
    confirmations = [Confirmation("2026-11-20T08:00:00Z", "memory", (entry_hash("Uses Postgres 16"),))]
    now = datetime(2026, 12, 2, tzinfo=UTC)

    memory = entry_ages("memory", ["Uses Postgres 16", "Hand-written note"], records, confirmations)
    assert memory[0].written == datetime(2026, 10, 1, 10, tzinfo=UTC)
    assert memory[0].confirmed == datetime(2026, 11, 20, 8, tzinfo=UTC)
    assert age_line(memory[0], now) == "written 2026-10-01 · confirmed 11 d ago"
    assert memory[1].written is None and memory[1].confirmed is None  # a hand edit
    assert "not in the journal" in age_line(memory[1], now)
    assert not memory[1].is_stale(90, now)  # unknown is not called old

    [moved] = entry_ages("project", ["Deploys with fly"], records, confirmations)
    assert moved.written == datetime(2026, 8, 30, 10, tzinfo=UTC)
    assert moved.confirmed_days(now) == 93 and moved.is_stale(90, now)
    assert not memory[0].is_stale(90, now)


def test_show_ages_through_the_cli(hermes_home: Path) -> None:
    for text in ("Uses Postgres 16", "Deploys with fly"):
        assert _hermes(hermes_home, "add", "--target", "memory", text).returncode == 0
    backdate_journal(40)
    written = (datetime.now(UTC) - timedelta(days=40)).strftime("%Y-%m-%d")
    # the user re-states one fact: refused as already there, and so confirmed
    again = _hermes(hermes_home, "add", "--target", "memory", "Uses Postgres 16")
    assert "Already in memory" in again.stdout

    shown = _hermes(hermes_home, "show", "--target", "memory", "--ages")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    pg = lines.index("  • Uses Postgres 16")
    assert lines[pg + 1] == f"    written {written} · confirmed today"
    fly = lines.index("  • Deploys with fly")
    assert lines[fly + 1] == f"    written {written} · confirmed 40 d ago"

    data = json.loads(_hermes(hermes_home, "show", "--target", "memory", "--json").stdout)
    ages = data["memory"]["ages"]
    assert [a["written"] for a in ages] == [written, written]
    assert [a["confirmed_days_ago"] for a in ages] == [0, 40]


def test_a_replace_that_keeps_the_entry_and_an_approval_confirm_it(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory, origin="tool")
    tool.call({"action": "add", "target": "user", "content": "Prefers tabs"})
    tool.call({"action": "add", "target": "user", "content": "Lives in Lisbon"})
    backdate_journal(30)

    same = tool.call({"action": "replace", "target": "user", "old_text": "tabs",
                      "content": "Prefers tabs"})
    assert same["success"] and not same["changed"]
    cfg.memory.write_approval = True
    staged = MemoryTool(cfg.memory, origin="review").call(
        {"action": "add", "target": "user", "content": "Lives in Lisbon"})
    # already there: nothing to stage, and a duplicate is a confirmation at once
    assert staged["success"] and not staged.get("staged")
    ages = read_ages(cfg.memory, {"user": ["Prefers tabs", "Lives in Lisbon"]})["user"]
    assert [a.confirmed_days() for a in ages] == [0, 0]
    assert all(a.written is not None and (datetime.now(UTC) - a.written).days == 30 for a in ages)


def test_an_approval_of_what_is_already_there_confirms_it(cfg: Config) -> None:
    cfg.memory.write_approval = True
    pid = MemoryTool(cfg.memory, origin="tool").call(
        {"action": "add", "target": "memory", "content": "CI runs on GitHub Actions"})["pending_id"]
    cfg.memory.write_approval = False
    MemoryTool(cfg.memory, origin="cli").call(
        {"action": "add", "target": "memory", "content": "CI runs on GitHub Actions"})
    backdate_journal(10)
    [outcome] = approve(cfg.memory, pid)
    assert outcome.success and "already so" in outcome.message
    [age] = read_ages(cfg.memory, {"memory": ["CI runs on GitHub Actions"]})["memory"]
    assert age.confirmed_days() == 0 and (datetime.now(UTC) - age.written).days == 10


def test_confirmations_do_not_disturb_history_or_undo(cfg: Config) -> None:
    tool = MemoryTool(cfg.memory, origin="tool")
    tool.call({"action": "add", "target": "memory", "content": "Repo uses tox"})
    tool.call({"action": "add", "target": "memory", "content": "Repo uses tox"})  # a confirmation
    result = undo(cfg.memory)
    assert result.success and result.reverted is not None and result.reverted.action == "add"
