"""run_command: approvals and prefixes, streamed output, head/tail caps, and no process left
behind after a timeout or a cancel (Esc)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path

import pytest

from hermes.agent import tokens
from hermes.agent.events import ToolFinished, ToolOutput
from hermes.agent.session import AgentSession
from hermes.workspace.approval import Choice, ToolApprovalAnswer
from hermes.workspace.policy import command_prefix
from tests.agent.conftest import MAIN
from tests.support.fake_llm import call, tool_results
from tests.workspace.conftest import MODEL, Host, make_tools
from tests.workspace.test_changes_through_the_agent import Person, script

# The shell and a child it starts write their pids, then wait for the child.
SPAWNS = "echo $$ > pids.txt; sleep 300 & echo $! >> pids.txt; wait"


def pids(root: Path) -> list[int]:
    try:
        return [int(p) for p in (root / "pids.txt").read_text().split()]
    except (FileNotFoundError, ValueError):
        return []


def alive(pid: int) -> bool:
    """Running (a zombie waiting to be reaped by init counts as gone)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            return not any(ln.startswith("State:") and "Z" in ln.split()[1] for ln in fh)
    except FileNotFoundError:
        return False


async def wait_until(check, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.05)
    return check()


async def run(tools, **args):
    return await tools.dispatchers()["run_command"](json.dumps(args), "call-1")


async def test_an_approved_command_runs_in_the_root_and_streams_its_output(
        agent_env, recorder, repo: Path, monkeypatch):
    server, make_cfg = agent_env
    monkeypatch.chdir(repo / "tests")
    agent = AgentSession.open(make_cfg(), on_event=recorder)
    person = Person(ToolApprovalAnswer(Choice.ALLOW_ONCE))
    agent.set_tool_approver(person)
    script(server, call("run_command", {"command": "pwd; echo out; echo err >&2; exit 3"},
                        id="call_cmd"))
    await agent.send("run it")
    [asked] = person.asked
    assert asked.command == "pwd; echo out; echo err >&2; exit 3" and asked.cwd == str(repo)
    assert asked.title == "$ pwd; echo out; echo err >&2; exit 3" and asked.prefix == "pwd;"
    streamed = "".join(e.text for e in recorder.of(ToolOutput) if e.call_id == "call_cmd")
    assert streamed == f"{repo}\nout\nerr\n"
    result = tool_results(server.requests_for(MAIN)[-1])[0]
    assert result == f"exit code 3; {len(streamed)} bytes of output\n{streamed}"
    [finished] = recorder.of(ToolFinished)
    assert finished.summary == "$ pwd; echo out; echo err >&2; exit 3 → exit 3"
    assert finished.display.exit_code == 3 and finished.display.timed_out is False
    assert finished.display.output_tail == f"{repo}\nout\nerr"
    await agent.close()


async def test_a_denied_command_does_not_run(agent_env, repo: Path, monkeypatch):
    server, make_cfg = agent_env
    monkeypatch.chdir(repo)
    agent = AgentSession.open(make_cfg())
    agent.set_tool_approver(Person(ToolApprovalAnswer(Choice.DENY)))
    script(server, call("run_command", {"command": "touch ran.txt"}))
    await agent.send("run it")
    assert not (repo / "ran.txt").exists()
    result = json.loads(tool_results(server.requests_for(MAIN)[-1])[0])
    assert result["denied"] is True and result["error"].startswith("The user denied this.")
    await agent.close()


async def test_esc_during_a_command_kills_the_whole_group(agent_env, recorder, repo: Path,
                                                          monkeypatch):
    server, make_cfg = agent_env
    monkeypatch.chdir(repo)
    agent = AgentSession.open(make_cfg(), on_event=recorder)
    agent.set_tool_approver(Person(ToolApprovalAnswer(Choice.ALLOW_ONCE)))
    script(server, call("run_command", {"command": SPAWNS}))
    turn = asyncio.create_task(agent.send("run it"))
    assert await wait_until(lambda: len(pids(repo)) == 2, timeout=60)  # litellm loads first
    assert all(alive(p) for p in pids(repo))
    agent.cancel()
    done = await turn
    assert done.cancelled
    assert await wait_until(lambda: not any(alive(p) for p in pids(repo)), timeout=5)
    assert recorder.of(ToolFinished)[-1].summary == "run_command cancelled"
    await agent.close()


async def test_a_timeout_stops_the_shell_and_its_children(repo: Path):
    host = Host(repo, [ToolApprovalAnswer(Choice.ALLOW_ONCE)])
    reply = await run(make_tools(host), command=SPAWNS, timeout=1)
    assert len(pids(repo)) == 2
    assert await wait_until(lambda: not any(alive(p) for p in pids(repo)), timeout=5)
    assert reply.result.startswith("timed out after 1 s; the command and everything it started "
                                   "were stopped")
    assert reply.display.timed_out is True and reply.display.exit_code is None
    assert reply.summary.endswith("→ timed out after 1 s")


async def test_background_children_left_running_are_stopped(repo: Path):
    host = Host(repo, [ToolApprovalAnswer(Choice.ALLOW_ONCE)])
    reply = await run(make_tools(host), command="echo $$ > pids.txt; sleep 300 & echo $! >> pids.txt")
    assert "processes it left running in the background were stopped" in reply.result
    assert await wait_until(lambda: not any(alive(p) for p in pids(repo)), timeout=5)


async def test_ten_megabytes_of_output_reach_the_model_as_head_and_tail(repo: Path):
    host = Host(repo, [ToolApprovalAnswer(Choice.ALLOW_ONCE)])
    command = ("python3 -c \"import sys; [sys.stdout.write(f'line {n:07}\\n') for n in "
               "range(800000)]\"")
    reply = await run(make_tools(host), command=command)
    total = 800000 * 13
    assert reply.result.startswith(f"exit code 0; {total:,} bytes of output\nline 0000000\n")
    assert reply.result.endswith("line 0799999\n")
    assert "output cut to fit tools.result_tokens" in reply.result
    assert tokens.count_text(reply.result, MODEL) <= 2000
    assert sum(len(t) for _, t in host.outputs) == total  # the UI saw all of it
    assert {c for c, _ in host.outputs} == {"call-1"}


def test_command_prefixes_keep_the_subcommand_where_it_matters():
    assert command_prefix("pytest -q tests/x.py") == "pytest"
    assert command_prefix("git status --short") == "git status"
    assert command_prefix("python -m pytest -x") == "python -m pytest"
    assert command_prefix("npm --version") == "npm"


def test_an_interpreter_given_inline_code_gets_no_prefix():
    """Allowing `python3` for `python3 -c "…"` would let any Python run for the session."""
    for command in ('python3 -c "print(1)"', "python -c 'import os'", "node -e 'x()'",
                    "ruby -e 'puts 1'", "perl -e 'print 1'", "bash -c 'rm -rf x'", "sh -c ls",
                    "bash -lc 'make'", "node --eval 'x'", "python3.11 -Sc 'x'", "/usr/bin/python3 -c x",
                    "python3", "env FOO=1 python3 x.py", "sudo ls", "xargs rm"):
        assert command_prefix(command) == "", command
    assert command_prefix("python3 tools/gen.py --all") == "python3 tools/gen.py"
    assert command_prefix("bash scripts/check.sh") == "bash scripts/check.sh"


async def test_auto_approve_and_session_prefixes_skip_asking_but_never_for_operators(repo: Path):
    host = Host(repo, [ToolApprovalAnswer(Choice.ALLOW_PREFIX),
                       ToolApprovalAnswer(Choice.DENY)])
    tools = make_tools(host, auto_approve=["echo"])
    assert (await run(tools, command="echo hi")).result.endswith("\nhi\n")
    assert host.requests == []  # auto_approve: not asked
    assert (await run(tools, command="git status --short")).display.exit_code == 0
    assert [r.prefix for r in host.requests] == ["git status"]
    await run(tools, command="git status")  # allowed for the session now
    assert len(host.requests) == 1
    denied = await run(tools, command="echo hi; touch evil.txt")  # an operator always asks
    assert len(host.requests) == 2 and denied.display.denied is True
    assert not (repo / "evil.txt").exists()


async def test_a_bad_timeout_is_one_clear_error(repo: Path):
    reply = await run(make_tools(Host(repo, [])), command="true", timeout="soon")
    assert json.loads(reply.result)["error"] == "timeout must be a whole number, got 'soon'."


@pytest.mark.skipif(os.name != "posix", reason="process groups")
async def test_outputs_for_the_ui_arrive_while_the_command_runs(repo: Path):
    host = Host(repo, [ToolApprovalAnswer(Choice.ALLOW_ONCE)])
    task = asyncio.create_task(run(make_tools(host), command="echo first; sleep 2; echo second"))
    assert await wait_until(lambda: "".join(t for _, t in host.outputs) == "first\n", timeout=5)
    assert not task.done()
    reply = await task
    assert reply.result.endswith("first\nsecond\n")


async def test_commands_do_not_get_the_keys_hermes_loaded_from_its_env_file(
        repo: Path, hermes_home: Path, monkeypatch):
    (hermes_home / ".env").write_text("HERMES_TEST_SECRET=sk-from-hermes-env\n")
    monkeypatch.setenv("HERMES_TEST_SECRET", "sk-from-hermes-env")
    monkeypatch.setenv("USER_OWN_VAR", "kept")
    host = Host(repo, [ToolApprovalAnswer(Choice.ALLOW_ONCE)])
    reply = await run(make_tools(host), command='echo "[$HERMES_TEST_SECRET][$USER_OWN_VAR]"')
    assert reply.result.endswith("\n[][kept]\n")
