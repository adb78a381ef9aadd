"""`hermes project context|allow|revoke`: what of the project's AGENTS.md reaches the prompt,
and letting in a held-back paragraph by its id.

No model is needed, so nothing here imports litellm.
"""

from __future__ import annotations

import argparse
import sys

from hermes.workspace.context_admissions import admit, load_admissions, revoke, store_path
from hermes.workspace.project import ProjectContext, load_project

_HELP = "what of the project's AGENTS.md/CLAUDE.md reaches the prompt; admit held-back paragraphs"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("project", help=_HELP, description=_HELP)
    actions = p.add_subparsers(dest="project_action", metavar="ACTION")
    ctx = actions.add_parser("context", help="list the paragraphs left out or held back, with their ids")
    ctx.set_defaults(func=_run_context)
    allow = actions.add_parser("allow", help="admit a held-back paragraph by its id (from the next session)")
    allow.add_argument("id", help="the id shown by `hermes project context` or the notice")
    allow.set_defaults(func=_run_allow)
    take_back = actions.add_parser("revoke", help="take an admission back")
    take_back.add_argument("id")
    take_back.set_defaults(func=_run_revoke)
    p.set_defaults(func=_run_context)


def _load() -> ProjectContext:
    from hermes.config import load_config
    from hermes.paths import working_dir

    return load_project(working_dir(), load_config().project.context_chars)


def _run_context(args: argparse.Namespace) -> int:
    ctx = _load()
    names = [f.name for f in ctx.files]
    print(f"Project {ctx.name} at {ctx.root}: " + (", ".join(names) if names else "no context files in the prompt"))
    for what in ctx.omitted:
        print(f"  not included: {what}")
    if not ctx.withheld and not ctx.admitted:
        print("  Every paragraph of the context files is in the prompt.")
        return 0
    for w in ctx.withheld:
        if w.staged:
            print(f"  held back  {w.paragraph_id}  {w.file}: “{w.first_words}” ({w.reason})\n"
                  f"             admit it with: hermes project allow {w.paragraph_id}")
        else:
            print(f"  left out   {w.paragraph_id}  {w.file}: “{w.first_words}” ({w.reason}); reword it to "
                  "include it")
    for w in ctx.admitted:
        print(f"  admitted   {w.paragraph_id}  {w.file}: “{w.first_words}” (in the prompt; take it back with "
              f"hermes project revoke {w.paragraph_id})")
    return 0


def _run_allow(args: argparse.Namespace) -> int:
    ctx = _load()
    wanted = args.id.strip().lower()
    matches = [w for w in (*ctx.withheld, *ctx.admitted) if w.paragraph_id.startswith(wanted)] if wanted else []
    if not matches:
        print(f"hermes: no held-back paragraph {args.id!r} in the context files of {ctx.root}; "
              "`hermes project context` lists their ids.", file=sys.stderr)
        return 1
    if len(matches) > 1:
        print(f"hermes: {args.id!r} matches {len(matches)} paragraphs; give more of the id.", file=sys.stderr)
        return 1
    [w] = matches
    if w in ctx.admitted:
        print(f"Already admitted: {w.file}: “{w.first_words}”.")
        return 0
    if not w.staged:
        print(f"hermes: {w.file}: “{w.first_words}” is left out, not held back ({w.reason}); it cannot be "
              "admitted. Reword the paragraph (say what is forbidden or where things live) if it is safe.",
              file=sys.stderr)
        return 1
    admit(ctx.root, w.paragraph_id, w.file, w.first_words)
    print(f"Admitted {w.file}: “{w.first_words}”. It goes into the prompt from the next session; "
          f"if the paragraph is edited it is held back again. (Stored in {store_path(ctx.root)}.)")
    return 0


def _run_revoke(args: argparse.Namespace) -> int:
    ctx = _load()
    wanted = args.id.strip().lower()
    ids = [pid for pid in load_admissions(ctx.root) if wanted and pid.startswith(wanted)]
    if len(ids) != 1 or not revoke(ctx.root, ids[0]):
        print(f"hermes: no admission {args.id!r} for {ctx.root}; `hermes project context` lists them.",
              file=sys.stderr)
        return 1
    print(f"Taken back: {ids[0]} is held back again from the next session.")
    return 0
