"""What the TUI and the CLI show about the user model, without an agent running.

`load_overview` and `forget_conclusion` serve the `/memory` viewer; `read_status` serves
`hermes memory status`. None of them creates state.db when it does not exist yet.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from hermes import paths
from hermes.config import Config, load_config
from hermes.providers.base import MemoryOverview
from hermes.providers.user_model_tables import UserModelStore
from hermes.sessions.errors import SessionStoreError


def _db(store_path: Path | None) -> Path:
    return store_path if store_path is not None else paths.state_db_path()


async def load_overview(cfg: Config | None = None, limit: int = 20,
                        store_path: Path | None = None) -> MemoryOverview:
    """The active provider's peer card and recent conclusions ("off": an empty overview)."""
    from hermes.providers.factory import load_provider

    cfg = cfg or load_config()
    name = cfg.user_model.provider
    if name == "off" or (name == "local" and not _db(store_path).exists()):
        return MemoryOverview(provider=name)
    provider = load_provider(cfg, complete=None, store_path=_db(store_path), history=None)
    if provider is None:
        return MemoryOverview(provider=name)
    try:
        return await provider.overview(limit)
    finally:
        await provider.aclose()


async def forget_conclusion(cfg: Config | None, conclusion_id: str,
                            store_path: Path | None = None) -> bool:
    """Delete one conclusion from the active provider; False if it does not exist."""
    from hermes.providers.factory import load_provider

    cfg = cfg or load_config()
    if cfg.user_model.provider == "off" or (
            cfg.user_model.provider == "local" and not _db(store_path).exists()):
        return False
    provider = load_provider(cfg, complete=None, store_path=_db(store_path), history=None)
    if provider is None:
        return False
    try:
        return await provider.forget(conclusion_id)
    finally:
        await provider.aclose()


@dataclass(frozen=True)
class ProviderStatus:
    """Everything `hermes memory status` reports."""

    provider: str
    model: str  # the model the local provider uses ("" = none configured)
    context_cadence: int
    dialectic_cadence: int
    dialectic_depth: int
    conclusions: int = 0
    sessions_learned: int = 0
    peer_card_items: int = 0
    turns_synced: int = 0
    last_sync: float | None = None
    last_sync_provider: str = ""
    last_error: str = ""
    last_error_at: float | None = None
    error_count: int = 0
    honcho_url: str = ""
    honcho_workspace: str = ""
    honcho_key_env: str = ""
    honcho_key_set: bool = False


def _float(value: str | None) -> float | None:
    try:
        return float(value) if value else None
    except ValueError:
        return None


class _StoredFields(TypedDict, total=False):
    """The part of ProviderStatus that state.db holds."""

    conclusions: int
    sessions_learned: int
    peer_card_items: int
    turns_synced: int
    last_sync: float | None
    last_sync_provider: str
    last_error: str
    last_error_at: float | None
    error_count: int


def _stored_fields(store: UserModelStore) -> _StoredFields:
    """Counts and status as state.db records them."""
    meta = store.meta()
    return _StoredFields(
        conclusions=store.count_conclusions(), sessions_learned=store.count_sessions(),
        peer_card_items=len(store.peer_card()),
        turns_synced=int(meta.get("turns_synced", "0") or 0),
        last_sync=_float(meta.get("last_sync")),
        last_sync_provider=meta.get("last_sync_provider", ""),
        last_error=meta.get("last_error", ""), last_error_at=_float(meta.get("last_error_at")),
        error_count=int(meta.get("error_count", "0") or 0))


def read_status(cfg: Config | None = None, store_path: Path | None = None) -> ProviderStatus:
    """The configured provider and what state.db records about it (no network)."""
    cfg = cfg or load_config()
    um = cfg.user_model
    model = cfg.resolve_model(um.model).name
    fields: _StoredFields = {}
    db = _db(store_path)
    if db.exists():
        try:
            with UserModelStore(db) as store:
                fields = _stored_fields(store)
        except sqlite3.DatabaseError as exc:
            fields = {"last_error": f"cannot read {db}: {exc}"}
        except SessionStoreError as exc:  # not a usable database: its message says what to do
            fields = {"last_error": f"cannot read it: {exc}"}
    h = um.honcho
    return ProviderStatus(
        provider=um.provider, model=model, context_cadence=um.context_cadence,
        dialectic_cadence=um.dialectic_cadence, dialectic_depth=um.dialectic_depth,
        honcho_url=h.base_url or "https://api.honcho.dev (cloud)", honcho_workspace=h.workspace,
        honcho_key_env=h.api_key_env, honcho_key_set=bool(os.environ.get(h.api_key_env, "")),
        **fields)
