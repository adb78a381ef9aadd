"""`hermes` with only the app's own options starts the app without building every area's
subcommand parser; anything else (a subcommand, help, a bad option) reads as it always did."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.cli import SUBCOMMANDS, build_parser, main

REPO = Path(__file__).resolve().parents[2]
SUBCOMMAND_MODULES = ("hermes.agent.chat_query", "hermes.sessions.sessions_command",
                      "hermes.skills.skills_command", "hermes.workspace.project_cli",
                      "hermes.interop.import_command", "hermes.memory.memory_command")
_OTHER_AREAS = ("hermes.providers.honcho_cli", "hermes.providers.setup_command")

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


# Issue #25: a command line that names a subcommand builds that subcommand's parser alone.
LIST_PROBE = f"""
import sys
from hermes.cli import main

assert main(["sessions", "list"]) == 0
print("LOADED", sorted(m for m in {SUBCOMMAND_MODULES + _OTHER_AREAS!r} if m in sys.modules))
"""


def test_sessions_list_imports_no_other_areas_command_module(hermes_home: Path) -> None:
    env = dict(os.environ, HERMES_HOME=str(hermes_home), PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", LIST_PROBE], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "No sessions yet" in proc.stdout
    # export's hermes-agent format comes from interop, so its command module loads too
    assert proc.stdout.splitlines()[-1] == (
        "LOADED ['hermes.interop.import_command', 'hermes.sessions.sessions_command']")


@pytest.mark.parametrize("name", list(SUBCOMMANDS))
def test_a_subcommand_built_alone_reads_as_in_the_full_parser(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    helps = []
    for parser in (build_parser(), build_parser(name)):
        with pytest.raises(SystemExit) as exit_info:
            parser.parse_args([name, "--help"])
        assert exit_info.value.code == 0
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1] and f"hermes {name}" in helps[0]


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = capsys.readouterr().out.split("positional arguments:")[1].split("options:")[0]
    names = [line.split()[0] for line in listed.splitlines() if line[:4] == "    " and line[4:5] != " "]
    assert names == list(SUBCOMMANDS) == ["chat", "sessions", "memory", "honcho", "config", "import",
                                          "skills", "project"]
