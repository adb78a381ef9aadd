"""User modelling (layer 3): providers that learn about the user across sessions.

The agent uses `load_provider(...)` and the returned GuardedProvider (per-turn context, tools,
hooks after a turn and at session end; any failure means no context this turn). Names are
imported on first use, so `hermes.providers.setup_command` (loaded by every `hermes` command) costs almost nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hermes.lazy import lazy_exports

if TYPE_CHECKING:  # the names, for type checkers and editors; at run time __getattr__ loads them
    from hermes.providers.base import (
        BaseContext,
        CompleteFn,
        ConclusionView,
        MemoryOverview,
        Provider,
        ProviderError,
        compose_user_message,
    )
    from hermes.providers.factory import build_provider, load_provider
    from hermes.providers.guard import GuardedProvider

_EXPORTS = {
    "BaseContext": "hermes.providers.base",
    "CompleteFn": "hermes.providers.base",
    "ConclusionView": "hermes.providers.base",
    "MemoryOverview": "hermes.providers.base",
    "Provider": "hermes.providers.base",
    "ProviderError": "hermes.providers.base",
    "compose_user_message": "hermes.providers.base",
    "build_provider": "hermes.providers.factory",
    "load_provider": "hermes.providers.factory",
    "GuardedProvider": "hermes.providers.guard",
}

__all__ = [
    "BaseContext",
    "CompleteFn",
    "ConclusionView",
    "GuardedProvider",
    "MemoryOverview",
    "Provider",
    "ProviderError",
    "build_provider",
    "compose_user_message",
    "load_provider",
]


__getattr__ = lazy_exports(__name__, _EXPORTS)
