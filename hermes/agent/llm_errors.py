"""Model-call errors in words a person can act on: what failed, and what to do next.

Every exception from a model call (litellm's, openai's underneath, httpx's or the OS's at the
bottom) becomes one LLMError with a kind, whether retrying can help, and one line that names the
fix, phrased for the interface it appears in (the TUI's slash commands, or a shell command for
`hermes chat -q`). Nothing here imports litellm: classes are recognised by name.
"""

from __future__ import annotations

import asyncio
import re

from hermes.config import ModelConfig
from hermes.config.model_providers import EXAMPLE_MODELS, default_key_env, is_local_model
from hermes.security.redact import redact



# What to do next, said for the interface the line appears in: `{retry}` / `{compress}` in a
# message become the TUI's slash commands, or what to type at a shell for `hermes chat -q`.
_PHRASES = {
    "tui": {"retry": "/retry", "Retry": "/retry",
            "compress": "Use /compress to summarise older turns",
            "setmodel": "Switch with /model PROVIDER/MODEL, or /setup"},
    "cli": {"retry": "run the same command again", "Retry": "Run the same command again",
            "compress": "Start a new session (leave out --resume), or open the session in the "
                        "TUI (hermes --resume) and use /compress",
            "setmodel": "Pass --model PROVIDER/MODEL, or set model.name in config.yaml"},
}


def phrase(template: str, interface: str = "tui") -> str:
    """A message template with its `{retry}`-style placeholders filled for an interface."""
    words = _PHRASES.get(interface, _PHRASES["tui"])
    for key, value in words.items():
        template = template.replace("{" + key + "}", value)
    return template


class LLMError(Exception):
    """A failed model call, with one line a person can act on. `message` is phrased for the
    TUI; `for_interface("cli")` phrases it for `hermes chat -q`."""

    def __init__(self, message: str, *, kind: str, retryable: bool, partial: bool = False):
        self.template = message
        self.message = phrase(message)
        super().__init__(self.message)
        self.kind = kind  # auth | rate_limit | server | timeout | connection | context | ...
        self.retryable = retryable
        self.partial = partial

    def for_interface(self, interface: str) -> str:
        if self.message != phrase(self.template):  # changed after creation (retry count added)
            return self.message
        return phrase(self.template, interface)


class NotAChatReply(Exception):
    """HTTP 200, but no chat completion in it: an HTML page, or a reply without choices."""


def key_env_for(mc: ModelConfig) -> str | None:
    """The env var that should hold the key for a model (no litellm import); None for a local
    OpenAI-compatible endpoint that needs no key."""
    if mc.api_key_env:
        return mc.api_key_env
    if not mc.name:
        return None
    if mc.api_base and mc.name.startswith("openai/"):
        return None
    if is_local_model(mc.name):
        return None
    return default_key_env(mc.name)


_PREFIX_RE = re.compile(
    r"^(?:litellm\.)?\w+(?:Error|Exception)?:\s*|^\w+(?:Exception|Error)\s*-\s*")


def provider_message(exc: BaseException) -> str:
    """The provider's own words from a litellm exception, without litellm's prefixes, one line."""
    text = str(getattr(exc, "message", "") or exc) or "no details given"
    text = text.split("Original exception:")[0].split(" Error_str:")[0]
    for _ in range(6):
        stripped = _PREFIX_RE.sub("", text.strip(), count=1)
        if stripped == text.strip():
            break
        text = stripped
    text = " ".join(redact(text).split()).rstrip(". ")
    return (text[:240] + "…") if len(text) > 240 else (text or "no details given")


def classify_error(exc: BaseException, mc: ModelConfig, *, partial: bool = False) -> LLMError:
    """Turn any exception from a model call into an LLMError with what failed and what to do."""
    if isinstance(exc, LLMError):
        return exc
    name = mc.name
    if isinstance(exc, NotAChatReply):
        where = mc.api_base or f"the {name.split('/', 1)[0]} API"
        return LLMError(
            f"{where} answered, but not with a chat reply (an HTML page or a reply without "
            f"choices). Check that model.api_base is the server's OpenAI-compatible endpoint "
            f"(usually ending in /v1) and that no login page or proxy sits in front of it.",
            kind="bad_response", retryable=False, partial=partial)
    msg = provider_message(exc)
    status = getattr(exc, "status_code", None)
    chain = _exception_chain(exc)
    cls = {c.__name__ for e in chain[:1] for c in type(e).__mro__}
    where = mc.api_base or name
    if "AuthenticationError" in cls or "PermissionDeniedError" in cls or status in (401, 403):
        key = mc.api_key_env or default_key_env(name)
        return LLMError(
            f"Authentication failed for {name}: {msg}. Put a valid key in {key} (environment or "
            f"$HERMES_HOME/.env), or set model.api_key_env to the variable that holds it.",
            kind="auth", retryable=False, partial=partial)
    if "ContextWindowExceededError" in cls:
        return LLMError(f"The conversation is too long for {name}: {msg}. {{compress}}.",
                        kind="context", retryable=False, partial=partial)
    if "RateLimitError" in cls or status == 429:
        return LLMError(f"{name} is rate limiting requests: {msg}. Wait a moment, then {{retry}}.",
                        kind="rate_limit", retryable=True, partial=partial)
    if "NotFoundError" in cls or status == 404:
        return LLMError(f"{name} was not found at {where}: {msg}. Check model.name "
                        f"(a litellm model name such as openai/gpt-4.1).",
                        kind="not_found", retryable=False, partial=partial)
    unreachable = _unreachable(chain, mc, partial)
    if unreachable is not None:
        return unreachable
    if "Timeout" in cls or isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return LLMError(f"{name} did not answer in time: {msg}. Try again ({{retry}}), or raise "
                        f"agent.request_timeout.", kind="timeout", retryable=True, partial=partial)
    if "repeating the same chunk" in msg:
        return LLMError(f"{name} kept repeating the same text, so the reply was cut off. Try "
                        f"again ({{retry}}).", kind="server", retryable=True, partial=partial)
    if "Stream ended before a finish_reason" in msg:
        return LLMError(f"{name} ended its reply without finishing it ({where}). Try again "
                        f"({{retry}}).", kind="server", retryable=True, partial=partial)
    if "APIConnectionError" in cls or "MidStreamFallbackError" in cls:
        return LLMError(f"Lost or could not open the connection to {where}: {msg}. Check "
                        f"model.api_base and your network, then {{retry}}.",
                        kind="connection", retryable=True, partial=partial)
    if ("InternalServerError" in cls or "ServiceUnavailableError" in cls or "BadGatewayError" in cls
            or (isinstance(status, int) and status >= 500)):
        return LLMError(f"{name} had a server error: {msg}. Wait a moment, then {{retry}}.",
                        kind="server", retryable=True, partial=partial)
    if "LLM Provider NOT provided" in msg:  # litellm's long help text: one line instead
        prefix = name.split("/", 1)[0] if "/" in name else name
        return LLMError(f"litellm does not know the provider '{prefix}' of {name}, so nothing "
                        f"was sent. Write the model as PROVIDER/MODEL (e.g. {EXAMPLE_MODELS}). "
                        f"{{setmodel}}.",
                        kind="config", retryable=False, partial=partial)
    if "BadRequestError" in cls or "UnprocessableEntityError" in cls or status == 400:
        return LLMError(f"{name} rejected the request: {msg}.", kind="bad_request",
                        retryable=False, partial=partial)
    if "APIError" in cls:
        return LLMError(f"{name} failed: {msg}. Try again ({{retry}}).", kind="server",
                        retryable=True, partial=partial)
    return LLMError(f"The call to {name} failed: {msg}. See $HERMES_HOME/logs/hermes.log, "
                    f"then {{retry}}.", kind="internal", retryable=False, partial=partial)


def _exception_chain(exc: BaseException) -> list[BaseException]:
    """The exception and its causes (litellm wraps openai wraps httpx wraps the OS error)."""
    chain: list[BaseException] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(chain) < 12:
        chain.append(current)
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return chain


def _unreachable(chain: list[BaseException], mc: ModelConfig, partial: bool) -> LLMError | None:
    """A connection that never opened, named by its cause: refused, DNS or TLS. litellm
    reports all of them as `InternalServerError("Connection error.")`, so the causes decide."""
    names = {c.__name__ for e in chain for c in type(e).__mro__}
    if not names & {"APIConnectionError", "ConnectError", "ClientConnectorError",
                    "ConnectionRefusedError", "gaierror", "SSLError", "ConnectTimeout"}:
        return None
    url = mc.api_base or f"the {mc.name.split('/', 1)[0]} API"
    detail = " ".join(redact(str(chain[-1])).split())[:160]
    if "gaierror" in names or "ClientConnectorDNSError" in names:
        return LLMError(f"Could not connect to {url}: its host name was not found (DNS). Check "
                        f"the host in model.api_base and your network, then {{retry}}.",
                        kind="connection", retryable=False, partial=partial)
    if names & {"SSLError", "ClientConnectorSSLError", "ClientConnectorCertificateError",
                "SSLCertVerificationError"}:
        return LLMError(f"Could not connect to {url}: the TLS (https) handshake failed "
                        f"({detail}). Local servers usually speak plain http://; check the "
                        f"scheme in model.api_base and the server's certificate, then {{retry}}.",
                        kind="connection", retryable=False, partial=partial)
    if "ConnectionRefusedError" in names:
        return LLMError(f"Could not connect to {url}: the connection was refused. Start the "
                        f"server (or fix the port in model.api_base), then {{retry}}.",
                        kind="connection", retryable=False, partial=partial)
    if names & {"ConnectTimeout", "ConnectError", "ClientConnectorError"}:
        return LLMError(f"Could not connect to {url} ({detail}). Check model.api_base and your "
                        f"network, then {{retry}}.", kind="connection", retryable=True,
                        partial=partial)
    return None

