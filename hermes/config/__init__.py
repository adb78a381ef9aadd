"""Typed configuration: $HERMES_HOME/config.yaml laid over defaults.

Unknown keys produce warnings that name them; bad values raise ConfigError naming the
key and what is allowed. Nothing here imports litellm or Textual.

The parts: schema.py holds the sections as dataclasses with their defaults and bounds;
parsing.py turns a YAML mapping into a Config and words its errors; config_file.py reads and
rewrites config.yaml and $HERMES_HOME/.env.
"""

from __future__ import annotations

from hermes.config.config_file import (
    load_config,
    load_env_file,
    parse_env_text,
    read_yaml,
    set_config_value,
    set_env_value,
    write_private_file,
)
from hermes.config.parsing import PROVIDER_NAME, SHELL_CONTROL, api_base_problem, parse_config
from hermes.config.schema import (
    MAX_COMMAND_TIMEOUT,
    AgentConfig,
    CompressionConfig,
    Config,
    DisplayConfig,
    HonchoConfig,
    MemoryConfig,
    ModelConfig,
    ProjectConfig,
    SessionsConfig,
    SkillsConfig,
    ToolsConfig,
    UserModelConfig,
)
from hermes.errors import ConfigError

__all__ = [
    "MAX_COMMAND_TIMEOUT",
    "PROVIDER_NAME",
    "SHELL_CONTROL",
    "AgentConfig",
    "CompressionConfig",
    "Config",
    "ConfigError",
    "DisplayConfig",
    "HonchoConfig",
    "MemoryConfig",
    "ModelConfig",
    "ProjectConfig",
    "SessionsConfig",
    "SkillsConfig",
    "ToolsConfig",
    "UserModelConfig",
    "api_base_problem",
    "load_config",
    "load_env_file",
    "parse_config",
    "parse_env_text",
    "read_yaml",
    "set_config_value",
    "set_env_value",
    "write_private_file",
]
