"""Start-up helpers: the benchmark marker and the background import of the model client."""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable

log = logging.getLogger("hermes.tui")

MARKER_ENV = "HERMES_STARTUP_MARKER"


def write_marker(event: str) -> None:
    """Append `{"event": …, "t": wall time, "litellm": imported?}` to $HERMES_STARTUP_MARKER
    when it is set (benchmarks)."""
    path = os.environ.get(MARKER_ENV)
    if not path:
        return
    record = {"event": event, "t": time.time(), "pid": os.getpid(),
              "litellm": "litellm" in sys.modules}
    try:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps(record) + "\n")
    except OSError:
        log.warning("cannot write the start-up marker %s", path)


def default_preload() -> None:
    """Import the reply widget (Markdown), then litellm the way the agent layer wants it."""
    import hermes.tui.widgets.reply  # noqa: F401  - ready before the first reply streams
    from hermes.agent import llm

    llm.preload()


class ClientLoader:
    """Runs the model-client import once in a daemon thread and remembers how it ended."""

    def __init__(self, preload: Callable[[], None] | None = None) -> None:
        self._preload = preload or default_preload
        self.done = threading.Event()
        self.error: str | None = None
        self.seconds: float = 0.0
        self._thread: threading.Thread | None = None

    def start(self, on_done: Callable[[], None] | None = None) -> None:
        if self._thread is not None:
            return

        def run() -> None:
            started = time.perf_counter()
            try:
                self._preload()
            except Exception as exc:  # shown as one line; the app keeps running without a model
                log.exception("model client failed to load")
                self.error = (f"The model client failed to load ({' '.join(str(exc).split()) or 'no details'})."
                              " Reinstall Hermes (pip install .) and see $HERMES_HOME/logs/hermes.log.")
            self.seconds = time.perf_counter() - started
            self.done.set()
            write_marker("llm_ready")
            if on_done is not None:
                on_done()

        self._thread = threading.Thread(target=run, name="hermes-llm-preload", daemon=True)
        self._thread.start()

    async def wait(self) -> None:
        """Wait without blocking the event loop."""
        import asyncio

        while not self.done.is_set():
            await asyncio.sleep(0.05)
