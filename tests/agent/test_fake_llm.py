"""The fake server itself: scripted replies reach litellm through its real HTTP path."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from tests.support.fake_llm import FakeLLMServer, Reply, call, last_user_text


def _post(server: FakeLLMServer, body: dict) -> tuple[int, bytes]:
    req = urllib.request.Request(server.api_base + "/chat/completions",
                                 data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_rules_queue_and_log(fake_llm: FakeLLMServer) -> None:
    fake_llm.add(Reply(text="from rule"), contains="hello")
    fake_llm.add(Reply(status=429), model="limited", times=1)
    fake_llm.queue(Reply(text="queued first"))
    msgs = [{"role": "user", "content": "hello there"}]
    status, body = _post(fake_llm, {"model": "m", "messages": msgs})
    assert status == 200 and json.loads(body)["choices"][0]["message"]["content"] == "queued first"
    status, body = _post(fake_llm, {"model": "m", "messages": msgs})
    assert json.loads(body)["choices"][0]["message"]["content"] == "from rule"
    assert _post(fake_llm, {"model": "limited", "messages": []})[0] == 429
    # the 429 rule was used once; the default answers now
    assert json.loads(_post(fake_llm, {"model": "limited", "messages": []})[1])["choices"]
    log = fake_llm.requests
    assert len(log) == 4 and last_user_text(log[0]) == "hello there"


def test_streamed_tool_call_split_across_deltas(fake_llm: FakeLLMServer) -> None:
    args = {"action": "add", "target": "user", "content": "prefers tabs"}
    fake_llm.queue(Reply(tool_calls=[call("memory", args)], args_chunk_size=5))
    status, raw = _post(fake_llm, {"model": "m", "messages": [], "stream": True})
    events = [json.loads(line[6:]) for line in raw.decode().splitlines()
              if line.startswith("data: {")]
    deltas = [c["choices"][0]["delta"]["tool_calls"][0] for c in events
              if c["choices"] and c["choices"][0]["delta"].get("tool_calls")]
    assert deltas[0]["id"] and deltas[0]["function"]["name"] == "memory"
    assert all("id" not in d for d in deltas[1:])
    assert len(deltas) > 3
    assert json.loads("".join(d["function"]["arguments"] for d in deltas)) == args
    assert events[-1]["usage"]["completion_tokens"] > 0
