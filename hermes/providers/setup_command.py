"""`hermes memory setup [local|honcho|off]` and `hermes memory status`.

Added to the `memory` subparsers by hermes/cli.py (the memory layer sits below this one). Only
argparse is imported at module level: every `hermes` command loads this file.
Exit status: 0 ok, 1 refused or failed, 2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from hermes.jsontypes import JsonObject
from hermes.plural import count

if TYPE_CHECKING:
    from hermes.config import Config

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
PROVIDERS = ("local", "honcho", "off")

HONCHO_TRADE = (
    "Honcho receives every exchange of every session (your messages and Hermes's replies) and\n"
    "reasons about you on its server. That is a deliberate trade: your conversations leave this\n"
    "machine in exchange for deeper reasoning. Choose `local` to keep everything in state.db.")


def add_memory_subcommands(
        memory_subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `setup` and `status` to `hermes memory`."""
    setup = memory_subparsers.add_parser(
        "setup", help="choose the user model: local, honcho or off",
        description="Choose the user-modelling provider (layer 3). Asks for what it needs when "
        "run in a terminal; flags make it scriptable. Keys go to $HERMES_HOME/.env (0600).")
    setup.add_argument("provider", nargs="?", metavar="PROVIDER",
                       help="local, honcho, off, or an installed provider plugin's name")
    setup.add_argument("--model", help="model for the local provider (default: the main model)")
    setup.add_argument("--context-cadence", type=int, metavar="N")
    setup.add_argument("--dialectic-cadence", type=int, metavar="N")
    setup.add_argument("--dialectic-depth", type=int, choices=(1, 2, 3))
    setup.add_argument("--base-url", help="Honcho server (default: Honcho cloud)")
    setup.add_argument("--workspace", help="Honcho workspace id")
    setup.add_argument("--user-peer", help="Honcho peer id for you")
    setup.add_argument("--assistant-peer", help="Honcho peer id for Hermes")
    setup.add_argument("--api-key-env", help="env var that holds the Honcho key")
    setup.add_argument("--api-key-stdin", action="store_true",
                       help="read the Honcho API key from stdin (one line)")
    setup.add_argument("--yes", "-y", action="store_true",
                       help="do not ask anything (accept the Honcho data trade)")
    setup.set_defaults(func=run_setup)

    status = memory_subparsers.add_parser(
        "status", help="the user model: provider, last sync, counts, errors")
    status.add_argument("--json", action="store_true", help="machine-readable output")
    status.add_argument("--no-plugins", action="store_true",
                        help="do not load provider plugins to check their version")
    status.set_defaults(func=run_status)


def _interactive() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _ask(prompt: str, default: str = "") -> str:
    suffix = f" [{default}]" if default else ""
    try:
        answer = input(f"{prompt}{suffix}: ").strip()
    except EOFError:
        answer = ""
    return answer or default


def _err(message: str) -> None:
    print(f"hermes memory setup: {message}", file=sys.stderr)


def run_setup(args: argparse.Namespace) -> int:
    """Store the choice in config.yaml (and a key in .env); say what it means."""
    from hermes.config import ConfigError, load_config, load_env_file, set_config_value, set_env_value

    interactive = _interactive() and not args.yes
    choice = args.provider
    if choice is None:
        if not interactive:
            _err("say which provider: local, honcho or off")
            return EXIT_USAGE
        choice = _ask("User model: local (no server), honcho (sends conversations to Honcho)"
                      " or off", "local")
    if choice not in PROVIDERS:
        from hermes.providers import plugins

        if not plugins.is_installed(choice):
            names = ", ".join(p.name for p in plugins.installed())
            _err(f"unknown provider {choice!r}; choose off or one of the installed providers:"
                 f" {names}")
            return EXIT_USAGE
    load_env_file()
    cfg = load_config()
    changes: JsonObject = {}
    for key in ("context_cadence", "dialectic_cadence", "dialectic_depth"):
        value = getattr(args, key)
        if value is not None:
            changes[f"user_model.{key}"] = value
    if args.model is not None:
        changes["user_model.model"] = args.model

    secret: tuple[str, str] | None = None
    if choice == "honcho":
        outcome, secret = _setup_honcho(args, cfg, interactive, changes)
        if outcome != EXIT_OK:
            return outcome
    changes["user_model.provider"] = choice
    try:
        _check_all(changes)  # refuse before writing anything: no half-applied setup
        for key, value in changes.items():
            set_config_value(key, value)
    except ConfigError as exc:
        _err(str(exc))
        return EXIT_USAGE
    if secret is not None:
        set_env_value(*secret)
        print(f"Stored the key in $HERMES_HOME/.env as {secret[0]}.")
    cfg = load_config()
    um = cfg.user_model
    if choice == "off":
        print("User model: off. Stored conclusions stay in state.db until you delete them.")
    elif choice not in PROVIDERS:
        print(f"User model: {choice} (a provider plugin). `hermes memory status` checks that it"
              " loads; its settings go under user_model.options in config.yaml.")
    elif choice == "local":
        model = cfg.resolve_model(um.model).name or "(the main model, not configured yet)"
        print(f"User model: local. {model} derives conclusions about you after each turn;"
              " they stay in state.db.")
    else:
        print(f"User model: honcho at {um.honcho.base_url or 'Honcho cloud'}, workspace"
              f" {um.honcho.workspace!r}.")
    if choice != "off":
        print(f"Context every {count(um.context_cadence, 'turn')}; dialectic every"
              f" {count(um.dialectic_cadence, 'turn')}, up to {count(um.dialectic_depth, 'pass', 'passes')}.")
    return EXIT_OK


def _check_all(changes: JsonObject) -> None:
    """Raise ConfigError if config.yaml with all `changes` applied would not load."""
    from hermes.config import parse_config, read_yaml
    from hermes.paths import config_path

    data = read_yaml(config_path())
    for dotted, value in changes.items():
        node = data
        *parents, last = dotted.split(".")
        for part in parents:
            child = node.get(part)
            node[part] = child = child if isinstance(child, dict) else {}
            node = child
        node[last] = value
    parse_config(data)


def _setup_honcho(args: argparse.Namespace, cfg: Config, interactive: bool,
                  changes: JsonObject) -> tuple[int, tuple[str, str] | None]:
    """Collect the Honcho settings into `changes`; returns (exit code, (env var, key) to store)."""
    import os

    from hermes.providers.honcho import sdk_problem

    problem = sdk_problem()
    if problem:  # setting it up now would only make every turn go without it
        _err(f"{problem}, then run `hermes memory setup honcho` again. Nothing changed.")
        return EXIT_FAILED, None
    h = cfg.user_model.honcho
    base_url = args.base_url
    if base_url is None and interactive:
        base_url = _ask("Honcho server URL (Enter for Honcho cloud)", h.base_url)
    if base_url is not None:
        base_url = base_url.strip()
        if base_url and not base_url.startswith(("http://", "https://")):
            _err(f"--base-url must start with http:// or https://, got {base_url!r}")
            return EXIT_USAGE, None
        changes["user_model.honcho.base_url"] = base_url
    for flag, key in (("workspace", "workspace"), ("user_peer", "user_peer"),
                      ("assistant_peer", "assistant_peer"), ("api_key_env", "api_key_env")):
        value = getattr(args, flag)
        if value is not None:
            changes[f"user_model.honcho.{key}"] = value
    key_env = args.api_key_env or h.api_key_env
    key = ""
    if args.api_key_stdin:
        key = sys.stdin.readline().strip()
        if not key:
            _err("--api-key-stdin: nothing on stdin")
            return EXIT_USAGE, None
    elif interactive:
        import getpass

        have = " (Enter keeps the current one)" if os.environ.get(key_env) else ""
        key = getpass.getpass(f"Honcho API key for ${key_env}{have}: ").strip()
    effective_url = base_url if base_url is not None else h.base_url
    if not key and not os.environ.get(key_env) and not effective_url:
        _err(f"Honcho cloud needs an API key: pass --api-key-stdin or set ${key_env}")
        return EXIT_FAILED, None
    print(HONCHO_TRADE)
    if interactive and _ask("Send conversations to Honcho? yes/no", "no").lower() not in (
            "y", "yes"):
        print("Nothing changed.")
        return EXIT_FAILED, None
    return EXIT_OK, ((key_env, key) if key else None)


def _ago(ts: float | None) -> str:
    if ts is None:
        return "never"
    from hermes.sessions.text import relative_time

    return relative_time(ts)


def run_status(args: argparse.Namespace) -> int:
    """Print the active provider, last sync, counts and the latest error."""
    import dataclasses
    import json

    from hermes.config import load_env_file
    from hermes.providers.viewer import read_status

    from hermes.providers import plugins

    load_env_file()
    st = read_status()
    found = plugins.installed(check_versions=not args.no_plugins)
    if args.json:
        out = dataclasses.asdict(st)
        out["installed_providers"] = [dataclasses.asdict(p) for p in found]
        out["provider_api_version"] = plugins.PROVIDER_API_VERSION
        print(json.dumps(out, indent=2))
        return EXIT_OK
    print(f"User model: {st.provider}")
    if st.provider == "local":
        print(f"  model: {st.model or '(the main model, not configured yet)'}")
    elif st.provider == "honcho":
        print(f"  server: {st.honcho_url}  workspace: {st.honcho_workspace}")
        print(f"  key: ${st.honcho_key_env} {'set' if st.honcho_key_set else 'NOT SET'}")
        print("  conversations are sent to Honcho (a deliberate trade of data for reasoning)")
    if st.provider != "off":
        print(f"  cadence: context every {count(st.context_cadence, 'turn')}, dialectic every"
              f" {count(st.dialectic_cadence, 'turn')}, depth {st.dialectic_depth}")
    sync = _ago(st.last_sync) + (f" ({st.last_sync_provider})" if st.last_sync_provider else "")
    print(f"  last sync: {sync}; turns synced: {st.turns_synced}")
    if st.provider == "honcho":
        print("  conclusions and the peer card live on the Honcho server (`/memory` shows them)")
    else:
        print(f"  conclusions: {st.conclusions}  sessions learned from: {st.sessions_learned}"
              f"  peer card items: {st.peer_card_items}")
    if st.last_error:
        print(f"  last error ({_ago(st.last_error_at)}, {st.error_count} in total):"
              f" {st.last_error}")
    else:
        print("  errors: none")
    print(f"Installed providers (interface version {plugins.PROVIDER_API_VERSION}):")
    for item in found:
        print(f"  {'*' if item.name == st.provider else '-'} {item.label}")
    return EXIT_OK


def main(argv: list[str] | None = None) -> int:
    """`python -m hermes.providers.setup_command setup|status ...` (same as `hermes memory ...`)."""
    parser = argparse.ArgumentParser(prog="hermes memory")
    add_memory_subcommands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
