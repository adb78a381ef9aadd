"""Pure parts of the app: slash-command parsing and completion, status-bar narrowing, themes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from hermes.config import Config, ModelConfig
from hermes.tui import commands
from hermes.tui.session_loading import frozen_snapshot, items_from_messages
from hermes.tui.setup import key_env_for, model_settings, needs_setup
from hermes.tui.themes import APP_VARIABLES, bundled_themes_dir, load_theme_file, load_themes
from hermes.tui.widgets.prompt_input import PromptHistory
from hermes.tui.widgets.status_bar import StatusInfo, gauge_level, status_markup


# ---------------------------------------------------------------- slash commands

@pytest.mark.parametrize("line, name, args", [
    ("/help", "help", ""),
    ("/title  my   project ", "title", "my project"),
    ("/memory approve ab12cd34", "memory", "approve ab12cd34"),
    ("/memory approval off", "memory", "approval off"),
    ("/RESUME alpha", "resume", "alpha"),
])
def test_valid_commands_parse(line: str, name: str, args: str) -> None:
    invocation = commands.parse(line)
    assert (invocation.name, invocation.args) == (name, args)


@pytest.mark.parametrize("line, hint", [
    ("/frob", "Unknown command /frob"),
    ("/search", "/search needs an argument"),
    ("/clear now", "/clear takes no arguments"),
    ("/memory approve", "/memory approve needs one pending id or 'all'"),
    ("/memory approval maybe", "Usage: /memory approval on|off"),
    ("/memory explode", "Unknown /memory action 'explode'"),
    ("/memory pending 3", "/memory pending takes no arguments"),
])
def test_bad_commands_give_a_one_line_hint(line: str, hint: str) -> None:
    with pytest.raises(commands.CommandError) as info:
        commands.parse(line)
    assert str(info.value).startswith(hint) and "\n" not in str(info.value)


def test_a_close_misspelling_gets_a_suggestion() -> None:
    with pytest.raises(commands.CommandError, match="Did you mean /sessions"):
        commands.parse("/sesions")


@pytest.mark.parametrize("text, expected", [
    ("/usr/bin/env python", False),
    ("//not a command", False),
    ("/help", True),
    ("hello /help", False),
])
def test_what_counts_as_a_command(text: str, expected: bool) -> None:
    assert commands.is_command(text) is expected


def test_completion_of_names_subcommands_and_theme_names() -> None:
    assert commands.completions("/re") == ["/resume", "/retry"]
    assert commands.completions("/memory ap") == ["/memory approve", "/memory approval"]
    assert commands.completions("/memory approval o") == ["/memory approval on", "/memory approval off"]
    themes = {"theme": ("hermes-dark", "hermes-light")}
    assert commands.completions("/theme hermes-l", themes) == ["/theme hermes-light"]
    assert commands.completions("hello") == [] and commands.completions("/x\ny") == []


def test_every_command_has_a_handler_and_every_handler_a_command() -> None:
    from hermes.tui.command_runner import CommandRunner

    handlers = {name[4:].replace("_", "-") for name in dir(CommandRunner)
                if name.startswith("cmd_") and callable(getattr(CommandRunner, name))}
    names = {command.name for command in commands.COMMANDS}
    assert names - handlers == set(), "a COMMANDS entry without a CommandRunner.cmd_ handler"
    assert handlers - names == set(), "a cmd_ handler without a COMMANDS entry"


def test_every_command_is_in_help() -> None:
    text = "\n".join(commands.help_lines())
    for command in commands.COMMANDS:
        assert f"/{command.name}" in text


# ---------------------------------------------------------------- status bar

def test_gauge_levels_follow_the_spec() -> None:
    assert [gauge_level(p) for p in (0, 80, 81, 94, 95, 100)] == \
        ["ok", "ok", "warn", "warn", "full", "full"]


def _plain(markup: str) -> str:
    from textual.content import Content

    return Content.from_markup(markup).plain


def test_status_bar_shows_everything_when_wide_and_narrows_by_priority() -> None:
    info = StatusInfo(model="anthropic/claude-sonnet-4-5", context_tokens=12_400,
                      context_window=200_000, memory_pct=67, user_pct=96, pending=2,
                      input_tokens=15_300, output_tokens=2_100, cost=0.0423, title="auth refactor")
    wide = _plain(status_markup(info, 160))
    for part in ("anthropic/claude-sonnet-4-5", "12k/200k ▰", "MEM 67% · USER 96%", "⏳ 2 pending",
                 "↑15k ↓2.1k $0.04", "auth refactor"):
        assert part in wide
    assert "[$hermes-gauge-full]USER 96%" in status_markup(info, 160)
    assert "[$hermes-gauge-ok]MEM 67%" in status_markup(info, 160)
    for width in (100, 80, 60, 40):
        narrow = _plain(status_markup(info, width))
        assert len(narrow) <= width, (width, narrow)
        assert "MEM 67%" in narrow  # the gauge always stays
    assert "↑15k" not in _plain(status_markup(info, 80))


def test_the_project_shows_only_when_set_and_goes_before_the_title_when_narrow() -> None:
    info = StatusInfo(model="openai/gpt-4.1", title="auth refactor")
    assert "hermes-app" not in _plain(status_markup(info, 160))
    with_project = replace(info, project="hermes-app")
    assert "hermes-app" in _plain(status_markup(with_project, 160))
    assert _plain(status_markup(with_project, 160)).index("hermes-app") < \
        _plain(status_markup(with_project, 160)).index("auth refactor")
    narrow = _plain(status_markup(with_project, 30))
    assert len(narrow) <= 30 and "hermes-app" not in narrow  # dropped before the title


def test_text_buffer_coalesces_deltas_into_one_message_per_take() -> None:
    from hermes.tui.text_stream import TextBuffer

    buffer = TextBuffer(frame=60.0)
    assert buffer.add("Hel") == 0.0  # nothing taken yet: tell the screen at once
    assert buffer.add("lo") is None  # a message is already on its way; it carries this too
    assert buffer.take() == "Hello" and not buffer
    delay = buffer.add(" world")  # the next message waits for the rest of the frame
    assert delay is not None and 59.0 < delay <= 60.0
    assert buffer.take() == " world"


def test_every_agent_event_type_has_a_renderer_on_the_chat_screen() -> None:
    """A new event type needs one `@renders(...)` method in event_renderers.py; this names the ones without."""
    from typing import get_args

    from hermes.agent import events as ev
    from hermes.tui.screens.event_renderers import RENDERERS

    not_shown = {ev.TurnStarted}  # nothing to draw: the reply widget starts with the first text
    assert {t for t in get_args(ev.Event) if t not in RENDERERS} == not_shown


def test_status_markup_escapes_names() -> None:
    info = StatusInfo(model="m", title="[bold]not markup[/]")
    assert "not markup" in _plain(status_markup(info, 120))
    assert "[bold]" in _plain(status_markup(info, 120))


# ---------------------------------------------------------------- prompt history

def test_prompt_history_walks_back_and_returns_the_draft() -> None:
    history = PromptHistory(["one", "two"])
    assert history.previous("draft") == "two"
    assert history.previous("two") == "one"
    assert history.previous("one") is None  # stays at the oldest
    assert history.next() == "two"
    assert history.next() == "draft"
    history.add("three")
    history.add("three")
    assert history.entries == ["one", "two", "three"]


# ---------------------------------------------------------------- themes

def test_bundled_themes_are_valid_and_define_every_app_variable() -> None:
    result = load_themes([bundled_themes_dir()])
    assert result.problems == []
    assert {"hermes-dark", "hermes-light", "hermes-high-contrast"} <= set(result.themes)
    assert result.themes["hermes-light"].dark is False
    for theme in result.themes.values():
        assert set(APP_VARIABLES) <= set(theme.variables), theme.name


@pytest.mark.parametrize("body, problem", [
    ("name: x\ncolors: {primary: '#zzzzzz'}\n", "is not a colour"),
    ("name: x\ncolors: {primary: '#ffffff', sparkle: '#000000'}\n", "unknown colour sparkle"),
    ("colors: {primary: '#ffffff'}\n", "'name' must be a single word"),
    ("name: x\ncolors: {}\n", "colors.primary is required"),
    ("name: x\n  bad: [\n", "invalid YAML"),
    ("- a list\n", "the top level must be a mapping"),
    ("name: x\ndark: maybe\ncolors: {primary: '#ffffff'}\n", "'dark' must be true or false"),
])
def test_broken_theme_files_are_reported_with_file_and_problem(
        tmp_path: Path, body: str, problem: str) -> None:
    (tmp_path / "bad.yaml").write_text(body)
    (tmp_path / "good.yaml").write_text("name: good\ncolors: {primary: '#123456'}\n")
    result = load_themes([tmp_path])
    assert list(result.themes) == ["good"]
    assert len(result.problems) == 1 and result.problems[0].startswith("bad.yaml: ")
    assert problem in result.problems[0]
    assert "bad.yaml" in result.warning()


def test_a_user_theme_overrides_a_bundled_one_of_the_same_name(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        "name: hermes-dark\ncolors: {primary: '#ff0000'}\nvariables: {hermes-tool: '#00ff00'}\n")
    result = load_themes([bundled_themes_dir(), tmp_path])
    assert result.themes["hermes-dark"].primary == "#ff0000"
    assert load_theme_file(tmp_path / "mine.yaml").variables == {"hermes-tool": "#00ff00"}


# ---------------------------------------------------------------- first run, history rows

def test_needs_setup_without_a_model_or_without_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    assert needs_setup(Config())
    cfg = Config(model=ModelConfig(name="openai/gpt-4.1"))
    assert needs_setup(cfg) and key_env_for(cfg.model) == "OPENAI_API_KEY"
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    assert not needs_setup(cfg)
    assert not needs_setup(Config(model=ModelConfig(name="ollama_chat/qwen2.5")))
    local = ModelConfig(name="openai/local", api_base="http://127.0.0.1:8080/v1")
    assert key_env_for(local) is None and not needs_setup(Config(model=local))


def test_model_settings_for_each_provider() -> None:
    assert model_settings("anthropic", "", "") == {
        "name": "anthropic/claude-sonnet-4-5", "api_base": "", "api_key_env": "ANTHROPIC_API_KEY"}
    assert model_settings("compatible", "qwen", "http://h:1/v1")["name"] == "openai/qwen"
    # a keyless server: no api_key_env, so neither setup nor the chat waits for a key
    keyless = model_settings("compatible", "qwen", "http://h:1/v1", has_key=False)
    assert keyless["api_key_env"] == ""
    assert not needs_setup(Config(model=ModelConfig(**keyless)))
    assert model_settings("ollama", "ollama_chat/llama3", "")["api_key_env"] == ""


class _Record:
    def __init__(self, role: str, content: str, tool_calls=None, finish_reason=None, tool_call_id=None) -> None:
        self.role, self.content, self.tool_calls = role, content, tool_calls
        self.finish_reason, self.tool_call_id = finish_reason, tool_call_id


def test_stored_messages_become_transcript_rows() -> None:
    call = {"id": "c1", "type": "function",
            "function": {"name": "memory",
                         "arguments": '{"action": "add", "target": "user", "content": "likes tea"}'}}
    rows = items_from_messages([
        _Record("system", "prompt"),
        _Record("user", "hi"),
        _Record("assistant", "", tool_calls=[call]),
        _Record("tool", '{"success": true}', tool_call_id="c1"),
        _Record("assistant", "half a rep", finish_reason="interrupted"),
    ])
    assert [(r.kind, r.text) for r in rows] == [
        ("user", "hi"), ("tool", '🧠 memory +user "likes tea" → saved'), ("assistant", "half a rep"),
        ("info", "⚠ interrupted — the reply was cut off here")]  # said in words, not only colour
    assert rows[-2].meta["marker"] == "interrupted"


class _Agent:
    def __init__(self, session_id, snapshot="", prompt=None) -> None:
        self.session_id, self.memory_snapshot, self.system_prompt = session_id, snapshot, prompt


def test_frozen_snapshot_from_the_agent_or_the_stored_prompt() -> None:
    rule = "═" * 46
    block = f"{rule}\nMEMORY (your personal notes) [1% — 20/2,200 chars]\n{rule}\nUses Arch"
    assert frozen_snapshot(_Agent(None)) is None
    assert frozen_snapshot(_Agent("s", snapshot=block)) == block
    assert frozen_snapshot(_Agent("s", prompt=f"You are Hermes.\n\n{block}\n\n## Tools")) == block
    assert frozen_snapshot(_Agent("s", prompt="no memory here")) == ""


# ---------------------------------------------------------------- long replies

def test_a_long_reply_is_split_only_at_a_blank_line_outside_code() -> None:
    from hermes.tui.widgets.reply import SEGMENT_CHARS, split_point

    long_text = "word " * (SEGMENT_CHARS // 5 + 1)
    assert split_point("short", "a\n\nb") is None  # not long yet
    assert split_point(long_text, "no blank line") is None
    assert split_point(long_text, "end.\n\nNext") == len("end.\n\n")
    inside_fence = long_text + "\n```python\nx = 1\n"
    assert split_point(inside_fence, "\n\ny = 2\n") is None  # a blank line inside code
    assert split_point(inside_fence, "```\n\nAfter") == len("```\n\n")
