"""Fixtures: a temp git repository and a stand-in host for the coding tools, a bare work tree
(`shop`) for the project-context tests, and the agent fixtures."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from hermes.agent import tokens
from hermes.config import ToolsConfig
from hermes.workspace.approval import ToolApprovalAnswer, ToolApprovalRequest
from hermes.workspace.coding_tools import CodingTools
from tests.agent.conftest import agent_env, recorder  # noqa: F401 - fixtures used here too

MODEL = "openai/gpt-4.1"


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=root, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git repository with a little Python package, a .gitignore and an ignored folder."""
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "calc.py").write_text(
        "def add(a, b):\n    return a - b\n\n\ndef sub(a, b):\n    return a - b\n")
    (root / "tests").mkdir()
    (root / "tests" / "test_calc.py").write_text(
        "from pkg.calc import add\n\n\ndef test_add():\n    assert add(2, 2) == 4\n")
    (root / ".gitignore").write_text("build/\n*.log\n")
    (root / "build").mkdir()
    (root / "build" / "out.py").write_text("def add(): pass\n")
    (root / "debug.log").write_text("def add in a log\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "init")
    return root


class Host:
    """What CodingTools needs from a session, recording what it is given."""

    def __init__(self, root: Path, answers: list[ToolApprovalAnswer] | None = None) -> None:
        self.project_root = root
        self.turn_sources: Any = None
        self.outputs: list[tuple[str, str]] = []
        self.requests: list[ToolApprovalRequest] = []
        self.answers = list(answers or [])
        self.tool_approver: Any = self.approve if answers is not None else None

    async def approve(self, request: ToolApprovalRequest) -> ToolApprovalAnswer:
        self.requests.append(request)
        return self.answers.pop(0)

    def tool_output(self, call_id: str, text: str) -> None:
        self.outputs.append((call_id, text))


class Sources:
    def __init__(self) -> None:
        self.records: list[tuple[str, str]] = []

    def record(self, label: str, text: str) -> None:
        self.records.append((label, text))


def make_tools(host: Host, **cfg: Any) -> CodingTools:
    return CodingTools(ToolsConfig(**cfg), host, lambda text: tokens.count_text(text, MODEL))


@pytest.fixture
def shop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git work tree (a `.git` folder is all the root finder needs) that is the working
    directory, with a sub-folder."""
    root = tmp_path / "shop"
    (root / ".git").mkdir(parents=True)
    (root / "src").mkdir()
    monkeypatch.chdir(root / "src")
    return root
