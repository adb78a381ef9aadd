"""Prompts are recalled across sessions (like a shell), stored redacted in a 0600 file."""

from __future__ import annotations

import secrets
import stat
import string

from hermes.tui import prompt_history
from tests.tui.conftest import SIZE, make_app, ready, submit, wait_for


def _idle(app) -> bool:
    return app.agent is not None and not app.agent.view.busy and not app.turn_running()


async def test_up_recalls_a_prompt_sent_in_an_earlier_app(chat_env):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "remember this\nacross lines")
        await wait_for(pilot, lambda: _idle(app))
    prompt_history.append_later("").result(10)  # the writer thread has finished

    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await ready(again)
        await wait_for(pilot, lambda: bool(again.chat.prompt.prompts.entries))
        await pilot.press("up")
        await wait_for(pilot, lambda: again.chat.prompt.text == "remember this\nacross lines")


def test_a_secret_is_stored_redacted_in_an_owner_only_file(hermes_home):
    key = "sk-proj-" + "".join(secrets.choice(string.ascii_letters + string.digits) for _ in range(40))
    prompt_history.append(f"use {key} please")
    path = hermes_home / "prompt_history"
    assert key not in path.read_text()
    assert "REDACTED" in path.read_text()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [e.startswith("use [REDACTED") for e in prompt_history.load()] == [True]


def test_entries_round_trip_and_the_file_stays_bounded(hermes_home):
    for i in range(25):
        prompt_history.append(f"p{i} back\\slash\nline two", limit=10)
    loaded = prompt_history.load(limit=10)
    assert loaded[-1] == "p24 back\\slash\nline two"
    assert len(loaded) == 10
    assert len((hermes_home / "prompt_history").read_text().splitlines()) <= 20


def test_a_link_in_place_of_the_file_is_not_followed(hermes_home, tmp_path):
    target = tmp_path / "elsewhere"
    target.write_text("")
    (hermes_home / "prompt_history").symlink_to(target)
    prompt_history.append("hello")
    assert target.read_text() == ""
    assert prompt_history.load() == []
