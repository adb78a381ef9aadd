"""`hermes sessions list|show|search`: reading the history.

Only argparse and sys are imported at module level (this file is loaded for every `hermes`
command); each action imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from hermes.sessions.cli_output import count, fail, fit, out, shown, with_store

__all__ = ["LIST_LIMIT_MAX", "SEARCH_LIMIT_MAX", "run_list", "run_search", "run_show"]

if TYPE_CHECKING:
    from hermes.sessions.session_store import SessionStore


LIST_LIMIT_MAX = 1_000_000
SEARCH_LIMIT_MAX = 10  # discover returns at most 10 sessions


def _limit(args: argparse.Namespace, command: str, high: int) -> int | None:
    """--limit as a number in 1..high, or None after printing a one-line error.

    Checked here rather than by argparse's type=int, whose error comes with a usage block and
    which lets a negative or a too-large number through to SQLite."""
    raw = str(args.limit).strip()
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not 1 <= value <= high:
        print(f"hermes sessions {command}: --limit must be a whole number from 1 to {high:,}, "
              f"got {raw[:40]!r}", file=sys.stderr)
        return None
    return value


@with_store
def run_list(store: SessionStore, args: argparse.Namespace) -> int:
    import json
    import shutil

    from hermes.sessions.text import relative_time

    limit = _limit(args, "list", LIST_LIMIT_MAX)
    if limit is None:
        return 2
    here = None
    if getattr(args, "here", False):
        from hermes.paths import find_project_root, working_dir

        here = str(find_project_root(working_dir()))
    rows = store.list_sessions(limit=limit, project_dir=here)
    if args.json:
        from hermes.security.sanitize import escape_c1_in_json

        print(escape_c1_in_json(json.dumps([
            {"id": r.id, "title": r.title, "preview": r.preview, "last_active": r.last_active,
             "message_count": r.message_count, "source": r.source}
            for r in rows
        ], ensure_ascii=False, indent=2)))
        return 0
    if not rows:
        print(f"No sessions in {here} yet. Start one there with `hermes`, or drop --here." if here
              else "No sessions yet. Start one with `hermes`.")
        return 0
    width = max(80, shutil.get_terminal_size((120, 20)).columns)
    title_w, ago_w, id_w = 28, 11, 22
    preview_w = max(16, width - title_w - ago_w - id_w - 9)
    line = "{} │ {} │ {} │ {}"
    from hermes.sessions.cli_format import fit_title

    print(line.format(fit("Title", title_w), fit("Preview", preview_w),
                      fit("Last active", ago_w), "ID"))
    print("─" * (title_w + 1) + "┼" + "─" * (preview_w + 2) + "┼" + "─" * (ago_w + 2) + "┼" + "─" * 23)
    for r in rows:
        print(line.format(fit_title(shown(r.title or "—"), title_w), fit(r.preview or "—", preview_w),
                          fit(relative_time(r.last_active), ago_w), r.id))
    return 0


@with_store
def run_show(store: SessionStore, args: argparse.Namespace) -> int:
    from hermes.sessions.models import call_function
    from hermes.sessions.text import format_time

    info = store.resolve_session(args.session, follow_lineage=False)
    out(f"{info.title or '—'}  ({info.id})")
    out(f"started {format_time(info.started_at)} · last active {format_time(info.last_active)}"
        f" · {count(info.message_count, 'message')} · {info.source or '—'} · {info.model or '—'}")
    out(f"tokens {info.input_tokens} in / {info.output_tokens} out / {info.cache_tokens} cached"
        f" · cost ${info.cost:.4f}" + (f" · cwd {info.cwd}" if info.cwd else ""))
    if info.parent_id:
        out(f"continues {info.parent_id}")
    if info.end_reason:
        out(f"ended {format_time(info.ended_at)} ({info.end_reason})")
    for msg in store.get_messages(info.id):
        label = msg.role + (f" · {msg.tool_name}" if msg.tool_name else "")
        label += (" (cancelled)" if msg.cancelled else " (interrupted)") if msg.interrupted else ""
        label += " (not sent: cleared after it failed)" if msg.discarded else ""
        # an answer /retry replaced: folded under its own heading, indented, as the app shows it
        fold = "  ┊ " if msg.replaced else ""
        if msg.replaced:
            label = f"▸ earlier answer (replaced) · {label}"
        out(f"\n── {label} · #{msg.id} · {format_time(msg.timestamp)}")
        if msg.content:
            out("\n".join(fold + line for line in msg.content.split("\n")) if fold else msg.content)
        for call in msg.tool_calls or []:
            fn = call_function(call)
            out(f"{fold}→ {fn.get('name', '?')}({fit(str(fn.get('arguments', '')), 200).rstrip()})")
    return 0


@with_store
def run_search(store: SessionStore, args: argparse.Namespace) -> int:
    import shutil

    from hermes.sessions.cli_format import wrap_snippet
    from hermes.sessions.search import discover
    from hermes.sessions.time_bounds import BadTimeBound, time_range

    limit = _limit(args, "search", SEARCH_LIMIT_MAX)
    if limit is None:
        return 2
    query = " ".join(args.query)
    try:
        after, before = time_range(args.after, args.before)
        excluded = tuple(store.resolve_session(ref, follow_lineage=False).id for ref in args.exclude)
    except BadTimeBound as exc:
        return fail(f"{exc}.", 2)
    results = discover(store, query, limit=limit, context=0, after=after, before=before,
                       exclude=excluded)
    if not results:
        span = " in that time span" if after is not None or before is not None else ""
        out(f"No sessions match {query!r}{span}.")
        return 0
    if any(r.get("partial") for r in results):
        out("No session has all the words; these have some of them.")
    color = args.color == "always" or (args.color == "auto" and _color_terminal())
    width = max(40, shutil.get_terminal_size((100, 20)).columns)
    for r in results:
        out(f"{r['title'] or '—'}  ({r['session_id']}) · {r['when']} · {r['source']}"
            f" · message #{r['message_id']} ({r['role']})")
        # sanitized before the bold codes go in, so only Hermes' own codes reach the terminal
        for line in wrap_snippet(shown(str(r["snippet"])), width, color=color):
            print(line)
    return 0


def _color_terminal() -> bool:
    import os

    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
