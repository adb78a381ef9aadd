"""The hook through which the coding tools report content they brought into the turn.

A memory write that repeats text the agent just read from a file or a command's output must
not reach memory unseen; whoever tracks that (the provenance module) implements `TurnSources`
and the tools call `record` for every file or command output they return.
"""

from __future__ import annotations

from typing import Protocol


class TurnSources(Protocol):
    def record(self, label: str, text: str) -> None:
        """Remember `text` as shown to the model this turn, under `label` such as
        "file hermes/cli.py" or "command pytest -q"."""
