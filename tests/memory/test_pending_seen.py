"""Pending that is seen: `memory pending --older-than`, `--json` with skill changes and ages,
and pending_summary for the badge and the start-up notice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hermes.config import Config
from hermes.memory import MemoryTool
from hermes.memory.pending import pending_path
from hermes.memory.pending_summary import pending_summary
from hermes.skills.skill_proposals import SkillProposal, pending_skills_dir, stage

REPO = Path(__file__).resolve().parents[2]


def _hermes(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120)


def _backdate(path: Path, days: int) -> None:
    data = json.loads(path.read_text())
    when = datetime.now(UTC) - timedelta(days=days)
    data["created_at"] = when.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    path.write_text(json.dumps(data))


def _stage_memory(cfg: Config, text: str) -> str:
    cfg.memory.write_approval = True
    return str(MemoryTool(cfg.memory, origin="tool").call(
        {"action": "add", "target": "memory", "content": text})["pending_id"])


def test_old_writes_are_listed_and_counted(cfg: Config, hermes_home: Path) -> None:
    assert pending_summary(hermes_home) == (0, None)
    old = _stage_memory(cfg, "Repo uses tox for tests")
    new = _stage_memory(cfg, "Repo uses ruff for lint")
    _backdate(pending_path(old), 10)
    skill = stage(SkillProposal("", "create", "deploy", "/tmp/deploy", "", "# deploy\n", "review",
                                "the review proposed it"))
    _backdate(pending_skills_dir() / f"{skill.id}.json", 9)

    listed = _hermes(hermes_home, "pending", "--older-than", "7d")
    assert listed.returncode == 0, listed.stderr
    assert old in listed.stdout and "waiting 10 d" in listed.stdout
    assert new not in listed.stdout
    assert skill.id in listed.stdout and "waiting 9 d" in listed.stdout

    none = _hermes(hermes_home, "pending", "--older-than", "30d")
    assert "No memory write has waited longer than 30d." in none.stdout
    assert skill.id not in none.stdout

    items = json.loads(_hermes(hermes_home, "pending", "--json").stdout)
    assert [(i["kind"], i["id"]) for i in items] == [("memory", old), ("memory", new),
                                                     ("skill", skill.id)]
    ages = {i["id"]: i["age_seconds"] for i in items}
    assert ages[old] >= 10 * 86400 > ages[new]
    assert 9 * 86400 <= ages[skill.id] < 10 * 86400
    old_only = json.loads(_hermes(hermes_home, "pending", "--older-than", "7d", "--json").stdout)
    assert [i["id"] for i in old_only] == [old, skill.id]

    count, oldest = pending_summary(hermes_home)
    assert count == 3
    assert oldest is not None and timedelta(days=10) <= oldest < timedelta(days=11)


def test_a_bad_span_is_a_usage_error(hermes_home: Path) -> None:
    bad = _hermes(hermes_home, "pending", "--older-than", "soon")
    assert bad.returncode == 2
    assert "accepted: 7d" in bad.stderr and "Traceback" not in bad.stderr
