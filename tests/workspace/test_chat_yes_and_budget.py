"""`hermes chat -q` with and without --yes (subprocesses), the schemas' token budget, config."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hermes.agent import tokens
from hermes.config import ConfigError, parse_config
from hermes.workspace.coding_tools import SCHEMAS
from tests.agent.conftest import MAIN, write_config
from tests.agent.test_chat_cli import _cli_env
from tests.support.fake_llm import Reply, call, has_tool_results, tool_results

FIX = {"path": "pkg/calc.py", "old_text": "return a - b\n\n\ndef sub",
       "new_text": "return a + b\n\n\ndef sub"}


def chat(home: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hermes", "chat", *args], capture_output=True,
                          text=True, env=_cli_env(home), timeout=120, cwd=cwd,
                          stdin=subprocess.DEVNULL)


@pytest.fixture
def scripted(agent_env, hermes_home: Path):
    server, _ = agent_env
    write_config(hermes_home, server)
    server.add(Reply(tool_calls=[call("edit_file", FIX), call("run_command",
                                                              {"command": "touch ran.txt"})]),
               model=MAIN, match=lambda body: not has_tool_results(body))
    server.add(Reply(text="Finished."), model=MAIN, has_tool_results=True)
    return server, hermes_home


def test_chat_q_without_yes_denies_edits_and_commands_and_tells_the_model(scripted, repo: Path):
    server, home = scripted
    before = (repo / "pkg/calc.py").read_text()
    done = chat(home, repo, "-q", "fix add and run the tests")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Finished.\n"
    assert (repo / "pkg/calc.py").read_text() == before and not (repo / "ran.txt").exists()
    results = [json.loads(r) for r in tool_results(server.requests_for(MAIN)[-1])]
    assert [r["denied"] for r in results] == [True, True]
    assert "--yes" in results[0]["error"]
    assert "hermes: ✏️ edit pkg/calc.py +1 −1 → denied (pass --yes to allow edits and " \
           "commands)" in done.stderr


def test_chat_q_with_yes_applies_the_edit_and_runs_the_command(scripted, repo: Path):
    server, home = scripted
    done = chat(home, repo, "-q", "fix add and run the tests", "--yes")
    assert done.returncode == 0, done.stderr
    assert "return a + b\n\n\ndef sub" in (repo / "pkg/calc.py").read_text()
    assert (repo / "ran.txt").exists()
    results = tool_results(server.requests_for(MAIN)[-1])
    assert json.loads(results[0])["success"] is True
    assert results[1].startswith("exit code 0")


def test_the_six_schemas_stay_within_900_tokens():
    total = tokens.count_tools(SCHEMAS, "openai/gpt-4.1")  # o200k
    assert tokens.encoding_name("openai/gpt-4.1") == "o200k_base"
    assert total <= 900, total
    assert [s["function"]["name"] for s in SCHEMAS] == [
        "read_file", "list_files", "search_files", "edit_file", "write_file", "run_command"]


def test_tools_config_values_and_their_errors():
    cfg = parse_config({"tools": {"auto_approve": ["pytest", "git  status"], "result_tokens": 500,
                                  "allow_outside_root": "yes", "command_timeout": 30}})
    assert cfg.tools.auto_approve == ["pytest", "git status"]
    assert cfg.tools.allow_outside_root is True and cfg.tools.command_timeout == 30
    with pytest.raises(ConfigError, match=r"tools.auto_approve: 'pytest && rm' contains '&'"):
        parse_config({"tools": {"auto_approve": ["pytest && rm"]}})
    with pytest.raises(ConfigError, match="tools.command_timeout: must be between 1 and 1800"):
        parse_config({"tools": {"command_timeout": 3600}})
    with pytest.raises(ConfigError, match="tools.auto_approve: expected a list of command prefixes"):
        parse_config({"tools": {"auto_approve": {"pytest": True}}})


def test_config_check_reports_a_bad_tools_value_in_one_line(hermes_home: Path, repo: Path):
    (hermes_home / "config.yaml").write_text("tools:\n  auto_approve: ['make; rm']\n")
    done = subprocess.run([sys.executable, "-m", "hermes", "config", "check"],
                          capture_output=True, text=True, env=_cli_env(hermes_home), timeout=60)
    assert done.returncode != 0
    assert "tools.auto_approve: 'make; rm' contains ';'" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
