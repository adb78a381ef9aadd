"""Run the tests' fake OpenAI-compatible server as a process, for the smoke script and benchmarks.

Usage: python bench/fake_server.py PORT_FILE [--reply TEXT]
Writes "api_base" to PORT_FILE once listening, then serves until killed. The memory review
(model "review") saves one fact, so the gauge and the "Memory updated" notice show.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.fake_llm import FakeLLMServer, Reply  # noqa: E402

DEFAULT_REPLY = (
    "Sure! Here is a small example:\n\n"
    "```python\ndef greet(name: str) -> str:\n    return f\"Hello, {name}!\"\n```\n\n"
    "- It takes a **name**\n- It returns a greeting\n\nAnything else?"
)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("port_file")
    parser.add_argument("--reply", default=DEFAULT_REPLY)
    parser.add_argument("--chunk-delay", type=float, default=0.02)
    args = parser.parse_args()
    server = FakeLLMServer().start()
    server.add(Reply(text='[{"action": "add", "target": "user", '
                          '"content": "Asks for tiny Python greeting functions"}]'), model="review")
    server.add(Reply(text="Smoke test chat"), model="title")
    server.default = Reply(text=args.reply, chunk_size=6, chunk_delay=args.chunk_delay)
    Path(args.port_file).write_text(server.api_base)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
