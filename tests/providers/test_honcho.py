"""The Honcho provider through the real honcho-ai SDK against a loopback fake server."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from hermes.config import HonchoConfig, UserModelConfig
from hermes.providers import load_provider
from hermes.providers.guard import GuardedProvider
from hermes.providers.honcho import HonchoProvider
from hermes.providers.user_model_tables import UserModelStore
from tests.providers.fake_honcho import FakeHoncho
from tests.providers.fakes import STRONG, WEAK

KEY = "hk-test-0123456789abcdef"


@pytest.fixture
def honcho_server() -> Iterator[FakeHoncho]:
    server = FakeHoncho(api_key=KEY).start()
    yield server
    server.stop()


def config(server: FakeHoncho, **knobs: object) -> UserModelConfig:
    return UserModelConfig(provider="honcho", honcho=HonchoConfig(
        base_url=server.base_url, api_key_env="HONCHO_TEST_KEY", workspace="ws1",
        user_peer="ada", assistant_peer="hermes"), **knobs)  # type: ignore[arg-type]


def guard_for(server: FakeHoncho, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
              **knobs: object) -> GuardedProvider:
    monkeypatch.setenv("HONCHO_TEST_KEY", KEY)
    guard = load_provider(config(server, **knobs), complete=None,
                          store_path=tmp_path / "state.db")
    assert guard is not None and isinstance(guard.inner, HonchoProvider)
    return guard


async def test_turns_sessions_and_context(honcho_server: FakeHoncho, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    honcho_server.chat_answers = [STRONG]
    honcho_server.cards["ada"] = ["Name: Ada", "Writes Go"]
    honcho_server.representations["hermes"] = "I keep answers short for Ada."
    guard = guard_for(honcho_server, tmp_path, monkeypatch, dialectic_depth=3)

    block = await guard.turn_context("20260101_000000_aaaaaa", 1, "fix my handler")
    assert "Name: Ada" in block and "I keep answers short for Ada." in block
    assert "small, reviewable steps" in block  # the dialectic, strong at once: one chat
    assert honcho_server.paths("POST").count("/v3/workspaces/ws1/peers/ada/chat") == 1
    assert {"/v3/workspaces/ws1/peers/ada/context", "/v3/workspaces/ws1/peers/hermes/context"} \
        <= set(honcho_server.paths("GET"))

    reply = "Here is the fix.\n\n```go\nfunc h() {\n\treturn\n}\n```"
    await guard.on_turn_finished("20260101_000000_aaaaaa", 1, "fix my handler sk-proj-"
                                 + "a1B2c3D4e5" * 4, reply, [41, 42])
    assert await guard.drain(5)
    session = honcho_server.sessions["20260101_000000_aaaaaa"]
    assert set(session["peers"]) == {"ada", "hermes"}
    sent = [(m["peer_id"], m["content"], m["metadata"]) for m in honcho_server.messages]
    assert sent == [("ada", "fix my handler [REDACTED:openai-key]",
                     {"hermes_turn": 1, "hermes_message_id": "41"}),
                    ("hermes", reply, {"hermes_turn": 1, "hermes_message_id": "42"})]
    # every request carried the key; the status store saw the sync
    assert all(h.get("Authorization") == f"Bearer {KEY}" for *_, h in honcho_server.requests)
    assert UserModelStore(tmp_path / "state.db").meta()["last_sync_provider"] == "honcho"

    # the session now exists remotely: its summary joins the next base context
    honcho_server.summaries["20260101_000000_aaaaaa"] = "Ada is fixing a Go handler."
    nxt = await guard.turn_context("20260101_000000_aaaaaa", 2, "and the tests?")
    assert "Ada is fixing a Go handler." in nxt and "Name: Ada" not in nxt  # no repeats


async def test_dialectic_cadence_and_depth_in_requests(
        honcho_server: FakeHoncho, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    honcho_server.chat_answers = [WEAK]
    guard = guard_for(honcho_server, tmp_path, monkeypatch, dialectic_cadence=3,
                      dialectic_depth=2)
    chat_path = "/v3/workspaces/ws1/peers/ada/chat"
    per_turn = []
    for turn in range(1, 6):
        before = honcho_server.paths("POST").count(chat_path)
        await guard.turn_context("s1", turn, f"message {turn}")
        per_turn.append(honcho_server.paths("POST").count(chat_path) - before)
    assert per_turn == [2, 0, 0, 2, 0]
    levels = [body["reasoning_level"] for m, p, _, body, _ in honcho_server.requests
              if p == chat_path]
    assert levels == ["low", "medium", "low", "medium"]
    second = [body for m, p, _, body, _ in honcho_server.requests if p == chat_path][1]
    assert "First answer:\n- brief" in second["query"]


async def test_tools(honcho_server: FakeHoncho, tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    guard = guard_for(honcho_server, tmp_path, monkeypatch)
    names = [s["function"]["name"] for s in guard.tool_schemas()]
    assert names == ["user_profile", "user_search", "user_reasoning", "user_context",
                     "user_conclude"]

    async def call(name: str, args: dict[str, object]) -> dict[str, object]:
        return json.loads(await guard.dispatch(name, json.dumps(args), session_id="s1"))

    made = await call("user_conclude", {"text": "Prefers tabs over spaces"})
    assert made["success"] and made["id"] in honcho_server.conclusions
    found = await call("user_search", {"query": "tabs"})
    assert [r["text"] for r in found["results"]] == ["Prefers tabs over spaces"]
    ctx = await call("user_context", {"topic": "indentation"})
    assert "Prefers tabs over spaces" in ctx["representation"]
    assert (await call("user_profile", {"action": "add", "item": "Name: Ada"}))["peer_card"] \
        == ["Name: Ada"]
    assert honcho_server.cards["ada"] == ["Name: Ada"]
    assert (await call("user_profile", {"action": "remove", "item": "name: ada"}))["removed"] \
        == "Name: Ada"
    honcho_server.chat_answers = ["- tabs, always"]
    assert (await call("user_reasoning", {"question": "tabs or spaces?"}))["answer"] \
        == "- tabs, always"

    overview = await guard.overview()
    assert [c.text for c in overview.conclusions] == ["Prefers tabs over spaces"]
    assert (await call("user_conclude", {"delete_id": made["id"]}))["deleted"] == made["id"]
    assert honcho_server.conclusions == {}
    assert await guard.forget("nope") is False
    bad = await call("user_search", {})
    assert bad["success"] is False and "'query' is required" in bad["error"]


async def test_a_wrong_key_costs_only_the_context(
        honcho_server: FakeHoncho, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv("HONCHO_TEST_KEY", "hk-wrong-key-000000")
    guard = load_provider(config(honcho_server), complete=None, store_path=tmp_path / "s.db")
    assert guard is not None
    with caplog.at_level(logging.WARNING, logger="hermes.providers"):
        assert await guard.turn_context("s1", 1, "hi") == ""
        result = json.loads(await guard.dispatch("user_search", '{"query": "x"}'))
    assert result["success"] is False and "refused the API key" in result["error"]
    assert "refused the API key in $HONCHO_TEST_KEY" in caplog.text
    assert "hk-wrong-key" not in caplog.text


async def test_server_errors_degrade(honcho_server: FakeHoncho, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    guard = guard_for(honcho_server, tmp_path, monkeypatch)
    honcho_server.fail_status = 503
    assert await guard.turn_context("s1", 1, "hi") == ""
    await guard.on_turn_finished("s1", 1, "hi", "hello", [1, 2])
    assert await guard.drain(10)
    meta = UserModelStore(tmp_path / "state.db").meta()
    assert "Honcho session failed (HTTP 503): scripted failure" in meta["last_error"]
    assert meta["error_count"] == "3"  # base context, dialectic, then the background send


def test_cloud_without_a_key_stays_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HONCHO_API_KEY", raising=False)
    assert load_provider(UserModelConfig(provider="honcho"), complete=None,
                         store_path=tmp_path / "state.db") is None
    assert "needs an API key in $HONCHO_API_KEY" in UserModelStore(
        tmp_path / "state.db").meta()["last_error"]


def test_the_key_saved_by_setup_is_found(hermes_home: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HONCHO_API_KEY", raising=False)
    (hermes_home / ".env").write_text("HONCHO_API_KEY=hk-from-env-file-0000\n")
    try:
        guard = load_provider(UserModelConfig(provider="honcho"), complete=None,
                              store_path=tmp_path / "state.db")
        assert guard is not None and guard.inner._api_key == "hk-from-env-file-0000"
    finally:
        os.environ.pop("HONCHO_API_KEY", None)  # load_env_file set it outside monkeypatch


async def test_secrets_in_messages_never_reach_honcho(
        honcho_server: FakeHoncho, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "ghp_" + "Z9y8X7w6V5" * 4
    guard = guard_for(honcho_server, tmp_path, monkeypatch)
    await guard.turn_context("s1", 1, f"why does {secret} fail?")
    await guard.dispatch("user_search", json.dumps({"query": f"token {secret}"}))
    await guard.on_turn_finished("s1", 1, f"why does {secret} fail?", "revoke it", [1, 2])
    assert await guard.drain(5)
    wire = json.dumps([(p, q, b) for _, p, q, b, _ in honcho_server.requests])
    assert secret not in wire and "[REDACTED:github-token]" in wire
