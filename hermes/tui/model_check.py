"""Checks a `/model NAME` before the session switches to it, with litellm's own provider rules.

Only when litellm is already imported: the check never imports it (that takes seconds and the
input must stay live); the app waits for its background import instead (see CommandRunner).
"""

from __future__ import annotations

from hermes.config.model_providers import EXAMPLE_MODELS

EXAMPLES = f"e.g. {EXAMPLE_MODELS}"


def model_problem(name: str) -> str | None:
    """One line saying what is wrong with a model name; None when litellm can route it, or
    when litellm is not loaded (the first message then reports a bad name as before)."""
    from hermes.agent import llm

    if not llm.is_loaded():
        return None
    if any(ch.isspace() for ch in name):
        return f"'{name}' is not a model name (no spaces); write PROVIDER/MODEL, {EXAMPLES}."
    try:
        model, provider, *_ = llm.litellm_module().get_llm_provider(model=name)
    except Exception:  # noqa: BLE001 - litellm says "not provided" with a long help text
        prefix = name.split("/", 1)[0] if "/" in name else ""
        if prefix:
            return (f"'{prefix}' is not a provider litellm knows, so /model {name} would fail; "
                    f"write PROVIDER/MODEL, {EXAMPLES}.")
        return f"litellm cannot tell which provider serves '{name}'; write PROVIDER/{name}, {EXAMPLES}."
    if not str(model).strip():
        return f"'{name}' names the provider {provider} but no model; write {provider}/MODEL."
    return None
