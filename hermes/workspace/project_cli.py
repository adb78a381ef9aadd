"""`hermes project context|show|allow|revoke`: what of the project's AGENTS.md reaches the prompt,
reading a held-back paragraph whole, and letting it in by its id (or all of them with `all`).

The app's `/project` (hermes/tui/project_bridge.py) runs the same functions, so the two say
the same things; only the command names in the advice differ (`Spelling`). No model is needed,
so nothing here imports litellm.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hermes import paths
from hermes.workspace.context_admissions import (
    admit,
    load_admissions,
    load_judged,
    revoke,
    store_path,
)
from hermes.workspace.project import ProjectContext, Withheld, load_project

if TYPE_CHECKING:
    from hermes.config import Config

_HELP = "what of the project's AGENTS.md/CLAUDE.md reaches the prompt; admit held-back paragraphs"
ALL = "all"  # `allow all`: every held-back paragraph (a hex id never spells it)


@dataclass(frozen=True)
class Spelling:
    """How the advice names the commands: the CLI's or the app's."""

    list_cmd: str  # lists the ids
    prefix: str  # followed by "show ID", "allow ID", "revoke ID"
    next_session: str  # when an admission takes effect


CLI = Spelling("hermes project context", "hermes project",
               "from the next session (a session already running keeps its prompt)")


@dataclass(frozen=True)
class Outcome:
    """What a command says, and whether it did what was asked."""

    ok: bool
    text: str


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("project", help=_HELP, description=_HELP)
    actions = p.add_subparsers(dest="project_action", metavar="ACTION")
    ctx = actions.add_parser("context", help="list the paragraphs left out or held back, with their ids")
    ctx.set_defaults(func=_run_context)
    show = actions.add_parser("show", help="print a held-back (or left-out) paragraph whole, with why; "
                                           "`all`: every held-back one")
    show.add_argument("id", help="the id shown by `hermes project context` or the notice, or `all`")
    show.set_defaults(func=_run_show)
    allow = actions.add_parser("allow", help="admit a held-back paragraph by its id, or every held-back one "
                                             "with `all` (from the next session)")
    allow.add_argument("id", help="the id shown by `hermes project context` or the notice, or `all`")
    allow.add_argument("--yes", action="store_true",
                       help="with `all`: admit the paragraphs held back as working against you too, without asking")
    allow.set_defaults(func=_run_allow)
    take_back = actions.add_parser("revoke", help="take an admission back")
    take_back.add_argument("id")
    take_back.set_defaults(func=_run_revoke)
    p.set_defaults(func=_run_context)


# ------------------------------------------------------------------ loading


def load_context(cfg: Config, cwd: Path) -> ProjectContext:
    """The project of `cwd` as its next session will see it: the rules' verdicts, the person's
    admissions, and the cached verdicts of the scan model when one is configured (the session
    holds those back too, hermes/agent/context_judge.py, and they are admitted the same way)."""
    root = paths.find_project_root(cwd)
    return load_project(root, cfg.project.context_chars, judged=_judged(cfg, root))


def _judged(cfg: Config, root: Path) -> dict[str, str]:
    """The ids the configured scan model found unsafe, with its reason ({} without one)."""
    scan = cfg.memory.scan_model
    if scan is None or not scan.name:
        return {}
    from hermes.security.findings import ALLOW

    model = cfg.resolve_model(scan).name
    return {pid: j.reason for pid, j in load_judged(root).items() if j.model == model and j.verdict != ALLOW}


def _unique(items: tuple[Withheld, ...]) -> list[Withheld]:
    """One entry per id (the same paragraph twice in a file is one paragraph to admit)."""
    seen: dict[str, Withheld] = {}
    for w in items:
        seen.setdefault(w.paragraph_id, w)
    return list(seen.values())


def _find(ctx: ProjectContext, wanted: str, sp: Spelling) -> tuple[Withheld | None, str]:
    """The withheld or admitted paragraph whose id starts with `wanted`, or why there is none."""
    wanted = wanted.strip().lower()
    every = _unique((*ctx.withheld, *ctx.admitted))
    matches = [w for w in every if w.paragraph_id.startswith(wanted)] if wanted else []
    if not matches:
        return None, (f"no held-back paragraph {wanted!r} in the context files of {ctx.root}; "
                      f"`{sp.list_cmd}` lists their ids.")
    if len(matches) > 1:
        return None, f"{wanted!r} matches {len(matches)} paragraphs; give more of the id."
    return matches[0], ""


# ------------------------------------------------------------------ what each command says


def context_text(ctx: ProjectContext, sp: Spelling) -> str:
    """What of the context files is held back, left out or admitted, with ids and reasons."""
    names = [f.name for f in ctx.files]
    lines = [f"Project {ctx.name} at {ctx.root}: " + (", ".join(names) if names else "no context files in the "
                                                      "prompt")]
    lines += [f"  not included: {what}" for what in ctx.omitted]
    if not ctx.withheld and not ctx.admitted:
        lines.append("  Every paragraph of the context files is in the prompt.")
        return "\n".join(lines)
    for w in ctx.withheld:
        if w.staged:
            lines.append(f"  held back  {w.paragraph_id}  {w.file}: “{w.first_words}” ({w.reason})\n"
                         f"             read it with: {sp.prefix} show {w.paragraph_id}; "
                         f"admit it with: {sp.prefix} allow {w.paragraph_id}")
        else:
            lines.append(f"  left out   {w.paragraph_id}  {w.file}: “{w.first_words}” ({w.reason}); reword it "
                         "to include it")
    for w in ctx.admitted:
        lines.append(f"  admitted   {w.paragraph_id}  {w.file}: “{w.first_words}” (in the prompt; take it back "
                     f"with {sp.prefix} revoke {w.paragraph_id})")
    held = sum(1 for w in _unique(ctx.withheld) if w.staged)
    if held > 1:
        lines.append(f"  Read all {held} held-back paragraphs with: {sp.prefix} show {ALL}; admit them at once "
                     f"with: {sp.prefix} allow {ALL} (left-out ones are never admitted)")
    return "\n".join(lines)


def show(ctx: ProjectContext, wanted: str, sp: Spelling) -> Outcome:
    """A withheld (or admitted) paragraph whole, as the session read it, with its reason; with
    `all`, every held-back one."""
    if wanted.strip().lower() == ALL:
        return show_all(ctx, sp)
    w, problem = _find(ctx, wanted, sp)
    if w is None:
        return Outcome(False, problem)
    lines = [_whole(ctx, w)]
    if w in ctx.admitted:
        lines.append(f"Take it back with: {sp.prefix} revoke {w.paragraph_id}")
    elif w.staged:
        lines.append(f"If you trust it: {sp.prefix} allow {w.paragraph_id}. It goes into the prompt "
                     f"{sp.next_session}.")
    else:
        lines.append("It cannot be admitted; reword the paragraph (say what is forbidden or where things live) "
                     "if it is safe.")
    return Outcome(True, "\n".join(lines))


def show_all(ctx: ProjectContext, sp: Spelling) -> Outcome:
    """Every held-back paragraph whole, so they can be read before `allow all`."""
    held = [w for w in _unique(ctx.withheld) if w.staged]
    if not held:
        return Outcome(True, f"Nothing is held back in the context files of {ctx.root}.")
    parts = [_whole(ctx, w) for w in held]
    many = len(held) > 1
    parts.append(f"If you trust {'them all' if many else 'it'}: {sp.prefix} allow {ALL}"
                 f"{'' if many else f' (or {sp.prefix} allow {held[0].paragraph_id})'}. "
                 f"{'They go' if many else 'It goes'} into the prompt {sp.next_session}.")
    return Outcome(True, "\n".join(parts))


def _whole(ctx: ProjectContext, w: Withheld) -> str:
    """`state id file (reason):` and the paragraph's text as the session read it, indented."""
    state = "admitted (in the prompt)" if w in ctx.admitted else "held back" if w.staged else "left out"
    body, notes = shown_text(w.text)
    return "\n".join([f"{state}  {w.paragraph_id}  {w.file} ({w.reason}):", body, *notes])


def allow(ctx: ProjectContext, wanted: str, sp: Spelling, confirmed: bool = False) -> Outcome:
    """Admit one held-back paragraph by (a prefix of) its id, or every one with `all` (asking
    again, unless `confirmed`, for those held back for what they ask)."""
    if wanted.strip().lower() == ALL:
        return allow_all(ctx, sp, confirmed)
    w, problem = _find(ctx, wanted, sp)
    if w is None:
        return Outcome(False, problem)
    if w in ctx.admitted:
        return Outcome(True, f"Already admitted: {w.file}: “{w.first_words}”.")
    if not w.staged:
        return Outcome(False, f"{w.file}: “{w.first_words}” is left out, not held back ({w.reason}); it cannot "
                              "be admitted. Reword the paragraph (say what is forbidden or where things live) "
                              "if it is safe.")
    try:
        admit(ctx.root, w.paragraph_id, w.file, w.first_words)
    except OSError as exc:
        return Outcome(False, _not_saved(exc))
    return Outcome(True, f"Admitted {w.file}: “{w.first_words}”. It goes into the prompt {sp.next_session}; "
                         f"if the paragraph is edited it is held back again. (Stored in {store_path(ctx.root)}.)")


def flagged(w: Withheld) -> bool:
    """Whether a held-back paragraph was held for what it asks (it works against the person,
    the rules or the scan model found it unsafe), not only for naming something beyond the
    project: `allow all` asks again before admitting these."""
    from hermes.security.context_structure import UNSURE_DESTINATION, UNSURE_LANGUAGE

    return not (w.reason.startswith(_NAMES_ONLY) or w.reason in (UNSURE_DESTINATION, UNSURE_LANGUAGE))


_NAMES_ONLY = ("it names ", "it reaches beyond this project")


def flagged_held(ctx: ProjectContext) -> list[Withheld]:
    return [w for w in _unique(ctx.withheld) if w.staged and w not in ctx.admitted and flagged(w)]


def ask_again_text(ctx: ProjectContext) -> str:
    """What `allow all` says before admitting paragraphs held back for what they ask."""
    held = flagged_held(ctx)
    lines = [f"Held back for what they ask, not only for what they name ({len(held)}):"]
    lines += [f"  {w.paragraph_id}  {w.file}: “{w.first_words}” ({w.reason})" for w in held]
    return "\n".join(lines)


def allow_all(ctx: ProjectContext, sp: Spelling, confirmed: bool) -> Outcome:
    """Admit every held-back paragraph of the project, naming each with its reason; the
    left-out ones stay out. Unless `confirmed`, nothing is admitted while some were held back
    for what they ask (they are listed, with how to admit them)."""
    if not confirmed and flagged_held(ctx):
        return Outcome(False, f"{ask_again_text(ctx)}\nNothing admitted. Read them with {sp.prefix} show ID "
                              f"and admit them one by one with {sp.prefix} allow ID, or admit everything with "
                              f"{sp.prefix} allow all --yes.")
    held = [w for w in _unique(ctx.withheld) if w.staged]
    left = len(_unique(tuple(w for w in ctx.withheld if not w.staged)))
    stays = (f" {left} left-out paragraph{'s stay' if left > 1 else ' stays'} out (those are never admitted; "
             "reword them to include them).") if left else ""
    if not held:
        return Outcome(True, f"Nothing is held back in the context files of {ctx.root}.{stays}")
    lines = [f"Admitting {len(held)} held-back paragraph{'s' if len(held) > 1 else ''} of {ctx.root}:"]
    lines += [f"  {w.paragraph_id}  {w.file}: “{w.first_words}” ({w.reason})" for w in held]
    done = 0
    for w in held:
        try:
            admit(ctx.root, w.paragraph_id, w.file, w.first_words)
        except OSError as exc:
            lines.append(f"Stopped after admitting {done} of {len(held)}: {_not_saved(exc)}")
            return Outcome(False, "\n".join(lines))
        done += 1
    lines.append(f"Admitted {done} paragraph{'s' if done > 1 else ''}. They go into the prompt {sp.next_session}; "
                 f"an edited paragraph is held back again. Take one back with: {sp.prefix} revoke ID.{stays}")
    return Outcome(True, "\n".join(lines))


def _not_saved(exc: OSError) -> str:
    """One sentence for an admission that could not be written under $HERMES_HOME."""
    if isinstance(exc, paths.UnsafePath):
        return f"the admissions could not be saved: {exc}"
    from hermes.os_errors import describe_os_error

    return f"the admissions could not be saved: {describe_os_error(exc)}"


def revoke_admission(ctx: ProjectContext, wanted: str, sp: Spelling) -> Outcome:
    """Take back the admission whose id starts with `wanted`."""
    wanted = wanted.strip().lower()
    ids = [pid for pid in load_admissions(ctx.root) if wanted and pid.startswith(wanted)]
    try:
        taken = len(ids) == 1 and revoke(ctx.root, ids[0])
    except OSError as exc:
        return Outcome(False, _not_saved(exc))
    if not taken:
        return Outcome(False, f"no admission {wanted!r} for {ctx.root}; `{sp.list_cmd}` lists them.")
    return Outcome(True, f"Taken back: {ids[0]} is held back again {sp.next_session}.")


# ------------------------------------------------------------------ the whole paragraph


_ESCAPED = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}


def shown_text(text: str) -> tuple[str, list[str]]:
    """The paragraph as the person reads it: indented, secrets redacted, and control or
    invisible characters written as <U+XXXX> so nothing in it is hidden; plus notes on both."""
    from hermes.security.redact import redact

    clean = redact(text)
    notes = []
    if clean != text:
        notes.append("(Secrets are shown as [REDACTED:…]; the file holds them as written.)")
    out: list[str] = []
    hidden = 0
    for ch in clean:
        if ch not in "\n\t" and unicodedata.category(ch) in _ESCAPED:
            out.append(f"<U+{ord(ch):04X}>")
            hidden += 1
        else:
            out.append(ch)
    if hidden:
        notes.append(f"({hidden} invisible or control character{'s are' if hidden > 1 else ' is'} shown as "
                     "<U+XXXX>.)")
    body = "\n".join("    " + line for line in "".join(out).split("\n"))
    return body, notes


# ------------------------------------------------------------------ the command line


def _load() -> ProjectContext:
    from hermes.config import load_config
    from hermes.paths import working_dir

    return load_context(load_config(), working_dir())


def _print(outcome: Outcome) -> int:
    if outcome.ok:
        print(outcome.text)
        return 0
    print(f"hermes: {outcome.text}", file=sys.stderr)
    return 1


def _run_context(args: argparse.Namespace) -> int:
    print(context_text(_load(), CLI))
    return 0


def _run_show(args: argparse.Namespace) -> int:
    return _print(show(_load(), args.id, CLI))


def _run_allow(args: argparse.Namespace) -> int:
    ctx = _load()
    confirmed = bool(args.yes)
    if args.id.strip().lower() == ALL and not confirmed and flagged_held(ctx) and sys.stdin.isatty():
        print(ask_again_text(ctx))
        try:
            answer = input("Admit all of them anyway? [y/N] ")
        except EOFError:
            answer = ""
        confirmed = answer.strip().lower() in ("y", "yes")
    return _print(allow(ctx, args.id, CLI, confirmed))


def _run_revoke(args: argparse.Namespace) -> int:
    return _print(revoke_admission(_load(), args.id, CLI))
