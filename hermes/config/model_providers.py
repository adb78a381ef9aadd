"""The built-in model providers: one list that setup, config import, key checks and hints read.

A provider here is where the chat model is served (OpenAI, Ollama, a local server…), named by
the prefix litellm routes on (`openai/gpt-4.1`). Not to be confused with hermes/providers/,
the user-modelling providers. Adding a provider is one `ModelProvider` line below.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ModelProvider:
    """One provider: how a person picks it and how Hermes finds its key."""

    name: str  # the id Hermes uses (setup's choice, Hermes Agent's `provider`)
    label: str  # what a person reads in the setup pane
    example_model: str  # a model name litellm routes to it
    key_env: str = ""  # the variable that holds its key; "" = it needs none
    local: bool = False  # served on this machine (no key, plain http)
    in_setup: bool = False  # offered in the first-run setup pane
    needs_api_base: bool = False  # the person gives the server's address
    prefixes: tuple[str, ...] | None = None  # litellm's model prefixes for it; None = (name,)

    @property
    def routes(self) -> tuple[str, ...]:
        """The litellm prefixes that mean this provider (`ollama`, `ollama_chat`)."""
        return (self.name,) if self.prefixes is None else self.prefixes


MODEL_PROVIDERS: tuple[ModelProvider, ...] = (
    ModelProvider("openai", "OpenAI", "openai/gpt-4.1", "OPENAI_API_KEY", in_setup=True),
    ModelProvider("anthropic", "Anthropic", "anthropic/claude-sonnet-4-5", "ANTHROPIC_API_KEY",
                  in_setup=True),
    ModelProvider("openrouter", "OpenRouter", "openrouter/anthropic/claude-sonnet-4.5",
                  "OPENROUTER_API_KEY", in_setup=True),
    ModelProvider("ollama", "Ollama (local, no key)", "ollama_chat/qwen2.5", local=True,
                  in_setup=True, prefixes=("ollama", "ollama_chat")),
    # litellm's openai/ route to a server the person names; no prefix of its own
    ModelProvider("compatible", "OpenAI-compatible server (llama.cpp, vLLM, LM Studio)",
                  "openai/local-model", in_setup=True, needs_api_base=True, prefixes=()),
    ModelProvider("lm_studio", "LM Studio", "lm_studio/local-model", local=True),
    ModelProvider("hosted_vllm", "vLLM", "hosted_vllm/local-model", local=True),
    ModelProvider("gemini", "Google Gemini", "gemini/gemini-2.5-pro", "GEMINI_API_KEY"),
    ModelProvider("vertex_ai", "Google Vertex AI", "vertex_ai/gemini-2.5-pro",
                  "GOOGLE_APPLICATION_CREDENTIALS"),
    ModelProvider("deepseek", "DeepSeek", "deepseek/deepseek-chat", "DEEPSEEK_API_KEY"),
    ModelProvider("groq", "Groq", "groq/llama-3.3-70b-versatile", "GROQ_API_KEY"),
    ModelProvider("mistral", "Mistral", "mistral/mistral-large-latest", "MISTRAL_API_KEY"),
    ModelProvider("xai", "xAI", "xai/grok-4", "XAI_API_KEY"),
    ModelProvider("together_ai", "Together AI", "together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo",
                  "TOGETHERAI_API_KEY"),
    ModelProvider("fireworks_ai", "Fireworks AI", "fireworks_ai/accounts/fireworks/models/qwen3-coder",
                  "FIREWORKS_AI_API_KEY"),
    ModelProvider("bedrock", "AWS Bedrock", "bedrock/anthropic.claude-sonnet-4-5", "AWS_ACCESS_KEY_ID"),
    ModelProvider("azure", "Azure OpenAI", "azure/gpt-4.1", "AZURE_API_KEY"),
)

BY_NAME: dict[str, ModelProvider] = {p.name: p for p in MODEL_PROVIDERS}
BY_PREFIX: dict[str, ModelProvider] = {prefix: p for p in MODEL_PROVIDERS for prefix in p.routes}
SETUP_PROVIDERS: tuple[ModelProvider, ...] = tuple(p for p in MODEL_PROVIDERS if p.in_setup)
# What a person is shown as a model name to copy: a cloud one, another, and a local one
EXAMPLE_MODELS = ", ".join(BY_NAME[n].example_model for n in ("openai", "anthropic", "ollama"))


def model_prefix(model: str) -> str:
    """The provider prefix of a litellm model name (`openai` when it has none, as litellm does)."""
    return model.split("/", 1)[0] if "/" in model else "openai"


def is_local_model(model: str) -> bool:
    """True when the model's prefix names a provider served on this machine."""
    provider = BY_PREFIX.get(model_prefix(model))
    return provider is not None and provider.local


def default_key_env(model: str) -> str:
    """The variable litellm reads for the model's key, e.g. OPENAI_API_KEY (PREFIX_API_KEY
    for a provider not listed here)."""
    prefix = model_prefix(model)
    provider = BY_PREFIX.get(prefix)
    if provider is not None and provider.key_env:
        return provider.key_env
    return f"{prefix.upper()}_API_KEY"


def named_like_its_prefix(name: str) -> bool:
    """True when `name` is a provider whose litellm prefix is its own name (`openrouter` →
    `openrouter/…`), so a model id from another tool can be prefixed with it."""
    provider = BY_NAME.get(name)
    return provider is not None and name in provider.routes
