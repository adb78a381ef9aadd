"""One turn: store the user message, stream the reply, run tools, store everything, account.

UI-agnostic: progress leaves as events (hermes/agent/events.py) through `conv.emit`. The
conversation it runs in is hermes/agent/conversation.py; how the reply is saved while it streams
and what a failed or cancelled turn keeps is hermes/agent/reply_store.py.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

from hermes.jsontypes import JsonObject
from hermes.agent import limits, llm, prefetch, reply_store, textcalls, tokens
from hermes.agent.conversation import Conversation, TurnResult, safe_emit
from hermes.agent.events import (
    ApprovalStaged,
    Notice,
    Retry,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnDone,
    TurnStarted,
    Usage,
)
from hermes.agent.stored_history import tool_calls_json
from hermes.agent.tool_registry import ToolOutcome, parse_arguments

log = logging.getLogger("hermes.agent.loop")


# What a retried failure was, in a few words (LLMError.kind → reason on the retry line).
RETRY_REASONS = {"rate_limit": "rate limited", "timeout": "no answer in time", "server": "server error",
                 "connection": "connection failed"}


def _account(conv: Conversation, state: llm.StreamState, messages: list[dict[str, Any]],
             tools: list[JsonObject]) -> tuple[int, int, int, float]:
    """Tokens and cost of one request (estimated offline when the provider sent no usage)."""
    model = conv.model.name
    usage = state.usage
    if usage:
        prompt, completion = usage["prompt_tokens"], usage["completion_tokens"]
        cache = usage.get("cache_tokens", 0)
    else:
        prompt = tokens.count_request(messages, tools, model)
        calls = "".join(c["name"] + c["arguments"] for c in state.ordered_tool_calls())
        completion = tokens.count_text(state.text + calls, model)
        cache = 0
    cost = llm.cost_usd(model, prompt, completion)
    t = conv.totals
    t.input_tokens += prompt
    t.output_tokens += completion
    t.cache_tokens += cache
    t.cost += cost
    conv.last_prompt_tokens = prompt
    try:
        conv.history.add_usage(conv.session_id, input_tokens=prompt, output_tokens=completion,
                               cache_tokens=cache, cost=cost)
    except Exception:  # noqa: BLE001 - accounting never fails a turn
        log.warning("could not store usage", exc_info=True)
    safe_emit(conv, Usage(input_tokens=prompt, output_tokens=completion, cache_tokens=cache,
                           cost=cost, session_input_tokens=t.input_tokens,
                           session_output_tokens=t.output_tokens, session_cost=t.cost,
                           context_tokens=prompt, context_window=conv.context_window))
    return prompt, completion, cache, cost


async def run_turn(conv: Conversation, user_text: str, *, store_user: bool = True,
                   turn_index: int = 1) -> TurnResult:
    """Run one turn to its end; never raises for provider or tool trouble (cancellation of the
    surrounding task is turned into a cancelled TurnDone with the partial reply kept)."""
    run = TurnRun(conv, user_text, store_user=store_user)
    await run.open(turn_index)
    return await run.rounds()


class TurnRun:
    """One turn's state and its named steps: `open` stores the user message and does the
    look-ups before the reply; `rounds` asks the model, runs the tools it calls and asks again
    until it answers (each pass is `one_round`), and returns the TurnResult."""

    def __init__(self, conv: Conversation, user_text: str, *, store_user: bool) -> None:
        self.conv = conv
        self.cfg = conv.cfg
        self.user_text = user_text
        self.store_user = store_user
        self.user_id: int | None = None
        self.prepared = prefetch.Prepared()
        self.tools = conv.registry.schemas()
        self.cap = limits.reply_token_cap(conv.model, conv.context_window)
        self.truncated = False
        self.empty_reply = False  # the model said nothing and nothing was done: not an answer
        self.tool_rounds = 0  # tool rounds run so far
        self.reply_parts: list[str] = []
        self.state = llm.StreamState()
        self.prompt_total = self.completion_total = 0
        self.assistant_id: int | None = None
        self.tool_lines: list[str] = []
        self.seen_calls: set[tuple[str, str]] = set()  # a repeat of one is not run again
        self.checkpoint = reply_store.ReplyCheckpoint(conv)
        self.text_calls = self.cfg.model.text_tool_calls == "auto"
        self.hold = textcalls.DisplayHold(False)
        self.round_shown = False
        self.guard = limits.RepetitionGuard(conv.model.name)
        self.retrying: Retry | None = None  # the last retry of this model call while it is unsettled

    # ------------------------------------------------------------ before the first request

    async def open(self, turn_index: int) -> None:
        """Store the user's message (with the provider's context when there is one), say the
        turn started, and run the look-ups Hermes does itself before the reply."""
        conv = self.conv
        if self.store_user:
            reply_store.drop_orphan(conv)
            self.user_id = conv.history.append(conv.session_id, "user", self.user_text,
                                               token_count=tokens.count_if_loaded(self.user_text, conv.model.name))
            content = self.user_text
            if conv.provider is not None:
                content = await _with_provider_context(conv, self.user_text, turn_index)
            conv.messages.append({"role": "user", "content": content})
        safe_emit(conv, TurnStarted(session_id=conv.session_id, user_message_id=self.user_id or 0))
        if self.store_user:
            self.prepared = await prefetch.before_reply(conv, self.user_text, _run_tool)
        self.tool_lines = list(self.prepared.tool_lines)
        self.seen_calls = set(self.prepared.calls)

    # ------------------------------------------------------------ the rounds

    async def rounds(self) -> TurnResult:
        """Ask, run the calls, ask again, until an answer, a failure or a cancel."""
        try:
            while True:
                outcome = await self.one_round()
                if outcome is not None:
                    return outcome
        except asyncio.CancelledError:
            self.show(self.hold.finish(self.state.text, None))
            return reply_store.cancelled(self.conv, self.state, self.checkpoint, self.reply_parts,
                                         self.user_text, self.user_id)

    async def one_round(self) -> TurnResult | None:
        """One model request and what follows it: the TurnResult when the turn ended (answered
        or failed), None when the model's tool calls ran and it is asked again."""
        conv = self.conv
        self.begin_round()
        room = _reply_room(conv, self.tools, self.cap)
        if room is None:
            size = tokens.count_request(conv.request_messages(), self.tools, conv.model.name)
            return self.failed(limits.too_long(conv.model.name, size, conv.context_window))
        messages = conv.request_messages()
        try:
            await self.request(messages, room)
        except llm.LLMError as err:
            self.settle_retry("gave up")
            self.show(self.hold.abandon(self.state.text))
            return self.failed(err)
        self.settle_retry("answered")  # a reply of tool calls only has no text to settle it
        completion = self.account(messages)
        calls, text = self.read_reply()
        repeated = bool(calls) and all(
            prefetch.call_key(tc["name"], tc["arguments"]) in self.seen_calls for tc in calls)
        if not calls or repeated:
            return self.answered(self.final_text(text, repeated), completion)
        if text:
            self.reply_parts.append(text)
        if self.tool_rounds >= self.cfg.agent.max_tool_rounds:
            return self.stopped_at_round_limit(text, completion)
        await self.run_calls(calls, text, completion)
        return None

    def begin_round(self) -> None:
        self.state = llm.StreamState()
        self.round_shown = False
        # held at the round limit too: a call written as text there is dropped, not printed
        self.hold = textcalls.DisplayHold(self.text_calls and bool(self.tools))
        self.guard = limits.RepetitionGuard(self.conv.model.name)

    async def request(self, messages: list[dict[str, Any]], room: int) -> None:
        """Stream one reply into `state`, within agent.reply_timeout (raises LLMError)."""
        cfg, conv = self.cfg, self.conv
        extra: dict[str, object] = {"max_tokens": room}
        if self.tool_rounds >= cfg.agent.max_tool_rounds and self.tools:
            extra["tool_choice"] = "none"
        limit = asyncio.timeout(cfg.agent.reply_timeout)
        try:
            async with limit:
                await llm.stream_completion(
                    conv.model, messages, self.tools, state=self.state, on_text=self.on_text,
                    timeout=cfg.agent.request_timeout, max_retries=cfg.agent.max_retries,
                    on_retry=self.on_retry, extra=extra, slot="conversation")
        except TimeoutError:
            if not limit.expired():
                raise
            raise limits.timeout_cut(conv.model.name, cfg.agent.reply_timeout,
                                     self.state.received_anything) from None

    def account(self, messages: list[dict[str, Any]]) -> int:
        """Count the request's tokens into the turn; the completion's tokens."""
        prompt, completion, _, _ = _account(self.conv, self.state, messages, self.tools)
        self.prompt_total += prompt
        self.completion_total += completion
        return completion

    def read_reply(self) -> tuple[list[dict[str, str]], str]:
        """The reply's tool calls (with ids) and the text to keep, shown to the person."""
        state = self.state
        calls = [tc for tc in state.ordered_tool_calls() if tc["name"] or tc["arguments"]]
        text = state.text
        kept: str | None = None
        if not calls and self.hold.active:
            calls, kept = _calls_from_text(self.conv, text,
                                           notice=self.tool_rounds < self.cfg.agent.max_tool_rounds)
        if not calls and text.strip() and textcalls.template_only(text):
            kept = ""  # `<tools></tools>`: the template's markup, not an answer
        self.show(self.hold.finish(state.text, kept))
        if kept is not None:
            text = kept
        if state.finish_reason == "length":
            self.truncated = True
            safe_emit(self.conv, Notice(kind="info", text=(
                f"The reply was cut at the token limit ({self.cap} tokens), so it is incomplete. "
                f"Ask for a shorter answer or to continue, or raise model.max_tokens.")))
        for tc in calls:
            tc["id"] = tc["id"] or f"call_{uuid.uuid4().hex[:12]}"
        return calls, text

    def final_text(self, text: str, repeated: bool) -> str:
        """The answer's text: what the model said, else what Hermes says for it."""
        if not text.strip() and not "".join(self.reply_parts).strip():
            text = _empty_reply_text(self.prepared, repeated)
            self.show(text)
            saved = self.prepared.saved
            self.empty_reply = not (saved and saved.saved) and not self.prepared.found
        elif repeated:
            note = "\n\n(Stopped: the model repeated a tool call it had already made this turn.)"
            self.show(note)
            text += note
        return text

    def answered(self, text: str, completion: int) -> TurnResult:
        """Store the answer and end the turn."""
        if text:
            self.reply_parts.append(text)
        self.assistant_id = self.checkpoint.store(text, token_count=completion,
                                                  finish_reason=self.state.finish_reason or "stop")
        self.conv.messages.append({"role": "assistant", "content": text})
        return self.finished()

    def stopped_at_round_limit(self, text: str, completion: int) -> TurnResult:
        max_rounds = self.cfg.agent.max_tool_rounds
        note = (f"\n\n(Stopped after {max_rounds} rounds of tool calls, the limit set by "
                f"agent.max_tool_rounds. Ask me to continue if needed.)")
        self.reply_parts.append(note)
        safe_emit(self.conv, TextDelta(note))
        self.assistant_id = self.checkpoint.store(text + note, token_count=completion,
                                                  finish_reason="tool_limit")
        self.conv.messages.append({"role": "assistant", "content": text + note})
        return self.finished()

    async def run_calls(self, calls: list[dict[str, str]], text: str, completion: int) -> None:
        """Store the round's text with its calls, then run each call (or answer it unrun)."""
        conv = self.conv
        self.tool_rounds += 1
        call_json = tool_calls_json(calls)
        self.checkpoint.store(text, tool_calls=call_json, token_count=completion,
                              finish_reason=self.state.finish_reason or "tool_calls")
        conv.messages.append({"role": "assistant", "content": text, "tool_calls": call_json})
        self.state = llm.StreamState()  # this round's text is stored: a cancel must not store it again
        for tc in calls:
            self.seen_calls.add(prefetch.call_key(tc["name"], tc["arguments"]))
            answer = self.prepared.answer_instead(tc["name"], tc["arguments"])
            if answer is not None:
                _answer_unrun(conv, tc, answer)
                continue
            self.tool_lines.append((await _run_tool(conv, tc)).finish_summary)

    # ------------------------------------------------------------ the end

    def failed(self, err: llm.LLMError) -> TurnResult:
        return reply_store.fail(self.conv, err, self.state, self.checkpoint, self.reply_parts,
                                self.user_text, self.user_id)

    def finished(self) -> TurnResult:
        """The answered turn's TurnDone (emitted) and TurnResult."""
        conv = self.conv
        if conv.failed_user_id is not None:  # a retry answered the message that had failed
            conv.history.mark(conv.failed_user_id, "retried")
            conv.failed_user_id = None
        conv.totals.turns += 1
        final = "".join(self.reply_parts)
        done = TurnDone(session_id=conv.session_id, text=final, assistant_message_id=self.assistant_id,
                        truncated=self.truncated, empty_reply=self.empty_reply)
        safe_emit(conv, done)
        saved = self.prepared.saved
        return TurnResult(done, self.user_text, final, self.user_id, self.assistant_id,
                          self.prompt_total, self.completion_total, self.tool_lines,
                          remembered=bool(saved and saved.saved))

    # ------------------------------------------------------------ the stream's callbacks

    def show(self, piece: str) -> None:
        """Send text to the person; a later round's text starts a new paragraph."""
        if not piece:
            return
        if not self.round_shown and self.reply_parts and not self.reply_parts[-1].endswith("\n\n"):
            self.reply_parts.append("\n\n")
            safe_emit(self.conv, TextDelta("\n\n"))
        self.round_shown = True
        safe_emit(self.conv, TextDelta(piece))

    def settle_retry(self, outcome: str) -> None:
        """The retry line of this model call, settled: "answered" or "gave up"."""
        last, self.retrying = self.retrying, None
        if last is not None:
            safe_emit(self.conv, Retry(attempt=self.state.attempts, max_retries=last.max_retries,
                                       reason=last.reason, outcome=outcome))

    def on_text(self, piece: str) -> None:
        self.settle_retry("answered")  # before the text, so the line settles above the reply
        self.show(self.hold.feed(self.state.text))
        self.checkpoint.tick(self.state)
        self.guard(self.state)  # raises ReplyCut when the model loops; the stream is closed

    def on_retry(self, err: llm.LLMError, delay: float) -> None:
        # Not err.message: it says what the PERSON should do ("then /retry"), while Hermes is
        # retrying by itself; the reason and the count are enough until the outcome is known.
        retry = Retry(attempt=self.state.attempts, max_retries=self.cfg.agent.max_retries, delay=delay,
                      reason=RETRY_REASONS.get(err.kind, "the model call failed"))
        self.retrying = retry
        safe_emit(self.conv, retry)


def _reply_room(conv: Conversation, tools: list[JsonObject], cap: int) -> int | None:
    """max_tokens for the next request so that it fits the context window: the cap, or what
    is left of the window; old tool results are shortened first when that is too little.
    None when even then the request leaves no room for a reply."""
    window = conv.context_window
    if not window:
        return cap
    if not tokens.request_exceeds(conv.request_messages(), tools, conv.model.name, window - cap):
        return cap  # fits: no need to know by how much
    size = tokens.count_request(conv.request_messages(), tools, conv.model.name)
    if size + cap > window and limits.shrink_old_tool_results(conv.messages):
        log.info("shortened old tool results to fit the context window")
        size = tokens.count_request(conv.request_messages(), tools, conv.model.name)
    room = min(cap, window - size)
    return room if room >= min(cap, limits.MIN_REPLY_ROOM) else None


def _empty_reply_text(prepared: prefetch.Prepared, repeated: bool) -> str:
    """What the person reads when the model's reply has no text: what was saved, else why
    there is no answer and what to do."""
    saved = prepared.saved
    if saved is not None and saved.saved:
        verb = "Waiting for your approval" if saved.staged else "Saved to memory"
        return f"{verb}: " + "; ".join(f.text for f in saved.saved)
    if prepared.found:
        return ("The model gave no answer; Hermes found:\n\n"
                + "\n".join(f"- `{line}`" for line in prepared.found))
    if repeated:
        return ("The model repeated a tool call it had already made and gave no answer. Ask "
                "again in other words, or /retry.")
    return "The model sent an empty reply. Ask again in other words, or /retry."


def _calls_from_text(conv: Conversation, text: str, *, notice: bool = True
                     ) -> tuple[list[dict[str, str]], str | None]:
    """Tool calls the model wrote as text (model.text_tool_calls: auto), and the text to keep;
    ([], None) when the reply is an answer. The first time per server, a notice says so."""
    found = textcalls.extract(text, set(conv.registry.names))
    if found is None:
        return [], None
    kept, calls = found
    server = conv.model.api_base or conv.model.name.split("/", 1)[0]
    log.info("ran %d tool call(s) that %s wrote as text", len(calls), server)
    if notice and server not in textcalls.noticed:
        textcalls.noticed.add(server)
        safe_emit(conv, Notice(kind="info", text=(
            f"The model at {server} wrote its tool call as text; Hermes ran it as a call. "
            f"Set model.text_tool_calls: off to show such replies as text instead.")))
    return [{"id": "", "name": c.name, "arguments": c.arguments} for c in calls], kept


async def _with_provider_context(conv: Conversation, user_text: str, turn_index: int) -> str:
    if conv.provider is None:
        return user_text
    try:
        from hermes.providers import compose_user_message

        ctx = await conv.provider.turn_context(conv.session_id, turn_index, user_text)
        return compose_user_message(user_text, ctx or "")
    except asyncio.CancelledError:
        raise
    except Exception:  # noqa: BLE001 - no context this turn
        log.warning("provider context failed", exc_info=True)
        return user_text


def _answer_unrun(conv: Conversation, tc: dict[str, str], result: str) -> None:
    """Give the model `result` for a call that is not run (stored like any tool result)."""
    conv.history.append(conv.session_id, "tool", result, tool_call_id=tc["id"],
                        tool_name=tc["name"] or "unknown",
                        token_count=tokens.count_if_loaded(result, conv.model.name))
    conv.messages.append({"role": "tool", "tool_call_id": tc["id"], "content": result})


async def _run_tool(conv: Conversation, tc: dict[str, str]) -> ToolOutcome:
    registry = conv.registry
    args_preview, _ = parse_arguments(tc["arguments"])
    safe_emit(conv, ToolStarted(call_id=tc["id"], name=tc["name"], arguments=args_preview or {},
                                 summary=registry.summarize_start(tc["name"], args_preview or {})))
    outcome = await registry.call(tc["id"], tc["name"], tc["arguments"])
    conv.history.append(conv.session_id, "tool", outcome.result, tool_call_id=tc["id"],
                        tool_name=tc["name"] or "unknown",
                        token_count=tokens.count_if_loaded(outcome.result, conv.model.name))
    conv.messages.append({"role": "tool", "tool_call_id": tc["id"], "content": outcome.result})
    safe_emit(conv, ToolFinished(call_id=tc["id"], name=tc["name"], success=outcome.success,
                                  summary=outcome.finish_summary, result=outcome.result,
                                  display=outcome.display))
    if outcome.data.get("staged") and outcome.data.get("pending_id"):
        safe_emit(conv, ApprovalStaged(pending_id=str(outcome.data["pending_id"]),
                                        target=str(outcome.arguments.get("target", "")),
                                        action=str(outcome.arguments.get("action", "")),
                                        reason=str(outcome.data.get("reason") or "")))
    if conv.on_tool_outcome is not None:
        conv.on_tool_outcome(outcome)
    return outcome


