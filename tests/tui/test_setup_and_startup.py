"""First-run setup, skipping it, and the long-session transcript."""

from __future__ import annotations

import stat

import pytest
import yaml

from hermes.config import load_config, parse_env_text
from hermes.tui.screens.setup import SetupScreen
from hermes.tui.widgets.messages import TranscriptItem
from hermes.tui.widgets.transcript import PAGE
from tests.support.fake_llm import Reply
from tests.tui.conftest import MAIN, SIZE, make_app, submit, transcript_texts, wait_for, ready


def _setup_ready(app) -> bool:
    """The setup pane is up and its form mounted (the model field has focus)."""
    if not isinstance(app.screen, SetupScreen):
        return False
    return any(w.has_focus for w in app.screen.query("#setup-model"))


@pytest.fixture
def no_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_API_KEY", "HERMES_COMPAT_API_KEY"):
        monkeypatch.setenv(name, "")  # recorded, so the test's writes are undone afterwards
        monkeypatch.delenv(name)


async def test_first_run_setup_writes_config_and_a_private_env_file(
        fake_llm, hermes_home, no_keys):
    fake_llm.default = Reply(text="Configured and talking.")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: _setup_ready(app))
        setup = app.screen
        setup.query_one("#setup-provider").value = "compatible"
        await wait_for(pilot, lambda: setup.query_one("#setup-base").display)  # the URL field shows
        setup.query_one("#setup-model").value = MAIN
        setup.query_one("#setup-base").value = fake_llm.api_base
        setup.query_one("#setup-key").value = "sk-setup-test-key-1234567890"
        setup.query_one("#setup-key").focus()
        await pilot.press("enter")
        await ready(app)
        assert app.screen is app.chat
        env_file = hermes_home / ".env"
        assert stat.S_IMODE(env_file.stat().st_mode) == 0o600
        assert parse_env_text(env_file.read_text())["HERMES_COMPAT_API_KEY"] == \
            "sk-setup-test-key-1234567890"
        saved = yaml.safe_load((hermes_home / "config.yaml").read_text())["model"]
        assert saved == {"name": f"openai/{MAIN}", "api_base": fake_llm.api_base,
                         "api_key_env": "HERMES_COMPAT_API_KEY"}
        assert "sk-setup" not in (hermes_home / "config.yaml").read_text()  # the key is not in config
        assert load_config().model.name == f"openai/{MAIN}"
        await submit(pilot, "hello after setup")
        await wait_for(pilot, lambda: "Configured and talking." in transcript_texts(app))


async def test_setup_asks_for_the_key_of_a_hosted_provider(hermes_home, no_keys):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: _setup_ready(app))
        setup = app.screen
        setup.query_one("#setup-model").value = "openai/gpt-4.1"
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Paste the key" in str(setup.query_one("#setup-error").render()))
        assert not (hermes_home / "config.yaml").exists()  # nothing saved without a key
        setup.query_one("#setup-key").value = "sk-openai-test-000000000000"
        setup.query_one("#setup-key").focus()
        await pilot.press("enter")
        await ready(app)
        assert load_config().model.name == "openai/gpt-4.1"
        assert "OPENAI_API_KEY=sk-openai-test" in (hermes_home / ".env").read_text()


async def test_skipping_setup_keeps_history_and_memory_usable(hermes_home, no_keys):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: _setup_ready(app))
        await pilot.press("escape")
        await ready(app)
        assert app.chat.prompt.has_focus
        await submit(pilot, "/memory history")
        await wait_for(pilot, lambda: "No memory changes recorded yet." in transcript_texts(app))
        await submit(pilot, "/sessions")
        await wait_for(pilot, lambda: "No earlier sessions yet." in transcript_texts(app))
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: any(i.kind == "error" for i in app.chat.transcript.items))
        assert app.chat.prompt.text == "hello"  # kept for when a model is configured


async def test_a_long_session_mounts_only_the_last_page_and_loads_more_when_scrolled_up(chat_env):
    app = make_app(open_agent=False)
    async with app.run_test(size=SIZE) as pilot:
        transcript = app.chat.transcript
        items = [TranscriptItem("user" if n % 2 == 0 else "assistant", f"message {n}")
                 for n in range(2000)]
        await transcript.load(items)
        assert len(transcript.rows) == PAGE
        assert transcript.rows[-1].item.text == "message 1999"
        # opens at the bottom (once laid out)
        await wait_for(pilot, lambda: 0 < transcript.max_scroll_y == transcript.scroll_y)
        transcript.scroll_home(animate=False, immediate=True)
        await wait_for(pilot, lambda: len(transcript.rows) == 2 * PAGE)
        assert transcript.rows[0].item.text == f"message {2000 - 2 * PAGE}"
        # the view stays where the person was reading: the old first row keeps its place
        await wait_for(pilot, lambda: transcript.scroll_y > 0)
        old_first = transcript.rows[PAGE]
        assert old_first.item.text == f"message {2000 - PAGE}"
        assert abs(old_first.virtual_region.y - transcript.scroll_y) <= 3


async def test_a_long_live_session_unmounts_old_rows_while_following(chat_env):
    from hermes.tui.widgets.transcript import MAX_MOUNTED

    app = make_app(open_agent=False)
    async with app.run_test(size=SIZE):
        transcript = app.chat.transcript
        for n in range(MAX_MOUNTED + 30):
            await transcript.add_line("info", f"line {n}")
        # Pruned as the rows are added, not at some later paint: under load the screen may
        # not refresh once during the loop, and nothing would prune afterwards.
        assert len(transcript.rows) <= MAX_MOUNTED
        assert len(transcript.items) == MAX_MOUNTED + 30  # nothing is lost, only unmounted
        assert transcript.rows[-1].item.text == f"line {MAX_MOUNTED + 29}"


async def test_rows_added_before_any_layout_are_still_unmounted(chat_env):
    """Rows that were never laid out (as when a burst arrives between two paints on a loaded
    machine) have no height yet; they are pruned all the same."""
    from hermes.tui.widgets.transcript import MAX_MOUNTED

    app = make_app(open_agent=False)
    async with app.run_test(size=SIZE):
        transcript = app.chat.transcript
        transcript.display = False  # nothing inside is laid out while hidden
        for n in range(MAX_MOUNTED + 30):
            await transcript.add_line("info", f"line {n}")
        assert all(row.outer_size.height == 0 for row in transcript.rows)
        assert len(transcript.rows) <= MAX_MOUNTED
        assert len(transcript.items) == MAX_MOUNTED + 30


async def test_the_first_frame_marker_comes_before_the_model_client_is_ready(
        chat_env, tmp_path, monkeypatch):
    import json
    import threading

    marker = tmp_path / "marker.jsonl"
    monkeypatch.setenv("HERMES_STARTUP_MARKER", str(marker))
    release = threading.Event()
    app = make_app(preload=lambda: release.wait(30))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: marker.exists())
        events = [json.loads(line)["event"] for line in marker.read_text().splitlines()]
        assert events == ["first_frame"]
        assert app.chat.prompt.has_focus
        release.set()
        await wait_for(pilot, lambda: "llm_ready" in marker.read_text())
    events = [json.loads(line)["event"] for line in marker.read_text().splitlines()]
    assert events == ["first_frame", "llm_ready"]


async def test_setup_reopens_with_slash_setup_and_switches_the_model(chat_env, hermes_home, no_keys):
    server, _ = chat_env
    server.queue(Reply(text="Now on the new server."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.screen is app.chat  # configured: no pane at start
        await submit(pilot, "/setup")
        await wait_for(pilot, lambda: _setup_ready(app))
        setup = app.screen
        setup.query_one("#setup-provider").value = "compatible"
        await wait_for(pilot, lambda: setup.query_one("#setup-base").display)
        setup.query_one("#setup-model").value = MAIN
        setup.query_one("#setup-base").value = server.api_base.removeprefix("http://")
        setup.query_one("#setup-model").focus()
        await pilot.press("enter")  # no scheme: refused with the fix, nothing saved
        error = str(setup.query_one("#setup-error").render())
        assert "no scheme" in error and f"http://{server.api_base.removeprefix('http://')}" in error
        assert app.screen is setup
        setup.query_one("#setup-base").value = server.api_base
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.screen is app.chat
                       and any(t.startswith("Model: openai/") for t in transcript_texts(app)))
        saved = yaml.safe_load((hermes_home / "config.yaml").read_text())["model"]
        assert saved["name"] == f"openai/{MAIN}" and saved["api_key_env"] == ""
        assert app.agent.view.model == f"openai/{MAIN}"
        await submit(pilot, "/setup")  # Esc closes it again and changes nothing
        await wait_for(pilot, lambda: _setup_ready(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Setup closed; nothing changed." in transcript_texts(app))


async def test_setup_hint_drops_the_missing_key_for_a_keyless_server(fake_llm, hermes_home, no_keys):
    (hermes_home / "config.yaml").write_text("model:\n  name: openai/gpt-4.1\n")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: _setup_ready(app))
        hint = app.screen.query_one("#setup-hint")
        assert "OPENAI_API_KEY" in str(hint.render())
        app.screen.query_one("#setup-provider").value = "compatible"
        await wait_for(pilot, lambda: "OPENAI_API_KEY" not in str(hint.render()))
        assert "key is optional" in str(hint.render())
        app.screen.query_one("#setup-provider").value = "openai"
        await wait_for(pilot, lambda: "OPENAI_API_KEY" in str(hint.render()))


async def test_the_first_screen_welcomes_with_model_memory_keys_and_sessions(chat_env, hermes_home):
    from hermes.sessions import SessionStore

    with SessionStore() as store:
        earlier = store.create_session(source="tui", model="m", system_prompt="s", cwd="/tmp",
                                       title="auth refactor")
        store.append_message(earlier, "user", "What did we decide about auth?")
    server, _ = chat_env
    server.queue(Reply(text="Hi."))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        welcome = app.chat.query_one("#welcome")
        await wait_for(pilot, lambda: welcome.display)
        text = str(welcome.render())
        assert app.agent.view.model in text
        assert "MEM 0%" in text and "USER 0%" in text
        assert "Esc or Ctrl+C cancel" in text and "/help" in text
        assert '/resume "auth refactor"' in text
        assert transcript_texts(app) == []  # not a transcript row
        await submit(pilot, "hello")
        await wait_for(pilot, lambda: not welcome.display)  # gone with the first message


async def test_no_welcome_when_resuming(chat_env, hermes_home):
    from hermes.sessions import SessionStore

    with SessionStore() as store:
        earlier = store.create_session(source="tui", model="m", system_prompt="s", cwd="/tmp",
                                       title="auth refactor")
        store.append_message(earlier, "user", "What did we decide about auth?")
    app = make_app(resume="auth refactor")
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: "What did we decide about auth?" in transcript_texts(app))
        assert not app.chat.query_one("#welcome").display
