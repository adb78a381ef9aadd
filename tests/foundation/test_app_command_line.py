"""`hermes` with only the app's own options starts the app without building every area's
subcommand parser; anything else (a subcommand, help, a bad option) reads as it always did."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.cli import main

REPO = Path(__file__).resolve().parents[2]
SUBCOMMAND_MODULES = ("hermes.agent.chat_query", "hermes.sessions.sessions_command",
                      "hermes.skills.skills_command", "hermes.workspace.project_cli",
                      "hermes.interop.import_command", "hermes.memory.memory_command")

# In a fresh process: run `main` on each command line with the app replaced by a line that
# says what it was asked to open, then list the subcommand modules that were imported.
PROBE = f"""
import sys
import hermes.tui.app as app

app.run_app = lambda resume, continue_last: print("APP", repr(resume), continue_last) or 0
from hermes.cli import main

for argv in ([], ["-c"], ["--continue"], ["--resume", "auth refactor"], ["-r", "x"], ["--res=y"]):
    assert main(argv) == 0
print("LOADED", sorted(m for m in {SUBCOMMAND_MODULES!r} if m in sys.modules))
"""


def test_the_app_starts_with_its_options_and_no_subcommand_module(hermes_home: Path) -> None:
    env = dict(os.environ, HERMES_HOME=str(hermes_home), PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "APP None False", "APP None True", "APP None True", "APP 'auth refactor' False",
        "APP 'x' False", "APP 'y' False", "LOADED []"]


@pytest.mark.parametrize(("argv", "expected"), [
    (["-r"], "argument --resume/-r: expected one argument"),
    (["-r", "x", "list"], "invalid choice: 'list'"),
    (["--bogus"], "unrecognized arguments: --bogus"),
])
def test_other_command_lines_get_the_full_parsers_answer(argv: list[str], expected: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert expected in err and "COMMAND ..." in err.splitlines()[0]  # the full usage line


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["-ch"], ["--he"]])
def test_help_lists_the_subcommands(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out = capsys.readouterr().out
    assert exit_info.value.code == 0
    assert "sessions" in out and "--resume" in out
