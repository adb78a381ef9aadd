"""Typed configuration: $HERMES_HOME/config.yaml laid over defaults.

Unknown keys produce warnings that name them; bad values raise ConfigError naming the
key and what is allowed. Nothing here imports litellm or Textual.
"""

from __future__ import annotations

import dataclasses
import os
import re
import tempfile
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from hermes import paths
from hermes.errors import ConfigError

__all__ = ["Config", "ConfigError", "ModelConfig", "load_config", "parse_config", "set_config_value"]


PROVIDER_NAME = re.compile(r"^[a-z][a-z0-9_.-]{0,63}$")


def _opt(default: Any, **meta: Any) -> Any:
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
    text_tool_calls: str = _opt("auto", choices=("auto", "off"))


@dataclass
class MemoryConfig:
    memory_enabled: bool = True
    user_profile_enabled: bool = True
    memory_char_limit: int = _opt(2200, min=100, max=100_000)
    user_char_limit: int = _opt(1375, min=100, max=100_000)
    write_approval: bool = False
    review_interval: int = _opt(1, min=0, help="0 turns the review off")
    review_model: ModelConfig | None = None
    # "destructive": the background review's replace/remove wait for approval (off = the
    # review writes like the foreground agent; the journal and undo are the safety net)
    review_approval: str = _opt("off", choices=("off", "destructive"))
    # a model that double-checks writes the scan rules are unsure about; empty = rules only
    scan_model: ModelConfig | None = None


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
    memory_notifications: str = _opt("on", choices=("off", "on", "verbose"))
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
    context_cadence: int = _opt(1, min=1)
    dialectic_cadence: int = _opt(5, min=1)
    dialectic_depth: int = _opt(2, min=1, max=3)
    timeout: float = _opt(20.0, min=1.0, help="seconds per turn for the provider's context")
    honcho: HonchoConfig = field(default_factory=HonchoConfig)
    # settings for a provider plugin, handed to it as they are
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class ProjectConfig:
    context_chars: int = _opt(8000, min=0, max=60_000,
                              help="cap on the PROJECT CONTEXT block; 0 = no project files")


# A longer command than this needs a person at the terminal, not the agent.
MAX_COMMAND_TIMEOUT = 1800
# Shell control characters: a command holding one runs more than its prefix says.
SHELL_CONTROL = (";", "&", "|", "`", "$(", ">", "<", "\n")


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
        )


# ---------------------------------------------------------------- parsing


def _describe(tp: Any) -> str:
    names = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
    return names.get(tp, getattr(tp, "__name__", str(tp)))


def api_base_problem(value: str) -> str | None:
    """What is wrong with an endpoint URL, naming the fix; None when usable (or empty).

    `localhost:9` parses as scheme "localhost", and litellm would send it nowhere useful:
    an endpoint needs http:// or https:// and a host."""
    from urllib.parse import urlsplit

    value = value.strip()
    if not value:
        return None
    if "://" not in value:
        return f"{value!r} has no scheme; write http://{value} (or https:// for a TLS server)"
    parts = urlsplit(value)
    if parts.scheme.lower() not in ("http", "https"):
        return f"{value!r} must start with http:// or https://"
    if not parts.hostname:
        return f"{value!r} names no host; write it like http://localhost:8000/v1"
    try:
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        return f"{value!r} has a port that is not a number"
    return None


def _coerce_scalar(key: str, value: Any, tp: type, meta: dict[str, Any]) -> Any:
    if tp is bool:
        if isinstance(value, bool):
            out: Any = value
        elif isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
            out = True
        elif isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
            out = False
        else:
            raise ConfigError(f"{key}: expected true or false, got {value!r}")
    elif tp in (int, float):
        if isinstance(value, bool):
            raise ConfigError(f"{key}: expected {_describe(tp)}, got {value!r}")
        try:
            out = tp(value.strip().replace("_", "")) if isinstance(value, str) else tp(value)
        except (TypeError, ValueError):
            raise ConfigError(f"{key}: expected {_describe(tp)}, got {value!r}") from None
        if tp is int and isinstance(value, float) and value != int(value):
            raise ConfigError(f"{key}: expected an integer, got {value!r}")
        lo, hi = meta.get("min"), meta.get("max")
        if (lo is not None and out < lo) or (hi is not None and out > hi):
            bounds = f"between {lo} and {hi}" if hi is not None else f"at least {lo}"
            raise ConfigError(f"{key}: must be {bounds}, got {value!r}")
    elif tp is str:
        choices = meta.get("choices") or ()
        if value is False and meta.get("provider_name"):
            value = "off"  # YAML 1.1 reads a bare `off` as false
        if isinstance(value, bool) and {"on", "off"} & set(choices):
            # YAML 1.1 reads a bare `off` / `on` as a boolean; take it as the word meant
            value = "on" if value else "off"
        if value is None:
            out = ""
        elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
            out = str(value)
        else:
            raise ConfigError(f"{key}: expected a string, got {value!r}")
        if choices and out not in choices:
            raise ConfigError(f"{key}: must be one of {', '.join(choices)}; got {value!r}")
        if meta.get("provider_name") and not PROVIDER_NAME.match(out):
            raise ConfigError(f"{key}: must be off, local, honcho or the name of an installed"
                              f" provider plugin (lower-case letters, digits, . _ -); got {value!r}")
        if meta.get("url") and (problem := api_base_problem(out)):
            raise ConfigError(f"{key}: {problem}")
    else:  # pragma: no cover - every field type is handled above
        raise ConfigError(f"{key}: unsupported type")
    return out


def _build(cls: type, data: Any, prefix: str, warnings: list[str]) -> Any:
    """Build dataclass `cls` from a mapping, recursing into nested sections."""
    if data is None:
        data = {}
    if cls is ModelConfig and isinstance(data, str):
        data = {"name": data}
    if not isinstance(data, dict):
        raise ConfigError(f"{prefix or 'config'}: expected a mapping of keys, got {data!r}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if not f.metadata.get("internal")}
    kwargs: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = f"{prefix}.{raw_key}" if prefix else str(raw_key)
        f = fields.get(str(raw_key))
        if f is None:
            warnings.append(f"unknown config key '{key}' (ignored)")
            continue
        kwargs[f.name] = _convert(key, value, hints[f.name], dict(f.metadata), warnings)
    return cls(**kwargs)


def _command_prefixes(key: str, value: Any) -> list[str]:
    """A list of command prefixes (tools.auto_approve): plain words, no shell control characters."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise ConfigError(f"{key}: expected a list of command prefixes like [pytest, git status], "
                          f"got {value!r}")
    out: list[str] = []
    for item in value:
        if not isinstance(item, str) or not item.strip():
            raise ConfigError(f"{key}: each entry must be a command prefix such as 'pytest', "
                              f"got {item!r}")
        bad = next((c for c in SHELL_CONTROL if c in item), None)
        if bad is not None:
            raise ConfigError(f"{key}: {item!r} contains {bad!r}; list plain command prefixes "
                              f"(a command with shell operators always asks)")
        out.append(" ".join(item.split()))
    return out


def _convert(key: str, value: Any, tp: Any, meta: dict[str, Any], warnings: list[str]) -> Any:
    origin = typing.get_origin(tp)
    if origin is list:
        return _command_prefixes(key, value)
    if origin is dict:  # plugin options: handed over as written
        if value is None:
            return {}
        if not isinstance(value, dict):
            raise ConfigError(f"{key}: expected a mapping of keys, got {value!r}")
        return {str(k): v for k, v in value.items()}
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if value is None or (value == "" and args[0] is ModelConfig):
            return None
        tp = args[0]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _build(tp, value, key, warnings)
    return _coerce_scalar(key, value, tp, meta)


def parse_config(data: Any, source: Path | None = None) -> Config:
    """Turn a parsed YAML document into a Config (raises ConfigError on bad values)."""
    warnings: list[str] = []
    cfg = _build(Config, data, "", warnings)
    cfg.source = source
    cfg.warnings = warnings
    return cfg


def read_yaml(path: Path) -> dict[str, Any]:
    """The raw mapping in a YAML file; {} when it does not exist."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" (line {where.line + 1}, column {where.column + 1})" if where else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise ConfigError(f"{path}{at}: {problem}; fix the file or move it aside") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of sections")
    return data


def load_config(path: Path | None = None) -> Config:
    """Load $HERMES_HOME/config.yaml (or `path`) over the defaults."""
    path = path or paths.config_path()
    return parse_config(read_yaml(path), source=path)


def set_config_value(dotted_key: str, value: Any, path: Path | None = None) -> None:
    """Persist one key (e.g. "display.theme") in config.yaml, validating the result first.

    Comments in a hand-written file are not preserved by PyYAML; values are.
    """
    path = path or paths.config_path()
    data = read_yaml(path)
    node = data
    parts = dotted_key.split(".")
    for part in parts[:-1]:
        child = node.get(part)
        if isinstance(child, str) and part in ("model", "review_model", "title_model"):
            child = {"name": child}
        if not isinstance(child, dict):
            child = {}
        node[part] = child
        node = child
    node[parts[-1]] = value
    parse_config(data)  # refuse to write something that would not load
    write_private_file(path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def write_private_file(path: Path, text: str) -> None:
    """Atomically write a 0600 file: temp file `.<name>.*.tmp` in the same folder → fsync →
    rename → fsync the folder. A crash at any point leaves the old or the new file.

    Raises paths.UnsafePath when `path` is a link, FIFO or folder (nothing is written)."""
    folder = paths.ensure_dir(path.parent)
    # The rename would replace a link or a FIFO itself; refusing says what is odd instead.
    paths.check_regular_or_missing(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, paths.FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


# ---------------------------------------------------------------- .env


def parse_env_text(text: str) -> dict[str, str]:
    """KEY=VALUE lines; '#' comments, optional 'export ', optional quotes."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        key, value = key.strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if key:
            out[key] = value
    return out


def load_env_file(path: Path | None = None) -> dict[str, str]:
    """Load $HERMES_HOME/.env into os.environ without overriding variables already set."""
    path = path or paths.env_path()
    try:
        values = parse_env_text(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        return {}
    for key, value in values.items():
        os.environ.setdefault(key, value)
    return values


def set_env_value(key: str, value: str, path: Path | None = None) -> None:
    """Store a secret in $HERMES_HOME/.env (mode 0600) and in this process's environment.

    Only the line for `key` changes; comments and other lines stay as they are. A .env that
    exists but cannot be read is never overwritten (ConfigError says why)."""
    path = path or paths.env_path()
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except FileNotFoundError:
        lines = ["# Secrets for Hermes. Keep this file private (mode 0600)."]
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot update {path}: {exc}; nothing was changed") from None
    entry = f"{key}={value}"
    for i, line in enumerate(lines):
        name = line.strip().removeprefix("export ").partition("=")[0].strip()
        if "=" in line and not line.lstrip().startswith("#") and name == key:
            lines[i] = entry
            break
    else:
        lines.append(entry)
    write_private_file(path, "\n".join(lines) + "\n")
    os.environ[key] = value
