"""The `memory:` config section as the memory layer uses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.config import ConfigError, load_config
from hermes.memory import MemoryTool, memory_tool_schema


def test_limits_given_as_strings_are_cast(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text(
        "memory:\n  memory_char_limit: '3000'\n  user_char_limit: \"1_500\"\n", encoding="utf-8")
    cfg = load_config()
    assert cfg.memory.memory_char_limit == 3000 and cfg.memory.user_char_limit == 1500
    result = MemoryTool(cfg.memory).call({"action": "add", "target": "memory", "content": "x entry"})
    assert result["usage"].endswith("/3,000 chars")


def test_invalid_limit_names_the_key(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("memory:\n  user_char_limit: lots\n",
                                             encoding="utf-8")
    with pytest.raises(ConfigError, match=r"memory\.user_char_limit"):
        load_config()


def test_disabled_flags_from_yaml(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("memory:\n  memory_enabled: false\n",
                                             encoding="utf-8")
    schema = memory_tool_schema(load_config().memory)
    assert schema is not None
    assert schema["function"]["parameters"]["properties"]["target"]["enum"] == ["user", "project"]
