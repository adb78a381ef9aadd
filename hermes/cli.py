"""The `hermes` command: the TUI with no arguments, subcommands for scripts and people.

Each area owns its subcommands in a command module with `add_parser(subparsers)`, and the
handlers import their heavy modules lazily so `hermes sessions list` never loads litellm.
Plain `hermes` (the app, with at most its own options) is parsed without them: building every
area's parser imported about 70 modules the app's first frame does not use. A command line
that names a subcommand builds that subcommand's parser alone (SUBCOMMANDS); help and
anything unknown get the full parser.
The user-model provider's `hermes memory setup|status` are wired here, on top of the memory
layer's parser, because the memory layer must not import the provider layer above it.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from hermes import __version__
from hermes.errors import ConfigError

DESCRIPTION = "A terminal chat agent that remembers the person it works with."
if TYPE_CHECKING:
    _SubParsers = argparse._SubParsersAction[argparse.ArgumentParser]


def _add_config_parser(sub: _SubParsers) -> None:
    p = sub.add_parser("config", help="show or check the configuration")
    p.add_argument("action", nargs="?", choices=("show", "check", "path"), default="show")
    p.set_defaults(func=_run_config)


def _run_config(args: argparse.Namespace) -> int:
    from hermes import paths

    from hermes.config import load_config

    if args.action == "path":
        print(paths.config_path())
        return 0
    if args.action == "check":
        return _check_config()
    cfg = load_config()
    for warning in cfg.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    import dataclasses

    import yaml

    data = {k: v for k, v in dataclasses.asdict(cfg).items() if k not in ("source", "warnings")}
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), end="")
    return 0


def _check_config() -> int:
    """`hermes config check`: every problem in config.yaml and the theme files, not just the first."""
    from hermes import paths
    from hermes.config import parse_config, read_yaml

    path = paths.config_path()
    errors: list[str] = []
    warnings: list[str] = []
    data: dict[str, object] = {}
    try:
        data = read_yaml(path)
    except ConfigError as exc:
        errors.append(str(exc))
    # Each key on its own, so one bad value does not hide the next.
    for section, value in data.items():
        parts = value.items() if isinstance(value, dict) else [(None, value)]
        for key, item in parts:
            try:
                part = parse_config({section: {key: item} if key is not None else item})
            except ConfigError as exc:
                if str(exc) not in errors:
                    errors.append(str(exc))
                continue
            warnings += [w for w in part.warnings if w not in warnings]
    display = data.get("display")
    theme = str(display.get("theme") or "") if isinstance(display, dict) else ""
    theme_errors, theme_warnings = _check_themes(theme)
    errors += theme_errors
    warnings += theme_warnings
    user_model = data.get("user_model")
    provider = user_model.get("provider") if isinstance(user_model, dict) else None
    if isinstance(provider, str) and provider:
        errors += _check_provider(provider)
    for line in warnings:
        print(f"warning: {line}", file=sys.stderr)
    for line in errors:
        print(f"error: {line}", file=sys.stderr)
    if errors:
        print(f"{path}: {len(errors)} problem{'s' if len(errors) > 1 else ''} to fix"
              + (f", {len(warnings)} warning{'s' if len(warnings) > 1 else ''}" if warnings else ""))
        return 2
    print(f"{path}: ok" + (f" ({len(warnings)} warning{'s' if len(warnings) > 1 else ''})" if warnings else ""))
    return 0


def _check_provider(name: str) -> list[str]:
    """A provider plugin named in the config must be installed and speak this Hermes's version."""
    from hermes.providers import plugins

    if name == "honcho":
        from hermes.providers.honcho import sdk_problem

        problem = sdk_problem()
        return [f"user_model.provider: {problem}"] if problem else []
    if name in plugins.BUILT_IN or name == "off":
        return []
    for item in plugins.installed(check_versions=True):
        if item.name == name:
            return [f"user_model.provider: {item.problem}"] if item.problem else []
    names = ", ".join(p.name for p in plugins.installed())
    return [f"user_model.provider: no provider named {name!r} is installed (installed: {names});"
            " install its package or choose off, local or honcho"]


def _check_themes(wanted: str) -> tuple[list[str], list[str]]:
    """(errors, warnings): the chosen theme must exist and load; other broken files are warnings."""
    from hermes import paths
    from hermes.tui import themes

    result = themes.load_themes()
    errors: list[str] = []
    warnings = [f"theme file {p} (skipped)" for p in result.problems
                if not wanted or p.split(".", 1)[0] != wanted]
    if wanted and wanted not in result.themes:
        broken = [p for p in result.problems if p.split(".", 1)[0] == wanted]
        known = ", ".join(sorted(result.themes)) or "none"
        if broken:
            errors.append(f"display.theme: the theme file {broken[0]}; fix it or choose another "
                          f"theme ({known})")
        else:
            errors.append(f"display.theme: no theme named {wanted!r}; available: {known} (or add "
                          f"{wanted}.yaml to {paths.user_themes_dir()})")
    return errors, warnings


def _add_app_options(parser: argparse.ArgumentParser) -> None:
    """The options of the app itself (no subcommand)."""
    parser.add_argument("--version", action="version", version=f"hermes {__version__}")
    parser.add_argument("--resume", "-r", metavar="NAME|ID", help="open the app on a session")
    parser.add_argument("-c", "--continue", dest="continue_last", action="store_true",
                        help="open the app on the most recent session")


def _add_chat_parser(sub: _SubParsers) -> None:
    from hermes.agent import chat_query

    chat_query.add_parser(sub)


def _add_sessions_parser(sub: _SubParsers) -> None:
    from hermes.interop import import_command as interop_cli
    from hermes.sessions import sessions_command

    sessions_command.add_parser(sub, {"hermes-agent": (interop_cli.EXPORT_HELP, interop_cli.export_sessions)})


def _add_memory_parser(sub: _SubParsers) -> None:
    from hermes.memory import memory_command
    from hermes.providers import setup_command

    memory_sub = memory_command.add_parser(sub)
    setup_command.add_memory_subcommands(memory_sub)
    _add_skills_to_pending(memory_sub)


def _add_honcho_parser(sub: _SubParsers) -> None:
    from hermes.providers import honcho_cli

    honcho_cli.add_parser(sub)


def _add_import_parser(sub: _SubParsers) -> None:
    from hermes.interop import import_command

    import_command.add_parser(sub)


def _add_skills_parser(sub: _SubParsers) -> None:
    from hermes.skills import skills_command

    skills_command.add_parser(sub)


def _add_project_parser(sub: _SubParsers) -> None:
    from hermes.workspace import project_cli

    project_cli.add_parser(sub)


# Each subcommand and what builds its parser, in the order `hermes --help` lists them: a
# command line that names one builds that one alone, so `hermes sessions list` does not
# import the Honcho client's asyncio or the skills and project modules.
SUBCOMMANDS: dict[str, Callable[[_SubParsers], None]] = {
    "chat": _add_chat_parser,
    "sessions": _add_sessions_parser,
    "memory": _add_memory_parser,
    "honcho": _add_honcho_parser,
    "config": _add_config_parser,
    "import": _add_import_parser,
    "skills": _add_skills_parser,
    "project": _add_project_parser,
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The full parser, or with `command` one that knows that subcommand alone."""
    parser = argparse.ArgumentParser(prog="hermes", description=DESCRIPTION)
    _add_app_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, add in SUBCOMMANDS.items():
        if command is None or name == command:
            add(sub)
    return parser


def _named_command(argv: Sequence[str] | None) -> str | None:
    """The subcommand a command line starts with (`hermes sessions list`), else None: help,
    the app's options or anything unknown is read by the full parser."""
    words = sys.argv[1:] if argv is None else argv
    return words[0] if words and words[0] in SUBCOMMANDS else None


class _NotTheApp(Exception):
    """The command line is more than the app's own options: the full parser reads it."""


class _AppOptionsParser(argparse.ArgumentParser):
    """The app's options alone; anything it cannot take goes to the full parser, which gives
    the same answer (or error, or help) as always."""

    def error(self, message: str) -> NoReturn:
        raise _NotTheApp(message)


def _app_args(argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The parsed options when the command line starts the app (`hermes`, `hermes -c`,
    `hermes --resume NAME`), or None for a subcommand, help, or anything else."""
    parser = _AppOptionsParser(prog="hermes", description=DESCRIPTION, add_help=False)
    _add_app_options(parser)
    parser.set_defaults(command=None)
    try:
        args, rest = parser.parse_known_args(argv)
    except _NotTheApp:
        return None
    return None if rest else args


def _add_skills_to_pending(memory_sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`hermes memory pending` lists staged skill changes too (the memory layer does not know
    skills; both sit in the same layer)."""
    from hermes.skills import skills_command as skills_cli

    pending = memory_sub.choices.get("pending")
    if pending is None:
        return
    memory_pending = pending.get_default("func")

    def run(args: argparse.Namespace) -> int:
        code = int(memory_pending(args) or 0)
        if not getattr(args, "json", False) and not getattr(args, "older_than", None):
            skills_cli.print_pending_skills()  # with --json or --older-than the memory layer lists them
        return code

    pending.set_defaults(func=run)


def _run_tui(args: argparse.Namespace) -> int:
    from hermes.tui import startup_gc

    startup_gc.pause()  # until the app's first frame (see hermes/tui/startup_gc.py)
    from hermes.tui.app import run_app

    return run_app(resume=args.resume, continue_last=args.continue_last)


def main(argv: Sequence[str] | None = None) -> int:
    args = _app_args(argv) or build_parser(_named_command(argv)).parse_args(argv)
    from hermes import paths

    # Before anything opens a file there: a home others can write to could hold planted links.
    asks_path = args.command == "config" and args.action == "path"
    problem = None if asks_path else paths.check_home()
    if problem:
        print(f"hermes: unsafe HERMES_HOME: {problem}", file=sys.stderr)
        return 1
    from hermes.log import setup_logging

    setup_logging()
    handler = getattr(args, "func", None) or _run_tui
    try:
        return int(handler(args) or 0)
    except ConfigError as exc:
        print(f"hermes: config error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hermes: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file or folder problem: say which and what to check, in one line
        import logging

        logging.getLogger("hermes.cli").exception("file error")
        from hermes.os_errors import describe_os_error

        what = str(exc) if isinstance(exc, paths.UnsafePath) else describe_os_error(exc)
        print(f"hermes: {what} (HERMES_HOME is {paths.hermes_home()})", file=sys.stderr)
        return 1
    except Exception as exc:  # the last guard: a person sees one line, the log keeps the trace
        import logging

        from hermes.paths import log_path

        logging.getLogger("hermes.cli").exception("unhandled error")
        # (an OSError never gets here: the handler above takes it)
        print(f"hermes: something went wrong ({exc or 'no details'}). Details are in "
              f"{log_path()}.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
