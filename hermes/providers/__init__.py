"""User modelling (layer 3): providers that learn about the user across sessions.

The agent uses `load_provider(...)` and the returned GuardedProvider; see
/work/notes/providers-api.md for the exact integration points.
"""

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
