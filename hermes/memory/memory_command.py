"""`hermes memory …`: show, edit, approve and undo memory from the shell.

Edits go through the same dispatcher as the model's `memory` tool (origin "cli"), so limits,
the scan and write approval behave identically. Exit status: 0 ok, 1 refused, 2 bad usage.

`add_parser` returns the `hermes memory` subparsers; hermes/cli.py adds the user-model
provider's `setup` and `status` to them, so this layer never imports the provider layer.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hermes.config import Config
    from hermes.memory.ages import EntryAge
    from hermes.memory.memory_files import StoreState
    from hermes.skills.skill_proposals import SkillProposal

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2
TARGET_CHOICES = ("memory", "user", "project")
# `memory show` titles, for the person (the prompt's own headers address the agent).
SHOW_TITLES = {"memory": "MEMORY.md — the agent's notes", "user": "USER.md — what the agent knows about you",
               "project": "PROJECT.md — this project's conventions"}


Subparsers = argparse._SubParsersAction  # the type argparse.add_subparsers returns


def add_parser(sub: Subparsers[argparse.ArgumentParser]) -> Subparsers[argparse.ArgumentParser]:
    """Register `hermes memory` and its subcommands; returns the memory sub-subparsers."""
    p = sub.add_parser("memory", help="show and edit persistent memory (MEMORY.md, USER.md)",
                       description="Persistent memory: MEMORY.md (agent notes) and USER.md (user "
                       "profile). Edits take effect in the next session.")
    p.set_defaults(func=lambda args: _no_subcommand(p))
    msub: Subparsers[argparse.ArgumentParser] = p.add_subparsers(dest="memory_command",
                                                                 metavar="SUBCOMMAND")

    show = msub.add_parser("show", help="the blocks as the next session will see them")
    show.add_argument("--target", choices=TARGET_CHOICES)
    show.add_argument("--all", action="store_true",
                      help="every entry, also beyond the store's char limit")
    show.add_argument("--ages", action="store_true",
                      help="each entry with the date it was written and when it was last confirmed")
    show.add_argument("--json", action="store_true", help="machine-readable output (with ages)")
    show.set_defaults(func=_run_show)

    add = msub.add_parser("add", help="add an entry")
    add.add_argument("--target", choices=TARGET_CHOICES, required=True)
    add.add_argument("content")
    add.add_argument("--json", action="store_true", help="print the tool's JSON result")
    add.set_defaults(func=_run_edit, action="add")

    replace = msub.add_parser("replace", help="replace the entry containing OLD")
    replace.add_argument("--target", choices=TARGET_CHOICES, required=True)
    replace.add_argument("--old-text", required=True, metavar="OLD")
    replace.add_argument("content")
    replace.add_argument("--json", action="store_true", help="print the tool's JSON result")
    replace.set_defaults(func=_run_edit, action="replace")

    remove = msub.add_parser("remove", help="remove the entry containing OLD")
    remove.add_argument("--target", choices=TARGET_CHOICES, required=True)
    remove.add_argument("--old-text", required=True, metavar="OLD")
    remove.add_argument("--json", action="store_true", help="print the tool's JSON result")
    remove.set_defaults(func=_run_edit, action="remove", content=None)

    move = msub.add_parser("move", help="move the entry containing OLD to another store "
                           "(e.g. a project convention from MEMORY.md to PROJECT.md)")
    move.add_argument("--from", dest="source", choices=TARGET_CHOICES, required=True)
    move.add_argument("--to", dest="dest", choices=TARGET_CHOICES, required=True)
    move.add_argument("old_text", metavar="OLD")
    move.set_defaults(func=_run_move)

    pending = msub.add_parser("pending", help="list writes waiting for approval")
    pending.add_argument("--older-than", metavar="WHEN",
                         help="only writes staged before WHEN: 7d, 12h, 2w or a date like 2026-11-01")
    pending.add_argument("--json", action="store_true",
                         help="memory writes and skill changes, each with its kind and age")
    pending.set_defaults(func=_run_pending)
    approve = msub.add_parser("approve", help="apply staged writes")
    approve.add_argument("id", metavar="ID|all")
    approve.add_argument("--yes", action="store_true",
                         help="with `all`: do not ask again for writes the scan flagged")
    approve.set_defaults(func=_run_decide, decision="approve")
    reject = msub.add_parser("reject", help="drop staged writes")
    reject.add_argument("id", metavar="ID|all")
    reject.set_defaults(func=_run_decide, decision="reject")
    approval = msub.add_parser("approval", help="turn write approval on or off (persisted)")
    approval.add_argument("state", choices=("on", "off"))
    approval.set_defaults(func=_run_approval)

    hist = msub.add_parser("history", help="recent memory changes")
    hist.add_argument("--limit", type=int, default=20, metavar="N")
    hist.add_argument("--json", action="store_true")
    hist.set_defaults(func=_run_history)
    undo = msub.add_parser("undo", help="revert the most recent change")
    undo.set_defaults(func=_run_undo)

    from hermes.memory.bundle_cli import add_bundle_commands

    add_bundle_commands(msub)
    return msub


def _no_subcommand(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE


def _config() -> Config:
    from hermes.config import load_config

    cfg = load_config()
    for warning in cfg.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return cfg


def _run_show(args: argparse.Namespace) -> int:
    from hermes.memory.ages import read_ages
    from hermes.memory.snapshot import HEADERS, render_block
    from hermes.memory.memory_files import TARGETS, read_store
    from hermes.memory.withhold import capped_view

    cfg = _config()
    targets = [args.target] if args.target else list(TARGETS)
    states = [read_store(cfg.memory, t) for t in targets]
    ages = (read_ages(cfg.memory, {s.target: s.entries for s in states})
            if args.json or args.ages else {})
    if args.json:
        print(json.dumps({s.target: {
            "path": str(s.path), "enabled": s.enabled, "entries": s.entries, "used": s.used,
            "limit": s.limit, "usage": s.usage, "error": s.error,
            "ages": [a.to_json() for a in ages[s.target]]} for s in states},
            ensure_ascii=False, indent=2))
        return EXIT_OK
    code = EXIT_OK
    for n, state in enumerate(states):
        if n:
            print()
        name = state.path.name
        if state.error:
            print(f"{name}: {state.error}; writes to it are refused until it is fixed",
                  file=sys.stderr)
            code = EXIT_REFUSED
            continue
        note = "" if state.enabled else " (disabled in config: not shown to the agent)"
        if not state.entries:
            print(f"{name}: empty — {state.usage}{note}")
            continue
        if args.ages:
            _print_ages(state, ages[state.target], everything=args.all)
            print(f"({state.path}{note}; hand edits take effect in the next session)")
            continue
        # Capped like the prompt, so a hand-edited 1 MB file does not flood the terminal.
        block = render_block(state.target, state.entries, state.limit, cap=not args.all)
        # The block's header speaks to the agent ("your personal notes"); here a person reads it.
        print(block.replace(HEADERS[state.target], SHOW_TITLES[state.target], 1))
        left_out = 0 if args.all else capped_view(state.entries, state.limit).left_out
        if left_out:
            print(f"({left_out} more entr{'y' if left_out == 1 else 'ies'} not shown: "
                  f"`hermes memory show --all` lists them, or open {state.path})")
        print(f"({state.path}{note}; hand edits take effect in the next session)")
    return code


def _print_ages(state: StoreState, ages: list[EntryAge], *, everything: bool) -> None:
    """The store's title, then each entry (as the prompt shows it) with its age; at most the
    store's limit of text unless `everything`."""
    from hermes.memory.ages import age_line
    from hermes.memory.withhold import shown

    print(f"{SHOW_TITLES[state.target]} [{state.usage}]")
    used = left_out = 0
    for age in ages:
        text = shown(age.entry)
        used += len(text)
        if not everything and used > state.limit:
            left_out += 1
            continue
        lines = text.splitlines() or [""]
        print(f"  • {lines[0]}")
        for more in lines[1:]:
            print(f"    {more}")
        print(f"    {age_line(age)}")
    if left_out:
        print(f"({left_out} more entr{'y' if left_out == 1 else 'ies'} not shown: add --all)")


def _run_edit(args: argparse.Namespace) -> int:
    from hermes.memory.memory_tool import MemoryTool

    cfg = _config()
    call: dict[str, Any] = {"action": args.action, "target": args.target}
    if args.content is not None:
        call["content"] = args.content
    if getattr(args, "old_text", None) is not None:
        call["old_text"] = args.old_text
    result = MemoryTool(cfg.memory, origin="cli").call(call)
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    elif result.get("success"):
        print(f"{result['message']} [{result['usage']}]")
    else:
        print(f"hermes memory: {result['error']}", file=sys.stderr)
        for entry in result.get("current_entries") or result.get("matches") or []:
            print(f"  • {_one_line(entry)}", file=sys.stderr)
    return EXIT_OK if result.get("success") else EXIT_REFUSED


def _run_move(args: argparse.Namespace) -> int:
    """Remove the entry from one store and add it to the other in one all-or-nothing batch."""
    from hermes.memory.memory_files import StoreUnreadable, read_entries
    from hermes.memory.memory_tool import MemoryTool

    if args.source == args.dest:
        print("hermes memory move: --from and --to name the same store", file=sys.stderr)
        return EXIT_USAGE
    cfg = _config()
    try:
        entries = read_entries(cfg.memory, args.source)
    except StoreUnreadable as exc:
        print(f"hermes memory: {exc}; nothing was moved", file=sys.stderr)
        return EXIT_REFUSED
    found = [e for e in entries if e == args.old_text] or [e for e in entries if args.old_text in e]
    if len(found) != 1:
        what = "no entry contains" if not found else f"{len(found)} entries contain"
        print(f"hermes memory move: {what} {args.old_text!r} in {args.source}; give a substring "
              "of exactly one entry", file=sys.stderr)
        for entry in found:
            print(f"  • {_one_line(entry)}", file=sys.stderr)
        return EXIT_REFUSED
    result = MemoryTool(cfg.memory, origin="cli").call({"operations": [
        {"action": "remove", "target": args.source, "old_text": found[0]},
        {"action": "add", "target": args.dest, "content": found[0]},
    ]})
    if not result.get("success"):
        print(f"hermes memory: {result['error']}; nothing was moved", file=sys.stderr)
        return EXIT_REFUSED
    if result.get("staged"):
        print(result["message"])
        return EXIT_OK
    print(f"Moved to {args.dest}: {_one_line(found[0])}")
    return EXIT_OK


def _one_line(text: str, width: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def _run_pending(args: argparse.Namespace) -> int:
    from hermes.memory.pending import describe_change, list_pending
    from hermes.memory.ages import parse_time
    from hermes.memory.pending_summary import age_text, waited
    from hermes.skills.skill_proposals import list_proposals
    from hermes.sessions.time_bounds import BadTimeBound, parse_bound

    cutoff: float | None = None
    if args.older_than:
        try:
            cutoff = parse_bound(args.older_than, name="--older-than")
        except BadTimeBound as exc:
            print(f"hermes memory pending: {exc}", file=sys.stderr)
            return EXIT_USAGE

    def wanted(created_at: str) -> bool:
        when = parse_time(created_at)
        return cutoff is None or (when is not None and when.timestamp() < cutoff)

    records = [r for r in list_pending(_config().memory) if wanted(r.created_at)]
    if args.json:
        skills = [p for p in list_proposals() if wanted(p.created_at)]
        items = [_with_age("memory", r.to_json(), r.created_at) for r in records]
        items += [_with_age("skill", p.to_json(), p.created_at) for p in skills]
        print(json.dumps(items, ensure_ascii=False, indent=2))
        return EXIT_OK
    if args.older_than:  # without it, hermes/cli.py lists the skill changes after these
        _print_old_skills([p for p in list_proposals() if wanted(p.created_at)])
    if not records:
        print(f"No memory write has waited longer than {args.older_than}." if args.older_than
              else "No memory writes wait for approval.")
        return EXIT_OK
    for r in records:
        session = f", session {r.session_id}" if r.session_id else ""
        print(f"{r.id}  {r.action} {r.target}  (from {r.origin}{session}, {r.created_at[:19]}Z, "
              f"waiting {age_text(waited(r.created_at))})")
        print(f"    {r.origin_line}")
        for change in r.changes:
            for line in describe_change(change, r.unsupported).splitlines():
                print(f"    {line}")
    print("Approve with `hermes memory approve ID|all`, drop with `hermes memory reject ID|all`.")
    return EXIT_OK


def _print_old_skills(proposals: list[SkillProposal]) -> None:
    from hermes.memory.pending_summary import age_text, waited

    for p in proposals:
        print(f"{p.id}  {p.summary}  (from {p.origin}, {p.created_at[:19]}Z, waiting "
              f"{age_text(waited(p.created_at))})")
        print(f"    why: {p.reason}")
    if proposals:
        print("Approve skills with `hermes skills approve ID|all`.")


def _with_age(kind: str, record: dict[str, Any], created_at: str) -> dict[str, Any]:
    from hermes.memory.pending_summary import waited

    age = waited(created_at)
    return {"kind": kind, **record,
            "age_seconds": None if age is None else int(age.total_seconds())}


def _run_decide(args: argparse.Namespace) -> int:
    from hermes.memory.pending import approve, reject

    cfg = _config()
    asks_again = args.decision == "approve" and args.id.strip().lower() == "all" and not args.yes
    if asks_again and not _confirm_flagged(cfg):
        return EXIT_REFUSED
    outcomes = (approve if args.decision == "approve" else reject)(cfg.memory, args.id)
    code = EXIT_OK
    for outcome in outcomes:
        stream = sys.stdout if outcome.success else sys.stderr
        print(outcome.message, file=stream)
        if not outcome.found and not outcome.success:
            code = max(code, EXIT_USAGE)
        elif not outcome.success:
            code = max(code, EXIT_REFUSED)
    return code


def _confirm_flagged(cfg: Config) -> bool:
    """Before `approve all`: ask again when the scan or the judge flagged some of the writes."""
    from hermes.memory.pending import list_pending

    flagged = [r for r in list_pending(cfg.memory) if r.flagged]
    if not flagged:
        return True
    print(f"{len(flagged)} of the pending writes were flagged by the security scan:")
    for r in flagged:
        print(f"  {r.id}  {_one_line(r.after or r.before, 70)}  ({r.reason})")
    try:
        answer = input("Approve all of them anyway? [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() in ("y", "yes"):
        return True
    print("Nothing approved. Approve writes one by one with `hermes memory approve ID`, or "
          "run `hermes memory approve all --yes`.", file=sys.stderr)
    return False


def _run_approval(args: argparse.Namespace) -> int:
    from hermes.memory.pending import set_write_approval

    print(set_write_approval(_config().memory, args.state == "on"))
    return EXIT_OK


def _run_history(args: argparse.Namespace) -> int:
    from hermes.memory.journal import history_report, journal_path

    if args.limit < 1:
        print("hermes memory history: --limit must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    report = history_report(None, args.limit)
    entries = report.entries
    if report.damaged:
        print(f"warning: {report.damaged} damaged line(s) in {journal_path()} were skipped; the "
              "rest of the history is intact", file=sys.stderr)
    if args.json:
        print(json.dumps([dict(e.to_json(), undone=e.undone) for e in entries],
                         ensure_ascii=False, indent=2))
        return EXIT_OK
    if not entries:
        print("No memory changes recorded yet.")
        return EXIT_OK
    for e in entries:
        flag = "  (undone)" if e.undone else ""
        session = f" session {e.session_id}" if e.session_id else ""
        print(f"{e.id}  {e.time}  {e.origin:<8} {e.summary}{session}{flag}")
    return EXIT_OK


def _run_undo(args: argparse.Namespace) -> int:
    from hermes.memory.journal import undo

    result = undo(_config().memory)
    print(result.message, file=sys.stdout if result.success else sys.stderr)
    return EXIT_OK if result.success else EXIT_REFUSED
