"""Workspace tests drive the real agent against the fake model server, in a temp git repo."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.agent.conftest import agent_env, recorder  # noqa: F401 - fixtures shared with the agent tests


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A git work tree (a `.git` folder is all the root finder needs) that is the working
    directory, with a sub-folder."""
    root = tmp_path / "shop"
    (root / ".git").mkdir(parents=True)
    (root / "src").mkdir()
    monkeypatch.chdir(root / "src")
    return root
