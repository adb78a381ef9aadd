"""Test doubles for the provider tests: a scripted async model call that counts its calls."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Answer = str | Exception | Callable[[list[dict[str, Any]]], str]


@dataclass
class FakeComplete:
    """An async `complete(messages, *, purpose)` with scripted answers per purpose.

    `script[purpose]` is a list used in order (the last entry repeats) or a single answer;
    an Exception entry is raised. Every call is kept in `calls` as (purpose, messages).
    """

    script: dict[str, Answer | list[Answer]] = field(default_factory=dict)
    calls: list[tuple[str, list[dict[str, Any]]]] = field(default_factory=list)
    _used: dict[str, int] = field(default_factory=dict)

    async def __call__(self, messages: list[dict[str, Any]], *, purpose: str) -> str:
        self.calls.append((purpose, messages))
        entry = self.script.get(purpose, "")
        if isinstance(entry, list):
            i = self._used.get(purpose, 0)
            self._used[purpose] = i + 1
            entry = entry[min(i, len(entry) - 1)] if entry else ""
        if isinstance(entry, Exception):
            raise entry
        if callable(entry):
            return entry(messages)
        return entry

    def count(self, purpose: str | None = None) -> int:
        return sum(1 for p, _ in self.calls if purpose is None or p == purpose)

    def last_user_content(self, purpose: str) -> str:
        for p, messages in reversed(self.calls):
            if p == purpose:
                return str(messages[-1]["content"])
        raise AssertionError(f"no {purpose} call")


def derive_reply(*conclusions: tuple[str, int | None], card: list[str] | None = None,
                 summary: str = "") -> str:
    """A derivation answer as the model would write it."""
    return json.dumps({"conclusions": [{"text": t, "message_id": m} for t, m in conclusions],
                       "card": card or [], "summary": summary})


WEAK = "- brief"
STRONG = ("- The user is refactoring an authentication module and wants small, reviewable steps.\n"
          "- They prefer tabs for indentation and dislike reformatting noise in diffs.\n"
          "- Keep answers short: code first, then at most three lines of explanation.\n"
          "- They test with pytest and want a failing test before each fix.\n")
