"""`hermes sessions list|show|search|rename|delete|export|prune|stats|check|repair`: the parser.

The actions live in cli_browse.py (list, show, search) and cli_upkeep.py (the rest). Only
argparse is imported at module level by these three: this file is loaded for every `hermes`
command.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from hermes.sessions.cli_browse import LIST_LIMIT_MAX, SEARCH_LIMIT_MAX, run_list, run_search, run_show
from hermes.sessions.cli_upkeep import (
    run_check,
    run_delete,
    run_export,
    run_prune,
    run_rename,
    run_repair,
    run_stats,
)


if TYPE_CHECKING:
    from hermes.sessions.session_store import SessionStore

ExportFormat = Callable[["SessionStore", argparse.Namespace], int]  # (store, args) -> exit status


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser],
               extra_formats: dict[str, tuple[str, ExportFormat]] | None = None) -> None:
    """Register `hermes sessions …`.

    `extra_formats` adds export formats that layers above this one provide (name → (help,
    handler)); hermes/cli.py passes the Hermes Agent state.db export this way, so this module
    never imports upward."""
    extra = dict(extra_formats or {})
    p = sub.add_parser("sessions", help="list, search, show, rename, export and prune past sessions")
    p.set_defaults(func=run_list, limit=20, json=False)
    s = p.add_subparsers(dest="sessions_command", metavar="ACTION")

    c = s.add_parser("list", help="recent sessions, newest first")
    c.add_argument("--limit", "-n", default=20, help=f"how many (1 to {LIST_LIMIT_MAX:,}; default 20)")
    c.add_argument("--json", action="store_true", help="print JSON instead of a table")
    c.add_argument("--here", action="store_true",
                   help="only sessions of the current project (the git root of this directory)")
    c.set_defaults(func=run_list)

    c = s.add_parser("show", help="print a whole session")
    c.add_argument("session", metavar="ID", help="id, unique id prefix or name")
    c.set_defaults(func=run_show)

    c = s.add_parser("search", help="full-text search (FTS5 syntax; Chinese/Japanese/Korean too)")
    c.add_argument("query", nargs="+")
    c.add_argument("--limit", "-n", default=10, help=f"how many sessions (1 to {SEARCH_LIMIT_MAX}; default 10)")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="bold the matched words: auto (only on a terminal), always or never")
    c.add_argument("--after", metavar="WHEN",
                   help="only messages since WHEN: 7d, 12h, 2w, today, yesterday or 2026-11-01")
    c.add_argument("--before", metavar="WHEN",
                   help="only messages before WHEN (a bare date includes that whole day)")
    c.add_argument("--exclude", metavar="ID", action="append", default=[],
                   help="leave out this session (id, unique prefix or name); may be repeated")
    c.set_defaults(func=run_search)

    c = s.add_parser("rename", help="give a session a unique name")
    c.add_argument("session", metavar="ID", help="id, unique id prefix or current name")
    c.add_argument("name", nargs="+", metavar="NAME")
    c.set_defaults(func=run_rename)

    c = s.add_parser("delete", help="delete a session (asks first)")
    c.add_argument("session", metavar="ID", help="id, unique id prefix or name")
    c.add_argument("--yes", "-y", action="store_true", help="do not ask")
    c.set_defaults(func=run_delete)

    c = s.add_parser("export", help="export sessions as JSON Lines, Markdown or a Hermes Agent state.db")
    c.add_argument("sessions", nargs="*", metavar="ID", help="ids, id prefixes or names")
    c.add_argument("--all", action="store_true", help="every session")
    c.add_argument("--format", "-f", choices=("jsonl", "md", *extra), default="jsonl",
                   help="; ".join(f"{name}: {text}" for name, (text, _) in extra.items()) or None)
    c.add_argument("--output", "-o", metavar="PATH", help="write to a file (mode 0600)")
    c.add_argument("--redact", action="store_true", help="hide secrets in the output")
    c.set_defaults(func=run_export, extra_formats={k: f for k, (_, f) in extra.items()})

    c = s.add_parser("prune", help="delete sessions not active for a while (whole lineages)")
    c.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 90d, 12w, 36h")
    c.add_argument("--dry-run", action="store_true", help="only say what would go")
    c.set_defaults(func=run_prune)

    c = s.add_parser("stats", help="counts, tokens, cost, database and index size")
    c.set_defaults(func=run_stats)

    c = s.add_parser("check", help="check state.db for damage (read-only)")
    c.add_argument("--full", action="store_true", help="the slower, complete check")
    c.set_defaults(func=run_check)

    c = s.add_parser("repair", help="copy what can be read from a damaged state.db into a "
                                    "fresh file and use it (the damaged one is kept)")
    c.add_argument("--no-swap", action="store_true",
                   help="only write the fresh copy beside state.db; change nothing else")
    c.set_defaults(func=run_repair)
