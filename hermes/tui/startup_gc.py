"""The cycle collector during start-up: off until the first frame, then on again.

Start-up (Textual's and the app's imports, the first compose and CSS parse) makes objects that
live as long as the app, and the collector walking them again and again while they are made
cost ~10 % of the CPU before the first frame (bench/startup_bench.py). `pause()` switches it off
at the command line, before the app is imported; the app calls `resume()` at its first frame,
which freezes what start-up made (no later collection walks it) and switches it back on.
"""

from __future__ import annotations

import gc

_paused = False


def pause() -> None:
    """Switch the collector off for start-up (a no-op when it is off already)."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume() -> None:
    """At the first frame: freeze start-up's objects and switch the collector back on, only
    when `pause()` switched it off (tests that build the app directly never pause it)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
