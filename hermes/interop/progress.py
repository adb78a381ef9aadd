"""Progress on stderr for long imports: a bar on a terminal, plain lines otherwise.

The bar is rich's (already installed with Textual); a log file or a pipe gets one line per
tenth instead, since carriage-return redraws would fill it with noise.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID

# Below this many items an import is quick enough that a bar would only flicker.
MIN_ITEMS = 2_000


class ImportProgress:
    """Counts items done out of `total`; use as a context manager around the work."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None) -> None:
        self.total, self.label, self.done = total, label, 0
        self.stream = stream or sys.stderr
        self.enabled = total >= MIN_ITEMS
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._tenth = 1  # the next tenth to report in plain lines

    def __enter__(self) -> ImportProgress:
        if self.enabled and self.stream.isatty():
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

            self._bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeRemainingColumn(), console=Console(file=self.stream),
                                 transient=True)
            self._bar.__enter__()
            self._task = self._bar.add_task(self.label, total=self.total)
        return self

    def advance(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=self.done)
            return
        while self._tenth <= 10 and self.done * 10 >= self._tenth * self.total:
            print(f"{self.label}: {self.done:,}/{self.total:,} ({self._tenth * 10}%)",
                  file=self.stream, flush=True)
            self._tenth += 1

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
