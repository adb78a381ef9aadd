"""`hermes honcho status | peers | conclusions | forget | sync`: the Honcho provider from the shell.

They act on the provider `hermes memory setup honcho` configured (server, workspace, peers,
key). Only argparse is imported at module level: every `hermes` command loads this file.
Exit status: 0 ok, 1 failed (Honcho not selected or not reachable), 2 bad usage.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hermes.config import Config
    from hermes.providers.honcho import HonchoProvider

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `hermes honcho …`."""
    honcho = sub.add_parser("honcho", help="the Honcho user model: status, peers, conclusions, sync",
                            description="Look at and manage what Honcho holds about you. Needs "
                            "`hermes memory setup honcho` first.")
    cmds = honcho.add_subparsers(dest="action", metavar="ACTION", required=True)
    status = cmds.add_parser("status", help="settings, a connection test and what is not sent yet")
    status.set_defaults(func=_run(_status))
    peers = cmds.add_parser("peers", help="the peers in the workspace")
    peers.set_defaults(func=_run(_peers))
    concl = cmds.add_parser("conclusions", help="what Honcho concluded about you")
    concl.add_argument("--search", "-s", metavar="Q", help="only conclusions matching Q")
    concl.add_argument("--limit", "-n", type=int, default=20, help="at most N (default 20)")
    concl.set_defaults(func=_run(_conclusions))
    forget = cmds.add_parser("forget", help="delete one conclusion by its id")
    forget.add_argument("id")
    forget.set_defaults(func=_run(_forget))
    sync = cmds.add_parser("sync", help="send the messages Honcho has not seen yet")
    sync.add_argument("--dry-run", action="store_true", help="only say what would be sent")
    sync.add_argument("--yes", "-y", action="store_true", help="do not ask before sending")
    sync.set_defaults(func=_run(_sync))


Action = Callable[["HonchoProvider", "Config", argparse.Namespace], Awaitable[int]]


def _err(message: str) -> None:
    print(f"hermes honcho: {message}", file=sys.stderr)


def _run(action: Action) -> Callable[[argparse.Namespace], int]:
    """Wrap an async action: build the provider, run, close; errors become one line."""

    def run(args: argparse.Namespace) -> int:
        from hermes.config import load_config, load_env_file
        from hermes.providers.base import ProviderError

        load_env_file()
        cfg = load_config()
        if cfg.user_model.provider != "honcho":
            _err(f"the user model is {cfg.user_model.provider!r}, not Honcho; choose it with"
                 " `hermes memory setup honcho`")
            return EXIT_FAILED
        try:
            provider = _provider(cfg)
        except ProviderError as exc:
            _err(str(exc))
            return EXIT_FAILED

        async def go() -> int:
            try:
                return await action(provider, cfg, args)
            except ProviderError as exc:
                _err(f"{exc}; check the server with `hermes honcho status`")
                return EXIT_FAILED
            finally:
                await provider.aclose()

        return asyncio.run(go())

    return run


def _provider(cfg: Config) -> HonchoProvider:
    from hermes import paths
    from hermes.providers.factory import build_provider
    from hermes.providers.honcho import HonchoProvider
    from hermes.providers.user_model_tables import UserModelStore

    built = build_provider(cfg, complete=None, store=UserModelStore(paths.state_db_path()))
    assert isinstance(built, HonchoProvider)  # provider == "honcho" was checked by the caller
    return built


def _unsent(sent_through: int) -> dict[str, list[tuple[int, str, str]]]:
    """Stored user and assistant messages newer than `sent_through`, by session, in order."""
    from hermes import paths
    from hermes.sessions import SessionStore

    if not paths.state_db_path().exists():
        return {}
    out: dict[str, list[tuple[int, str, str]]] = {}
    with SessionStore() as store:
        rows = store.query("SELECT id, session_id, role, content FROM messages WHERE id > ? AND"
                           " role IN ('user', 'assistant') AND coalesce(content, '') != ''"
                           " ORDER BY id", (sent_through,))
    for mid, sid, role, text in rows:
        out.setdefault(sid, []).append((int(mid), str(role), str(text)))
    return out


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


async def _status(provider: HonchoProvider, cfg: Config, args: argparse.Namespace) -> int:
    import os

    h = cfg.user_model.honcho
    print(f"Honcho: {h.base_url or 'https://api.honcho.dev (cloud)'}  workspace: {h.workspace}")
    print(f"  peers: you = {h.user_peer}, Hermes = {h.assistant_peer}")
    print(f"  key: ${h.api_key_env} {'set' if os.environ.get(h.api_key_env) else 'not set'}")
    card = await provider.check()
    print(f"  connection: ok (your peer card has {_count(len(card), 'item')})")
    unsent = _unsent(provider.sent_through())
    waiting = sum(len(v) for v in unsent.values())
    if waiting:
        print(f"  not sent yet: {_count(waiting, 'message')} in {_count(len(unsent), 'session')}"
              " (`hermes honcho sync` sends them)")
    else:
        print("  not sent yet: nothing")
    return EXIT_OK


async def _peers(provider: HonchoProvider, cfg: Config, args: argparse.Namespace) -> int:
    h = cfg.user_model.honcho
    roles = {h.user_peer: "you", h.assistant_peer: "Hermes"}
    ids = await provider.peer_ids()
    if not ids:
        print("No peers yet: Honcho learns them from the first exchange.")
    for peer in ids:
        print(f"{peer}  ({roles[peer]})" if peer in roles else peer)
    return EXIT_OK


def _when(ts: float | None) -> str:
    if ts is None:
        return ""
    from hermes.sessions.text import relative_time

    return relative_time(ts)


async def _conclusions(provider: HonchoProvider, cfg: Config, args: argparse.Namespace) -> int:
    limit = max(1, min(args.limit, 100))
    if args.search is not None:
        if not args.search.strip():
            _err("--search needs some words to look for")
            return EXIT_USAGE
        found = await provider.find_conclusions(args.search, limit)
    else:
        found = list((await provider.overview(limit)).conclusions)
    if not found:
        print("No conclusions match." if args.search else "Honcho has no conclusions about you yet.")
    for c in found:
        when = _when(c.created_at)
        print(f"{c.id}  {c.text}" + (f"  ({when})" if when else ""))
    return EXIT_OK


async def _forget(provider: HonchoProvider, cfg: Config, args: argparse.Namespace) -> int:
    cid = args.id.strip()
    if not cid:
        _err("say which conclusion: `hermes honcho conclusions` lists their ids")
        return EXIT_USAGE
    if not await provider.forget(cid):
        _err(f"no conclusion with id {cid!r}; `hermes honcho conclusions` lists them")
        return EXIT_FAILED
    print(f"Forgot conclusion {cid}.")
    return EXIT_OK


async def _sync(provider: HonchoProvider, cfg: Config, args: argparse.Namespace) -> int:
    unsent = _unsent(provider.sent_through())
    total = sum(len(v) for v in unsent.values())
    if not total:
        print("Nothing to send: Honcho has every stored exchange.")
        return EXIT_OK
    what = f"{_count(total, 'message')} from {_count(len(unsent), 'session')}"
    if args.dry_run:
        print(f"Would send {what} to Honcho (secrets redacted). Nothing was sent.")
        return EXIT_OK
    if not args.yes:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            _err(f"this sends {what} to Honcho; add --yes to confirm")
            return EXIT_USAGE
        if input(f"Send {what} to Honcho? yes/no [no]: ").strip().lower() not in ("y", "yes"):
            print("Nothing was sent.")
            return EXIT_FAILED
    sent = 0
    for session_id, messages in unsent.items():
        sent += await provider.send_messages(session_id, messages)
    print(f"Sent {_count(sent, 'message')} from {_count(len(unsent), 'session')} to Honcho.")
    return EXIT_OK
