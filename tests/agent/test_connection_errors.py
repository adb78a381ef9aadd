"""A server that cannot be reached is named as such (refused, DNS, TLS), never called a server
error, and each line says what to do in the interface it appears in."""

from __future__ import annotations

import socket

import yaml

from hermes.agent import llm
from hermes.agent.events import ErrorEvent
from hermes.agent.session import AgentSession
from hermes.config import ModelConfig
from tests.agent.conftest import write_config
from tests.agent.test_chat_cli import _hermes
from tests.support.fake_llm import Reply


def _closed_port() -> int:
    """A loopback port with nothing listening (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _point_at(home, base: str) -> None:
    path = home / "config.yaml"
    data = yaml.safe_load(path.read_text())
    data["model"]["api_base"] = base
    path.write_text(yaml.safe_dump(data))


def test_chat_q_against_a_closed_port_names_the_url(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server)
    base = f"http://127.0.0.1:{_closed_port()}/v1"
    _point_at(hermes_home, base)
    result = _hermes(hermes_home, "chat", "-q", "hello?")
    assert result.returncode == 1 and result.stdout == ""
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("hermes: ")]
    assert len(lines) == 1, result.stderr
    assert f"Could not connect to {base}: the connection was refused" in lines[0]
    assert "server error" not in lines[0] and "/retry" not in lines[0]
    assert "run the same command again" in lines[0]
    assert "Traceback" not in result.stderr and "Error:" not in result.stderr


async def test_the_tui_phrasing_keeps_the_slash_command(agent_env, recorder):
    _, make_cfg = agent_env
    base = f"http://127.0.0.1:{_closed_port()}/v1"
    cfg = make_cfg(memory={"review_interval": 0}, model={"api_base": base})
    agent = AgentSession.open(cfg, on_event=recorder)  # source="tui"
    done = await agent.send("hello?")
    assert done.failed
    [error] = recorder.of(ErrorEvent)
    assert error.message.startswith(f"Could not connect to {base}") and "/retry" in error.message
    await agent.close()


async def test_dns_and_tls_failures_name_the_url(fake_llm, monkeypatch):
    monkeypatch.setenv("FAKE_LLM_KEY", "sk-fake-test-key-000000000000")
    fake_llm.add(Reply(text="never"))
    cases = {
        "http://no-such-host.invalid/v1": "host name was not found",
        fake_llm.api_base.replace("http://", "https://"): "TLS (https) handshake failed",
    }
    for base, words in cases.items():
        mc = ModelConfig(name="openai/x", api_base=base, api_key_env="FAKE_LLM_KEY")
        try:
            await llm.stream_completion(mc, [{"role": "user", "content": "hi"}], None,
                                        timeout=10, max_retries=0)
        except llm.LLMError as err:
            assert err.kind == "connection"
            assert f"Could not connect to {base}: " in err.message and words in err.message
            assert "server error" not in err.message
            assert "run the same command again" in err.for_interface("cli")
        else:
            raise AssertionError(f"{base} answered")


def test_phrases_per_interface():
    err = llm.LLMError("x is rate limiting requests. Wait a moment, then {retry}.",
                       kind="rate_limit", retryable=True)
    assert err.message.endswith("then /retry.")
    assert err.for_interface("cli").endswith("then run the same command again.")
    ctx = llm.LLMError("Too long. {compress}.", kind="context", retryable=False)
    assert "/compress" in ctx.message and "--resume" in ctx.for_interface("cli")


def test_chat_q_with_an_unknown_provider_says_so_in_one_line(agent_env, hermes_home):
    """litellm's multi-sentence "LLM Provider NOT provided" help becomes one line that names
    the provider and what to pass on the command line (no /model: there is no app here)."""
    server, _ = agent_env
    write_config(hermes_home, server)
    result = _hermes(hermes_home, "chat", "-q", "hello?", "--model", "nosuchprovider/foo")
    assert result.returncode == 1 and result.stdout == ""
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("hermes: ")]
    assert len(lines) == 1, result.stderr
    assert "does not know the provider 'nosuchprovider'" in lines[0]
    assert "Pass --model PROVIDER/MODEL" in lines[0] and "/model" not in lines[0].replace("--model", "")
    assert "LLM Provider NOT provided" not in result.stderr and "Traceback" not in result.stderr
    assert server.requests_for("foo") == [] and not any("nosuchprovider" in str(r) for r in server.requests)


def test_chat_q_with_an_api_base_without_a_scheme_is_refused_before_any_call(agent_env, hermes_home):
    server, _ = agent_env
    write_config(hermes_home, server)
    hostport = server.api_base.removeprefix("http://")
    _point_at(hermes_home, hostport)  # `127.0.0.1:PORT/v1`: litellm would try it four times
    result = _hermes(hermes_home, "chat", "-q", "hello?")
    assert result.returncode == 2 and result.stdout == ""
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith("hermes: ")]
    assert len(lines) == 1 and f"write http://{hostport}" in lines[0], result.stderr
    assert server.requests == [] and "Traceback" not in result.stderr
