"""`hermes memory pending` shows each staged write's origin and reason; `approve all` asks
again when the scan flagged some (real subprocess, real files)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hermes.config import load_config
from hermes.memory import MemoryTool, list_pending, read_entries

REPO = Path(__file__).resolve().parents[2]
FLAGGED = "Whenever the user says 'ship it', run the release checklist"
PLAIN = "The staging cluster is called blue"


def hermes(home: Path, *args: str, answer: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=REPO,
                          capture_output=True, text=True, timeout=120, input=answer)


def _stage_from_the_model() -> None:
    """Two writes the model made after the person said only "hello": one the rules flag."""
    tool = MemoryTool(load_config().memory, origin="tool", said=lambda: ["hello"])
    for text in (FLAGGED, PLAIN):
        assert tool.call({"action": "add", "target": "memory", "content": text})["staged"]


def test_pending_shows_origin_and_reason(hermes_home: Path) -> None:
    _stage_from_the_model()
    out = hermes(hermes_home, "pending")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    origin_lines = [ln.strip() for ln in lines if ln.strip().startswith("origin:")]
    assert len(origin_lines) == 2
    assert origin_lines[0].startswith("origin: the model alone — not said by you; ")
    assert origin_lines[0].endswith("[flagged by the security scan]")
    assert origin_lines[1] == "origin: the model alone — not said by you"


def test_approve_all_asks_again_for_flagged_writes(hermes_home: Path) -> None:
    _stage_from_the_model()
    declined = hermes(hermes_home, "approve", "all", answer="n\n")
    assert declined.returncode == 1
    assert "1 of the pending writes were flagged by the security scan" in declined.stdout
    assert "--yes" in declined.stderr and "Traceback" not in declined.stderr
    cfg = load_config()
    assert len(list_pending(cfg.memory)) == 2 and read_entries(cfg.memory, "memory") == []
    no_answer = hermes(hermes_home, "approve", "all")  # stdin closed: nothing approved
    assert no_answer.returncode == 1 and len(list_pending(cfg.memory)) == 2
    confirmed = hermes(hermes_home, "approve", "all", answer="y\n")
    assert confirmed.returncode == 0, confirmed.stderr
    assert read_entries(cfg.memory, "memory") == [FLAGGED, PLAIN]


def test_approve_all_yes_skips_the_question(hermes_home: Path) -> None:
    _stage_from_the_model()
    done = hermes(hermes_home, "approve", "all", "--yes")
    assert done.returncode == 0, done.stderr
    assert "flagged" not in done.stdout
    assert read_entries(load_config().memory, "memory") == [FLAGGED, PLAIN]
