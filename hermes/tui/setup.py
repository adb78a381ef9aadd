"""First-run logic (no Textual): is a model configured and is its key available?"""

from __future__ import annotations

import os

from hermes.config import Config, ModelConfig
from hermes.config.model_providers import BY_NAME


def key_env_for(model: ModelConfig) -> str | None:
    """The variable that must hold the model's key; None when it needs none (the agent's rule)."""
    from hermes.agent.llm import key_env_for as agent_rule  # litellm is not imported by this

    return agent_rule(model)


def needs_setup(cfg: Config) -> bool:
    """True when no model is configured or its key is missing from the environment and .env."""
    if not cfg.model.name.strip():
        return True
    env = key_env_for(cfg.model)
    return env is not None and env != "" and not os.environ.get(env, "").strip()


def setup_reason(cfg: Config) -> str:
    if not cfg.model.name.strip():
        return "No model is configured yet."
    return f"No key for {cfg.model.name}: ${key_env_for(cfg.model)} is not set."


def model_settings(provider_id: str, model: str, api_base: str, *, has_key: bool = True
                   ) -> dict[str, str]:
    """The `model:` section to save for a provider choice (a keyless OpenAI-compatible server
    gets no api_key_env, so nothing waits for a key it does not need)."""
    provider = BY_NAME[provider_id]
    name = model.strip() or provider.example_model
    if provider_id == "compatible" and "/" not in name:
        name = f"openai/{name}"
    settings = {"name": name, "api_base": api_base.strip() if provider.needs_api_base else ""}
    settings["api_key_env"] = provider.key_env if provider.key_env else ""
    if provider_id == "compatible" and api_base.strip() and has_key:
        settings["api_key_env"] = "HERMES_COMPAT_API_KEY"
    return settings
