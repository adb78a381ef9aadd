"""Fixtures for the app's Pilot tests: config on the fake model server, an app factory, helpers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from hermes.config import load_config
from tests.support.fake_llm import FakeLLMServer, Reply

MAIN, REVIEW, TITLE = "main", "review", "title"
SIZE = (100, 32)


def write_config(home: Path, server: FakeLLMServer, **sections: dict[str, Any]) -> None:
    data: dict[str, Any] = {
        "model": {"name": server.model(MAIN), "api_base": server.api_base,
                  "api_key_env": "FAKE_LLM_KEY", "context_window": 32000},
        "memory": {"review_model": server.model(REVIEW), "review_interval": 1},
        "sessions": {"title_model": server.model(TITLE)},
        "agent": {"max_retries": 0},
    }
    for name, values in sections.items():
        data.setdefault(name, {}).update(values)
    (home / "config.yaml").write_text(yaml.safe_dump(data))


@pytest.fixture
def chat_env(fake_llm: FakeLLMServer, hermes_home: Path, monkeypatch: pytest.MonkeyPatch):
    """(server, configure): the key is set; the review saves nothing and titles are fixed."""
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-tui-key-000000000000")
    monkeypatch.setenv("EDITOR", "true")
    fake_llm.add(Reply(text="[]"), model=REVIEW)
    fake_llm.add(Reply(text="Test Title"), model=TITLE)

    def configure(**sections: dict[str, Any]) -> None:
        write_config(hermes_home, fake_llm, **sections)

    configure()
    return fake_llm, configure


def make_app(**kwargs: Any):
    from hermes.tui.app import HermesApp

    return HermesApp(cfg=load_config(), **kwargs)


async def wait_for(pilot: Any, condition: Callable[[], bool], timeout: float = 20.0) -> None:
    """Let the app run until `condition()` holds (fails the test with a clear message if never)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("the app never reached the expected state")
        await pilot.pause(0.05)


def transcript_texts(app: Any) -> list[str]:
    """What the transcript rows say, in order."""
    return [item.text for item in app.chat.transcript.items]


async def type_text(pilot: Any, text: str) -> None:
    """Put text into the prompt the way typing would, then press nothing."""
    app = pilot.app
    app.chat.prompt.insert(text)
    await pilot.pause()


async def submit(pilot: Any, text: str) -> None:
    await type_text(pilot, text)
    await pilot.press("enter")
    await pilot.pause()
