"""Mapping Hermes Agent's config.yaml onto ours: only keys with an equivalent, shown as a diff.

Hermes Agent names the chat model `model.default` (or `model` as a plain string, or the older
`model.model`/`model.name`) with a `provider` and an optional `base_url`, and keeps memory
settings under `memory:` with the same names as ours. API keys stay where they are: Hermes
Agent keeps them in its .env, and nothing here copies a secret.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from hermes.config import Config, ConfigError, api_base_problem, parse_config, read_yaml, set_config_value
from hermes.config.model_providers import named_like_its_prefix
from hermes.interop.agent_home import AgentHome

_MEMORY_KEYS = ("memory_enabled", "user_profile_enabled", "memory_char_limit", "user_char_limit",
                "write_approval")


@dataclass
class ConfigChange:
    key: str  # dotted, as in our config.yaml
    current: object
    proposed: object


@dataclass
class ConfigPlan:
    changes: list[ConfigChange] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what has no equivalent, or is invalid


def _model_section(data: dict[str, object]) -> tuple[str, str, str]:
    """(model id, provider, base_url) from Hermes Agent's config, in its precedence."""
    raw = data.get("model")
    model = dict(raw) if isinstance(raw, dict) else ({"default": raw} if raw else {})
    name = str(model.get("default") or model.get("model") or model.get("name") or "")
    provider = str(model.get("provider") or data.get("provider") or "").strip().lower()
    base_url = str(model.get("base_url") or model.get("api_base") or data.get("base_url")
                   or data.get("api_base") or "").strip()
    return name.strip(), provider, base_url


def litellm_name(model: str, provider: str, base_url: str) -> tuple[str, str | None]:
    """(our model name, note) for Hermes Agent's model/provider/base_url."""
    if not model:
        return "", None
    if base_url or provider == "custom":
        # an OpenAI-compatible endpoint: litellm's openai/ route sends the id as given
        return ("" if model.startswith("openai/") else "openai/") + model, None
    if named_like_its_prefix(provider):
        return ("" if model.startswith(provider + "/") else provider + "/") + model, None
    if provider in ("", "auto"):
        return model, None
    return model, (f"model.provider {provider!r} has no litellm equivalent here; the model name "
                   f"{model!r} was kept as is, check it with `hermes config check`")


def plan_config(home: AgentHome, cfg: Config) -> ConfigPlan:
    """The changes to our config.yaml that Hermes Agent's settings imply (writes nothing)."""
    plan = ConfigPlan()
    try:
        data = read_yaml(home.config)
    except ConfigError as exc:
        plan.notes.append(f"Hermes Agent's config not read: {exc}")
        return plan
    if not data:
        return plan
    proposed: dict[str, object] = {}
    model, provider, base_url = _model_section(data)
    name, note = litellm_name(model, provider, base_url)
    if note:
        plan.notes.append(note)
    if name:
        proposed["model.name"] = name
    if base_url:
        problem = api_base_problem(base_url)
        if problem:
            plan.notes.append(f"model.base_url not imported: {problem}")
        else:
            proposed["model.api_base"] = base_url
    raw_memory = data.get("memory")
    memory: dict[object, object] = raw_memory if isinstance(raw_memory, dict) else {}
    for key in _MEMORY_KEYS:
        if key in memory:
            proposed[f"memory.{key}"] = memory[key]
    external = str(memory.get("provider") or "").strip().lower()
    if external == "honcho":
        proposed["user_model.provider"] = "honcho"
    elif external:
        plan.notes.append(f"memory.provider {external!r} has no built-in equivalent here "
                          "(ours are off, local and honcho); not imported")
    current = {
        "model.name": cfg.model.name, "model.api_base": cfg.model.api_base,
        "user_model.provider": cfg.user_model.provider,
        **{f"memory.{k}": getattr(cfg.memory, k) for k in _MEMORY_KEYS},
    }
    if name and (home.root / ".env").exists():
        from hermes import paths

        plan.notes.append(f"API keys are not copied: if the model needs one, copy its line from "
                          f"{home.root / '.env'} to {paths.env_path()}")
    for key, value in proposed.items():
        try:  # each value alone, so one bad value is a note and the rest still map
            section, leaf = key.split(".")
            parse_config({section: {leaf: value}})
        except ConfigError as exc:
            plan.notes.append(f"{key} not imported: {exc}")
            continue
        if value != current[key]:
            plan.changes.append(ConfigChange(key, current[key], value))
    return plan


def describe(change: ConfigChange) -> str:
    """One diff line: `- key: old` / `+ key: new` on one line."""
    return f"{change.key}: {change.current!r} → {change.proposed!r}"


def with_changes(cfg: Config, plan: ConfigPlan) -> Config:
    """A copy of `cfg` as it will be once `plan` is applied (for planning the rest)."""
    out = copy.deepcopy(cfg)
    for change in plan.changes:
        section, leaf = change.key.split(".")
        part = parse_config({section: {leaf: change.proposed}})
        setattr(getattr(out, section), leaf, getattr(getattr(part, section), leaf))
    return out


def apply_config(plan: ConfigPlan) -> None:
    """Write the planned changes to our config.yaml (each key validated before it is written)."""
    for change in plan.changes:
        set_config_value(change.key, change.proposed)
