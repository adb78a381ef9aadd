"""Provider plugins: a real wheel, installed by pip into a temp site dir, selected by config.

The turn goes AgentSession → litellm's real HTTP path → the fake server, so the request the
server received shows the plugin's context in the user message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from hermes.agent.events import Notice
from hermes.agent.session import AgentSession
from hermes.providers import plugins
from tests.agent.conftest import MAIN, REVIEW, SUMMARY, TITLE, Recorder, write_config
from tests.support.fake_llm import FakeLLMServer, Reply, last_user_text
from tests.support.plugin_dist import MARKER, build_wheel, pip_install

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site dir holding two installed plugins: `tiny` (version 1) and `tinyold` (version 2)."""
    base = tmp_path_factory.mktemp("plugins")
    target = base / "site"
    pip_install(build_wheel(base, name="tiny"), target)
    pip_install(build_wheel(base, name="tinyold", api_version=2), target)
    return target


@pytest.fixture
def on_path(site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(site))
    return site


@pytest.fixture
def server(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> FakeLLMServer:
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    fake_llm.add(Reply(text="[]"), model=REVIEW)
    fake_llm.add(Reply(text="Tea Talk"), model=TITLE)
    fake_llm.add(Reply(text="- summary"), model=SUMMARY)
    fake_llm.default = Reply(text="Here you go.")
    return fake_llm


def hermes(home: Path, site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HERMES_HOME": str(home), "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return subprocess.run([sys.executable, "-m", "hermes", *args], capture_output=True, text=True,
                          env=env, timeout=60, cwd=ROOT)


def test_installed_plugins_are_listed_from_metadata_without_running_them(
        on_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("tiny_provider", "tinyold_provider"):  # a test before may have imported them
        monkeypatch.delitem(sys.modules, module, raising=False)
    found = {p.name: p for p in plugins.installed()}
    assert found["tiny"].distribution == "tiny-provider" and found["tiny"].version == "0.1"
    assert not found["tiny"].built_in and found["local"].built_in
    assert "tiny_provider" not in sys.modules and "tinyold_provider" not in sys.modules


async def test_a_turn_runs_through_the_selected_plugin(
        on_path: Path, server: FakeLLMServer, hermes_home: Path) -> None:
    cfg = write_config(hermes_home, server, user_model={"provider": "tiny",
                                                        "options": {"greeting": MARKER + "-opt"}})
    agent = AgentSession.open(cfg)
    assert agent.provider is not None
    await agent.send("what should I drink?")
    await agent.close()
    sent = server.requests_for(MAIN)[0]
    assert MARKER + "-opt" in last_user_text(sent)  # the options reached the plugin
    assert "what should I drink?" in last_user_text(sent)
    assert "tiny_echo" in [t["function"]["name"] for t in sent.get("tools") or []]
    import tiny_provider  # the plugin heard about the finished turn

    assert tiny_provider.SEEN == ["what should I drink?"]


async def test_a_plugin_with_another_interface_version_is_refused_in_one_line(
        on_path: Path, server: FakeLLMServer, hermes_home: Path) -> None:
    cfg = write_config(hermes_home, server, user_model={"provider": "tinyold"})
    recorder = Recorder()
    agent = AgentSession.open(cfg, on_event=recorder)
    assert agent.provider is None
    await agent.send("hello")  # the turn still runs, without a user model
    await agent.close()
    notes = [n.text for n in recorder.of(Notice) if n.kind == "provider"]
    assert len(notes) == 1 and "\n" not in notes[0]
    assert "refused" in notes[0] and "version 2" in notes[0] and "version 1" in notes[0]
    assert MARKER not in last_user_text(server.requests_for(MAIN)[0])


def test_memory_status_lists_the_installed_providers(site: Path, hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({"user_model": {"provider": "tiny"}}))
    done = hermes(hermes_home, site, "memory", "status")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "User model: tiny" in lines
    assert "  * tiny (plugin from tiny-provider 0.1)" in lines
    assert "  - local (built in)" in lines
    old = next(line for line in lines if "tinyold" in line)
    assert "refused" in old and "version 2" in old

    as_json = json.loads(hermes(hermes_home, site, "memory", "status", "--json").stdout)
    assert as_json["provider_api_version"] == plugins.PROVIDER_API_VERSION
    assert {"tiny", "tinyold", "local", "honcho"} <= {p["name"] for p in as_json["installed_providers"]}


def test_setup_accepts_an_installed_plugin_and_refuses_an_unknown_name(
        site: Path, hermes_home: Path) -> None:
    done = hermes(hermes_home, site, "memory", "setup", "tiny", "--yes")
    assert done.returncode == 0, done.stderr
    assert yaml.safe_load((hermes_home / "config.yaml").read_text())["user_model"]["provider"] == "tiny"
    refused = hermes(hermes_home, site, "memory", "setup", "nosuch", "--yes")
    assert refused.returncode == 2
    assert "unknown provider 'nosuch'" in refused.stderr and "tiny" in refused.stderr
    assert yaml.safe_load((hermes_home / "config.yaml").read_text())["user_model"]["provider"] == "tiny"


def test_config_check_names_a_missing_or_refused_plugin(site: Path, hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({"user_model": {"provider": "nosuch"}}))
    missing = hermes(hermes_home, site, "config", "check")
    assert missing.returncode == 2
    assert "no provider named 'nosuch' is installed" in missing.stderr
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({"user_model": {"provider": "tinyold"}}))
    refused = hermes(hermes_home, site, "config", "check")
    assert refused.returncode == 2 and "refused" in refused.stderr
    (hermes_home / "config.yaml").write_text(yaml.safe_dump({"user_model": {"provider": "tiny"}}))
    assert hermes(hermes_home, site, "config", "check").returncode == 0


def test_a_provider_name_that_cannot_be_a_plugin_is_a_config_error(hermes_home: Path) -> None:
    from hermes.config import ConfigError, parse_config

    with pytest.raises(ConfigError, match="user_model.provider"):
        parse_config({"user_model": {"provider": "Not A Name!"}})
    with pytest.raises(ConfigError, match="user_model.options"):
        parse_config({"user_model": {"options": ["a", "list"]}})
