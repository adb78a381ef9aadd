"""A loopback fake of the few Honcho v3 endpoints the provider uses (standard library only).

    server = FakeHoncho(api_key="hk-test").start()     # port 0: the OS picks one
    server.base_url                                    # http://127.0.0.1:PORT
    server.chat_answers = ["- first", "- second"]      # dialectic replies, in order (last repeats)
    server.requests                                    # (method, path, query, body, headers)
    server.stop()

State lives in memory: peers, sessions, messages, peer cards, conclusions. Representations are
made from the stored conclusions, so what the provider concluded can be seen coming back.
"""

from __future__ import annotations

import json
import re
import threading
import uuid
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse


def _now() -> str:
    return datetime.now(UTC).isoformat()


class FakeHoncho:
    def __init__(self, api_key: str | None = None) -> None:
        self.api_key = api_key
        self.requests: list[tuple[str, str, dict[str, list[str]], Any, dict[str, str]]] = []
        self.peers: dict[str, dict[str, Any]] = {}
        self.sessions: dict[str, dict[str, Any]] = {}
        self.messages: list[dict[str, Any]] = []
        self.cards: dict[str, list[str]] = {}
        self.conclusions: dict[str, dict[str, Any]] = {}
        self.representations: dict[str, str] = {}
        self.summaries: dict[str, str] = {}
        self.chat_answers: list[str] = ["Nothing notable."]
        self.fail_status: int | None = None  # answer every request with this status
        self._chats = 0
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    # -- lifecycle

    def start(self) -> FakeHoncho:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def _handle(self) -> None:
                fake._dispatch(self)

            do_GET = do_POST = do_PUT = do_DELETE = _handle  # noqa: N815

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    @property
    def base_url(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def paths(self, method: str | None = None) -> list[str]:
        with self._lock:
            return [p for m, p, *_ in self.requests if method is None or m == method]

    # -- routing

    def _dispatch(self, h: BaseHTTPRequestHandler) -> None:
        url = urlparse(h.path)
        length = int(h.headers.get("Content-Length") or 0)
        raw = h.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        query = parse_qs(url.query)
        with self._lock:
            self.requests.append((h.command, url.path, query, body, dict(h.headers)))
        if self.fail_status is not None:
            return self._send(h, self.fail_status, {"detail": "scripted failure"})
        if self.api_key and h.headers.get("Authorization") != f"Bearer {self.api_key}":
            return self._send(h, 401, {"detail": "invalid api key"})
        route = self._route(h.command, url.path, query, body)
        if route is None:
            return self._send(h, 404, {"detail": f"no route {h.command} {url.path}"})
        status, payload = route
        self._send(h, status, payload)

    def _send(self, h: BaseHTTPRequestHandler, status: int, payload: Any) -> None:
        data = b"" if payload is None else json.dumps(payload).encode()
        h.send_response(status)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(data)))
        h.end_headers()
        h.wfile.write(data)

    def _route(self, method: str, path: str, query: dict[str, list[str]],
               body: Any) -> tuple[int, Any] | None:
        if method == "POST" and path == "/v3/workspaces":
            return 200, {"id": body["id"], "metadata": {}, "configuration": {},
                         "created_at": _now()}
        m = re.fullmatch(r"/v3/workspaces/([^/]+)(/.*)", path)
        if not m:
            return None
        ws, rest = m.group(1), m.group(2)
        with self._lock:
            return self._workspace_route(ws, method, rest, query, body or {})

    def _workspace_route(self, ws: str, method: str, rest: str, query: dict[str, list[str]],
                         body: dict[str, Any]) -> tuple[int, Any] | None:
        if method == "POST" and rest == "/peers":
            peer = self.peers.setdefault(body["id"], {
                "id": body["id"], "workspace_id": ws, "created_at": _now(), "metadata": {},
                "configuration": {}})
            return 200, peer
        if method == "POST" and rest == "/peers/list":
            items = list(self.peers.values())
            size = int(query.get("size", ["50"])[0])
            return 200, {"items": items[:size], "page": 1, "size": size, "total": len(items),
                         "pages": 1}
        if method == "POST" and rest == "/sessions":
            session = self.sessions.setdefault(body["id"], {
                "id": body["id"], "workspace_id": ws, "is_active": True, "created_at": _now(),
                "metadata": {}, "configuration": {}, "peers": body.get("peers") or {}})
            return 200, {k: v for k, v in session.items() if k != "peers"}
        if m := re.fullmatch(r"/sessions/([^/]+)/messages", rest):
            if method != "POST" or m.group(1) not in self.sessions:
                return 404, {"detail": "session not found"}
            out = []
            for msg in body["messages"]:
                stored = {"id": uuid.uuid4().hex[:12], "content": msg["content"],
                          "peer_id": msg["peer_id"], "session_id": m.group(1),
                          "metadata": msg.get("metadata") or {}, "created_at": _now(),
                          "workspace_id": ws, "token_count": len(msg["content"].split())}
                self.messages.append(stored)
                out.append(stored)
            return 200, out
        if (m := re.fullmatch(r"/sessions/([^/]+)/summaries", rest)) and method == "GET":
            text = self.summaries.get(m.group(1))
            short = None if text is None else {
                "content": text, "message_id": "m1", "summary_type": "short",
                "created_at": _now(), "token_count": len(text.split())}
            return 200, {"id": m.group(1), "short_summary": short, "long_summary": None}
        if (m := re.fullmatch(r"/peers/([^/]+)/context", rest)) and method == "GET":
            peer = m.group(1)
            return 200, {"peer_id": peer, "target_id": peer,
                         "representation": self._representation(peer),
                         "peer_card": self.cards.get(peer)}
        if (m := re.fullmatch(r"/peers/([^/]+)/chat", rest)) and method == "POST":
            answer = self.chat_answers[min(self._chats, len(self.chat_answers) - 1)]
            self._chats += 1
            return 200, {"content": answer}
        if m := re.fullmatch(r"/peers/([^/]+)/card", rest):
            if method == "PUT":
                self.cards[m.group(1)] = list(body["peer_card"])
            return 200, {"peer_card": self.cards.get(m.group(1))}
        if rest == "/conclusions" and method == "POST":
            out = []
            for c in body["conclusions"]:
                cid = uuid.uuid4().hex[:10]
                self.conclusions[cid] = {
                    "id": cid, "content": c["content"], "observer_id": c["observer_id"],
                    "observed_id": c["observed_id"], "session_id": c.get("session_id"),
                    "created_at": _now()}
                out.append(self.conclusions[cid])
            return 200, out
        if rest == "/conclusions/query" and method == "POST":
            words = set(body["query"].lower().split())
            hits = [c for c in self.conclusions.values()
                    if words & set(c["content"].lower().split())]
            return 200, hits[: body.get("top_k", 10)]
        if rest == "/conclusions/list" and method == "POST":
            items = list(reversed(self.conclusions.values()))
            size = int(query.get("size", ["50"])[0])
            return 200, {"items": items[:size], "page": 1, "size": size, "total": len(items),
                         "pages": 1}
        if (m := re.fullmatch(r"/conclusions/([^/]+)", rest)) and method == "DELETE":
            if self.conclusions.pop(m.group(1), None) is None:
                return 404, {"detail": "conclusion not found"}
            return 200, None
        return None

    def _representation(self, peer: str) -> str:
        if peer in self.representations:
            return self.representations[peer]
        facts = [c["content"] for c in self.conclusions.values() if c["observed_id"] == peer]
        return "\n".join(f"- {f}" for f in facts)
