"""`hermes sessions list|show|search|rename|delete|export|prune|stats`.

Only argparse is imported at module level: this file is loaded for every `hermes` command.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
import sys
from typing import Any


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


ExportFormat = Callable[[Any, argparse.Namespace], int]  # (store, args) -> exit status


def add_parser(sub: argparse._SubParsersAction,
               extra_formats: dict[str, tuple[str, ExportFormat]] | None = None) -> None:
    """Register `hermes sessions …`.

    `extra_formats` adds export formats that layers above this one provide (name → (help,
    handler)); hermes/cli.py passes the Hermes Agent state.db export this way, so this module
    never imports upward."""
    extra = dict(extra_formats or {})
    p = sub.add_parser("sessions", help="list, search, show, rename, export and prune past sessions")
    p.set_defaults(func=_run_list, limit=20, json=False)
    s = p.add_subparsers(dest="sessions_command", metavar="ACTION")

    c = s.add_parser("list", help="recent sessions, newest first")
    c.add_argument("--limit", "-n", default=20, help=f"how many (1 to {LIST_LIMIT_MAX:,}; default 20)")
    c.add_argument("--json", action="store_true", help="print JSON instead of a table")
    c.add_argument("--here", action="store_true",
                   help="only sessions of the current project (the git root of this directory)")
    c.set_defaults(func=_run_list)

    c = s.add_parser("show", help="print a whole session")
    c.add_argument("session", metavar="ID", help="id, unique id prefix or name")
    c.set_defaults(func=_run_show)

    c = s.add_parser("search", help="full-text search (FTS5 syntax; Chinese/Japanese/Korean too)")
    c.add_argument("query", nargs="+")
    c.add_argument("--limit", "-n", default=10, help=f"how many sessions (1 to {SEARCH_LIMIT_MAX}; default 10)")
    c.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="bold the matched words: auto (only on a terminal), always or never")
    c.set_defaults(func=_run_search)

    c = s.add_parser("rename", help="give a session a unique name")
    c.add_argument("session", metavar="ID", help="id, unique id prefix or current name")
    c.add_argument("name", nargs="+", metavar="NAME")
    c.set_defaults(func=_run_rename)

    c = s.add_parser("delete", help="delete a session (asks first)")
    c.add_argument("session", metavar="ID", help="id, unique id prefix or name")
    c.add_argument("--yes", "-y", action="store_true", help="do not ask")
    c.set_defaults(func=_run_delete)

    c = s.add_parser("export", help="export sessions as JSON Lines, Markdown or a Hermes Agent state.db")
    c.add_argument("sessions", nargs="*", metavar="ID", help="ids, id prefixes or names")
    c.add_argument("--all", action="store_true", help="every session")
    c.add_argument("--format", "-f", choices=("jsonl", "md", *extra), default="jsonl",
                   help="; ".join(f"{name}: {text}" for name, (text, _) in extra.items()) or None)
    c.add_argument("--output", "-o", metavar="PATH", help="write to a file (mode 0600)")
    c.add_argument("--redact", action="store_true", help="hide secrets in the output")
    c.set_defaults(func=_run_export, extra_formats={k: f for k, (_, f) in extra.items()})

    c = s.add_parser("prune", help="delete sessions not active for a while (whole lineages)")
    c.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 90d, 12w, 36h")
    c.add_argument("--dry-run", action="store_true", help="only say what would go")
    c.set_defaults(func=_run_prune)

    c = s.add_parser("stats", help="counts, tokens, cost, database and index size")
    c.set_defaults(func=_run_stats)

    c = s.add_parser("check", help="check state.db for damage (read-only)")
    c.add_argument("--full", action="store_true", help="the slower, complete check")
    c.set_defaults(func=_run_check)

    c = s.add_parser("repair", help="copy what can be read from a damaged state.db into a "
                                    "fresh file and use it (the damaged one is kept)")
    c.add_argument("--no-swap", action="store_true",
                   help="only write the fresh copy beside state.db; change nothing else")
    c.set_defaults(func=_run_repair)


# ---------------------------------------------------------------- plumbing


def _fail(message: str, code: int = 1) -> int:
    print(f"hermes sessions: {_shown(message)}", file=sys.stderr)
    return code


def _shown(text: str) -> str:
    """Stored text as it may be printed: control sequences (a model's ESC ]0;… BEL) made
    visible, never acted on by the terminal."""
    from hermes.security.sanitize import neutralize_controls

    return neutralize_controls(text)


def _out(text: str = "") -> None:
    print(_shown(text))


def _with_store(action: Any) -> Any:
    """Open the store, run `action(store, args)`, turn typed errors into one line."""

    def handler(args: argparse.Namespace) -> int:
        from hermes.sessions.errors import SessionError
        from hermes.sessions.session_store import SessionStore

        try:
            with SessionStore() as store:
                return int(action(store, args) or 0)
        except SessionError as exc:
            return _fail(str(exc))
        except ValueError as exc:
            return _fail(str(exc), 2)

    handler.__name__ = action.__name__
    return handler


def _fit(text: str, width: int) -> str:
    from hermes.sessions.cli_format import fit

    return fit(_shown(text or ""), width)


def _count(n: int, word: str, plural: str | None = None) -> str:
    from hermes.sessions.cli_format import count

    return count(n, word, plural)


def _human_bytes(n: int | None) -> str:
    if n is None:
        return "unknown"
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"  # pragma: no cover


# ---------------------------------------------------------------- actions


@_with_store
def _run_list(store: Any, args: argparse.Namespace) -> int:
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

    print(line.format(_fit("Title", title_w), _fit("Preview", preview_w),
                      _fit("Last active", ago_w), "ID"))
    print("─" * (title_w + 1) + "┼" + "─" * (preview_w + 2) + "┼" + "─" * (ago_w + 2) + "┼" + "─" * 23)
    for r in rows:
        print(line.format(fit_title(_shown(r.title or "—"), title_w), _fit(r.preview or "—", preview_w),
                          _fit(relative_time(r.last_active), ago_w), r.id))
    return 0


@_with_store
def _run_show(store: Any, args: argparse.Namespace) -> int:
    from hermes.sessions.text import format_time

    info = store.resolve_session(args.session, follow_lineage=False)
    _out(f"{info.title or '—'}  ({info.id})")
    _out(f"started {format_time(info.started_at)} · last active {format_time(info.last_active)}"
          f" · {_count(info.message_count, 'message')} · {info.source or '—'} · {info.model or '—'}")
    _out(f"tokens {info.input_tokens} in / {info.output_tokens} out / {info.cache_tokens} cached"
          f" · cost ${info.cost:.4f}" + (f" · cwd {info.cwd}" if info.cwd else ""))
    if info.parent_id:
        _out(f"continues {info.parent_id}")
    if info.end_reason:
        _out(f"ended {format_time(info.ended_at)} ({info.end_reason})")
    for msg in store.get_messages(info.id):
        label = msg.role + (f" · {msg.tool_name}" if msg.tool_name else "")
        label += " (interrupted)" if msg.interrupted else ""
        label += " (not sent: cleared after it failed)" if msg.discarded else ""
        # an answer /retry replaced: folded under its own heading, indented, as the app shows it
        fold = "  ┊ " if msg.replaced else ""
        if msg.replaced:
            label = f"▸ earlier answer (replaced) · {label}"
        _out(f"\n── {label} · #{msg.id} · {format_time(msg.timestamp)}")
        if msg.content:
            _out("\n".join(fold + line for line in msg.content.split("\n")) if fold else msg.content)
        for call in msg.tool_calls or []:
            fn = (call.get("function") or {}) if isinstance(call, dict) else {}
            _out(f"{fold}→ {fn.get('name', '?')}({_fit(str(fn.get('arguments', '')), 200).rstrip()})")
    return 0


@_with_store
def _run_search(store: Any, args: argparse.Namespace) -> int:
    import shutil

    from hermes.sessions.cli_format import wrap_snippet
    from hermes.sessions.search import discover

    limit = _limit(args, "search", SEARCH_LIMIT_MAX)
    if limit is None:
        return 2
    query = " ".join(args.query)
    results = discover(store, query, limit=limit, context=0)
    if not results:
        _out(f"No sessions match {query!r}.")
        return 0
    if any(r.get("partial") for r in results):
        _out("No session has all the words; these have some of them.")
    color = args.color == "always" or (args.color == "auto" and _color_terminal())
    width = max(40, shutil.get_terminal_size((100, 20)).columns)
    for r in results:
        _out(f"{r['title'] or '—'}  ({r['session_id']}) · {r['when']} · {r['source']}"
              f" · message #{r['message_id']} ({r['role']})")
        # sanitized before the bold codes go in, so only Hermes' own codes reach the terminal
        for line in wrap_snippet(_shown(r["snippet"]), width, color=color):
            print(line)
    return 0


def _color_terminal() -> bool:
    import os

    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


@_with_store
def _run_rename(store: Any, args: argparse.Namespace) -> int:
    info = store.resolve_session(args.session, follow_lineage=False)
    store.set_title(info.id, " ".join(args.name), "user")
    _out(f"{info.id} is now named '{store.get_session(info.id).title}'")
    return 0


@_with_store
def _run_delete(store: Any, args: argparse.Namespace) -> int:
    info = store.resolve_session(args.session, follow_lineage=False)
    if not args.yes:
        prompt = _shown(f"Delete session {info.id} '{info.title or '—'}' "
                        f"({_count(info.message_count, 'message')})? [y/N] ")
        try:
            answer = input(prompt)
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing deleted.")
            return 1
    count = store.delete_session(info.id)
    print(f"Deleted session {info.id} ({_count(count, 'message')}).")
    return 0


@_with_store
def _run_export(store: Any, args: argparse.Namespace) -> int:
    from pathlib import Path

    from hermes.config import write_private_file
    from hermes.sessions.export import export_sessions

    if args.format in args.extra_formats:
        return int(args.extra_formats[args.format](store, args))
    if args.all == bool(args.sessions):
        return _fail("name sessions to export, or --all (not both)", 2)
    if args.all:
        ids = [r[0] for r in store.query("SELECT id FROM sessions ORDER BY started_at, id")]
    else:
        ids = [store.resolve_session(ref, follow_lineage=False).id for ref in args.sessions]
    path = Path(args.output).expanduser() if args.output else None
    if path is not None:  # refuse before any work: one line that says what to give instead
        if path.is_dir():
            return _fail(f"{path} is a folder; give a file name for --output, e.g. "
                         f"{path / ('sessions.' + args.format)}", 2)
        if not path.parent.is_dir():
            return _fail(f"the folder {path.parent} does not exist; create it first or give "
                         f"--output a path in an existing folder", 2)
    chunks = export_sessions(store, ids, args.format, redacted=args.redact)
    if path is not None:
        try:
            write_private_file(path, "".join(chunks))
        except OSError as exc:
            return _fail(f"cannot write {path} ({exc.strerror or 'write failed'}); check that "
                         f"you can write to {path.parent}, or choose another --output")
        print(f"Exported {_count(len(ids), 'session')} to {path}", file=sys.stderr)
    else:
        for chunk in chunks:
            sys.stdout.write(chunk)
    return 0


@_with_store
def _run_prune(store: Any, args: argparse.Namespace) -> int:
    from hermes.sessions.maintenance import parse_duration, prune

    result = prune(store, parse_duration(args.older_than), dry_run=args.dry_run)
    verb = "Would delete" if args.dry_run else "Deleted"
    print(f"{verb} {_count(len(result.sessions), 'session')} in {_count(result.lineages, 'lineage')}, "
          f"{_count(result.messages, 'message')}, inactive for more than {args.older_than}.")
    if args.dry_run:
        for sid in result.sessions[:50]:
            print(f"  {sid}")
    elif result.vacuumed:
        print("Compacted the database file.")
    return 0


@_with_store
def _run_stats(store: Any, args: argparse.Namespace) -> int:
    from hermes.sessions.maintenance import stats

    st = stats(store)
    print(f"database     {store.path}")
    print(f"sessions     {st.sessions}" + (
        "  (" + ", ".join(f"{k or '—'}: {v}" for k, v in sorted(st.by_source.items())) + ")"
        if st.by_source else ""))
    print(f"messages     {st.messages}")
    print(f"tokens       {st.input_tokens} in, {st.output_tokens} out, {st.cache_tokens} cached")
    print(f"cost         ${st.cost:.4f}")
    print(f"text         {_human_bytes(st.text_bytes)}")
    print(f"file size    {_human_bytes(st.db_bytes)}")
    print(f"search index {_human_bytes(st.index_bytes)}")
    return 0


def _run_check(args: argparse.Namespace) -> int:
    from hermes import paths
    from hermes.sessions.repair import check

    report = check(paths.state_db_path(), full=args.full)
    kind = "complete" if args.full else "quick"
    if report.healthy:
        print(f"{report.path} is healthy ({kind} check): {_count(report.sessions or 0, 'session')}, "
              f"{_count(report.messages or 0, 'message')}.")
        return 0
    first = report.problems[0][:160]
    more = f" and {_count(len(report.problems) - 1, 'more problem')}" if len(report.problems) > 1 else ""
    print(_shown(f"{report.path} is damaged: SQLite reports '{first}'{more}. Hermes still runs, "
                 f"without history, while it is. Run `hermes sessions repair` to copy what can "
                 f"still be read into a fresh file (the damaged one is kept)."))
    return 1


def _run_repair(args: argparse.Namespace) -> int:
    import sqlite3

    from hermes import paths
    from hermes.sessions.repair import recover

    path = paths.state_db_path()
    if not path.exists():
        return _fail(f"there is no {path} to repair")
    try:
        report = recover(path, swap=not args.no_swap)
    except (sqlite3.Error, OSError) as exc:
        return _fail(f"could not recover anything from {path} ({exc}). It has not been "
                     f"changed; restore it from a backup, or move it aside to start a new "
                     f"history.")
    sessions, messages = report.copied.get("sessions", 0), report.copied.get("messages", 0)
    lost = sum(report.lost.values())
    line = f"Recovered {_count(sessions, 'session')} and {_count(messages, 'message')}"
    line += (f"; {_count(lost, 'unreadable row or damaged spot', 'unreadable rows or damaged spots')} "
             f"{'was' if lost == 1 else 'were'} skipped." if lost
             else "; no damaged spot was found.")
    print(line)
    if report.damaged is not None:
        print(f"{path} now holds the recovered history; the damaged file is kept as "
              f"{report.damaged}. Close other Hermes windows before you go on.")
    else:
        print(f"The recovered copy is {report.recovered}. To use it, close Hermes and run: "
              f"mv '{path}' '{path}.damaged' && mv '{report.recovered}' '{path}'")
    return 0
