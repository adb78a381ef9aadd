"""A parsed YAML document → Config: values coerced to their field's type and checked against
its bounds; a bad value raises ConfigError naming the key and what is allowed, an unknown key
becomes a warning that names it.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, cast

from hermes.config.schema import Config, FieldMeta, ModelConfig
from hermes.errors import ConfigError

__all__ = ["PROVIDER_NAME", "SHELL_CONTROL", "api_base_problem", "parse_config"]


PROVIDER_NAME = re.compile(r"^[a-z][a-z0-9_.-]{0,63}$")
# Shell control characters: a command holding one runs more than its prefix says.
SHELL_CONTROL = (";", "&", "|", "`", "$(", ">", "<", "\n")

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

Scalar = bool | int | float | str  # what a leaf key's value becomes
SectionT = TypeVar("SectionT", bound="DataclassInstance")  # a config section's dataclass


def _describe(tp: object) -> str:
    names: dict[object, str] = {bool: "true or false", int: "an integer", float: "a number", str: "a string"}
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


def _coerce_scalar(key: str, value: object, tp: type, meta: FieldMeta) -> Scalar:
    if tp is bool:
        if isinstance(value, bool):
            out: Scalar = value
        elif isinstance(value, str) and value.strip().lower() in ("true", "yes", "on", "1"):
            out = True
        elif isinstance(value, str) and value.strip().lower() in ("false", "no", "off", "0"):
            out = False
        else:
            raise ConfigError(f"{key}: expected true or false, got {value!r}")
    elif tp in (int, float):
        if isinstance(value, bool):
            raise ConfigError(f"{key}: expected {_describe(tp)}, got {value!r}")
        if not isinstance(value, (int, float, str)):
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


def _build(cls: type[SectionT], data: object, prefix: str, warnings: list[str]) -> SectionT:
    """Build dataclass `cls` from a mapping, recursing into nested sections."""
    if data is None:
        data = {}
    if cls is ModelConfig and isinstance(data, str):
        data = {"name": data}
    if not isinstance(data, dict):
        raise ConfigError(f"{prefix or 'config'}: expected a mapping of keys, got {data!r}")
    hints = typing.get_type_hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if not f.metadata.get("internal")}
    aliases = {f.metadata["alias"] for f in fields.values() if f.metadata.get("alias")}
    kwargs: dict[str, object] = {}
    for raw_key, value in data.items():
        key = f"{prefix}.{raw_key}" if prefix else str(raw_key)
        f = fields.get(str(raw_key)) or _alias(fields, str(raw_key), data, prefix, warnings)
        if f is None:
            if str(raw_key) not in aliases:
                warnings.append(f"unknown config key '{key}' (ignored)")
            continue
        kwargs[f.name] = _convert(key, value, hints[f.name], cast(FieldMeta, dict(f.metadata)), warnings)
    return cls(**kwargs)


def _alias(fields: dict[str, dataclasses.Field[object]], raw_key: str, data: dict[object, object],
           prefix: str, warnings: list[str]) -> dataclasses.Field[object] | None:
    """The field an alias (e.g. user_model's contextCadence) names, with a warning naming the
    canonical key; None when `raw_key` is no alias, or the canonical key is set as well."""
    for f in fields.values():
        if f.metadata.get("alias") != raw_key:
            continue
        key, canonical = (f"{prefix}.{raw_key}", f"{prefix}.{f.name}") if prefix else (raw_key, f.name)
        if f.name in data:
            warnings.append(f"config key '{key}' ignored: '{canonical}' is set as well")
            return None
        warnings.append(f"config key '{key}' read as '{canonical}' (the canonical name; "
                        "rename it to silence this)")
        return f
    return None


def _command_prefixes(key: str, value: object) -> list[str]:
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


def _convert(key: str, value: object, tp: object, meta: FieldMeta, warnings: list[str]) -> object:
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
    if origin is typing.Literal:  # a choice: its allowed values are the type's
        return _coerce_scalar(key, value, str, {**meta, "choices": typing.get_args(tp)})
    if not isinstance(tp, type):  # pragma: no cover - every field type is handled above
        raise ConfigError(f"{key}: unsupported type")
    return _coerce_scalar(key, value, tp, meta)


def parse_config(data: object, source: Path | None = None) -> Config:
    """Turn a parsed YAML document into a Config (raises ConfigError on bad values)."""
    warnings: list[str] = []
    cfg: Config = _build(Config, data, "", warnings)
    cfg.source = source
    cfg.warnings = warnings
    return cfg
