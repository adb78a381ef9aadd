"""How `hermes sessions` actions print and fail: stored text made safe for a terminal, cut to
columns, and every typed error turned into one line.

Only argparse and sys are imported at module level: this file is loaded for every `hermes`
command.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes.sessions.session_store import SessionStore

# an action of `hermes sessions`: (the open store, the parsed arguments) -> exit status
StoreAction = Callable[["SessionStore", argparse.Namespace], "int | None"]

__all__ = ["count", "fail", "fit", "out", "shown", "with_store"]


def fail(message: str, code: int = 1) -> int:
    """Print `message` as one line on stderr; returns the exit status `code`."""
    print(f"hermes sessions: {shown(message)}", file=sys.stderr)
    return code


def shown(text: str) -> str:
    """Stored text as it may be printed: control sequences (a model's ESC ]0;… BEL) made
    visible, never acted on by the terminal."""
    from hermes.security.sanitize import neutralize_controls

    return neutralize_controls(text)


def out(text: str = "") -> None:
    """Print stored text with its control sequences made visible."""
    print(shown(text))


def with_store(action: StoreAction) -> Callable[[argparse.Namespace], int]:
    """Open the store, run `action(store, args)`, turn typed errors into one line."""

    def handler(args: argparse.Namespace) -> int:
        from hermes.sessions.errors import SessionError
        from hermes.sessions.session_store import SessionStore

        try:
            with SessionStore(allow_read_only=True) as store:  # writes say why they cannot
                return int(action(store, args) or 0)
        except SessionError as exc:
            return fail(str(exc))
        except ValueError as exc:
            return fail(str(exc), 2)

    handler.__name__ = action.__name__
    return handler


def fit(text: str, width: int) -> str:
    """Stored text made safe to print, on one line, cut and padded to `width` cells."""
    from hermes.sessions import cli_format

    return cli_format.fit(shown(text or ""), width)


def count(n: int, word: str, plural: str | None = None) -> str:
    """`1 message`, `2 messages` (cli_format's, loaded when first needed)."""
    from hermes.sessions import cli_format

    return cli_format.count(n, word, plural)
