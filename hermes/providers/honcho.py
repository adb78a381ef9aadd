"""The Honcho provider: the same interface through the honcho-ai SDK (cloud or self-hosted).

The user and the assistant are Honcho peers, Hermes sessions are Honcho sessions, and every
finished exchange is sent to Honcho, which reasons about the user on its side. That is a
deliberate trade: conversations leave this machine in exchange for deeper, server-side
reasoning. HTTP endpoints used (API v3, under /v3/workspaces/{workspace}):
POST "" (get-or-create workspace), POST peers, POST sessions, POST sessions/{s}/messages,
GET sessions/{s}/summaries, GET peers/{p}/context, POST peers/{p}/chat, GET/PUT peers/{p}/card,
POST conclusions, POST conclusions/query, POST conclusions/list, DELETE conclusions/{id},
POST peers/list (`hermes honcho peers`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from hermes.jsontypes import JsonObject
from hermes.config import HonchoConfig
from hermes.providers import prompts
from hermes.providers.base import (
    BaseContext,
    ConclusionView,
    MemoryOverview,
    ProviderError,
    ToolArgsError,
    TurnRecord,
    fail,
    ok,
    optional_int,
    parse_tool_args,
    require_str,
)
from hermes.providers.context import CadencedProvider
from hermes.providers.user_model_tables import UserModelStore, clean_text, normalize
from hermes.providers.user_model_tools import honcho_schemas
from hermes.security.redact import redact

if TYPE_CHECKING:
    from honcho import Honcho, Peer, Session

log = logging.getLogger("hermes.providers.honcho")

T = TypeVar("T")
MESSAGE_CHARS = 20_000  # of one message sent to Honcho
REASONING_LEVELS = ("low", "medium", "high")  # one per dialectic pass
SENT_THROUGH = "honcho_sent_through"  # um_meta key: newest state.db message id Honcho has
SYNC_BATCH = 50  # messages per request when `hermes honcho sync` catches up

SDK_REQUIREMENT = "honcho-ai>=2.0"  # the `honcho` extra in pyproject.toml


def install_command() -> str:
    """The exact command that installs the Honcho SDK into the Python running Hermes."""
    import shlex
    import sys

    return f"{shlex.quote(sys.executable)} -m pip install '{SDK_REQUIREMENT}'"


def sdk_problem() -> str:
    """"" when the honcho-ai SDK imports; else one line that names the missing extra and the
    command that installs it. Imports the SDK (half a second) the first time."""
    try:
        import honcho  # noqa: F401
    except ImportError as exc:
        log.info("the Honcho SDK does not import: %s", exc)
        return ("the Honcho SDK is not installed (the [honcho] extra: pip install -e "
                f"'.[honcho]' in a checkout); install it with: {install_command()}")
    return ""


SYSTEM_BLOCK = """## User model
Hermes keeps a model of the user across sessions (Honcho). A user message may begin with a \
<user-model-context> block: background Hermes added, not typed by the user. Use it quietly \
when it helps. Tools: user_profile (peer card), user_search (conclusions), user_reasoning (ask \
about the user), user_context (representation on a topic), user_conclude (record a conclusion, \
or delete one when the user asks you to forget it)."""


class HonchoProvider(CadencedProvider):
    """User modelling by a Honcho server."""

    name = "honcho"

    def __init__(self, cfg: HonchoConfig, *, api_key: str = "", store: UserModelStore | None = None,
                 timeout: float = 15.0, context_cadence: int = 1, dialectic_cadence: int = 5,
                 dialectic_depth: int = 2, repeat_unchanged: bool = False,
                 dialectic_timeout: float | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        super().__init__(context_cadence=context_cadence, dialectic_cadence=dialectic_cadence,
                         dialectic_depth=dialectic_depth, repeat_unchanged=repeat_unchanged,
                         dialectic_timeout=dialectic_timeout, on_error=on_error)
        problem = sdk_problem()
        if problem:  # said once, when the session opens; the turns go on without Honcho
            raise ProviderError(problem)
        if not cfg.base_url and not api_key:
            raise ProviderError(f"Honcho cloud needs an API key in ${cfg.api_key_env}; run"
                                " `hermes memory setup honcho`")
        self.cfg = cfg
        self._api_key = api_key
        self._timeout = timeout
        self.store = store
        self._client: Honcho | None = None
        self._peers: dict[str, Peer] = {}
        self._sessions_remote: dict[str, Session] = {}

    # -- connection

    def _honcho(self) -> Honcho:
        if self._client is None:
            from honcho import Honcho  # imported late: pydantic and httpx cost half a second

            self._client = Honcho(api_key=self._api_key or None,
                                  base_url=self.cfg.base_url or None,
                                  workspace_id=self.cfg.workspace, timeout=self._timeout,
                                  max_retries=1)
        return self._client

    async def _call(self, what: str, awaitable: Awaitable[T]) -> T:
        """Await a Honcho call; its errors become one clear ProviderError line."""
        from honcho import AuthenticationError, HonchoError

        try:
            return await awaitable
        except AuthenticationError:
            raise ProviderError(f"Honcho refused the API key in ${self.cfg.api_key_env}"
                                " (run `hermes memory setup honcho`)") from None
        except HonchoError as exc:
            status = getattr(exc, "status", None)
            code = f" (HTTP {status})" if status else ""
            raise ProviderError(f"Honcho {what} failed{code}: {exc}") from None

    async def _peer(self, peer_id: str) -> Peer:
        if peer_id not in self._peers:
            self._peers[peer_id] = await self._call(
                "peer", self._honcho().aio.peer(peer_id))
        return self._peers[peer_id]

    async def _user(self) -> Peer:
        return await self._peer(self.cfg.user_peer)

    async def _session(self, session_id: str) -> Session:
        if session_id not in self._sessions_remote:
            self._sessions_remote[session_id] = await self._call(
                "session", self._honcho().aio.session(
                    session_id, peers=[self.cfg.user_peer, self.cfg.assistant_peer]))
        return self._sessions_remote[session_id]

    def _synced(self) -> None:
        if self.store is not None:
            try:
                self.store.record_sync(self.name)
            except Exception:
                log.debug("could not record the sync time", exc_info=True)

    # -- prompt and context

    def system_prompt_block(self) -> str:
        return SYSTEM_BLOCK

    async def base_context(self, session_id: str, user_text: str) -> BaseContext:
        user = await self._user()
        assistant = await self._peer(self.cfg.assistant_peer)
        topic = prompts.clip(redact(user_text), 500) or None
        user_ctx, own_ctx, summary = await asyncio.gather(
            self._call("context", user.aio.context(search_query=topic, search_top_k=5)),
            self._call("context", assistant.aio.context()),
            self._summary(session_id),
        )
        return BaseContext(
            session_summary=summary,
            user_representation=user_ctx.representation or "",
            peer_card=tuple(user_ctx.peer_card or ()),
            assistant_representation=own_ctx.representation or "",
        )

    async def _summary(self, session_id: str) -> str:
        if session_id not in self._sessions_remote:
            return ""  # nothing sent for this session yet: no summary to ask for
        session = self._sessions_remote[session_id]
        found = await self._call("summaries", session.aio.summaries())
        return found.short_summary.content if found.short_summary else ""

    async def dialectic_pass(self, session_id: str, user_text: str,
                             recent: Sequence[TurnRecord], pass_no: int, previous: str,
                             question: str) -> str:
        user = await self._user()
        parts = [question]
        if user_text and user_text != question:
            parts.append(f"The user's latest message: {prompts.clip(redact(user_text), 2000)}")
        if pass_no > 1:
            parts.append(f"First answer:\n{previous}\n\n{prompts.REFINE}")
        level = REASONING_LEVELS[min(pass_no, len(REASONING_LEVELS)) - 1]
        remote = self._sessions_remote.get(session_id)
        answer = await self._call("chat", user.aio.chat(
            redact("\n\n".join(parts)), session=remote, reasoning_level=level))
        return answer if isinstance(answer, str) else ""

    # -- learning

    async def on_turn_finished(self, session_id: str, turn_index: int, user_text: str,
                               assistant_text: str, message_ids: Sequence[int | str]) -> None:
        from honcho import MessageCreateParams

        session = await self._session(session_id)
        ids = [str(m) for m in message_ids]
        batch = []
        for peer_id, text, mid in ((self.cfg.user_peer, user_text, ids[0] if ids else None),
                                   (self.cfg.assistant_peer, assistant_text,
                                    ids[-1] if len(ids) > 1 else None)):
            if text.strip():
                meta: dict[str, object] = {"hermes_turn": turn_index}
                if mid is not None:
                    meta["hermes_message_id"] = mid
                # secrets never leave the machine; layout (code blocks) is kept as it was
                batch.append(MessageCreateParams(peer_id=peer_id, metadata=meta,
                                                 content=prompts.clip(redact(text), MESSAGE_CHARS)))
        if batch:
            await self._call("messages", session.aio.add_messages(batch))
            self._synced()
            self._sent_through([int(m) for m in ids if str(m).isdigit()])

    def _sent_through(self, message_ids: Sequence[int]) -> None:
        """Remember the newest state.db message Honcho has, so `hermes honcho sync` skips it."""
        if self.store is None or not message_ids:
            return
        try:
            known = int(self.store.meta().get(SENT_THROUGH, "0") or 0)
            if max(message_ids) > known:
                self.store.set_meta(**{SENT_THROUGH: max(message_ids)})
        except Exception:
            log.debug("could not record what was sent to Honcho", exc_info=True)

    async def send_messages(self, session_id: str, messages: Sequence[tuple[int, str, str]]) -> int:
        """Send stored (id, role, text) messages of one session; returns how many were sent."""
        from honcho import MessageCreateParams

        session = await self._session(session_id)
        batch = [MessageCreateParams(
            peer_id=self.cfg.user_peer if role == "user" else self.cfg.assistant_peer,
            metadata={"hermes_message_id": str(mid), "hermes_sync": True},
            content=prompts.clip(redact(text), MESSAGE_CHARS))
            for mid, role, text in messages if text.strip()]
        for start in range(0, len(batch), SYNC_BATCH):
            await self._call("messages", session.aio.add_messages(batch[start:start + SYNC_BATCH]))
        if batch:
            self._synced()
        self._sent_through([mid for mid, _, _ in messages])
        return len(batch)

    def sent_through(self) -> int:
        """The newest state.db message id Honcho is known to have (0: none)."""
        if self.store is None:
            return 0
        value = self.store.meta().get(SENT_THROUGH, "0") or "0"
        return int(value) if value.isdigit() else 0

    # -- the `hermes honcho` commands

    async def check(self) -> tuple[str, ...]:
        """Reach the server: the user's peer card (raises ProviderError when it cannot)."""
        user = await self._user()
        return tuple(await self._call("card", user.aio.get_card()) or ())

    async def peer_ids(self, limit: int = 100) -> list[str]:
        """Peers in the workspace, the first `limit`."""
        page = await self._call("peers", self._honcho().aio.peers(size=max(1, min(limit, 100))))
        return [peer.id for peer in page.items]

    async def find_conclusions(self, query: str, limit: int = 20) -> list[ConclusionView]:
        """Conclusions about the user that match `query` (Honcho's own search)."""
        user = await self._user()
        found = await self._call("search", user.conclusions.aio.query(redact(query), top_k=limit))
        return [ConclusionView(id=c.id, text=c.content, session_id=c.session_id,
                               created_at=c.created_at.timestamp() if c.created_at else None)
                for c in found]

    async def on_session_end(self, session_id: str) -> None:
        # Honcho reasons on its side as messages arrive; only local state is left to drop.
        self.forget_session(session_id)
        self._sessions_remote.pop(session_id, None)

    # -- tools

    def tool_schemas(self) -> list[JsonObject]:
        return honcho_schemas()

    async def dispatch(self, name: str, raw_json_args: str, *,
                       session_id: str | None = None) -> str:
        try:
            args = parse_tool_args(raw_json_args)
            sid = session_id or self.last_session_id
            user = await self._user()
            if name == "user_profile":
                return await self._tool_profile(user, args)
            if name == "user_search":
                query = require_str(args, "query", max_len=500)
                limit = optional_int(args, "limit", 8, 1, 20)
                found = await self._call("search", user.conclusions.aio.query(
                    redact(query), top_k=limit))
                return ok(results=[{"id": c.id, "text": c.content, "session_id": c.session_id}
                                   for c in found])
            if name == "user_reasoning":
                question = require_str(args, "question", max_len=1000)
                answer = await self.run_dialectic(sid or "", question, (), question=question)
                return ok(answer=answer or "Nothing notable.")
            if name == "user_context":
                topic = args.get("topic")
                topic = redact(topic.strip()[:500]) if isinstance(topic, str) and topic.strip() \
                    else None
                ctx = await self._call("context", user.aio.context(search_query=topic,
                                                                    search_top_k=8))
                return ok(representation=ctx.representation or "",
                          peer_card=list(ctx.peer_card or []))
            if name == "user_conclude":
                return await self._tool_conclude(user, args, sid)
        except ToolArgsError as exc:
            return fail(f"{name}: {exc}")
        return fail(f"unknown tool '{name}'")

    async def _tool_profile(self, user: Peer, args: JsonObject) -> str:
        action = args.get("action", "read")
        card = list(await self._call("card", user.aio.get_card()) or [])
        if action == "read":
            return ok(peer_card=card)
        item = require_str(args, "item", max_len=200)
        if action == "add":
            if normalize(item) not in {normalize(c) for c in card}:
                card.append(clean_text(item, 200))
            stored = await self._call("card", user.aio.set_card(card))
            return ok(peer_card=list(stored or card))
        if action == "remove":
            norm = normalize(item)
            match = [c for c in card if normalize(c) == norm] or [
                c for c in card if norm and norm in normalize(c)]
            if len(match) != 1:
                return fail(f"user_profile: {'no' if not match else 'more than one'} card item"
                            f" matches {item!r}; read the card and give the exact item")
            rest = [c for c in card if c != match[0]]
            stored = await self._call("card", user.aio.set_card(rest))
            return ok(removed=match[0], peer_card=list(stored if stored is not None else rest))
        raise ToolArgsError("'action' must be read, add or remove")

    async def _tool_conclude(self, user: Peer, args: JsonObject,
                             session_id: str | None) -> str:
        delete_id = args.get("delete_id")
        if delete_id not in (None, ""):
            if not await self.forget(str(delete_id)):
                return fail(f"user_conclude: no conclusion with id {delete_id}")
            return ok(deleted=str(delete_id))
        text = clean_text(require_str(args, "text", max_len=500), 500)
        item: JsonObject = {"content": text}
        if session_id and session_id in self._sessions_remote:
            item["session_id"] = session_id
        made = await self._call("conclusions", user.conclusions.aio.create([item]))
        self._synced()
        return ok(id=made[0].id if made else "")

    # -- viewer

    async def overview(self, limit: int = 20) -> MemoryOverview:
        user = await self._user()
        card, page = await asyncio.gather(
            self._call("card", user.aio.get_card()),
            self._call("conclusions", user.conclusions.aio.list(size=max(1, min(limit, 100)))))
        views = tuple(
            ConclusionView(id=c.id, text=c.content, session_id=c.session_id,
                           created_at=c.created_at.timestamp() if c.created_at else None)
            for c in page.items)
        return MemoryOverview(provider=self.name, peer_card=tuple(card or ()), conclusions=views)

    async def forget(self, conclusion_id: str) -> bool:
        from honcho import NotFoundError

        user = await self._user()
        try:
            await user.conclusions.aio.delete(str(conclusion_id).strip())
        except NotFoundError:
            return False
        return True

    async def aclose(self) -> None:
        if self.store is not None:
            self.store.close()  # a later call would open it again
        client = self._client
        if client is not None:
            built = getattr(client, "_async_http_built", None)
            if built is not None:  # the SDK keeps one async client per event loop
                await built[1].close()
