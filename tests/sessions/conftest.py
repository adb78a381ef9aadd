"""Fixtures for the sessions layer: a real SessionStore on a real file in the test's HERMES_HOME."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from hermes.sessions import SessionStore

REPO = Path(__file__).resolve().parents[2]


class FakeClock:
    """A clock the test moves by hand (seconds since the epoch)."""

    def __init__(self, start: float = 1_790_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(hermes_home: Path) -> Iterator[SessionStore]:
    s = SessionStore()
    yield s
    s.close()


def new_session(store: SessionStore, **kw: str) -> str:
    args = {"source": "tui", "model": "test/model", "system_prompt": "You are Hermes.", "cwd": "/tmp"}
    args.update(kw)
    return store.create_session(**args)


def run_hermes(home: Path, *args: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess:
    """`python -m hermes …` as a separate process with this test's HERMES_HOME."""
    env = dict(os.environ, HERMES_HOME=str(home), PYTHONPATH=str(REPO), COLUMNS="160")
    return subprocess.run(
        [sys.executable, "-m", "hermes", *args], input=stdin, capture_output=True, text=True,
        env=env, cwd=REPO, timeout=timeout,
    )
