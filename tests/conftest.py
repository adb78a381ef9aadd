"""Shared fixtures: every test runs with its own HERMES_HOME so nothing touches ~/.hermes."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")


@pytest.fixture(autouse=True)
def hermes_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private, empty HERMES_HOME for this test."""
    home = tmp_path / "hermes-home"
    home.mkdir(mode=0o700)
    monkeypatch.setenv("HERMES_HOME", str(home))
    # The app's log setup stops "hermes" records at its own file handler; in tests they must
    # also reach the root logger, where caplog listens, whichever test ran before this one.
    monkeypatch.setattr(logging.getLogger("hermes"), "propagate", True)
    return home


@pytest.fixture
def fake_llm():
    """A running loopback OpenAI-compatible server (tests/support/fake_llm.py); stopped after."""
    from tests.support.fake_llm import FakeLLMServer

    with FakeLLMServer() as server:
        yield server
