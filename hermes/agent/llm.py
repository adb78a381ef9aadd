"""The litellm client: lazy offline import, streaming with retries, clear one-line errors, cost.

litellm takes seconds to import, so nothing imports it at module level: `litellm_module()` does
it once (thread-safe) after setting the offline switches, and `preload()` / `start_preload()`
let the TUI and `hermes chat -q` do that in a background thread while they set up everything
else. API keys are read from the environment (after $HERMES_HOME/.env) and handed to litellm
per call; they are never logged. What a failed call says (LLMError, classify_error) is
hermes/agent/llm_errors.py, and how a streamed reply is put together from its chunks
(StreamState) is hermes/agent/streamed_reply.py; both are re-exported here.
"""

from __future__ import annotations

import asyncio
import gc
import importlib
import logging
import os
import random
import threading
import types
from collections.abc import Callable
from typing import Any, Literal

from hermes.agent import tokens
from hermes.agent.llm_errors import (  # the error wording lives there; callers keep using llm.X
    LLMError as LLMError,
    NotAChatReply as NotAChatReply,
    classify_error as classify_error,
    key_env_for as key_env_for,
    phrase as phrase,
    provider_message as provider_message,
)
from hermes.agent.streamed_reply import StreamState as StreamState  # callers keep using llm.StreamState
from hermes.config import ModelConfig, load_env_file

log = logging.getLogger("hermes.agent.llm")

DEFAULT_CONTEXT_WINDOW = 32_768
BACKOFF_BASE = 0.5  # seconds; doubled per attempt, capped by BACKOFF_MAX
BACKOFF_MAX = 8.0

_import_lock = threading.Lock()
_litellm: types.ModuleType | None = None


# Modules litellm imports inside its first completion call (1.110: the managed-file helpers
# pull in the proxy's types, ~0.3 s). Imported with litellm, so the first request does not
# wait for them; a name a later litellm lacks is skipped.
_FIRST_CALL_MODULES = ("litellm.proxy.openai_files_endpoints.common_utils",)


def _offline_environment() -> None:
    os.environ["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"
    os.environ.setdefault("LITELLM_TELEMETRY", "False")
    os.environ.setdefault("LITELLM_LOG", "CRITICAL")
    # Outside "PRODUCTION" litellm loads a .env found above its install folder: keys come only
    # from the environment and $HERMES_HOME/.env (specs/agent.md)
    os.environ.setdefault("LITELLM_MODE", "PRODUCTION")
    tokens.use_bundled_encodings()


def litellm_module() -> types.ModuleType:
    """Import litellm once with the price map local, telemetry off and its chatter silenced."""
    global _litellm
    if _litellm is not None:
        return _litellm
    with _import_lock:
        if _litellm is None:
            _offline_environment()
            _litellm = _import_litellm()
    return _litellm


def _no_response_cost(**_: object) -> float:
    """Stands in for litellm's own pricing of every response. Hermes prices a reply from the
    usage the provider reports (cost_usd below); litellm's pricing, run as a stream opens and
    before any usage has arrived, counts the prompt with a tiktoken encoding instead, which
    loads 48 MB (cl100k) to 75 MB (o200k) at the first request for a figure Hermes never reads
    (bench/chat_startup_bench.py, bench/README.md)."""
    return 0.0


def _import_litellm() -> types.ModuleType:
    """`import litellm` without the cycle collector: the import makes about a million objects
    that live as long as the process, and collecting while it runs cost ~30 % of its CPU
    (bench/chat_startup_bench.py). They are then frozen, so no later collection walks them."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        import litellm

        for name in _FIRST_CALL_MODULES:
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - only a head start; the call imports what it needs
                log.debug("litellm module %s not preloaded", name, exc_info=True)
        litellm.telemetry = False
        litellm.suppress_debug_info = True
        litellm.drop_params = True  # a provider that lacks an option ignores it
        litellm.response_cost_calculator = _no_response_cost
        for name in ("LiteLLM", "LiteLLM Router", "LiteLLM Proxy", "httpx", "openai"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
        gc.freeze()
    finally:
        if collecting:
            gc.enable()
    return litellm


def is_loaded() -> bool:
    return _litellm is not None


async def load_async() -> types.ModuleType:
    """litellm, imported in a worker thread so the event loop keeps running meanwhile."""
    if _litellm is not None:
        return _litellm
    return await asyncio.to_thread(litellm_module)


def preload() -> None:
    """Import litellm now, for a background thread at start-up; an import failure is raised
    so the caller can say so at once (the TUI's loader turns it into one line)."""
    litellm_module()


def start_preload() -> None:
    """Start importing litellm in a daemon thread and return at once. The first model call
    waits for it (`load_async`); a failed import is retried there and reported by that call."""
    if _litellm is not None:
        return

    def run() -> None:
        try:
            litellm_module()
        except Exception:  # noqa: BLE001 - the model call imports again and says what failed
            log.warning("background import of litellm failed", exc_info=True)

    threading.Thread(target=run, name="hermes-litellm-import", daemon=True).start()


# ---------------------------------------------------------------- calls


# Which llama.cpp slot a request uses (model.llama_slots): the conversation keeps slot 0.
Slot = Literal["conversation", "background"]
_SLOT_IDS: dict[Slot, int] = {"conversation": 0, "background": 1}


def llama_fields(mc: ModelConfig, slot: Slot) -> dict[str, object]:
    """llama.cpp server fields for `extra_body` ({} when model.llama_slots is 0): its prompt
    cache, and with two slots or more the slot, so a review does not evict the
    conversation's cached prefix."""
    if mc.llama_slots <= 0:
        return {}
    fields: dict[str, object] = {"cache_prompt": True}
    if mc.llama_slots >= 2:
        fields["id_slot"] = _SLOT_IDS[slot]
    return fields


def call_options(mc: ModelConfig, timeout: float, *, slot: Slot = "background") -> dict[str, Any]:
    """litellm keyword arguments for one model (key from the environment, never logged);
    `slot` says whether the request is the conversation's or background work."""
    if not mc.name:
        raise LLMError("No model is configured. Set model.name in $HERMES_HOME/config.yaml "
                       "(e.g. `model: openai/gpt-4.1`) or pass --model.",
                       kind="config", retryable=False)
    load_env_file()
    opts: dict[str, Any] = {"model": mc.name, "timeout": timeout, "max_retries": 0}
    if mc.api_base:
        opts["api_base"] = mc.api_base
    if mc.api_key_env:
        key = os.environ.get(mc.api_key_env, "")
        if not key:
            raise LLMError(f"model.api_key_env names {mc.api_key_env}, but it is not set. Add "
                           f"{mc.api_key_env}=… to $HERMES_HOME/.env or the environment.",
                           kind="auth", retryable=False)
        opts["api_key"] = key
    elif mc.api_base and mc.name.startswith("openai/") and not os.environ.get("OPENAI_API_KEY"):
        opts["api_key"] = "no-key"  # local OpenAI-compatible servers usually need none
    if mc.temperature is not None:
        opts["temperature"] = mc.temperature
    if mc.max_tokens:  # 0 = unset (main turns get limits.reply_token_cap)
        opts["max_tokens"] = mc.max_tokens
    extra_body = llama_fields(mc, slot)
    if extra_body:  # litellm merges extra_body into the JSON of an OpenAI-compatible request
        opts["extra_body"] = extra_body
    return opts


async def _close_stream(response: Any) -> None:
    inner = getattr(response, "completion_stream", None)
    for obj in (inner, response):
        closer = getattr(obj, "close", None) or getattr(obj, "aclose", None)
        if closer is None:
            continue
        try:
            result = closer()
            if asyncio.iscoroutine(result):
                await asyncio.wait_for(result, 1.0)
            return
        except Exception:  # noqa: BLE001 - best effort: the connection is going away anyway
            return


async def _stream_once(litellm: Any, opts: dict[str, Any], state: StreamState,
                       on_text: Callable[[str], None] | None) -> None:
    response = await litellm.acompletion(stream=True, stream_options={"include_usage": True},
                                         **opts)
    try:
        async for chunk in response:
            state.take_chunk(chunk, on_text)
        text = state.end_text()
        if text and on_text is not None:
            on_text(text)
    finally:
        await _close_stream(response)
    if not state.saw_reply:
        raise NotAChatReply()


def backoff_delay(attempt: int, exc: BaseException | None = None) -> float:
    """Exponential backoff with jitter; a provider's Retry-After wins when it is shorter."""
    delay = min(BACKOFF_MAX, BACKOFF_BASE * (2 ** attempt)) * random.uniform(0.8, 1.2)
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    try:
        after = float(headers.get("retry-after")) if headers is not None else None
    except (TypeError, ValueError):
        after = None
    if after is not None and 0 <= after < delay:
        return after
    return float(delay)


async def stream_completion(mc: ModelConfig, messages: list[dict[str, Any]],
                            tools: list[dict[str, Any]] | None = None, *,
                            state: StreamState | None = None,
                            on_text: Callable[[str], None] | None = None,
                            timeout: float = 120.0, max_retries: int = 3,
                            on_retry: Callable[[LLMError, float], None] | None = None,
                            extra: dict[str, Any] | None = None,
                            slot: Slot = "background") -> StreamState:
    """Stream one completion into `state`; retry rate limits, 5xx, timeouts and dropped
    connections before anything arrived. Raises LLMError (partial=True when text was kept)."""
    state = state if state is not None else StreamState()
    opts = call_options(mc, timeout, slot=slot)
    opts["messages"] = messages
    if tools:
        opts["tools"] = tools
    opts.update(extra or {})
    litellm = await load_async()
    attempt = 0
    while True:
        state.attempts = attempt + 1
        try:
            await _stream_once(litellm, opts, state, on_text)
            return state
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - classified below, never shown raw
            err = classify_error(exc, mc, partial=state.received_anything)
            log.info("model call to %s failed (attempt %d): %s", mc.name, attempt + 1,
                     err.message)
            if err.partial or not err.retryable or attempt >= max_retries:
                if err.retryable and attempt >= max_retries and attempt > 0:
                    err.template = f"{err.template} (gave up after {attempt + 1} tries)"
                    err.message = phrase(err.template)
                    err.args = (err.message,)
                raise err from None
            delay = backoff_delay(attempt, exc)
            if on_retry is not None:
                on_retry(err, delay)
            await asyncio.sleep(delay)
            attempt += 1


# ---------------------------------------------------------------- model facts


def cost_usd(model: str, prompt_tokens: int, completion_tokens: int) -> float:
    """Price of a call from litellm's local price map; 0.0 when the model is unknown."""
    try:
        litellm = litellm_module()
        prompt_cost, completion_cost = litellm.cost_per_token(
            model=model, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)
        return float(prompt_cost) + float(completion_cost)
    except Exception:  # noqa: BLE001 - unknown model or provider: no price
        return 0.0


def supports_reasoning(model: str) -> bool:
    """True when litellm knows the model as a reasoning model (False when unknown)."""
    try:
        return bool(litellm_module().supports_reasoning(model=model))
    except Exception:  # noqa: BLE001
        return False


def context_window(mc: ModelConfig) -> int:
    """The model's input window: config first, then litellm's model info, then a safe default."""
    if mc.context_window:
        return mc.context_window
    try:
        info = litellm_module().get_model_info(mc.name)
        value = info.get("max_input_tokens") or info.get("max_tokens")
        if value:
            return int(value)
    except Exception:  # noqa: BLE001 - unknown model
        pass
    return DEFAULT_CONTEXT_WINDOW
