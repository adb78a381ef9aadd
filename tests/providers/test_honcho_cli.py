"""`hermes honcho …` as a person runs it, against the loopback fake Honcho server, and the
`honcho_*` tool names a model trained on Hermes Agent may call."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from hermes.agent.tool_registry import build_registry
from hermes.config import load_config
from hermes.providers import load_provider
from hermes.sessions import SessionStore
from tests.providers.fake_honcho import FakeHoncho

KEY = "hk-test-0123456789abcdef"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def honcho_server() -> Iterator[FakeHoncho]:
    server = FakeHoncho(api_key=KEY).start()
    yield server
    server.stop()


@pytest.fixture
def home(hermes_home: Path, honcho_server: FakeHoncho, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HONCHO_TEST_KEY", KEY)
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({"user_model": {
        "provider": "honcho", "honcho": {"base_url": honcho_server.base_url, "workspace": "ws1",
                                         "api_key_env": "HONCHO_TEST_KEY", "user_peer": "ada",
                                         "assistant_peer": "hermes"}}}))
    return hermes_home


def honcho(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HERMES_HOME": str(home), "HONCHO_TEST_KEY": KEY}
    return subprocess.run([sys.executable, "-m", "hermes", "honcho", *args], capture_output=True,
                          text=True, env=env, timeout=60, cwd=ROOT)


def stored_history(home: Path) -> list[int]:
    """Two sessions with a user and an assistant message each (and a tool message)."""
    ids = []
    with SessionStore(home / "state.db") as store:
        for n in (1, 2):
            sid = store.create_session(source="cli", model="m", system_prompt="", cwd="/")
            ids.append(store.append_message(sid, "user", f"question {n} about tabs"))
            store.append_message(sid, "tool", '{"ok": true}', tool_name="memory")
            ids.append(store.append_message(sid, "assistant", f"answer {n}"))
    return ids


def test_status_reports_settings_connection_and_what_is_unsent(
        home: Path, honcho_server: FakeHoncho) -> None:
    honcho_server.cards["ada"] = ["Name: Ada", "Writes Go"]
    stored_history(home)
    done = honcho(home, "status")
    assert done.returncode == 0, done.stderr
    assert f"Honcho: {honcho_server.base_url}  workspace: ws1" in done.stdout
    assert "connection: ok (your peer card has 2 items)" in done.stdout
    assert "not sent yet: 4 messages in 2 sessions" in done.stdout


def test_status_says_in_one_line_when_the_server_is_unreachable(home: Path,
                                                               honcho_server: FakeHoncho) -> None:
    honcho_server.stop()
    done = honcho(home, "status")
    assert done.returncode == 1
    errors = done.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("hermes honcho: ")
    assert "Traceback" not in done.stderr and "hermes honcho status" in errors[0]


def test_sync_sends_what_honcho_has_not_seen_once(home: Path, honcho_server: FakeHoncho) -> None:
    stored_history(home)
    dry = honcho(home, "sync", "--dry-run")
    assert "Would send 4 messages from 2 sessions" in dry.stdout and not honcho_server.messages
    refused = honcho(home, "sync")  # not a terminal and no --yes: nothing leaves the machine
    assert refused.returncode == 2 and "--yes" in refused.stderr and not honcho_server.messages
    done = honcho(home, "sync", "--yes")
    assert done.returncode == 0, done.stderr
    sent = [(m["peer_id"], m["content"]) for m in honcho_server.messages]
    assert sent == [("ada", "question 1 about tabs"), ("hermes", "answer 1"),
                    ("ada", "question 2 about tabs"), ("hermes", "answer 2")]
    again = honcho(home, "sync", "--yes")
    assert "Nothing to send" in again.stdout and len(honcho_server.messages) == 4


def test_peers_conclusions_and_forget(home: Path, honcho_server: FakeHoncho) -> None:
    assert "No peers yet" in honcho(home, "peers").stdout
    stored_history(home)
    honcho(home, "sync", "--yes")  # creates the session with both peers
    honcho_server.peers.setdefault("ada", {"id": "ada", "workspace_id": "ws1", "metadata": {},
                                           "configuration": {}, "created_at": "2026-01-01T00:00:00Z"})
    peers = honcho(home, "peers").stdout.splitlines()
    assert "ada  (you)" in peers
    honcho_server.conclusions["c1"] = {"id": "c1", "content": "Prefers tabs", "observer_id": "hermes",
                                       "observed_id": "ada", "session_id": None,
                                       "created_at": "2026-01-01T00:00:00Z"}
    honcho_server.conclusions["c2"] = {"id": "c2", "content": "Writes Go", "observer_id": "hermes",
                                       "observed_id": "ada", "session_id": None,
                                       "created_at": "2026-01-01T00:00:00Z"}
    listed = honcho(home, "conclusions").stdout
    assert "c1  Prefers tabs" in listed and "c2  Writes Go" in listed
    found = honcho(home, "conclusions", "--search", "tabs").stdout
    assert "c1  Prefers tabs" in found and "Writes Go" not in found
    assert honcho(home, "forget", "c1").returncode == 0 and "c1" not in honcho_server.conclusions
    missing = honcho(home, "forget", "c1")
    assert missing.returncode == 1 and "no conclusion with id 'c1'" in missing.stderr


def test_commands_refuse_when_honcho_is_not_the_user_model(hermes_home: Path) -> None:
    done = honcho(hermes_home, "status")
    assert done.returncode == 1
    assert "not Honcho" in done.stderr and "hermes memory setup honcho" in done.stderr


async def test_honcho_tool_names_from_hermes_agent_are_accepted(
        home: Path, honcho_server: FakeHoncho) -> None:
    cfg = load_config()
    provider = load_provider(cfg, complete=None, store_path=home / "state.db")
    registry, _ = build_registry(cfg, None, "s1", provider)
    offered = {s["function"]["name"] for s in registry.schemas()}
    assert not any(name.startswith("honcho_") for name in offered)  # aliases are not offered

    made = await registry.call("c1", "honcho_conclude", json.dumps({"conclusion": "Likes tea"}))
    assert made.success and made.name == "honcho_conclude"
    assert [c["content"] for c in honcho_server.conclusions.values()] == ["Likes tea"]
    found = await registry.call("c2", "honcho_search", json.dumps({"query": "tea"}))
    assert [r["text"] for r in found.data["results"]] == ["Likes tea"]
    honcho_server.chat_answers = ["Tea, mostly."]
    asked = await registry.call("c3", "honcho_reasoning", json.dumps({"query": "drinks?"}))
    assert asked.data["answer"] == "Tea, mostly."
    card = await registry.call("c4", "honcho_profile", "{}")
    assert card.success and card.data["peer_card"] == []
    change = await registry.call("c5", "honcho_profile", json.dumps({"card": ["Name: Ada"]}))
    assert not change.success and "call user_profile instead" in change.data["error"]
    assert provider is not None
    await provider.aclose()
