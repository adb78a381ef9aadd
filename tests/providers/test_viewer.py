"""What the `/memory` viewer calls: peer card, recent conclusions, forget."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes.config import Config, HonchoConfig, UserModelConfig
from hermes.providers.user_model_tables import UserModelStore
from hermes.providers.viewer import forget_conclusion, load_overview, read_status
from tests.providers.fake_honcho import FakeHoncho


async def test_local_overview_and_forget(hermes_home: Path) -> None:
    cfg = Config(user_model=UserModelConfig(provider="local"))
    assert (await load_overview(cfg)).conclusions == ()
    assert not (hermes_home / "state.db").exists()  # looking does not create the database

    store = UserModelStore(hermes_home / "state.db")
    first = store.add_conclusion("Prefers tabs", session_id="s1", message_id=4)
    store.add_conclusion("Works in Go", session_id="s2", message_id=9)
    store.set_peer_card(["Name: Ada"])
    overview = await load_overview(cfg, limit=10)
    assert overview.provider == "local" and overview.peer_card == ("Name: Ada",)
    assert [(c.text, c.session_id, c.message_id) for c in overview.conclusions] == [
        ("Works in Go", "s2", "9"), ("Prefers tabs", "s1", "4")]

    assert await forget_conclusion(cfg, str(first)) is True
    assert await forget_conclusion(cfg, str(first)) is False
    assert await forget_conclusion(cfg, "not-a-number") is False
    assert [c.text for c in (await load_overview(cfg)).conclusions] == ["Works in Go"]
    assert read_status(cfg).conclusions == 1


async def test_off_shows_nothing(hermes_home: Path) -> None:
    UserModelStore(hermes_home / "state.db").add_conclusion("Prefers tabs")
    cfg = Config()
    assert (await load_overview(cfg)).provider == "off"
    assert await forget_conclusion(cfg, "1") is False
    assert UserModelStore(hermes_home / "state.db").count_conclusions() == 1


async def test_honcho_overview(hermes_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    server = FakeHoncho().start()
    try:
        server.cards["user"] = ["Name: Ada"]
        cfg = Config(user_model=UserModelConfig(provider="honcho", honcho=HonchoConfig(
            base_url=server.base_url)))
        overview = await load_overview(cfg)
        assert overview.provider == "honcho" and overview.peer_card == ("Name: Ada",)
    finally:
        server.stop()
