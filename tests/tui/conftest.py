"""Fixtures for the app's Pilot tests: config on the fake model server, an app factory, helpers."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gc
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from hermes.config import load_config
from tests.support.fake_llm import FakeLLMServer, Reply
from tests.tui.project_repo import project  # noqa: F401 - fixture: a temp git repo the app runs in

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


class ChatEnv:
    """The fake server plus scripted background replies (review ops as JSON text)."""

    def __init__(self, server: FakeLLMServer, home: Path) -> None:
        self.server = server
        self.home = home
        self.review_replies: list[Reply] = []
        # Queued replies go to the main model only, so background calls cannot take them.
        plain_queue = server.queue
        server.queue = functools.partial(plain_queue, model=MAIN)  # type: ignore[method-assign]
        server.add(self._review, model=REVIEW)
        server.add(Reply(text="Test Title"), model=TITLE)

    def _review(self, body: dict[str, Any]) -> Reply:
        return self.review_replies.pop(0) if self.review_replies else Reply(text="[]")

    def configure(self, **sections: dict[str, Any]) -> None:
        write_config(self.home, self.server, **sections)

    def __iter__(self):  # `server, configure = chat_env`
        return iter((self.server, self.configure))


@pytest.fixture(autouse=True)
def restore_gc():
    """The app tunes Python's cycle collector once its model client loads; undo that after
    each test so the rest of the test process runs with the defaults."""
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


@pytest.fixture
def chat_env(fake_llm: FakeLLMServer, hermes_home: Path, monkeypatch: pytest.MonkeyPatch) -> ChatEnv:
    """The key is set; the review saves nothing unless told; titles are fixed."""
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-tui-key-000000000000")
    monkeypatch.setenv("EDITOR", "true")
    env = ChatEnv(fake_llm, hermes_home)
    env.configure()
    return env


def make_app(**kwargs: Any):
    from hermes.tui.app import HermesApp

    return HermesApp(cfg=load_config(), **kwargs)


# Generous: only a failing test waits this long. On a loaded machine the first turn in a test
# process also waits for litellm's import, which then can take well over 20 s.
WAIT_TIMEOUT = 60.0


async def wait_for(pilot: Any, condition: Callable[[], bool], timeout: float = WAIT_TIMEOUT) -> None:
    """Let the app run until `condition()` holds (fails the test with a clear message if never).

    The way tests wait: for a state the screen or the stores show, never for a fixed time (a
    fixed pause passes on an idle machine and fails under load)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            rows = getattr(getattr(pilot.app, "chat", None), "transcript", None)
            shown = [i.text[:80] for i in rows.items[-20:]] if rows is not None else []
            mounted = len(rows.rows) if rows is not None else 0
            raise AssertionError(
                "the app never reached the expected state; transcript "
                f"({mounted} rows mounted, last 20 items): {shown}")
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


async def ready(app: Any, timeout: float = WAIT_TIMEOUT) -> None:
    """Wait for the app's start-up work (session open, history) to finish."""
    try:
        await asyncio.wait_for(app.ready.wait(), timeout)
    except TimeoutError:
        screens = [type(s).__name__ for s in app.screen_stack]
        workers = [(w.name, w.state.name) for w in app.workers]
        raise AssertionError(f"start-up never finished; screens {screens}, workers {workers}") from None


NEVER_ENDING = "Partial answer that never ends"


@contextlib.asynccontextmanager
async def mid_reply(env: ChatEnv, prompt: str) -> AsyncIterator[tuple[Any, Any]]:
    """(app, pilot) with the reply to `prompt` streaming and never ending until cancelled."""
    env.server.queue(Reply(text=NEVER_ENDING, chunk_size=8, hang=True))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, prompt)
        await wait_for(pilot, lambda: any(i.kind == "assistant" and i.text
                                          for i in app.chat.transcript.items))
        yield app, pilot
