"""Start-up helpers: the benchmark marker and the background import of the model client."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import sys
import threading
import time
from collections.abc import Callable

from textual.dom import DOMNode
from textual.worker import WorkerCancelled, WorkerFailed

log = logging.getLogger("hermes.tui")

MARKER_ENV = "HERMES_STARTUP_MARKER"
Preload = Callable[[], object]  # the import work; its result is ignored


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


GC_YOUNG_THRESHOLD = 7000  # Python's default is 700


def tune_gc_for_streaming() -> None:
    """Tune the cycle collector once the model client has loaded (the decision, made on
    purpose and measured with bench/startup_bench.py; see bench/README.md).

    - `gc.freeze()`: everything imported so far (Textual, litellm: a few hundred thousand
      objects) lives as long as the app; moved out of the collector's sight, a full
      collection no longer walks it.
    - A young threshold of GC_YOUNG_THRESHOLD: fewer, larger young collections. With the
      default 700 a full collection ran every ~0.9 s of streaming and paused the screen for
      20-150 ms, growing with the transcript. The cost is a few MB of young garbage.
    - No `gc.collect()` first: at this point one takes ~340 ms and finds nothing to free.
    - After the import, not at start-up: freezing earlier would leave litellm's objects in
      the tracked generations, and the first frame must not wait for any of this.
    """
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *gc.get_threshold()[1:])


def default_preload() -> None:
    """Import the reply widget (Markdown), then litellm the way the agent layer wants it; then
    start loading the secret catalogue on its own thread."""
    import hermes.tui.widgets.reply  # noqa: F401  - ready before the first reply streams
    from hermes.agent import llm

    llm.preload()
    threading.Thread(target=_load_secret_catalogue, name="hermes-secret-catalogue", daemon=True).start()


def _load_secret_catalogue() -> None:
    """detect-secrets' token formats, loaded ahead of the first text that needs them (a key in a
    message or a memory write would otherwise import it on the event loop, a 30-100 ms stall).
    Not part of the client's loading: the client is ready without it, and if it fails the
    redactor imports it again when it is needed and says what failed there."""
    from hermes.security import secret_formats

    try:
        secret_formats.catalogue()
    except Exception:  # noqa: BLE001 - only a head start
        log.debug("secret catalogue not preloaded", exc_info=True)


class ClientLoader:
    """Runs the model-client import once, in a Textual thread worker, and remembers how it ended.

    A worker rather than a bare thread: the app owns it, so when the app exits first nothing
    calls back into an app that is gone (the awaiting side is cancelled with the app).
    """

    def __init__(self, preload: Preload | None = None) -> None:
        self._preload = preload or default_preload
        self.done = asyncio.Event()  # set on the event loop once the import has ended
        self.error: str | None = None
        self.seconds: float = 0.0
        self._started = False

    async def load(self, owner: DOMNode) -> None:
        """Run the import in a thread worker of `owner` and wait for it (the UI stays live).
        A second call only waits for the first."""
        if self._started:
            await self.done.wait()
            return
        self._started = True
        worker = owner.run_worker(self._load, thread=True, name="model-client", group="model-client",
                                  exit_on_error=False)
        try:
            await worker.wait()
        except WorkerCancelled:  # the app is exiting; nobody waits for the client any more
            pass
        except WorkerFailed as exc:  # _load catches everything it can; this is the last guard
            self.error = _failed_line(exc.error)
        finally:
            self.done.set()

    def _load(self) -> None:
        """The import itself (in the worker's thread)."""
        started = time.perf_counter()
        try:
            self._preload()
        except Exception as exc:  # shown as one line; the app keeps running without a model
            log.exception("model client failed to load")
            self.error = _failed_line(exc)
        self.seconds = time.perf_counter() - started
        write_marker("llm_ready")

    async def wait(self) -> None:
        """Wait for the import to end without blocking the event loop."""
        await self.done.wait()


def _failed_line(exc: BaseException) -> str:
    return (f"The model client failed to load ({' '.join(str(exc).split()) or 'no details'})."
            " Reinstall Hermes (pip install .) and see $HERMES_HOME/logs/hermes.log.")
