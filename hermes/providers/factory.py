"""Build the configured provider, wrapped so it can never fail a turn."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from enum import Enum, auto
from typing import TypedDict

from hermes.config import Config, UserModelConfig, load_env_file
from hermes.providers.base import CompleteFn, Provider
from hermes.providers.guard import GuardedProvider
from hermes.providers.past_sessions import HistorySearch, sessions_history_search
from hermes.providers.user_model_tables import UserModelStore

log = logging.getLogger("hermes.providers")

class _Default(Enum):
    """`history` not given: use the sessions layer's search (None means no history)."""

    SESSIONS = auto()


class _Knobs(TypedDict):
    """The cadence and error settings every provider takes."""

    context_cadence: int
    dialectic_cadence: int
    dialectic_depth: int
    repeat_unchanged: bool
    dialectic_timeout: float | None
    on_error: Callable[[str], None] | None


def _user_model(cfg: Config | UserModelConfig) -> UserModelConfig:
    return cfg.user_model if isinstance(cfg, Config) else cfg


def build_provider(cfg: Config | UserModelConfig, *, complete: CompleteFn | None,
                   store: UserModelStore, history: HistorySearch | None = None,
                   repeat_unchanged: bool = False,
                   on_error: Callable[[str], None] | None = None) -> Provider | None:
    """The bare provider for `user_model.provider` (None for off); may raise ProviderError.

    A name other than the built-in ones selects a plugin (hermes.providers.plugins)."""
    um = _user_model(cfg)
    knobs = _Knobs(context_cadence=um.context_cadence, dialectic_cadence=um.dialectic_cadence,
                 dialectic_depth=um.dialectic_depth, repeat_unchanged=repeat_unchanged,
                 # the dialectic gets most of the turn's budget; past it, it answers a later turn
                 dialectic_timeout=um.timeout * 0.7, on_error=on_error)
    if um.provider == "local":
        from hermes.providers.local import LocalProvider

        return LocalProvider(store, complete, history=history, **knobs)
    if um.provider == "honcho":
        from hermes.providers.honcho import HonchoProvider

        key_env = um.honcho.api_key_env
        if key_env and not os.environ.get(key_env):
            load_env_file()  # a key saved by `hermes memory setup` (never overrides the env)
        api_key = os.environ.get(key_env, "") if key_env else ""
        return HonchoProvider(um.honcho, api_key=api_key, store=store, **knobs)
    if um.provider == "off":
        return None
    from hermes.providers.plugins import PluginContext, create

    return create(um.provider, PluginContext(
        options=dict(um.options), complete=complete, store=store,
        context_cadence=um.context_cadence, dialectic_cadence=um.dialectic_cadence,
        dialectic_depth=um.dialectic_depth, on_error=on_error))


def load_provider(cfg: Config | UserModelConfig, *, complete: CompleteFn | None,
                  store_path: Path | None = None,
                  history: HistorySearch | None | _Default = _Default.SESSIONS,
                  repeat_unchanged: bool = False,
                  on_error: Callable[[str], None] | None = None) -> GuardedProvider | None:
    """The active provider behind its guard, or None (off, or it cannot start: logged).

    `complete(messages, *, purpose) -> str` is the agent's model call. `history` defaults to
    the sessions layer's search over `store_path`. Never raises.
    """
    um = _user_model(cfg)
    if um.provider == "off":
        return None
    store = UserModelStore(store_path)

    def report(message: str) -> None:
        try:
            store.record_error(message)
        except Exception:
            log.debug("could not record the user-model error", exc_info=True)
        if on_error is not None:
            on_error(message)

    if history is _Default.SESSIONS:
        history = sessions_history_search(store_path) if um.provider == "local" else None
    try:
        provider = build_provider(cfg, complete=complete, store=store,
                                  history=history,
                                  repeat_unchanged=repeat_unchanged, on_error=report)
    except Exception as exc:  # noqa: BLE001 - a provider plugin may raise anything while starting; the session runs without it
        message = f"user model ({um.provider}) is off this session: {exc}"
        log.warning(message)
        report(message)
        return None
    if provider is None:
        return None
    return GuardedProvider(provider, context_timeout=um.timeout, on_error=report)
