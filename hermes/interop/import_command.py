"""`hermes import hermes-agent [PATH]`: bring a Hermes Agent home's memories, history and
settings into Hermes, after showing what will happen.

Order matters for trust: the source is opened and checked first (a locked or damaged file
stops everything with one line), then memories, then sessions, then config (only with
--config). `--dry-run` prints the same report and changes nothing: it opens our state.db
only when it already exists, and writes to no file.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from hermes.config import Config
    from hermes.interop.agent_home import AgentHistory
    from hermes.sessions.session_store import SessionStore
    from hermes.interop.config_import import ConfigPlan
    from hermes.interop.memory_import import MemoryReport
    from hermes.interop.session_import import SessionPlanItem, SessionReport


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `hermes import …`."""
    p = sub.add_parser("import", help="import memories and history from another agent",
                       description="Import from another agent's home. Run with --dry-run first "
                       "to see what would change.")
    p.set_defaults(func=lambda args: _no_source(p))
    s = p.add_subparsers(dest="import_source", metavar="SOURCE")
    c = s.add_parser("hermes-agent", help="a Hermes Agent (NousResearch) home, default ~/.hermes",
                     description="Merge MEMORY.md/USER.md entry by entry (scanned, duplicates "
                     "skipped), import skills/ (scanned; suspicious ones wait for approval), "
                     "import state.db sessions (searchable, resumable by title), and "
                     "show how config.yaml maps (applied only with --config).")
    c.add_argument("path", nargs="?", metavar="PATH", help="the Hermes Agent home (default ~/.hermes)")
    c.add_argument("--dry-run", action="store_true", help="print what would be imported; change nothing")
    c.add_argument("--config", action="store_true", help="also apply the config changes shown")
    c.add_argument("--into-pending", action="store_true",
                   help="stage memory entries that do not fit for approval instead of stopping")
    c.set_defaults(func=run_import)


def _no_source(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _fail(message: str, code: int = 1) -> int:
    from hermes.security.sanitize import neutralize_controls

    print(f"hermes import: {neutralize_controls(message)}", file=sys.stderr)
    return code


def _say(text: str = "") -> None:
    from hermes.security.sanitize import neutralize_controls

    print(neutralize_controls(text))


def _short(text: str, width: int = 70) -> str:
    from hermes.sessions.text import one_line

    return one_line(text, width)


def run_import(args: argparse.Namespace) -> int:
    from hermes import paths
    from hermes.config import load_config
    from hermes.interop.agent_home import AgentHistory, SourceError, locate
    from hermes.interop.config_import import plan_config, with_changes
    from hermes.interop.memory_import import plan_memory
    from hermes.interop.session_import import SessionReport, plan_sessions
    from hermes.sessions.errors import SessionStoreError
    from hermes.sessions.session_store import SessionStore

    try:
        home = locate(args.path, paths.hermes_home())
    except SourceError as exc:
        return _fail(str(exc), 2)
    history = None
    try:
        if home.state_db.exists():
            history = AgentHistory(home.state_db)
    except SourceError as exc:
        return _fail(str(exc))
    cfg = load_config()
    store = None
    try:
        config_plan = plan_config(home, cfg)
        if args.config:
            # the new limits and switches decide how memories merge, so they come first
            cfg = with_changes(cfg, config_plan)
        memory = plan_memory(cfg, home)
        sessions = SessionReport()
        plan: list[SessionPlanItem] = []
        if history is not None:
            our_db = paths.state_db_path()
            # a dry run opens our history only when it exists, so it never creates a file
            store = SessionStore() if (our_db.exists() or not args.dry_run) else None
            plan = plan_sessions(history, store, sessions)
        _say(f"Hermes Agent home: {home.root}" + ("  (dry run: nothing will be changed)"
                                                   if args.dry_run else ""))
        _report_memory(memory)
        _report_sessions(history is not None, sessions, plan)
        _report_config(config_plan, args.config)
        _import_skills(home.root / "skills", dry_run=args.dry_run)
        if args.dry_run:
            return 0
        return _apply(args, cfg, memory, store, history, plan, sessions, config_plan)
    except SessionStoreError as exc:
        return _fail(str(exc))
    finally:
        if history is not None:
            history.close()
        if store is not None:
            store.close()


def _import_skills(folder: Path, *, dry_run: bool) -> None:
    """The home's skills/ through the skills gate; each one held back is named with its reason."""
    from hermes.skills.skills_command import print_import_report
    from hermes.skills.skill_import import import_skills

    if not folder.is_dir():
        _say("Skills: none found")
        return
    print_import_report(import_skills(folder, dry_run=dry_run), dry_run=dry_run)


def _report_memory(report: MemoryReport) -> None:
    from hermes.interop.memory_import import ADD, BLOCKED, DUPLICATE, INVALID, NO_ROOM, STAGED

    counts = {s: len(report.with_status(s)) for s in (ADD, DUPLICATE, BLOCKED, STAGED, NO_ROOM, INVALID)}
    if not report.outcomes and not report.problems:
        _say("Memories: none found")
        return
    _say(f"Memories: {counts[ADD]} to add, {counts[DUPLICATE]} already here, {counts[STAGED]} to "
         f"approve, {counts[BLOCKED]} blocked, {counts[NO_ROOM]} do not fit"
         + (f", {counts[INVALID]} invalid" if counts[INVALID] else ""))
    for outcome in report.outcomes:
        if outcome.status in (BLOCKED, STAGED, NO_ROOM, INVALID):
            why = f" ({outcome.reason})" if outcome.reason else ""
            _say(f"  {outcome.status:<9} {outcome.target}: {_short(outcome.text)!r}{why}")
    for problem in report.problems:
        _say(f"  note: {problem}")


def _report_sessions(has_db: bool, report: SessionReport, plan: list[SessionPlanItem]) -> None:
    if not has_db:
        _say("Sessions: no state.db in that home")
        return
    _say(f"Sessions: {report.found:,} found ({report.messages_found:,} messages); {len(plan):,} to "
         f"import, {report.already:,} already imported"
         + (f"; {report.rewound_left_out:,} rewound messages left out" if report.rewound_left_out else ""))
    for theirs, ours in report.renamed:
        _say(f"  renamed   {theirs!r} → {ours!r} (the name is taken here)")
    if report.new_ids:
        _say(f"  {len(report.new_ids)} session id(s) taken here get new ids, e.g. "
             f"{report.new_ids[0][0]} → {report.new_ids[0][1]}")


def _report_config(plan: ConfigPlan, applying: bool) -> None:
    from hermes.interop.config_import import describe

    if not plan.changes and not plan.notes:
        _say("Config: nothing to change")
        return
    verb = "to apply" if applying else "shown only; apply with --config"
    _say(f"Config: {len(plan.changes)} change(s) ({verb})")
    for change in plan.changes:
        _say(f"  {describe(change)}")
    for note in plan.notes:
        _say(f"  note: {note}")


def _apply(args: argparse.Namespace, cfg: Config, memory: MemoryReport, store: SessionStore | None,
           history: AgentHistory | None, plan: list[SessionPlanItem], sessions: SessionReport,
           config_plan: ConfigPlan) -> int:
    from hermes.interop.config_import import apply_config
    from hermes.interop.memory_import import ADD, NO_ROOM, STAGED, apply_memory
    from hermes.interop.progress import ImportProgress
    from hermes.interop.session_import import ImportStopped, import_sessions

    if args.config and config_plan.changes:
        apply_config(config_plan)
    apply_memory(cfg, memory, into_pending=args.into_pending)
    code = 0
    if store is not None and history is not None and plan:
        counts = history.message_counts()
        total = sum(counts.get(item.session.id, 0) for item in plan)
        try:
            with ImportProgress(total, "Importing messages") as bar:
                import_sessions(store, history, plan, sessions, bar.advance)
        except ImportStopped as exc:
            code = _fail(str(exc))
    added, staged = len(memory.with_status(ADD)), len(memory.with_status(STAGED))
    no_room = memory.with_status(NO_ROOM)
    _say(f"Imported {added} memory entr{'y' if added == 1 else 'ies'}"
         + (f" ({staged} waiting for approval: `hermes memory pending`)" if staged else "")
         + f", {sessions.imported:,} session(s) with {sessions.messages_imported:,} messages"
         + (f", {len(config_plan.changes)} config change(s)" if args.config and config_plan.changes else ""))
    if sessions.messages_skipped:
        _say(f"  {sessions.messages_skipped:,} message(s) with roles Hermes does not store were left out")
    if no_room:
        code = _fail(f"{len(no_room)} memory entr{'y' if len(no_room) == 1 else 'ies'} did not fit "
                     "the memory limit and were not imported; run again with --into-pending to "
                     "stage them for approval, or raise memory.memory_char_limit / "
                     "memory.user_char_limit (nothing is imported twice)")
    return code


EXPORT_HELP = ("a state.db Hermes Agent 0.19 opens (all sessions unless named; secrets redacted; "
               "default file hermes-agent-state.db)")


def _export_fail(message: str, code: int = 1) -> int:
    from hermes.security.sanitize import neutralize_controls

    print(f"hermes sessions export: {neutralize_controls(message)}", file=sys.stderr)
    return code


def export_sessions(store: SessionStore, args: argparse.Namespace) -> int:
    """`hermes sessions export --format hermes-agent`: the way back to Hermes Agent."""
    from pathlib import Path

    from hermes.interop.agent_export import ExportError, export_agent_db

    if args.all and args.sessions:
        return _export_fail("name sessions to export, or --all (not both)", 2)
    if args.sessions:
        ids = [store.resolve_session(ref, follow_lineage=False).id for ref in args.sessions]
    else:
        ids = [r[0] for r in store.query("SELECT id FROM sessions ORDER BY started_at, id")]
    path = Path(args.output or "hermes-agent-state.db").expanduser()
    if path.is_dir():
        return _export_fail(f"{path} is a folder; give a file name for --output, e.g. {path / 'state.db'}", 2)
    if not path.parent.is_dir():
        return _export_fail(f"the folder {path.parent} does not exist; create it first or give --output "
                     "a path in an existing folder", 2)
    try:
        sessions, messages = export_agent_db(store, ids, path)
    except ExportError as exc:
        return _export_fail(str(exc))
    print(f"Exported {sessions} session(s) with {messages} messages to {path} (Hermes Agent 0.19 "
          "format, secrets redacted); to use it, stop Hermes Agent and put it in place of its "
          "~/.hermes/state.db (keep a copy of the old one)", file=sys.stderr)
    return 0
