"""The litellm client against the fake server: retries, clear errors, streams, offline facts."""

from __future__ import annotations

import pytest

from hermes.agent import llm, tokens
from hermes.config import ModelConfig
from tests.support.fake_llm import FakeLLMServer, Reply, call

SECRET = "sk-test-abcdefghijklmnopqrstuvwx"


@pytest.fixture
def model(fake_llm: FakeLLMServer, monkeypatch: pytest.MonkeyPatch) -> ModelConfig:
    monkeypatch.setenv("FAKE_KEY", SECRET)
    return ModelConfig(name=fake_llm.model("main"), api_base=fake_llm.api_base,
                       api_key_env="FAKE_KEY")


async def _call(model: ModelConfig, **kw) -> llm.StreamState:
    return await llm.stream_completion(model, [{"role": "user", "content": "hi"}], **kw)


async def test_rate_limit_then_success_is_retried(fake_llm, model) -> None:
    fake_llm.queue(Reply(status=429), Reply(text="hello after a wait"))
    retries: list[str] = []
    state = await _call(model, max_retries=3, on_retry=lambda e, d: retries.append(e.kind))
    assert state.text == "hello after a wait"
    assert len(fake_llm.requests) == 2 and retries == ["rate_limit"]


async def test_auth_error_is_not_retried_and_says_where_the_key_goes(fake_llm, model) -> None:
    fake_llm.queue(Reply(status=401, error_message="Incorrect API key provided"))
    with pytest.raises(llm.LLMError) as info:
        await _call(model, max_retries=3)
    err = info.value
    assert err.kind == "auth" and not err.retryable
    assert "Incorrect API key provided" in err.message
    assert "FAKE_KEY" in err.message and ".env" in err.message
    assert "\n" not in err.message and SECRET not in err.message
    assert len(fake_llm.requests) == 1


async def test_server_errors_give_up_after_the_retry_budget(fake_llm, model) -> None:
    fake_llm.add(Reply(status=500, error_message="upstream exploded"))
    with pytest.raises(llm.LLMError) as info:
        await _call(model, max_retries=1)
    assert info.value.kind == "server" and "upstream exploded" in info.value.message
    assert "2 tries" in info.value.message
    assert len(fake_llm.requests) == 2


async def test_missing_key_variable_is_reported_before_any_request(fake_llm, model,
                                                                    monkeypatch) -> None:
    monkeypatch.delenv("FAKE_KEY")
    with pytest.raises(llm.LLMError) as info:
        await _call(model)
    assert info.value.kind == "auth" and "FAKE_KEY" in info.value.message
    assert fake_llm.requests == []


async def test_key_from_hermes_env_file_reaches_the_server(fake_llm, model, monkeypatch,
                                                           hermes_home) -> None:
    monkeypatch.delenv("FAKE_KEY")
    (hermes_home / ".env").write_text("FAKE_KEY=from-dotenv\n")
    state = await _call(model)
    assert state.text == "OK."


async def test_dropped_stream_keeps_partial_text(fake_llm, model) -> None:
    fake_llm.queue(Reply(text="The first part arrives, the rest never does.",
                         drop_after_chars=20, chunk_size=5))
    state = llm.StreamState()
    with pytest.raises(llm.LLMError) as info:
        await _call(model, state=state, max_retries=3)
    assert info.value.partial and info.value.kind == "connection"
    assert state.text == "The first part arriv"
    assert len(fake_llm.requests) == 1  # text had arrived: no silent retry


async def test_tool_call_deltas_accumulate_even_with_repeated_ids(fake_llm, model) -> None:
    args = {"action": "add", "target": "user", "content": "prefers tabs over spaces"}
    fake_llm.queue(Reply(tool_calls=[call("memory", args), call("session_search", {"query": "x"})],
                         repeat_tool_ids=True, args_chunk_size=3))
    state = await _call(model)
    calls = state.ordered_tool_calls()
    assert [c["name"] for c in calls] == ["memory", "session_search"]
    import json

    assert json.loads(calls[0]["arguments"]) == args
    assert calls[0]["id"] and calls[0]["id"] != calls[1]["id"]


async def test_odd_output_does_not_crash(fake_llm, model) -> None:
    weird = "zero\u200bwidth \U0001f600 " + "x" * 50_000
    fake_llm.queue(Reply(text=weird, send_usage=False, chunk_size=4096))
    state = await _call(model)
    assert state.text == weird


async def test_empty_choices_become_a_clear_error(fake_llm, model) -> None:
    fake_llm.add(Reply(text="never seen", empty_choices=True))
    with pytest.raises(llm.LLMError) as info:
        await _call(model, max_retries=0)
    assert info.value.message and "\n" not in info.value.message


def test_no_model_configured_is_a_config_error() -> None:
    with pytest.raises(llm.LLMError) as info:
        llm.call_options(ModelConfig(), 10)
    assert info.value.kind == "config" and "model.name" in info.value.message


def test_tokens_are_counted_offline_with_bundled_encodings() -> None:
    assert tokens.bundled_tokenizers_dir() is not None
    assert tokens.count_text("hello world", "openai/gpt-4.1") == 2
    assert tokens.count_text("hello world", "anthropic/claude-sonnet-4-5") == 2
    msgs = [{"role": "user", "content": "hello world"}]
    assert tokens.count_messages(msgs) == 3 + 4 + 2


def test_cost_from_the_local_price_map() -> None:
    assert llm.cost_usd("openai/unknown-model-xyz", 1000, 1000) == 0.0
    assert llm.cost_usd("gpt-4o", 1_000_000, 0) > 0.5


def test_context_window_config_first_then_model_info() -> None:
    assert llm.context_window(ModelConfig(name="openai/whatever", context_window=1234)) == 1234
    assert llm.context_window(ModelConfig(name="gpt-4o")) >= 100_000
    assert llm.context_window(ModelConfig(name="openai/no-such")) == llm.DEFAULT_CONTEXT_WINDOW


def test_importing_the_agent_does_not_import_litellm() -> None:
    import subprocess
    import sys

    code = ("import sys, hermes.agent.session, hermes.agent.chat_query, hermes.agent.tokens; "
            "print('litellm' in sys.modules, 'tiktoken' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "False False"


def test_preload_imports_litellm_with_the_offline_switches(monkeypatch) -> None:
    import os

    llm.preload()
    assert llm.is_loaded()
    assert os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] == "True"
    assert llm.litellm_module().telemetry is False
    assert os.environ["TIKTOKEN_CACHE_DIR"].endswith("tokenizers")


async def test_timeout_is_retried(fake_llm, model) -> None:
    fake_llm.queue(Reply(text="too late", delay=3), Reply(text="in time"))
    kinds: list[str] = []
    state = await _call(model, timeout=1.0, max_retries=2,
                        on_retry=lambda e, d: kinds.append(e.kind))
    assert state.text == "in time"
    assert kinds and kinds[0] in ("timeout", "connection")
