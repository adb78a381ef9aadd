"""What happens before the first frame: only the configured theme, keys taken at once, the
collector paused by the command line and resumed at the first frame."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import yaml

from hermes.tui import startup_gc
from hermes.tui.themes import bundled_themes_dir, find_theme
from tests.tui.conftest import SIZE, make_app, ready, wait_for

RED, GREEN = "#ff0000", "#00ff00"


def _theme_file(path: Path, name: str, primary: str) -> None:
    path.write_text(f"name: {name}\ndark: true\ncolors:\n  primary: '{primary}'\n")


def test_find_theme_reads_the_named_file_and_the_user_folder_wins(tmp_path: Path) -> None:
    user = tmp_path / "user"
    user.mkdir()
    _theme_file(user / "hermes-dark.yaml", "hermes-dark", RED)
    (user / "broken.yaml").write_text("name: [unclosed\n")  # never read for another name
    found = find_theme("hermes-dark", [bundled_themes_dir(), user])
    assert found is not None and found[1] == user / "hermes-dark.yaml"
    assert found[0].primary.lower() == RED
    assert find_theme("hermes-light", [bundled_themes_dir(), user]) is not None  # bundled


def test_find_theme_gives_up_on_a_file_that_holds_another_name_or_is_broken(tmp_path: Path) -> None:
    _theme_file(tmp_path / "mine.yaml", "not-mine", RED)
    (tmp_path / "bad.yaml").write_text("name: bad\ncolors:\n  primary: no-colour\n")
    assert find_theme("mine", [tmp_path]) is None
    assert find_theme("bad", [tmp_path]) is None
    assert find_theme("absent", [tmp_path]) is None


async def test_the_configured_theme_is_active_before_the_first_frame_and_the_rest_follow(
        chat_env, hermes_home: Path) -> None:
    server, configure = chat_env
    configure(display={"theme": "hermes-light"})
    release = threading.Event()
    app = make_app(preload=lambda: release.wait(30))
    assert app.theme == "hermes-light"  # set when the app is built, before any CSS is parsed
    assert set(app.available_themes) & {"hermes-dark", "hermes-high-contrast"} == set()
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        assert {"hermes-dark", "hermes-light", "hermes-high-contrast"} <= set(app.theme_result.themes)
        assert "hermes-dark" in app.available_themes and app.theme == "hermes-light"
        release.set()
        await pilot.pause()


async def test_a_later_file_of_the_same_name_still_wins_after_the_first_frame(
        chat_env, hermes_home: Path) -> None:
    _, configure = chat_env
    themes = hermes_home / "themes"
    themes.mkdir()
    _theme_file(themes / "mine.yaml", "mine", RED)
    _theme_file(themes / "zz-mine-too.yaml", "mine", GREEN)  # sorted later: wins, as before
    configure(display={"theme": "mine"})
    app = make_app(preload=lambda: None)
    assert app.current_theme.primary.lower() == RED  # its own file, for the first frame
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await wait_for(pilot, lambda: app.current_theme.primary.lower() == GREEN)
        assert app.theme == "mine" and app.theme_result.sources["mine"].name == "zz-mine-too.yaml"
        # the CSS was refreshed with it: the focused input's border is drawn in its primary
        await wait_for(pilot, lambda: app.chat.prompt.styles.border_top[1].hex.lower() == GREEN)


async def test_keys_typed_at_once_land_in_the_input_and_are_sent_when_the_client_is_ready(
        chat_env) -> None:
    server, _ = chat_env
    release = threading.Event()
    app = make_app(preload=lambda: release.wait(30))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h", "e", "y")  # no wait for the session or the model client
        assert app.chat.prompt.has_focus and app.chat.prompt.text == "hey"
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.chat.status.busy.startswith("loading"))
        assert server.requests == []
        release.set()
        await wait_for(pilot, lambda: bool(server.requests))
        assert server.requests[0]["messages"][-1]["content"] == "hey"


def test_the_collector_is_paused_for_start_up_and_resumed_frozen_only_by_its_pauser() -> None:
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    startup_gc.resume()  # not paused: nothing happens
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    try:
        startup_gc.pause()
        assert not gc.isenabled()
        kept = [yaml.safe_load("a: [1, 2]") for _ in range(100)]  # start-up's objects
        startup_gc.resume()
        assert gc.isenabled() and gc.get_freeze_count() > frozen + len(kept)
    finally:
        gc.enable()
        gc.unfreeze()


async def test_the_first_frame_already_shows_the_memory_gauge(
        chat_env, hermes_home: Path, monkeypatch) -> None:
    """The gauge is read before the first paint, not after it: at the moment the app marks its
    first frame, the status bar already holds MEM and USER with the stores' usage."""
    memories = hermes_home / "memories"
    memories.mkdir(exist_ok=True)
    (memories / "MEMORY.md").write_text("x" * 1100, encoding="utf-8")  # 50% of 2,200
    (memories / "USER.md").write_text("y" * 275, encoding="utf-8")  # 20% of 1,375
    import hermes.tui.app as app_mod

    from hermes.tui.widgets.status_bar import StatusBar, status_markup

    seen: list[str] = []
    app = make_app(preload=lambda: None)

    def marker(event: str) -> None:
        if event == "first_frame":
            seen.append(status_markup(app.chat.query_one(StatusBar).info, 120))

    monkeypatch.setattr(app_mod, "write_marker", marker)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.pause()
    assert seen and "MEM 50%" in seen[0] and "USER 20%" in seen[0], seen


async def test_the_first_frame_parses_the_app_css_once_and_in_the_configured_theme(
        chat_env, monkeypatch) -> None:
    """The theme set when the app is built used to queue a re-parse of every rule before the
    first frame, which the first screen's parse then replaced. Now the rules are parsed once,
    and that parse already has the theme's colours: the focused input's border at the first
    frame is the light theme's primary."""
    import textual.css.stylesheet as stylesheet_mod

    import hermes.tui.app as app_mod

    _, configure = chat_env
    configure(display={"theme": "hermes-light"})
    parses: list[str] = []
    real_parse = stylesheet_mod.parse

    def counting_parse(scope, css, read_from, **kwargs):  # noqa: ANN001, ANN202
        parses.append(str(read_from[0]))
        return real_parse(scope, css, read_from, **kwargs)

    monkeypatch.setattr(stylesheet_mod, "parse", counting_parse)
    at_frame: list[tuple[int, str]] = []
    app = make_app(preload=lambda: None)

    def marker(event: str) -> None:
        if event == "first_frame":
            at_frame.append((sum(p.endswith("app.tcss") for p in parses),
                             app.chat.prompt.styles.border_top[1].hex.lower()))

    monkeypatch.setattr(app_mod, "write_marker", marker)
    async with app.run_test(size=SIZE) as pilot:
        await ready(app)
        await pilot.pause()
    primary = find_theme("hermes-light", [bundled_themes_dir()])
    assert primary is not None
    assert at_frame == [(1, primary[0].primary.lower())]


FIRST_FRAME_PROBE = """
import asyncio, sys
import hermes.tui.app as app_mod

seen = []

def marker(event):
    if event == "first_frame":
        seen.append(sorted(m for m in sys.modules if m.startswith(("hermes.agent", "hermes.toolspec",
                                                                  "hermes.tui.screens.event_renderers",
                                                                  "hermes.tui.widgets.tool_lines"))))

app_mod.write_marker = marker

async def main():
    app = app_mod.HermesApp(preload=lambda: None, open_agent=False)
    async with app.run_test(size=(100, 32)) as pilot:
        while not seen:
            await pilot.pause(0.01)

asyncio.run(main())
print("AT_FIRST_FRAME", seen[0])
"""


def test_the_first_frame_imports_no_agent_event_types(chat_env, hermes_home: Path) -> None:
    """The agent's event types, tool looks and the event renderers load with the first agent
    event, not before the first frame (in a fresh process, so other tests' imports don't count)."""
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parents[2]
    env = dict(os.environ, HERMES_HOME=str(hermes_home), PYTHONPATH=str(repo))
    proc = subprocess.run([sys.executable, "-c", FIRST_FRAME_PROBE], capture_output=True,
                          text=True, env=env, cwd=repo, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "AT_FIRST_FRAME []" in proc.stdout, proc.stdout
