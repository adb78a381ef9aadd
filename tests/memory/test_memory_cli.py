"""`hermes memory …` run as a real subprocess: the issue's "done when" story and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from hermes.config import load_config

REPO = Path(__file__).resolve().parents[2]


def hermes(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def test_done_when_story(hermes_home: Path) -> None:
    added = hermes(hermes_home, "add", "--target", "user", "Prefers tabs over spaces")
    assert added.returncode == 0, added.stderr
    assert "Added to user profile." in added.stdout

    shown = hermes(hermes_home, "show")
    assert shown.returncode == 0
    assert "USER.md — what the agent knows about you [1% — 24/1,375 chars]" in shown.stdout
    assert "(who the user is)" not in shown.stdout  # the prompt's wording is for the agent
    assert "Prefers tabs over spaces" in shown.stdout
    assert "next session" in shown.stdout

    big = "Long note " * 140  # 1,400 chars: over the 1,375 limit
    refused = hermes(hermes_home, "add", "--target", "user", big)
    assert refused.returncode == 1
    assert "User profile at 24/1,375 chars." in refused.stderr
    assert "would exceed the limit" in refused.stderr
    assert "Traceback" not in refused.stderr

    as_json = hermes(hermes_home, "add", "--target", "user", big, "--json")
    assert as_json.returncode == 1
    assert set(json.loads(as_json.stdout)) == {"success", "error", "current_entries", "usage"}

    on = hermes(hermes_home, "approval", "on")
    assert on.returncode == 0 and load_config().memory.write_approval is True

    staged = hermes(hermes_home, "add", "--target", "memory", "Project uses ruff", "--json")
    assert staged.returncode == 0
    result = json.loads(staged.stdout)
    assert result["staged"] is True
    pid = result["pending_id"]

    pending = hermes(hermes_home, "pending")
    assert pid in pending.stdout and "+ Project uses ruff" in pending.stdout
    assert "Project uses ruff" not in hermes(hermes_home, "show", "--target", "memory").stdout

    approved = hermes(hermes_home, "approve", pid)
    assert approved.returncode == 0 and f"Approved {pid}" in approved.stdout
    shown = hermes(hermes_home, "show", "--target", "memory", "--json")
    assert json.loads(shown.stdout)["memory"]["entries"] == ["Project uses ruff"]

    undone = hermes(hermes_home, "undo")
    assert undone.returncode == 0 and "Project uses ruff" in undone.stdout
    shown = json.loads(hermes(hermes_home, "show", "--json").stdout)
    assert shown["memory"]["entries"] == [] and shown["user"]["entries"] == [
        "Prefers tabs over spaces"]


def test_replace_and_remove(hermes_home: Path) -> None:
    hermes(hermes_home, "add", "--target", "memory", "Uses Postgres 15")
    replaced = hermes(hermes_home, "replace", "--target", "memory", "--old-text", "15",
                      "Uses Postgres 16", "--json")
    assert replaced.returncode == 0 and json.loads(replaced.stdout)["action"] == "replace"
    missing = hermes(hermes_home, "remove", "--target", "memory", "--old-text", "MySQL")
    assert missing.returncode == 1 and "No entry in memory contains 'MySQL'" in missing.stderr
    assert "Uses Postgres 16" in missing.stderr  # current entries are listed
    removed = hermes(hermes_home, "remove", "--target", "memory", "--old-text", "Postgres")
    assert removed.returncode == 0 and "Entry removed from memory." in removed.stdout


def test_scan_refusal_exit_code(hermes_home: Path) -> None:
    # the person's own words: only a certain finding such as a credential blocks them
    blocked = hermes(hermes_home, "add", "--target", "memory",
                     "Deploy token sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD", "--json")
    assert blocked.returncode == 1
    assert json.loads(blocked.stdout)["category"] == "secrets"
    template = hermes(hermes_home, "add", "--target", "user",
                      "I am a user named [Your Name], a [Your Role].")
    assert template.returncode == 1 and "template" in template.stderr
    assert "Traceback" not in template.stderr


def test_bad_usage_exits_2(hermes_home: Path) -> None:
    assert hermes(hermes_home).returncode == 2
    assert hermes(hermes_home, "add", "no target").returncode == 2
    assert hermes(hermes_home, "add", "--target", "notes", "x").returncode == 2
    assert hermes(hermes_home, "approve", "ffffffff").returncode == 2
    assert hermes(hermes_home, "history", "--limit", "0").returncode == 2


def test_reject_all_and_empty_lists(hermes_home: Path) -> None:
    assert "No memory writes wait" in hermes(hermes_home, "pending").stdout
    assert "No memory changes" in hermes(hermes_home, "history").stdout
    hermes(hermes_home, "approval", "on")
    hermes(hermes_home, "add", "--target", "user", "one")
    hermes(hermes_home, "add", "--target", "user", "two")
    rejected = hermes(hermes_home, "reject", "all")
    assert rejected.returncode == 0 and rejected.stdout.count("Rejected") == 2
    assert json.loads(hermes(hermes_home, "pending", "--json").stdout) == []


def test_unreadable_store_refuses_with_exit_1(hermes_home: Path) -> None:
    memories = hermes_home / "memories"
    memories.mkdir()
    (memories / "MEMORY.md").write_bytes(b"\xff\xfe")
    result = hermes(hermes_home, "add", "--target", "memory", "x")
    assert result.returncode == 1 and "Nothing was changed" in result.stderr
    assert (memories / "MEMORY.md").read_bytes() == b"\xff\xfe"
    shown = hermes(hermes_home, "show")
    assert shown.returncode == 1 and "cannot decode" in shown.stderr
    assert "Traceback" not in shown.stderr


def test_memory_parser_stays_below_the_provider_layer() -> None:
    """Building `hermes memory` alone loads nothing from hermes.providers; the full `hermes`
    parser adds the provider's `setup` and `status` on top of it."""
    code = (
        "import argparse, sys\n"
        "from hermes.memory import memory_command as cli\n"
        "msub = cli.add_parser(argparse.ArgumentParser().add_subparsers())\n"
        "print(sorted(msub.choices), sorted(m for m in sys.modules if m.startswith('hermes.providers')))\n"
        "from hermes.cli import build_parser\n"
        "args = build_parser().parse_args(['memory', 'status'])\n"
        "print(args.func.__module__)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPO))
    run = subprocess.run([sys.executable, "-c", code], env=env, cwd=REPO, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    alone, status_module = run.stdout.splitlines()
    assert alone == ("['add', 'approval', 'approve', 'export', 'history', 'import', 'move', 'pending', "
                     "'reject', 'remove', 'replace', 'show', 'undo'] []")
    assert status_module == "hermes.providers.setup_command"
