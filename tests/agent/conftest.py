"""Fixtures for agent tests: a config.yaml pointing at the fake server, an event recorder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from hermes.config import Config, load_config
from tests.support.fake_llm import FakeLLMServer

MAIN, REVIEW, TITLE, SUMMARY = "main", "review", "title", "summary"


def write_config(home: Path, server: FakeLLMServer, **sections: dict[str, Any]) -> Config:
    """config.yaml with the main model and the review/title/compression models on the fake."""
    data: dict[str, Any] = {
        "model": {"name": server.model(MAIN), "api_base": server.api_base,
                  "api_key_env": "FAKE_LLM_KEY"},
        "memory": {"review_model": server.model(REVIEW), "review_interval": 1},
        "sessions": {"title_model": server.model(TITLE)},
        "compression": {"model": server.model(SUMMARY)},
        "agent": {"max_retries": 2},
    }
    for name, values in sections.items():
        data.setdefault(name, {}).update(values)
    (home / "config.yaml").write_text(yaml.safe_dump(data))
    return load_config()


class Recorder:
    """Collects events; `of(type)` filters them."""

    def __init__(self) -> None:
        self.events: list[Any] = []
        self.hooks: list[Callable[[Any], None]] = []

    def __call__(self, event: Any) -> None:
        self.events.append(event)
        for hook in self.hooks:
            hook(event)

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]


@pytest.fixture
def agent_env(fake_llm: FakeLLMServer, hermes_home: Path, monkeypatch: pytest.MonkeyPatch):
    """(server, make_cfg) with the key set; background models answer harmlessly by default."""
    from tests.support.fake_llm import Reply

    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    fake_llm.add(Reply(text="[]"), model=REVIEW)
    fake_llm.add(Reply(text="A Short Test Title"), model=TITLE)
    fake_llm.add(Reply(text="- summary of earlier turns"), model=SUMMARY)

    def make_cfg(**sections: dict[str, Any]) -> Config:
        return write_config(hermes_home, fake_llm, **sections)

    return fake_llm, make_cfg


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()
