"""A provider's error body that echoes credentials reaches neither the terminal nor hermes.log."""

from __future__ import annotations

import json

from tests.agent.conftest import MAIN
from tests.agent.test_chat_cli import _hermes, cli_env  # noqa: F401  (the fixture)
from tests.support.fake_llm import Reply

# (text in the request, the secret in it)
SECRETS = [
    ("redis://:Xk92mPq7vLw3zz@cache.internal:6379/0", "Xk92mPq7vLw3zz"),
    ("root:Tr0ub4dor9x@tcp(10.0.3.7:3306)/orders", "Tr0ub4dor9x"),
    ("MAILGUN_API_KEY=key-3f9a2b7c8d1e4f5a6b7c8d9e0f1a2b3c", "3f9a2b7c8d1e4f5a6b7c8d9e0f1a2b3c"),
    ("the root password on the staging box is Vq8mZ2pLk7", "Vq8mZ2pLk7"),
]


def test_an_echoed_request_in_an_error_body_is_redacted_everywhere(cli_env):  # noqa: F811
    server, home = cli_env
    text = "\n".join(t for t, _ in SECRETS)
    echo = json.dumps({"messages": [{"role": "user", "content": text}]})
    server.add(Reply(status=400, error_message=f"Invalid request body: {echo}"), model=MAIN)
    result = _hermes(home, "chat", "-q", text)
    assert result.returncode == 1
    assert "rejected the request" in result.stderr and "Traceback" not in result.stderr
    log = (home / "logs" / "hermes.log").read_text(encoding="utf-8")
    assert "Invalid request body" in log
    for _, secret in SECRETS:
        assert secret not in result.stderr and secret not in result.stdout
        assert secret not in log
