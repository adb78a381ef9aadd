"""PROJECT.md: a third store per project root, kept under $HERMES_HOME/projects/<hash>/ (never
in the repository), with its own limit, frozen into the prompt only in sessions of that
project, and written through the same memory tool (`target: project`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hermes import paths
from hermes.agent.session import AgentSession
from hermes.config import Config
from hermes.memory import read_entries, store_path
from hermes.memory.memory_tool import MemoryTool
from hermes.memory.snapshot import render_snapshot
from tests.agent.conftest import MAIN, REVIEW, Recorder, write_config
from tests.support.fake_llm import FakeLLMServer, Reply, call, system_prompt

REPO = Path(__file__).resolve().parents[2]


def _repo(root: Path, name: str) -> Path:
    repo = root / name
    (repo / ".git").mkdir(parents=True)
    (repo / "src").mkdir()
    return repo


def test_each_project_has_its_own_store_outside_the_repository(
        hermes_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = Config()
    api, web = _repo(tmp_path, "api"), _repo(tmp_path, "web")
    monkeypatch.chdir(api / "src")  # a subfolder: the git root is the project
    result = MemoryTool(cfg.memory).call({"action": "add", "target": "project",
                                          "content": "Run `make check` before every push"})
    assert result["success"] and result["usage"].endswith("/1,500 chars"), result
    where = store_path("project")
    assert where.parent.parent == hermes_home / "projects"
    assert where.parent.name == paths.project_key(api)
    assert (where.parent / "root.txt").read_text().strip() == str(api)
    assert not any(p.name == "PROJECT.md" for p in api.rglob("*"))  # nothing written into the repo
    assert "PROJECT MEMORY (this project's conventions)" in render_snapshot(cfg.memory)
    assert "make check" in render_snapshot(cfg.memory)

    monkeypatch.chdir(web)
    assert read_entries(cfg.memory, "project") == []
    assert "make check" not in render_snapshot(cfg.memory)
    assert store_path("project") != where

    monkeypatch.chdir(api)
    over = MemoryTool(cfg.memory).call({"action": "add", "target": "project", "content": "x" * 1500})
    assert over["success"] is False and "1,500" in over["error"]
    cfg.memory.project_enabled = False
    off = MemoryTool(cfg.memory).call({"action": "add", "target": "project", "content": "y"})
    assert off["success"] is False and "memory.project_enabled" in off["error"]
    assert "PROJECT MEMORY" not in render_snapshot(cfg.memory)


async def test_the_agent_writes_project_memory_and_the_next_session_of_that_project_sees_it(
        fake_llm: FakeLLMServer, hermes_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    fake_llm.add(Reply(text="[]"), model=REVIEW)
    fake_llm.add(Reply(text="Title"), model="title")
    api, web = _repo(tmp_path, "api"), _repo(tmp_path, "web")
    monkeypatch.chdir(api)
    cfg = write_config(hermes_home, fake_llm, memory={"review_interval": 0})
    fake_llm.queue(Reply(tool_calls=[call("memory", {"action": "add", "target": "project",
                                                     "content": "This repo runs make check before every push"})]),
                   Reply(text="Noted."), model=MAIN)
    agent = AgentSession.open(cfg, on_event=Recorder())
    try:
        await agent.send("In this repo we run make check before every push.")
        await agent.wait_background(timeout=30)
    finally:
        await agent.close()
    tools = fake_llm.requests_for(MAIN)[0]["tools"]
    memory = next(t for t in tools if t["function"]["name"] == "memory")
    assert "project" in memory["function"]["parameters"]["properties"]["target"]["enum"]
    assert read_entries(cfg.memory, "project") == ["This repo runs make check before every push"]

    async def first_prompt_in(folder: Path) -> str:
        monkeypatch.chdir(folder)
        fake_llm.queue(Reply(text="Hello."), model=MAIN)
        session = AgentSession.open(cfg, on_event=Recorder())
        try:
            await session.send("hello")
        finally:
            await session.close()
        return system_prompt(fake_llm.requests_for(MAIN)[-1])

    assert "make check before every push" in await first_prompt_in(api)
    assert "make check before every push" not in await first_prompt_in(web)


def _hermes(home: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "hermes", "memory", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_memory_move_carries_an_entry_into_the_project_store(hermes_home: Path, tmp_path: Path) -> None:
    api = _repo(tmp_path, "api")
    assert _hermes(hermes_home, api, "add", "--target", "memory", "api: tests need Redis on 6379").returncode == 0
    assert _hermes(hermes_home, api, "add", "--target", "memory", "Prefers uv over pip").returncode == 0
    moved = _hermes(hermes_home, api, "move", "--from", "memory", "--to", "project", "Redis")
    assert moved.returncode == 0, moved.stderr
    assert "Moved to project" in moved.stdout
    shown = _hermes(hermes_home, api, "show", "--target", "project")
    assert "PROJECT.md — this project's conventions" in shown.stdout and "Redis on 6379" in shown.stdout
    memory = (hermes_home / "memories" / "MEMORY.md").read_text()
    assert "Redis" not in memory and "uv over pip" in memory
    missing = _hermes(hermes_home, api, "move", "--from", "memory", "--to", "project", "Kafka")
    assert missing.returncode == 1 and "no entry contains" in missing.stderr
    same = _hermes(hermes_home, api, "move", "--from", "user", "--to", "user", "x")
    assert same.returncode == 2
    history = _hermes(hermes_home, api, "history", "--json")
    assert any("project" in json.dumps(e) for e in json.loads(history.stdout))
