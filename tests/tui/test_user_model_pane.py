"""The user model (layer 3) in the TUI: the /memory viewer's section and /memory forget ID.

Conclusions are stored through the providers' own store API in the test's state.db; the app
runs against the fake model server (no turns are sent, so no model calls are made).
"""

from __future__ import annotations

from hermes import paths
from hermes.providers.user_model_tables import UserModelStore
from hermes.tui import commands
from hermes.tui.screens.memory_viewer import MemoryViewerScreen
from tests.tui.conftest import SIZE, make_app, ready, submit, transcript_texts, wait_for

PREFERENCE = "Prefers short answers with the code first"
OTHER = "Works on a Rust web service"


def _store() -> UserModelStore:
    return UserModelStore(paths.state_db_path())


def _seed() -> tuple[int, int]:
    store = _store()
    keep = store.add_conclusion(OTHER, session_id="s-1", source="derived")
    gone = store.add_conclusion(PREFERENCE, session_id="s-1", source="derived")
    store.set_peer_card(["Name: Dana", "Writes Rust"])
    assert keep is not None and gone is not None
    return keep, gone


async def _open_viewer(pilot) -> MemoryViewerScreen:
    app = pilot.app
    await submit(pilot, "/memory")
    await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen))
    viewer = app.screen
    await wait_for(pilot, lambda: viewer.user_model is not None)
    await pilot.pause()
    return viewer


def _shown(viewer: MemoryViewerScreen, selector: str) -> list[str]:
    return [str(w.render()) for w in viewer.query(selector)]


async def _close(pilot) -> None:
    await pilot.press("escape")
    await wait_for(pilot, lambda: pilot.app.screen is pilot.app.chat)


async def test_viewer_shows_the_peer_card_and_conclusions_and_forget_removes_one(chat_env):
    _, configure = chat_env
    configure(user_model={"provider": "local"})
    keep, gone = _seed()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        viewer = await _open_viewer(pilot)
        box = viewer.query_one("#user-model")
        assert box.border_title == "User model · local"
        assert "/memory forget ID" in str(box.border_subtitle)
        assert _shown(viewer, "#um-peer-card") == ["Peer card: Name: Dana · Writes Rust"]
        conclusions = _shown(viewer, ".um-conclusion")
        assert len(conclusions) == 2
        assert any(line.startswith(f"#{gone} {PREFERENCE}") for line in conclusions)
        assert any(line.startswith(f"#{keep} {OTHER}") for line in conclusions)
        assert not viewer.query("#user-model-off")
        await _close(pilot)

        await submit(pilot, f"/memory forget {gone}")
        await wait_for(pilot, lambda: transcript_texts(app)[-1:] != []
                       and transcript_texts(app)[-1].startswith("Forgot conclusion"))
        assert transcript_texts(app)[-1] == f"Forgot conclusion {gone} (local user model)."
        assert _store().get_conclusion(gone) is None  # gone from state.db
        assert _store().get_conclusion(keep) is not None

        viewer = await _open_viewer(pilot)
        conclusions = _shown(viewer, ".um-conclusion")
        assert [line.split(" · ")[0] for line in conclusions] == [f"#{keep} {OTHER}"]
        assert not any(PREFERENCE in line for line in conclusions)
        await _close(pilot)


async def test_the_viewer_and_forget_use_the_sessions_own_provider(chat_env, monkeypatch):
    """One user-model client per app: the viewer asks the running session's provider instead
    of opening a second one (for Honcho, a second client and connection)."""
    from hermes.providers import factory

    _, configure = chat_env
    configure(user_model={"provider": "local"})
    keep, gone = _seed()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert app.agent is not None and app.agent.provider is not None
        opened: list[object] = []
        real_load = factory.load_provider
        monkeypatch.setattr(factory, "load_provider",
                            lambda *a, **k: opened.append(a) or real_load(*a, **k))
        viewer = await _open_viewer(pilot)
        assert len(_shown(viewer, ".um-conclusion")) == 2  # read through the session's provider
        await _close(pilot)
        await submit(pilot, f"/memory forget {gone}")
        await wait_for(pilot, lambda: transcript_texts(app)[-1:] != []
                       and transcript_texts(app)[-1].startswith("Forgot conclusion"))
        assert _store().get_conclusion(gone) is None and _store().get_conclusion(keep) is not None
        assert opened == []  # no second provider was opened


async def test_forget_with_an_unknown_or_malformed_id_gives_a_hint(chat_env):
    _, configure = chat_env
    configure(user_model={"provider": "local"})
    keep, _ = _seed()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory forget 99999")
        await wait_for(pilot, lambda: "99999" in transcript_texts(app)[-1])
        assert transcript_texts(app)[-1] == ("No conclusion 99999 in the local user model; "
                                             "/memory lists the ids.")
        await submit(pilot, "/memory forget tabs")
        await wait_for(pilot, lambda: "numbers" in transcript_texts(app)[-1])
        await submit(pilot, "/memory forget")
        await wait_for(pilot, lambda: transcript_texts(app)[-1].startswith(
            "/memory forget needs one conclusion id"))
        assert len(transcript_texts(app)[-1].splitlines()) == 1
        assert _store().count_conclusions() == 2  # nothing was deleted
        assert _store().get_conclusion(keep) is not None


async def test_provider_off_shows_the_setup_hint_and_forget_says_how_to_turn_it_on(chat_env):
    app = make_app()  # the default config: user_model.provider is off
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await submit(pilot, "/memory")
        await wait_for(pilot, lambda: isinstance(app.screen, MemoryViewerScreen))
        await pilot.pause()
        viewer = app.screen
        hint = str(viewer.query_one("#user-model-off").render())
        assert "hermes memory setup local" in hint and len(hint.splitlines()) == 1
        assert not viewer.query("#user-model")
        await _close(pilot)
        await submit(pilot, "/memory forget 1")
        await wait_for(pilot, lambda: "nothing to forget" in transcript_texts(app)[-1])
        assert "hermes memory setup local" in transcript_texts(app)[-1]


async def test_a_failing_provider_shows_one_line_not_a_traceback(chat_env, monkeypatch):
    _, configure = chat_env
    # Honcho cloud without a key cannot start; the viewer says so in one line.
    monkeypatch.delenv("HONCHO_API_KEY", raising=False)
    configure(user_model={"provider": "honcho", "honcho": {"api_key_env": "HONCHO_API_KEY"}})
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        viewer = await _open_viewer(pilot)
        errors = _shown(viewer, "#user-model .store-error")
        assert len(errors) == 1 and len(errors[0].splitlines()) == 1
        assert "HONCHO_API_KEY" in errors[0] and "Traceback" not in errors[0]
        assert not viewer.query(".um-conclusion")
        await _close(pilot)
        await submit(pilot, "/memory forget abc123")
        await wait_for(pilot, lambda: "abc123" in transcript_texts(app)[-1])
        line = transcript_texts(app)[-1]
        assert line.startswith("Could not forget conclusion abc123: ") and "HONCHO_API_KEY" in line
        assert len(line.splitlines()) == 1


def test_forget_is_in_the_registry_completion_and_help():
    assert commands.parse("/memory forget 42") == commands.Invocation("memory", "forget 42")
    assert commands.completions("/memory fo") == ["/memory forget"]
    assert any("forget ID" in line for line in commands.help_lines())


async def test_an_unreadable_state_db_is_one_line_for_the_viewer_and_for_forget(hermes_home):
    from hermes.config import load_config
    from hermes.tui import memory_bridge

    paths.state_db_path().write_bytes(b"not a database " * 200)
    cfg = load_config()
    cfg.user_model.provider = "local"
    view = await memory_bridge.user_model_view(cfg)
    assert view.conclusions == () and view.error is not None
    assert "not a database" in view.error and len(view.error.splitlines()) == 1
    deleted, line = await memory_bridge.forget_conclusion(cfg, "3")
    assert not deleted and line.startswith("Could not forget conclusion 3: ")
    assert len(line.splitlines()) == 1
