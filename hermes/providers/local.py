"""The local provider: a user model kept in state.db, built by the configured model, no server.

After each turn (in the background) the model derives conclusions about the user from the
exchange and they are stored with provenance (session id, message id). At session end the
representation (of the user, and of how the assistant should work with them) is rewritten from
the conclusions. The dialectic answers questions over the conclusions, the peer card and a
full-text search of past sessions.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass


from hermes.jsontypes import JsonObject
from hermes.providers import prompts
from hermes.providers.base import (
    BaseContext,
    CompleteFn,
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
from hermes.providers.past_sessions import HistoryHit, HistorySearch
from hermes.providers.user_model_tables import Conclusion, UserModelStore, normalize
from hermes.providers.user_model_tools import local_schemas
from hermes.security.redact import redact

log = logging.getLogger("hermes.providers.local")

BASE_CONCLUSIONS = 5  # conclusions in the injected base context
EVIDENCE_CONCLUSIONS = 12  # conclusions a dialectic pass reads
HISTORY_HITS = 3  # past-session excerpts a dialectic pass reads
MAX_UNPROCESSED_TURNS = 6  # turns kept for a retry when deriving failed
MESSAGE_CHARS = 3000  # of each message shown to the deriving model

SYSTEM_BLOCK = """## User model
Hermes keeps a model of the user across sessions. A user message may begin with a \
<user-model-context> block: background Hermes added, not typed by the user. Use it quietly \
when it helps. Tools: user_profile (peer card), user_search (conclusions), user_reasoning (ask \
about the user), user_conclude (record a conclusion, or delete one when the user asks you to \
forget it)."""


@dataclass
class _Turn:
    user_text: str
    assistant_text: str
    user_id: int | None
    assistant_id: int | None


def _int_ids(message_ids: Sequence[int | str]) -> list[int]:
    out: list[int] = []
    for m in message_ids:
        try:
            out.append(int(m))
        except (TypeError, ValueError):
            continue
    return out


def _bullets(items: Sequence[str], empty: str = "(none)") -> str:
    return "\n".join(f"- {i}" for i in items) if items else empty


class LocalProvider(CadencedProvider):
    """User modelling with the configured model and state.db only."""

    name = "local"

    def __init__(self, store: UserModelStore, complete: CompleteFn | None, *,
                 history: HistorySearch | None = None, context_cadence: int = 1,
                 dialectic_cadence: int = 5, dialectic_depth: int = 2,
                 repeat_unchanged: bool = False,
                 dialectic_timeout: float | None = None,
                 on_error: Callable[[str], None] | None = None) -> None:
        super().__init__(context_cadence=context_cadence, dialectic_cadence=dialectic_cadence,
                         dialectic_depth=dialectic_depth, repeat_unchanged=repeat_unchanged,
                         dialectic_timeout=dialectic_timeout, on_error=on_error)
        self.store = store
        self._complete = complete
        self._history = history
        self._unprocessed: dict[str, list[_Turn]] = {}

    async def _ask(self, messages: list[dict[str, str]], purpose: str) -> str:
        if self._complete is None:
            raise ProviderError("no model is available to the user model")
        reply = await self._complete(messages, purpose=purpose)
        return reply if isinstance(reply, str) else ""

    # -- prompt and context

    def system_prompt_block(self) -> str:
        return SYSTEM_BLOCK

    async def base_context(self, session_id: str, user_text: str) -> BaseContext:
        return await asyncio.to_thread(self._read_base, session_id, user_text)

    def _read_base(self, session_id: str, user_text: str) -> BaseContext:
        store = self.store
        chosen = _relevant_then_recent(store, user_text, BASE_CONCLUSIONS)
        return BaseContext(
            session_summary=store.session_summary(session_id),
            user_representation=store.get_profile("user_representation"),
            peer_card=tuple(store.peer_card()),
            assistant_representation=store.get_profile("assistant_representation"),
            conclusions=tuple(c.content for c in chosen),
        )

    async def dialectic_pass(self, session_id: str, user_text: str,
                             recent: Sequence[TurnRecord], pass_no: int, previous: str,
                             question: str) -> str:
        query = user_text if pass_no == 1 else f"{previous}\n{user_text}"
        evidence = await asyncio.to_thread(self._evidence, session_id, query)
        parts = [evidence]
        if recent:
            parts.append("Recent exchange:\n" + "\n".join(
                f"user: {prompts.clip(t.user_text, 600)}\nassistant: "
                f"{prompts.clip(t.assistant_text, 600)}" for t in recent))
        if user_text and user_text != question:
            parts.append(f"The user's new message:\n{prompts.clip(user_text, 2000)}")
        parts.append(f"Question: {question}")
        if pass_no > 1:
            parts.append(f"First answer:\n{previous}\n\n{prompts.REFINE}")
        messages = [{"role": "system", "content": prompts.DIALECTIC},
                    {"role": "user", "content": "\n\n".join(parts)}]
        return await self._ask(messages, "user_model.dialectic")

    def _evidence(self, session_id: str, query: str) -> str:
        store = self.store
        found = _relevant_then_recent(store, query, EVIDENCE_CONCLUSIONS)
        hits: list[HistoryHit] = []
        if self._history is not None and query.strip():
            try:
                hits = self._history(query, HISTORY_HITS, session_id)
            except Exception as exc:  # noqa: BLE001 - past sessions are a bonus; the dialectic goes on
                log.warning("past-session search failed: %s: %s", type(exc).__name__, exc)
        return "\n\n".join([
            "Peer card:\n" + _bullets(store.peer_card()),
            "Conclusions (times seen):\n" + _bullets(
                [f"{c.content} (×{c.times_seen})" for c in found]),
            "Past sessions:\n" + _bullets(
                [f"[{h.session_id} {h.role}] {prompts.clip(h.text, 400)}" for h in hits]),
        ])

    # -- learning

    async def on_turn_finished(self, session_id: str, turn_index: int, user_text: str,
                               assistant_text: str, message_ids: Sequence[int | str]) -> None:
        ids = _int_ids(message_ids)
        turns = self._unprocessed.setdefault(session_id, [])
        turns.append(_Turn(user_text, assistant_text, ids[0] if ids else None,
                           ids[-1] if len(ids) > 1 else None))
        del turns[:-MAX_UNPROCESSED_TURNS]
        await self._derive(session_id)

    async def _derive(self, session_id: str) -> None:
        turns = list(self._unprocessed.get(session_id, []))
        if not turns:
            return
        known, card, summary = await asyncio.to_thread(
            lambda: ([c.content for c in self.store.recent_conclusions(20)],
                     self.store.peer_card(), self.store.session_summary(session_id)))
        lines: list[str] = []
        for t in turns:
            lines.append(f"[#{t.user_id if t.user_id is not None else '?'} user] "
                         f"{prompts.clip(redact(t.user_text), MESSAGE_CHARS)}")
            lines.append(f"[#{t.assistant_id if t.assistant_id is not None else '?'} assistant] "
                         f"{prompts.clip(redact(t.assistant_text), MESSAGE_CHARS)}")
        content = "\n\n".join([
            "Already known:\n" + _bullets(known),
            "Peer card:\n" + _bullets(card),
            "Session so far: " + (summary or "(just started)"),
            "New exchange:\n" + "\n".join(lines),
        ])
        reply = await self._ask([{"role": "system", "content": prompts.DERIVE},
                                 {"role": "user", "content": content}], "user_model.derive")
        try:
            data = prompts.read_json_object(reply)
        except ValueError:
            raise ProviderError("the model's conclusions were not JSON; will retry") from None
        await asyncio.to_thread(self._store_derived, session_id, turns, data)
        remaining = self._unprocessed.get(session_id, [])
        del remaining[:len(turns)]

    def _store_derived(self, session_id: str, turns: list[_Turn], data: JsonObject) -> None:
        allowed = {i for t in turns for i in (t.user_id, t.assistant_id) if i is not None}
        fallback = turns[-1].user_id
        raw = data.get("conclusions")
        for item in (raw if isinstance(raw, list) else [])[:8]:
            text = item.get("text") if isinstance(item, dict) else item
            if not isinstance(text, str) or not text.strip():
                continue
            mid = item.get("message_id") if isinstance(item, dict) else None
            try:
                mid = int(mid) if isinstance(mid, (int, float, str)) else None
            except (TypeError, ValueError):
                mid = None
            self.store.add_conclusion(text, session_id=session_id,
                                      message_id=mid if mid in allowed else fallback)
        card = data.get("card")
        if isinstance(card, list):
            new = [c for c in card[:4] if isinstance(c, str) and c.strip()]
            if new:
                self.store.add_to_peer_card(new)
        summary = data.get("summary")
        last_ids = [i for t in turns for i in (t.user_id, t.assistant_id) if i is not None]
        self.store.record_turn(session_id, summary if isinstance(summary, str) else "",
                               max(last_ids) if last_ids else None)
        self.store.record_sync(self.name)

    async def on_session_end(self, session_id: str) -> None:
        try:
            if self._unprocessed.get(session_id):
                await self._derive(session_id)
        finally:
            self._unprocessed.pop(session_id, None)
            self.forget_session(session_id)
        await self._represent()

    async def _represent(self) -> None:
        """Rewrite the representations when conclusions changed since the last rewrite."""
        store = self.store
        meta = await asyncio.to_thread(store.meta)
        latest = await asyncio.to_thread(store.recent_conclusions, 60)
        try:
            done_at = float(meta.get("represented_at", "0"))
        except ValueError:
            done_at = 0.0
        if not latest or latest[0].updated_at <= done_at:
            return
        by_weight = sorted(latest, key=lambda c: c.times_seen, reverse=True)
        content = "\n\n".join([
            "Previous user text: " + (store.get_profile("user_representation") or "(none)"),
            "Previous assistant text: " + (store.get_profile("assistant_representation")
                                           or "(none)"),
            "Peer card:\n" + _bullets(store.peer_card()),
            "Conclusions (times seen):\n" + _bullets(
                [f"{c.content} (×{c.times_seen})" for c in by_weight]),
        ])
        reply = await self._ask([{"role": "system", "content": prompts.REPRESENT},
                                 {"role": "user", "content": content}], "user_model.represent")
        try:
            data = prompts.read_json_object(reply)
        except ValueError:
            raise ProviderError("the model's representation was not JSON") from None

        def save() -> None:
            for key, field_name in (("user_representation", "user"),
                                    ("assistant_representation", "assistant")):
                value = data.get(field_name)
                if isinstance(value, str) and value.strip():
                    store.set_profile(key, prompts.clip(value, 1200))
            store.set_meta(represented_at=latest[0].updated_at)
            store.record_sync(self.name)

        await asyncio.to_thread(save)

    # -- tools

    def tool_schemas(self) -> list[JsonObject]:
        return local_schemas()

    async def dispatch(self, name: str, raw_json_args: str, *,
                       session_id: str | None = None) -> str:
        try:
            args = parse_tool_args(raw_json_args)
            sid = session_id or self.last_session_id
            if name == "user_profile":
                return await asyncio.to_thread(self._tool_profile, args)
            if name == "user_search":
                query = require_str(args, "query", max_len=500)
                limit = optional_int(args, "limit", 8, 1, 20)
                found = await asyncio.to_thread(self.store.search_conclusions, query, limit)
                return ok(results=[_conclusion_json(c) for c in found],
                          note="" if found else "nothing matches; try other words")
            if name == "user_reasoning":
                question = require_str(args, "question", max_len=1000)
                recent = self._sessions[sid].recent if sid is not None and sid in self._sessions else []
                answer = await self.run_dialectic(sid or "", question, list(recent),
                                                  question=question)
                return ok(answer=answer or "Nothing notable.")
            if name == "user_conclude":
                return await asyncio.to_thread(self._tool_conclude, args, sid)
        except ToolArgsError as exc:
            return fail(f"{name}: {exc}")
        return fail(f"unknown tool '{name}'")

    def _tool_profile(self, args: JsonObject) -> str:
        action = args.get("action", "read")
        card = self.store.peer_card()
        if action == "read":
            return ok(peer_card=card,
                      representation=self.store.get_profile("user_representation"))
        item = require_str(args, "item", max_len=200)
        if action == "add":
            return ok(peer_card=self.store.add_to_peer_card([item]))
        if action == "remove":
            norm = normalize(item)
            exact = [c for c in card if normalize(c) == norm]
            partial = [c for c in card if norm and norm in normalize(c)]
            match = exact or partial
            if len(match) != 1:
                return fail(f"user_profile: {'no' if not match else 'more than one'} card item"
                            f" matches {item!r}; read the card and give the exact item")
            return ok(removed=match[0],
                      peer_card=self.store.set_peer_card([c for c in card if c != match[0]]))
        raise ToolArgsError("'action' must be read, add or remove")

    def _tool_conclude(self, args: JsonObject, session_id: str | None) -> str:
        delete_id = args.get("delete_id")
        if delete_id not in (None, ""):
            try:
                cid = int(str(delete_id).strip().lstrip("#"))
            except ValueError:
                raise ToolArgsError("'delete_id' must be a conclusion id from user_search") from None
            if not self.store.delete_conclusion(cid):
                return fail(f"user_conclude: no conclusion with id {cid}")
            return ok(deleted=str(cid))
        text = require_str(args, "text", max_len=500)
        new_id = self.store.add_conclusion(text, session_id=session_id, source="tool")
        if new_id is None:
            return fail("user_conclude: nothing to record")
        return ok(id=str(new_id))

    # -- viewer

    async def overview(self, limit: int = 20) -> MemoryOverview:
        def read() -> MemoryOverview:
            return MemoryOverview(
                provider=self.name,
                peer_card=tuple(self.store.peer_card()),
                conclusions=tuple(_view(c) for c in self.store.recent_conclusions(limit)),
                representation=self.store.get_profile("user_representation"))
        return await asyncio.to_thread(read)

    async def forget(self, conclusion_id: str) -> bool:
        try:
            cid = int(str(conclusion_id).strip().lstrip("#"))
        except ValueError:
            return False
        return await asyncio.to_thread(self.store.delete_conclusion, cid)

    async def aclose(self) -> None:
        self.store.close()  # a later call would open it again


def _relevant_then_recent(store: UserModelStore, query: str, limit: int) -> list[Conclusion]:
    chosen = store.search_conclusions(query, limit) if query.strip() else []
    if len(chosen) < limit:
        have = {c.id for c in chosen}
        chosen += [c for c in store.recent_conclusions(limit) if c.id not in have]
    return chosen[:limit]


def _view(c: Conclusion) -> ConclusionView:
    return ConclusionView(id=str(c.id), text=c.content, session_id=c.session_id,
                          message_id=None if c.message_id is None else str(c.message_id),
                          created_at=c.created_at, source=c.source)


def _conclusion_json(c: Conclusion) -> JsonObject:
    return {"id": str(c.id), "text": c.content, "session_id": c.session_id,
            "message_id": c.message_id, "seen": c.times_seen}
