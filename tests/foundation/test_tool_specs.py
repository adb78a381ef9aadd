"""Every tool the registry can hold is one whole ToolSpec, and its line reads the same live and
resumed (the transcript of a resumed session draws from the same look)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hermes.agent.tool_registry import ToolRegistry, build_registry, known_looks, look_for
from hermes.config import Config, UserModelConfig, load_config
from hermes.providers.factory import load_provider
from hermes.sessions import SessionStore
from hermes.toolspec import GENERIC_LOOK, ToolCall, ToolLook, ToolSpec, spec_problems, tool_error
from hermes.workspace.coding_tools import CodingTools


class _Host:
    """The parts of a session the coding tools read; nothing here is called by this test."""

    def __init__(self, root: Path) -> None:
        self.project_root = root
        self.tool_approver: Any = None
        self.turn_sources: Any = None

    def tool_output(self, call_id: str, text: str) -> None:
        pass


def _all_tools(tmp_path: Path) -> ToolRegistry:
    cfg: Config = load_config()
    cfg.tools.enabled = True
    db = tmp_path / "state.db"
    store = SessionStore(db)
    provider = load_provider(UserModelConfig(provider="local"), complete=None, store_path=db,
                             history=None)
    assert provider is not None
    coding = CodingTools(cfg.tools, _Host(tmp_path), lambda text: len(text.split()))
    registry, _ = build_registry(cfg, store, "s1", provider, coding=coding)
    return registry


def test_every_registered_tool_is_a_whole_spec_with_a_known_look(tmp_path: Path) -> None:
    registry = _all_tools(tmp_path)
    names = registry.names
    assert {"memory", "session_search", "read_file", "run_command", "user_profile"} <= set(names)
    looks = known_looks()
    for spec in registry.specs:
        assert spec_problems(spec) == [], spec.name
        # a resumed session draws the call from the same look as the live one
        assert looks.get(spec.name) is spec.look, f"{spec.name}'s look is not in known_looks()"
        assert spec.look.icon != GENERIC_LOOK.icon or spec.name.startswith("user_"), spec.name


def test_a_spec_lacking_a_part_is_named() -> None:
    schema = {"type": "function", "function": {"name": "other", "description": "d"}}
    broken = ToolSpec("", schema, "not callable", ToolLook("", GENERIC_LOOK.line))  # type: ignore[arg-type]
    assert spec_problems(broken) == ["no name", "the schema does not name the tool", "no dispatcher",
                                     "no icon or line for people"]
    nameless = {"type": "function", "function": {"name": "t"}}
    assert spec_problems(ToolSpec("t", nameless, len, GENERIC_LOOK)) == ["the schema has no description"]


@pytest.mark.parametrize(("name", "arguments"), [
    ("memory", {"action": "add", "target": "user", "content": "Prefers tabs"}),
    ("session_search", {"query": "auth refactor"}),
    ("read_file", {"path": "a.py"}),
    ("list_files", {"glob": "*.py"}),
    ("user_search", {"query": "tea"}),
])
async def test_the_live_line_and_the_resumed_line_are_the_same(tmp_path: Path, name: str,
                                                               arguments: dict[str, Any]) -> None:
    (tmp_path / "a.py").write_text("print('hi')\n")
    registry = _all_tools(tmp_path)
    outcome = await registry.call("c1", name, json.dumps(arguments))
    live = look_for(name).text(ToolCall(name, outcome.arguments, outcome.result, outcome.display))
    look = look_for(name)
    resumed = look.text(look.stored_call(name, json.loads(json.dumps(arguments)), outcome.result))
    assert live == resumed
    if not look.expandable:  # the plain lines show the registry's finished summary live
        assert live == f"{look.icon} {outcome.finish_summary}"


def test_one_error_shape_for_every_tool() -> None:
    assert json.loads(tool_error("no such file", path="a.py")) == {
        "success": False, "error": "no such file", "path": "a.py"}
    failed = ToolCall("memory", {"action": "add", "target": "user", "content": "x"},
                      tool_error("memory is full"))
    assert look_for("memory").text(failed) == '🧠 memory +user "x" → error: memory is full'
