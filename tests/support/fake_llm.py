"""A loopback OpenAI-compatible chat server for tests (standard library only).

Tests reach it through litellm's real HTTP path: model ``openai/<name>``, ``api_base`` =
``server.api_base`` and any dummy key. Replies are scripted:

    server.add(Reply(text="hi"), contains="hello")         # a rule, used every time it matches
    server.add(Reply(status=429), times=1)                  # a rule used once, then dropped
    server.queue(Reply(tool_calls=[call("memory", {...})]), Reply(text="done"))   # FIFO

Matching order for each request: the FIFO queue first (its first entry for this model, or for
any model), then the rules in the order they were added (the first that matches and has uses
left), then ``default``.
Every request body is kept in ``server.requests`` (thread-safe copy) with the path and model.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class ToolCall:
    """One scripted tool call. `arguments` may be a dict (JSON-encoded) or a raw (maybe broken) str."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str = ""

    def arguments_text(self) -> str:
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments, ensure_ascii=False)


def call(name: str, arguments: dict[str, Any] | str | None = None, id: str = "") -> ToolCall:
    """Shorthand for a scripted tool call."""
    return ToolCall(name=name, arguments={} if arguments is None else arguments, id=id)


@dataclass
class Reply:
    """What the server answers to one request."""

    text: str = ""
    tool_calls: list[ToolCall] = field(default_factory=list)
    status: int = 200  # 401, 429, 500 ... answer with an OpenAI-style error body
    error_message: str = ""
    delay: float = 0.0  # seconds before the response starts
    chunk_delay: float = 0.0  # seconds between streamed chunks
    chunk_size: int = 12  # characters of text per streamed chunk
    args_chunk_size: int = 7  # characters of tool-call arguments per streamed delta
    drop_after_chars: int | None = None  # stream this much text, then drop the connection
    usage: dict[str, int] | None = None  # None = estimated from the request and reply
    send_usage: bool = True
    repeat_tool_ids: bool = False  # repeat id and name in every argument delta (some servers do)
    empty_choices: bool = False  # a response / chunks with "choices": []
    finish_reason: str | None = None  # None = "tool_calls" or "stop"
    hang: bool = False  # after the first text chunk, wait until the client goes away
    # after `text`, stream this piece over and over ("{n}" = a counter) until the client goes
    # away (at most 60 s): a model that never stops
    endless: str | None = None
    body: str | None = None  # answer 200 with exactly this body (HTML, junk) instead of JSON/SSE
    content_type: str = "text/html; charset=utf-8"  # of `body`

    def completion_tokens(self) -> int:
        body = self.text + "".join(c.name + c.arguments_text() for c in self.tool_calls)
        return max(1, len(body) // 4)


@dataclass
class Rule:
    reply: Reply | Callable[[dict[str, Any]], Reply]
    model: str | None = None
    contains: str | None = None
    has_tool_results: bool | None = None
    match: Callable[[dict[str, Any]], bool] | None = None
    times: int | None = None  # None = unlimited

    def matches(self, body: dict[str, Any]) -> bool:
        if self.times is not None and self.times <= 0:
            return False
        if self.model is not None and body.get("model") != self.model:
            return False
        if self.contains is not None and self.contains not in last_user_text(body):
            return False
        if self.has_tool_results is not None and has_tool_results(body) != self.has_tool_results:
            return False
        return self.match is None or bool(self.match(body))


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def last_user_text(body: dict[str, Any]) -> str:
    """The text of the last user message in a request body."""
    for msg in reversed(body.get("messages") or []):
        if msg.get("role") == "user":
            return _text_of(msg.get("content"))
    return ""


def has_tool_results(body: dict[str, Any]) -> bool:
    """True when the conversation ends with tool results (the model is being called back)."""
    msgs = body.get("messages") or []
    return bool(msgs) and msgs[-1].get("role") == "tool"


def system_prompt(body: dict[str, Any]) -> str:
    """The system prompt of a request body: its leading system messages joined as Hermes
    stores the prompt (the fixed part and the session part; "" when there is none)."""
    parts = []
    for msg in body.get("messages") or []:
        if msg.get("role") != "system":
            break
        parts.append(_text_of(msg.get("content")))
    return "\n\n".join(parts)


def tool_results(body: dict[str, Any]) -> list[str]:
    """Contents of every tool message in a request body."""
    return [_text_of(m.get("content")) for m in body.get("messages") or [] if m.get("role") == "tool"]


class FakeLLMServer:
    """The server; use as a context manager or call start()/stop()."""

    def __init__(self, model_prefix: str = "openai/") -> None:
        self.model_prefix = model_prefix
        self.default: Reply = Reply(text="OK.")
        self._rules: list[Rule] = []
        self._queue: list[tuple[str | None, Reply | Callable[[dict[str, Any]], Reply]]] = []
        self._requests: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # ------------------------------------------------------------ lifecycle

    def start(self) -> FakeLLMServer:
        server = self

        class Handler(_Handler):
            fake = server

        self._httpd = _QuietServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True,
                                        name="fake-llm")
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def model(self, name: str = "fake-model") -> str:
        """The litellm model name that reaches this server, e.g. openai/fake-model."""
        return f"{self.model_prefix}{name}"

    # ------------------------------------------------------------ scripting

    def add(self, reply: Reply | Callable[[dict[str, Any]], Reply], *, model: str | None = None,
            contains: str | None = None, has_tool_results: bool | None = None,
            match: Callable[[dict[str, Any]], bool] | None = None,
            times: int | None = None) -> Rule:
        """Add a rule. `model` is the name the server sees (without the `openai/` prefix)."""
        rule = Rule(reply, model=model, contains=contains, has_tool_results=has_tool_results,
                    match=match, times=times)
        with self._lock:
            self._rules.append(rule)
        return rule

    def queue(self, *replies: Reply | Callable[[dict[str, Any]], Reply],
              model: str | None = None) -> None:
        """Replies handed out in order, before any rule is consulted; with `model`, only to
        requests for that model (so background calls to other models do not take them)."""
        with self._lock:
            self._queue.extend((model, r) for r in replies)

    def clear(self) -> None:
        with self._lock:
            self._rules.clear()
            self._queue.clear()
            self._requests.clear()

    # ------------------------------------------------------------ the log

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every chat request body received so far (a copy), in arrival order."""
        with self._lock:
            return [dict(r) for r in self._requests]

    def requests_for(self, model: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if r.get("model") == model]

    def wait_for_requests(self, n: int, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Block until at least `n` requests arrived (for background work); return the log."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            reqs = self.requests
            if len(reqs) >= n:
                return reqs
            time.sleep(0.01)
        return self.requests

    # ------------------------------------------------------------ internals

    def _pick(self, body: dict[str, Any]) -> Reply:
        with self._lock:
            self._requests.append(body)
            chosen: Reply | Callable[[dict[str, Any]], Reply] | None = None
            for i, (model, _reply) in enumerate(self._queue):
                if model is None or model == body.get("model"):
                    chosen = self._queue.pop(i)[1]
                    break
            if chosen is None:
                for rule in self._rules:
                    if rule.matches(body):
                        if rule.times is not None:
                            rule.times -= 1
                        chosen = rule.reply
                        break
            if chosen is None:
                chosen = self.default
        return chosen(body) if callable(chosen) else chosen


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up (cancel, timeout) is normal here, not worth a traceback."""
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionError, OSError)):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    fake: FakeLLMServer
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:  # /v1/models, for clients that probe
        self._json(200, {"object": "list", "data": []})

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._json(400, {"error": {"message": "invalid JSON body", "type": "invalid_request"}})
            return
        body["_path"] = self.path
        if not self.path.rstrip("/").endswith("/chat/completions"):
            self._json(404, {"error": {"message": f"no route {self.path}"}})
            return
        reply = self.fake._pick(body)
        if reply.delay:
            time.sleep(reply.delay)
        if reply.status != 200:
            self._error(reply)
        elif reply.body is not None:
            self._raw(reply)
        elif body.get("stream"):
            self._stream(body, reply)
        else:
            self._complete(body, reply)

    # ------------------------------------------------------------ responses

    def _json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None
              ) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def _raw(self, reply: Reply) -> None:
        """A 200 whose body is not what an OpenAI client expects (a proxy's HTML page...)."""
        data = (reply.body or "").encode("utf-8", "surrogatepass")
        self.send_response(200)
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, reply: Reply) -> None:
        kinds = {401: "invalid_api_key", 429: "rate_limit_exceeded", 500: "server_error"}
        message = reply.error_message or {
            401: "Incorrect API key provided.",
            429: "Rate limit reached, please slow down.",
            500: "The server had an error while processing your request.",
        }.get(reply.status, f"error {reply.status}")
        headers = {"Retry-After": "0"} if reply.status == 429 else None
        self._json(reply.status, {"error": {"message": message, "type": kinds.get(reply.status,
                   "error"), "code": kinds.get(reply.status)}}, headers)

    def _usage(self, body: dict[str, Any], reply: Reply) -> dict[str, int]:
        if reply.usage is not None:
            return dict(reply.usage)
        prompt = max(1, len(json.dumps(body.get("messages") or [])) // 4)
        completion = reply.completion_tokens()
        return {"prompt_tokens": prompt, "completion_tokens": completion,
                "total_tokens": prompt + completion}

    def _finish(self, reply: Reply) -> str:
        return reply.finish_reason or ("tool_calls" if reply.tool_calls else "stop")

    def _complete(self, body: dict[str, Any], reply: Reply) -> None:
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
        if reply.tool_calls:
            message["tool_calls"] = [
                {"id": tc.id or f"call_{i}_{uuid.uuid4().hex[:8]}", "type": "function",
                 "function": {"name": tc.name, "arguments": tc.arguments_text()}}
                for i, tc in enumerate(reply.tool_calls)
            ]
        choices = [] if reply.empty_choices else [
            {"index": 0, "message": message, "finish_reason": self._finish(reply)}]
        payload: dict[str, Any] = {
            "id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "object": "chat.completion",
            "created": int(time.time()), "model": body.get("model", ""), "choices": choices,
        }
        if reply.send_usage:
            payload["usage"] = self._usage(body, reply)
        self._json(200, payload)

    def _send_chunk(self, data: bytes) -> None:
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()

    def _event(self, payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        try:
            data = f"data: {text}\n\n".encode()
        except UnicodeEncodeError:  # lone surrogates in a scripted reply go out JSON-escaped
            data = f"data: {json.dumps(payload)}\n\n".encode()
        self._send_chunk(data)

    def _drop(self) -> None:
        """Close the socket without the final zero-length chunk: the body is incomplete."""
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _stream(self, body: dict[str, Any], reply: Reply) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        base = {"id": f"chatcmpl-{uuid.uuid4().hex[:12]}", "object": "chat.completion.chunk",
                "created": int(time.time()), "model": body.get("model", "")}

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            if reply.empty_choices:
                return {**base, "choices": []}
            return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

        try:
            self._event(chunk({"role": "assistant", "content": ""}))
            sent = 0
            text = reply.text
            step = max(1, reply.chunk_size)
            for start in range(0, len(text), step):
                piece = text[start:start + step]
                if reply.drop_after_chars is not None and sent + len(piece) > reply.drop_after_chars:
                    piece = piece[: max(0, reply.drop_after_chars - sent)]
                    if piece:
                        self._event(chunk({"content": piece}))
                    self._drop()
                    return
                self._event(chunk({"content": piece}))
                sent += len(piece)
                if reply.hang:
                    self._hang()
                    return
                if reply.chunk_delay:
                    time.sleep(reply.chunk_delay)
            if reply.drop_after_chars is not None:
                self._drop()
                return
            if reply.endless is not None:
                self._endless(reply, chunk)
                return
            for index, tc in enumerate(reply.tool_calls):
                call_id = tc.id or f"call_{index}_{uuid.uuid4().hex[:8]}"
                args = tc.arguments_text()
                self._event(chunk({"tool_calls": [{
                    "index": index, "id": call_id, "type": "function",
                    "function": {"name": tc.name, "arguments": ""}}]}))
                astep = max(1, reply.args_chunk_size)
                for start in range(0, len(args), astep):
                    fn: dict[str, Any] = {"arguments": args[start:start + astep]}
                    delta: dict[str, Any] = {"index": index, "function": fn}
                    if reply.repeat_tool_ids:
                        delta.update(id=call_id, type="function")
                        fn["name"] = tc.name
                    self._event(chunk({"tool_calls": [delta]}))
                    if reply.chunk_delay:
                        time.sleep(reply.chunk_delay)
            self._event(chunk({}, self._finish(reply)))
            if reply.send_usage:
                self._event({**base, "choices": [], "usage": self._usage(body, reply)})
            self._event("[DONE]")
            self._send_chunk(b"")  # a zero-length chunk ends the body
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _endless(self, reply: Reply, chunk: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
        deadline = time.monotonic() + 60
        n, at, piece = 0, 0, reply.endless or " "
        step = max(1, reply.chunk_size)
        while time.monotonic() < deadline:
            if "{n}" in piece:
                text = piece.replace("{n}", str(n))
            else:  # the same text cut at chunk_size, so chunks differ like a model's tokens
                text = "".join(piece[(at + i) % len(piece)] for i in range(step))
                at = (at + step) % len(piece)
            self._event(chunk({"content": text}))
            n += 1
            time.sleep(reply.chunk_delay or 0.002)
        self._drop()

    def _hang(self) -> None:
        """Keep the stream open (sending SSE comments) until the client disconnects."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            time.sleep(0.05)
            self._send_chunk(b": keep-alive\n\n")
        self._drop()
