"""The one list of built-in model providers, and what setup, key checks and config import read from it."""

from __future__ import annotations

import pytest

from hermes.agent.llm_errors import key_env_for
from hermes.config import ModelConfig
from hermes.config.model_providers import (
    BY_NAME,
    BY_PREFIX,
    EXAMPLE_MODELS,
    MODEL_PROVIDERS,
    SETUP_PROVIDERS,
    ModelProvider,
    default_key_env,
    is_local_model,
    model_prefix,
)
from hermes.interop.config_import import litellm_name
from hermes.tui.model_check import EXAMPLES


def test_names_and_prefixes_are_unique() -> None:
    names = [p.name for p in MODEL_PROVIDERS]
    prefixes = [prefix for p in MODEL_PROVIDERS for prefix in p.routes]
    assert len(names) == len(set(names)) and len(prefixes) == len(set(prefixes))


@pytest.mark.parametrize("provider", MODEL_PROVIDERS, ids=lambda p: p.name)
def test_each_example_model_routes_to_its_own_provider(provider: ModelProvider) -> None:
    """The model a person is shown for a provider is one litellm sends there (the
    OpenAI-compatible server borrows openai/ and is told apart by its api_base)."""
    routed = BY_PREFIX[model_prefix(provider.example_model)]
    expected = "openai" if provider.needs_api_base else provider.name
    assert routed.name == expected


def test_local_providers_need_no_key_and_cloud_ones_name_theirs() -> None:
    for provider in MODEL_PROVIDERS:
        if provider.local:
            assert provider.key_env == ""
            for prefix in provider.routes:
                assert key_env_for(ModelConfig(name=f"{prefix}/some-model")) is None
        elif provider.routes:
            assert provider.key_env.endswith(("_KEY", "_CREDENTIALS", "_KEY_ID"))
            assert key_env_for(ModelConfig(name=provider.example_model)) == provider.key_env


def test_a_prefix_not_listed_gets_litellm_s_naming_rule() -> None:
    assert default_key_env("cohere/command-r") == "COHERE_API_KEY"
    assert default_key_env("gpt-4.1") == "OPENAI_API_KEY"  # no prefix is openai, as for litellm
    assert not is_local_model("cohere/command-r") and is_local_model("ollama_chat/qwen2.5")


def test_setup_offers_the_marked_providers_in_order() -> None:
    assert [p.name for p in SETUP_PROVIDERS] == ["openai", "anthropic", "openrouter", "ollama", "compatible"]
    assert BY_NAME["compatible"].needs_api_base and BY_NAME["compatible"].routes == ()


def test_config_import_prefixes_a_listed_provider_and_notes_an_unknown_one() -> None:
    assert litellm_name("qwen2.5", "ollama", "") == ("ollama/qwen2.5", None)
    assert litellm_name("deepseek/deepseek-chat", "deepseek", "") == ("deepseek/deepseek-chat", None)
    model, note = litellm_name("some-model", "nous", "")
    assert model == "some-model" and note is not None and "'nous'" in note
    # "compatible" is a setup choice, not a provider name another tool would write
    assert litellm_name("m", "compatible", "")[1] is not None


def test_the_hints_name_models_from_the_list() -> None:
    for name in ("openai", "anthropic", "ollama"):
        assert BY_NAME[name].example_model in EXAMPLE_MODELS
    assert EXAMPLE_MODELS in EXAMPLES
