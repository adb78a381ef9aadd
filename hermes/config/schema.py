"""The configuration's shape: one dataclass per config.yaml section, with defaults and bounds.

A field's metadata (min, max, url, provider_name, help) is what parsing.py checks a value
against; a field without any takes its type's checks only. A choice is a `Literal[...]` field:
the parser reads the allowed values from the type.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
# Path is a real import, not a TYPE_CHECKING one: parsing.py resolves these classes'
# annotations at run time (typing.get_type_hints), in this module's namespace.
from pathlib import Path
from typing import Literal, TypedDict, TypeVar, Unpack

from hermes.errors import ConfigError

__all__ = ["MAX_COMMAND_TIMEOUT", "AgentConfig", "CompressionConfig", "Config", "DisplayConfig", "HonchoConfig",
           "MemoryConfig", "ModelConfig", "ProjectConfig", "SessionsConfig", "SkillsConfig", "ToolsConfig",
           "UserModelConfig"]


T = TypeVar("T")


class FieldMeta(TypedDict, total=False):
    """What a field tells the parser (config/parsing.py) besides its type and default."""

    min: float
    max: float
    choices: tuple[str, ...]
    help: str
    url: bool  # an endpoint: checked with api_base_problem
    provider_name: bool  # off, local, honcho or a plugin's name
    alias: str  # another spelling that is read too, with a warning
    internal: bool  # not read from the file


def _opt(default: T, **meta: Unpack[FieldMeta]) -> T:
    """A field with its default and the parser's metadata (bounds, help, alias…)."""
    return field(default=default, metadata=meta)


@dataclass
class ModelConfig:
    """A litellm model and how to reach it. An empty name means "not configured"."""

    name: str = _opt("", help="litellm model name, e.g. openai/gpt-4.1")
    api_base: str = _opt("", url=True, help="optional OpenAI-compatible endpoint")
    api_key_env: str = _opt("", help="env var holding the key; empty = litellm's default")
    context_window: int = _opt(0, min=0, help="0 = ask litellm's model info")
    temperature: float | None = _opt(None, min=0.0, max=2.0)
    # cap on reply tokens; 0 or empty = min(8192, a quarter of the context window)
    max_tokens: int | None = _opt(None, min=0)
    # "auto": a reply whose text is a call to an offered tool (bare or fenced JSON,
    # <tool_call> blocks) runs as a tool call; "off": such replies stay text
    text_tool_calls: Literal["auto", "off"] = _opt("auto")
    # llama.cpp's server: 0 = send nothing of its own; 1 = `cache_prompt: true`; 2 or more
    # (a server started with -np 2 or more) = also `id_slot` 0 for the conversation and 1 for
    # background work (review, title, scan judge), so they keep apart cached prefixes
    llama_slots: int = _opt(0, min=0, max=64)


@dataclass
class MemoryConfig:
    memory_enabled: bool = True
    user_profile_enabled: bool = True
    memory_char_limit: int = _opt(2200, min=100, max=100_000)
    user_char_limit: int = _opt(1375, min=100, max=100_000)
    # PROJECT.md: this project's conventions, kept under $HERMES_HOME/projects/<hash>/
    project_enabled: bool = True
    project_char_limit: int = _opt(1500, min=100, max=100_000)
    write_approval: bool = False
    review_interval: int = _opt(1, min=0, help="0 turns the review off")
    review_model: ModelConfig | None = None
    # "destructive": the background review's replace/remove wait for approval (off = the
    # review writes like the foreground agent; the journal and undo are the safety net)
    review_approval: Literal["off", "destructive"] = _opt("off")
    # a model that double-checks writes the scan rules are unsure about; empty = rules only
    scan_model: ModelConfig | None = None
    # an entry not confirmed for this long (90d, 12w, or a number of days) is stale: when a
    # later session contradicts it, the review proposes to retire or rewrite it
    stale_after: str = _opt("90d", help="90d, 12w or a number of days")

    def __post_init__(self) -> None:
        if stale_after_days(self.stale_after) is None:
            raise ConfigError(f"memory.stale_after: expected a span such as 90d, 12w or a number "
                              f"of days (at least 1), got {self.stale_after!r}")

    @property
    def stale_days(self) -> int:
        """memory.stale_after in days."""
        return stale_after_days(self.stale_after) or 90


_SPAN = re.compile(r"^\s*(\d{1,5})\s*([dw]?)\s*$", re.IGNORECASE)


def stale_after_days(text: str) -> int | None:
    """Days in a span like "90d", "12w" or "90"; None when it is not one (or is 0)."""
    match = _SPAN.match(str(text))
    if not match:
        return None
    days = int(match.group(1)) * (7 if match.group(2).lower() == "w" else 1)
    return days or None


@dataclass
class SessionsConfig:
    title_model: ModelConfig | None = None
    auto_prune: bool = False
    retention_days: int = _opt(90, min=1)


@dataclass
class CompressionConfig:
    threshold: float = _opt(0.8, min=0.1, max=1.0)
    model: ModelConfig | None = None
    keep_recent_turns: int = _opt(4, min=1, max=50)


@dataclass
class AgentConfig:
    max_tool_rounds: int = _opt(8, min=1, max=50)
    max_retries: int = _opt(3, min=0, max=10)
    request_timeout: float = _opt(120.0, min=1.0)
    # wall-clock limit for one streamed reply: a stream still producing tokens is cut then
    reply_timeout: float = _opt(300.0, min=1.0)


@dataclass
class DisplayConfig:
    memory_notifications: Literal["off", "on", "verbose"] = _opt("on")
    theme: str = "hermes-dark"


@dataclass
class HonchoConfig:
    base_url: str = _opt("", help="empty = Honcho cloud")
    api_key_env: str = "HONCHO_API_KEY"
    workspace: str = "hermes"
    user_peer: str = "user"
    assistant_peer: str = "hermes"


@dataclass
class UserModelConfig:
    # off, local, honcho, or the name of an installed provider plugin (hermes.providers.plugins)
    provider: str = _opt("off", provider_name=True)
    model: ModelConfig | None = None
    # the camelCase spellings of Honcho's own seeds are read too, with a warning
    context_cadence: int = _opt(1, min=1, alias="contextCadence")
    dialectic_cadence: int = _opt(5, min=1, alias="dialecticCadence")
    dialectic_depth: int = _opt(2, min=1, max=3, alias="dialecticDepth")
    timeout: float = _opt(20.0, min=1.0, help="seconds per turn for the provider's context")
    honcho: HonchoConfig = field(default_factory=HonchoConfig)
    # settings for a provider plugin, handed to it as they are
    options: dict[str, object] = field(default_factory=dict)


@dataclass
class ProjectConfig:
    context_chars: int = _opt(8000, min=0, max=60_000,
                              help="cap on the PROJECT CONTEXT block; 0 = no project files")


# A longer command than this needs a person at the terminal, not the agent.
MAX_COMMAND_TIMEOUT = 1800


@dataclass
class ToolsConfig:
    """The coding tools (read, list, search, edit, write, run a command) in the project."""

    enabled: bool = True
    # command prefixes that run without asking, e.g. ["pytest", "git status"]
    auto_approve: list[str] = field(default_factory=list)
    allow_outside_root: bool = False
    result_tokens: int = _opt(2000, min=200, max=50_000)
    command_timeout: int = _opt(120, min=1, max=MAX_COMMAND_TIMEOUT)


@dataclass
class SkillsConfig:
    """Skills (hermes/skills/): procedures in SKILL.md folders, indexed in the prompt."""

    enabled: bool = True
    # staged: every proposal waits for a person; auto: the agent's patches to skills it created
    # itself are written at once (new skills and deletions still wait)
    write_approval: str = _opt("staged", choices=("staged", "auto"))
    review: bool = _opt(True, help="the review may propose skills after multi-step turns")
    agent_home: str = _opt("", help="a Hermes Agent home whose skills/ are read, read-only")


@dataclass
class Config:
    model: ModelConfig = field(default_factory=ModelConfig)
    memory: MemoryConfig = field(default_factory=MemoryConfig)
    sessions: SessionsConfig = field(default_factory=SessionsConfig)
    compression: CompressionConfig = field(default_factory=CompressionConfig)
    agent: AgentConfig = field(default_factory=AgentConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    user_model: UserModelConfig = field(default_factory=UserModelConfig)
    project: ProjectConfig = field(default_factory=ProjectConfig)
    tools: ToolsConfig = field(default_factory=ToolsConfig)
    skills: SkillsConfig = field(default_factory=SkillsConfig)
    # Not config keys: where it came from and what was odd about it.
    source: Path | None = field(default=None, compare=False, metadata={"internal": True})
    warnings: list[str] = field(default_factory=list, compare=False, metadata={"internal": True})

    def resolve_model(self, aux: ModelConfig | None) -> ModelConfig:
        """An auxiliary model, or the main one when unset; a bare name inherits endpoint and key."""
        if aux is None or not aux.name:
            return self.model
        return dataclasses.replace(
            aux,
            api_base=aux.api_base or self.model.api_base,
            api_key_env=aux.api_key_env or self.model.api_key_env,
            # the same llama.cpp server: its slots too (model.llama_slots)
            llama_slots=aux.llama_slots or (0 if aux.api_base else self.model.llama_slots),
        )
