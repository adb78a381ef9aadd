"""`hermes sessions rename|delete|export|prune|stats|check|repair`: changing the history and
looking after the database.

Only argparse and sys are imported at module level (this file is loaded for every `hermes`
command); each action imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from hermes.sessions.cli_output import count, fail, out, shown, with_store

__all__ = ["run_check", "run_delete", "run_export", "run_prune", "run_rename", "run_repair", "run_stats"]

if TYPE_CHECKING:
    from hermes.sessions.session_store import SessionStore


def _human_bytes(n: int | None) -> str:
    if n is None:
        return "unknown"
    size = float(n)
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{n} B"  # pragma: no cover


@with_store
def run_rename(store: SessionStore, args: argparse.Namespace) -> int:
    info = store.resolve_session(args.session, follow_lineage=False)
    store.set_title(info.id, " ".join(args.name), "user")
    out(f"{info.id} is now named '{store.get_session(info.id).title}'")
    return 0


@with_store
def run_delete(store: SessionStore, args: argparse.Namespace) -> int:
    info = store.resolve_session(args.session, follow_lineage=False)
    if not args.yes:
        prompt = shown(f"Delete session {info.id} '{info.title or '—'}' "
                       f"({count(info.message_count, 'message')})? [y/N] ")
        try:
            answer = input(prompt)
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing deleted.")
            return 1
    from hermes.sessions.maintenance import delete_session

    deleted = delete_session(store, info.id)
    journal = " and its undo journal" if deleted.journals.removed else ""
    print(f"Deleted session {info.id} ({count(deleted.messages, 'message')}){journal}.")
    _left_behind(deleted.journals.left)
    return 0


def _left_behind(lines: list[str]) -> None:
    """One line on stderr for each undo journal that could not be removed."""
    for line in lines:
        fail(line)


@with_store
def run_export(store: SessionStore, args: argparse.Namespace) -> int:
    from pathlib import Path

    from hermes.config import write_private_file
    from hermes.sessions.export import export_sessions

    if args.format in args.extra_formats:
        return int(args.extra_formats[args.format](store, args))
    if args.all == bool(args.sessions):
        return fail("name sessions to export, or --all (not both)", 2)
    if args.all:
        ids = [r[0] for r in store.query("SELECT id FROM sessions ORDER BY started_at, id")]
    else:
        ids = [store.resolve_session(ref, follow_lineage=False).id for ref in args.sessions]
    path = Path(args.output).expanduser() if args.output else None
    if path is not None:  # refuse before any work: one line that says what to give instead
        if path.is_dir():
            return fail(f"{path} is a folder; give a file name for --output, e.g. "
                        f"{path / ('sessions.' + args.format)}", 2)
        if not path.parent.is_dir():
            return fail(f"the folder {path.parent} does not exist; create it first or give "
                        f"--output a path in an existing folder", 2)
    chunks = export_sessions(store, ids, args.format, redacted=args.redact)
    if path is not None:
        try:
            write_private_file(path, "".join(chunks))
        except OSError as exc:
            from hermes.os_errors import describe_os_error

            return fail(f"cannot export: {describe_os_error(exc, path)} Or choose another --output.")
        print(f"Exported {count(len(ids), 'session')} to {path}", file=sys.stderr)
    else:
        for chunk in chunks:
            sys.stdout.write(chunk)
    return 0


@with_store
def run_prune(store: SessionStore, args: argparse.Namespace) -> int:
    from hermes.sessions.maintenance import parse_duration, prune

    result = prune(store, parse_duration(args.older_than), dry_run=args.dry_run)
    verb = "Would delete" if args.dry_run else "Deleted"
    journals = (f" and {count(result.journals.removed, 'undo journal')}" if result.journals.removed
                else "")
    print(f"{verb} {count(len(result.sessions), 'session')} in {count(result.lineages, 'lineage')}, "
          f"{count(result.messages, 'message')}{journals}, inactive for more than {args.older_than}.")
    if result.orphans.removed:
        print(f"{verb} {count(result.orphans.removed, 'undo journal')} of sessions no longer in "
              f"the history.")
    _left_behind(result.journals.left + result.orphans.left)
    if args.dry_run:
        for sid in result.sessions[:50]:
            print(f"  {sid}")
    elif result.vacuumed:
        print("Compacted the database file.")
    return 0


@with_store
def run_stats(store: SessionStore, args: argparse.Namespace) -> int:
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


def run_check(args: argparse.Namespace) -> int:
    from hermes import paths
    from hermes.sessions.repair import check

    report = check(paths.state_db_path(), full=args.full)
    kind = "complete" if args.full else "quick"
    if report.newer_schema is not None:
        from hermes.sessions.repair import NewerSchemaError

        return fail(str(NewerSchemaError(report.path, report.newer_schema)))
    if report.healthy:
        print(f"{report.path} is healthy ({kind} check): {count(report.sessions or 0, 'session')}, "
              f"{count(report.messages or 0, 'message')}.")
        return 0
    first = report.problems[0][:160]
    more = f" and {count(len(report.problems) - 1, 'more problem')}" if len(report.problems) > 1 else ""
    print(shown(f"{report.path} is damaged: SQLite reports '{first}'{more}. Hermes still runs, "
                f"without history, while it is. Run `hermes sessions repair` to copy what can "
                f"still be read into a fresh file (the damaged one is kept)."))
    return 1


def run_repair(args: argparse.Namespace) -> int:
    import sqlite3

    from hermes import paths
    from hermes.sessions.repair import recover

    from hermes.sessions.db import read_only_reason
    from hermes.sessions.errors import SessionStoreError

    path = paths.state_db_path()
    if not path.exists():
        return fail(f"there is no {path} to repair")
    reason = read_only_reason(path)
    if reason is not None:  # the fresh copy could not be written beside it
        return fail(f"cannot repair {path}: {reason}. Nothing was changed; make the folder "
                    f"writable (or copy it to a writable HERMES_HOME) and run the repair there.")
    try:
        report = recover(path, swap=not args.no_swap)
    except SessionStoreError as exc:  # a newer schema, or the fresh copy cannot be made
        return fail(str(exc))
    except (sqlite3.Error, OSError) as exc:
        return fail(f"could not recover anything from {path} ({exc}). It has not been "
                    f"changed; restore it from a backup, or move it aside to start a new "
                    f"history.")
    sessions, messages = report.copied.get("sessions", 0), report.copied.get("messages", 0)
    lost = sum(report.lost.values())
    line = f"Recovered {count(sessions, 'session')} and {count(messages, 'message')}"
    line += (f"; {count(lost, 'unreadable row or damaged spot', 'unreadable rows or damaged spots')} "
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
