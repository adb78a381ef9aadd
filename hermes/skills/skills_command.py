"""`hermes skills list | show | rm | import | export | approve | reject | undo`.

Nothing here imports litellm: the scan is the rules' (the model judge belongs to the agent).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from hermes.config import SkillsConfig

if TYPE_CHECKING:
    from hermes.skills.skill_catalog import SkillCatalog
    from hermes.skills.skill_import import ImportReport

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `hermes skills …`."""
    p = sub.add_parser("skills", help="list, show, import and export skills",
                       description="Skills are SKILL.md folders in $HERMES_HOME/skills/ (yours), "
                       "<project>/.hermes/skills/ and, read-only, <project>/.claude/skills/.")
    p.set_defaults(func=lambda args: _usage(p))
    s = p.add_subparsers(dest="skills_command", metavar="ACTION")
    ls = s.add_parser("list", help="the skills in effect, and changes waiting for approval")
    ls.add_argument("--json", action="store_true")
    ls.set_defaults(func=run_list)
    show = s.add_parser("show", help="print a skill's SKILL.md (or a file beside it)")
    show.add_argument("name")
    show.add_argument("file", nargs="?", help="a file inside the skill's folder")
    show.set_defaults(func=run_show)
    rm = s.add_parser("rm", help="remove one of your or the project's skills (undo brings it back)")
    rm.add_argument("name")
    rm.set_defaults(func=run_rm)
    imp = s.add_parser("import", help="import a folder of skill folders (scanned; suspicious "
                       "ones wait for approval)")
    imp.add_argument("path")
    imp.add_argument("--dry-run", action="store_true", help="say what would happen; change nothing")
    imp.set_defaults(func=run_import)
    exp = s.add_parser("export", help="copy a skill's folder out in the shared SKILL.md format")
    exp.add_argument("name")
    exp.add_argument("--to", default=".", help="the folder to write NAME/ into (default: here)")
    exp.set_defaults(func=run_export)
    for decision in ("approve", "reject"):
        d = s.add_parser(decision, help=f"{decision} a staged skill change")
        d.add_argument("id", help="the id from `hermes skills list`, or all")
        d.set_defaults(func=run_decide, decision=decision)
    undo = s.add_parser("undo", help="reverse the last skill change that was written")
    undo.set_defaults(func=run_undo)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_USAGE


def _say(text: str = "", *, err: bool = False) -> None:
    from hermes.security.sanitize import neutralize_controls

    print(neutralize_controls(text), file=sys.stderr if err else sys.stdout)


def _skills_config() -> SkillsConfig:
    from hermes.config import load_config

    cfg = load_config()
    for warning in cfg.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return cfg.skills


def _project() -> Path:
    from hermes.paths import find_project_root, working_dir

    return find_project_root(working_dir())


def _catalog() -> SkillCatalog:
    from hermes.skills.skill_catalog import load_catalog
    from hermes.skills.skill_tools import agent_home_of

    return load_catalog(_project(), agent_home_of(_skills_config()))


def run_list(args: argparse.Namespace) -> int:
    from hermes.skills.skill_proposals import list_proposals

    catalog = _catalog()
    pending = list_proposals()
    if args.json:
        print(json.dumps({
            "skills": [{"name": s.name, "description": s.doc.description, "store": s.store.kind,
                        "path": str(s.folder)} for s in catalog.skills],
            "pending": [p.to_json() for p in pending]}, ensure_ascii=False, indent=2))
        return EXIT_OK
    if not catalog.skills and not pending:
        _say(f"No skills yet. Put a folder with a SKILL.md in {catalog.stores[0].root}, or "
             "import some with `hermes skills import PATH`.")
    for skill in catalog.skills:
        _say(f"{skill.name:<24} {skill.doc.description[:70]}  [{skill.store.label}]")
    for p in pending:
        _say(f"{p.name:<24} (pending {p.action}, id {p.id}, from {p.origin}: {p.reason})")
    for line in (*catalog.notices, *catalog.problems):
        _say(f"note: {line}", err=True)
    if pending:
        _say("Approve with `hermes skills approve ID|all`, drop with `hermes skills reject ID|all`.")
    return EXIT_OK


def run_show(args: argparse.Namespace) -> int:
    from hermes.skills.skill_proposals import list_proposals
    from hermes.skills.skill_stores import SkillUnreadable, read_beside, read_limited

    catalog = _catalog()
    skill = catalog.find(args.name)
    if skill is None:
        staged = [p for p in list_proposals() if p.name == args.name or p.id == args.name]
        if staged:
            _say(f"{staged[0].summary} (pending, id {staged[0].id}: {staged[0].reason})")
            _say(staged[0].diff())
            return EXIT_OK
        _say(f"hermes skills: no skill named {args.name!r}; see `hermes skills list`", err=True)
        return EXIT_USAGE
    try:
        text = (read_beside(skill, args.file) if args.file
                else read_limited(skill.path, 1 << 20).decode("utf-8", "replace"))
    except SkillUnreadable as exc:
        _say(f"hermes skills: {exc}", err=True)
        return EXIT_REFUSED
    _say(f"# {skill.folder / (args.file or 'SKILL.md')}  [{skill.store.label}]")
    _say(text.rstrip("\n"))
    return EXIT_OK


def run_rm(args: argparse.Namespace) -> int:
    from hermes.skills.skill_proposals import SkillProposal, apply, current_text

    skill = _catalog().find(args.name)
    if skill is None:
        _say(f"hermes skills: no skill named {args.name!r}; see `hermes skills list`", err=True)
        return EXIT_USAGE
    if not skill.store.writable:
        _say(f"hermes skills: {skill.name} is {skill.store.label} ({skill.folder}); Hermes does "
             "not change that folder, remove it there", err=True)
        return EXIT_REFUSED
    apply(SkillProposal(id="", action="delete", name=skill.name, folder=str(skill.folder),
                        before=current_text(skill.folder), after="", origin="person", reason=""))
    _say(f"Removed skill {skill.name} ({skill.folder}); `hermes skills undo` brings it back.")
    return EXIT_OK


def print_import_report(report: ImportReport, *, dry_run: bool = False) -> None:
    """The import's summary, then the name and reason of each skill held back."""
    _say(report.summary() + (" (dry run: nothing changed)" if dry_run else ""))
    for item in report.held_back:
        verb = "waits for approval" if item.status == "staged" else "refused"
        _say(f"  held back {item.name}: {verb} ({item.reason})")
    for problem in report.problems:
        _say(f"  note: {problem}")
    if report.count("staged") and not dry_run:
        _say("  see them with `hermes skills list`; approve with `hermes skills approve ID`")


def run_import(args: argparse.Namespace) -> int:
    from hermes.skills.skill_import import import_skills

    source = Path(args.path).expanduser()
    if not source.is_dir():
        _say(f"hermes skills import: no folder at {source}; give a folder of skill folders "
             "(each with a SKILL.md)", err=True)
        return EXIT_USAGE
    report = import_skills(source, dry_run=args.dry_run)
    print_import_report(report, dry_run=args.dry_run)
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from hermes.skills.skill_stores import files_beside

    skill = _catalog().find(args.name)
    if skill is None:
        _say(f"hermes skills: no skill named {args.name!r}; see `hermes skills list`", err=True)
        return EXIT_USAGE
    dest = Path(args.to).expanduser() / skill.name
    if os.path.lexists(dest):
        _say(f"hermes skills export: {dest} exists; choose another folder with --to", err=True)
        return EXIT_REFUSED
    dest.mkdir(parents=True)
    for rel in ["SKILL.md", *files_beside(skill, limit=10_000)]:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(skill.folder / rel, target, follow_symlinks=False)
    _say(f"Exported skill {skill.name} to {dest}")
    return EXIT_OK


def run_decide(args: argparse.Namespace) -> int:
    from hermes.skills.skill_proposals import approve, reject

    outcomes = (approve if args.decision == "approve" else reject)(args.id)
    for outcome in outcomes:
        _say(outcome.message, err=not outcome.success)
    return EXIT_OK if all(o.success for o in outcomes) else EXIT_REFUSED


def run_undo(args: argparse.Namespace) -> int:
    from hermes.skills.skill_proposals import undo_last

    outcome = undo_last()
    _say(outcome.message, err=not outcome.success)
    return EXIT_OK if outcome.success else EXIT_REFUSED


def print_pending_skills() -> None:
    """The staged skill changes, for `hermes memory pending` (nothing when there are none)."""
    from hermes.skills.skill_proposals import list_proposals

    pending = list_proposals()
    if not pending:
        return
    for p in pending:
        session = f", session {p.session_id}" if p.session_id else ""
        _say(f"{p.id}  {p.summary}  (from {p.origin}{session}, {p.created_at[:19]}Z)")
        _say(f"    why: {p.reason}")
    _say("Approve skills with `hermes skills approve ID|all`, drop with `hermes skills reject ID|all`.")
