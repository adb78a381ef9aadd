"""Helpers for the skills tests: write skill folders as a person or another tool would."""

from __future__ import annotations

from pathlib import Path

import pytest


def write_skill(store: Path, name: str, description: str, body: str = "1. Do the thing.\n",
                *, extra: str = "") -> Path:
    """A skill folder with a SKILL.md in the shared format; returns the folder."""
    folder = store / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "SKILL.md").write_text(
        f"---\nname: {name}\ndescription: {description}\n{extra}---\n\n{body}", encoding="utf-8")
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project folder (a git root) with no skills yet."""
    root = tmp_path / "proj"
    (root / ".git").mkdir(parents=True)
    return root


@pytest.fixture
def user_store(hermes_home: Path) -> Path:
    return hermes_home / "skills"


from tests.tui.conftest import chat_env  # noqa: E402,F401 - the app tests' fixture, by name
