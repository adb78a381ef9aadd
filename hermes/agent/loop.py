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

from hermes.agent import limits, llm, prefetch, reply_store, textcalls, tokens
from hermes.agent.conversation import (  # they lived here first; callers keep importing them from loop
    Conversation as Conversation,
    TurnResult as TurnResult,
    safe_emit,
)
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
             tools: list[dict[str, Any]]) -> tuple[int, int, int, float]:
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
    cfg = conv.cfg
    user_id: int | None = None
    if store_user:
        reply_store.drop_orphan(conv)
        user_id = conv.history.append(conv.session_id, "user", user_text,
                                      token_count=tokens.count_text(user_text, conv.model.name))
        content = user_text
        if conv.provider is not None:
            content = await _with_provider_context(conv, user_text, turn_index)
        conv.messages.append({"role": "user", "content": content})
    safe_emit(conv, TurnStarted(session_id=conv.session_id, user_message_id=user_id or 0))
    prepared = (await prefetch.before_reply(conv, user_text, _run_tool) if store_user
                else prefetch.Prepared())

    tools = conv.registry.schemas()
    max_rounds = cfg.agent.max_tool_rounds
    cap = limits.reply_token_cap(conv.model, conv.context_window)
    truncated = False
    empty_reply = False  # the model said nothing and nothing was done: not an answer
    rounds = 0
    reply_parts: list[str] = []
    state = llm.StreamState()
    prompt_total = completion_total = 0
    assistant_id: int | None = None
    tool_lines: list[str] = list(prepared.tool_lines)
    seen_calls: set[tuple[str, str]] = set(prepared.calls)  # a repeat of one is not run again
    checkpoint = reply_store.ReplyCheckpoint(conv)

    text_calls = cfg.model.text_tool_calls == "auto"
    hold = textcalls.DisplayHold(False)
    round_shown = False
    guard = limits.RepetitionGuard(conv.model.name)

    def show(piece: str) -> None:
        nonlocal round_shown
        if not piece:
            return
        # Text of a later round starts a new paragraph after the text of earlier rounds.
        if not round_shown and reply_parts and not reply_parts[-1].endswith("\n\n"):
            reply_parts.append("\n\n")
            safe_emit(conv, TextDelta("\n\n"))
        round_shown = True
        safe_emit(conv, TextDelta(piece))

    retrying: list[Retry] = []  # the last retry of this model call while it is unsettled

    def settle_retry(outcome: str) -> None:
        if retrying:
            last = retrying.pop()
            safe_emit(conv, Retry(attempt=state.attempts, max_retries=last.max_retries,
                                   reason=last.reason, outcome=outcome))

    def on_text(piece: str) -> None:
        settle_retry("answered")  # before the text, so the line settles above the reply
        show(hold.feed(state.text))
        checkpoint.tick(state)
        guard(state)  # raises ReplyCut when the model loops; the stream is closed

    def on_retry(err: llm.LLMError, delay: float) -> None:
        # Not err.message: it says what the PERSON should do ("then /retry"), while Hermes is
        # retrying by itself; the reason and the count are enough until the outcome is known.
        retry = Retry(attempt=state.attempts, max_retries=cfg.agent.max_retries, delay=delay,
                      reason=RETRY_REASONS.get(err.kind, "the model call failed"))
        retrying[:] = [retry]
        safe_emit(conv, retry)

    try:
        while True:
            state = llm.StreamState()
            round_shown = False
            # held at the round limit too: a call written as text there is dropped, not printed
            hold = textcalls.DisplayHold(text_calls and bool(tools))
            guard = limits.RepetitionGuard(conv.model.name)
            messages = conv.request_messages()
            extra: dict[str, Any] = {"max_tokens": cap}
            if rounds >= max_rounds and tools:
                extra["tool_choice"] = "none"
            room = _reply_room(conv, tools, cap)
            if room is None:
                size = tokens.count_request(conv.request_messages(), tools, conv.model.name)
                return reply_store.fail(conv, limits.too_long(conv.model.name, size, conv.context_window),
                             state, checkpoint, reply_parts, user_text, user_id)
            messages = conv.request_messages()
            extra["max_tokens"] = room
            try:
                limit = asyncio.timeout(cfg.agent.reply_timeout)
                try:
                    async with limit:
                        await llm.stream_completion(
                            conv.model, messages, tools, state=state, on_text=on_text,
                            timeout=cfg.agent.request_timeout, max_retries=cfg.agent.max_retries,
                            on_retry=on_retry, extra=extra, slot="conversation")
                except TimeoutError:
                    if not limit.expired():
                        raise
                    raise limits.timeout_cut(conv.model.name, cfg.agent.reply_timeout,
                                             state.received_anything) from None
            except llm.LLMError as err:
                settle_retry("gave up")
                show(hold.abandon(state.text))
                return reply_store.fail(conv, err, state, checkpoint, reply_parts, user_text, user_id)
            settle_retry("answered")  # a reply of tool calls only has no text to settle it
            p, c, _, _ = _account(conv, state, messages, tools)
            prompt_total += p
            completion_total += c
            calls = [tc for tc in state.ordered_tool_calls() if tc["name"] or tc["arguments"]]
            text = state.text
            kept: str | None = None
            if not calls and hold.active:
                calls, kept = _calls_from_text(conv, text, notice=rounds < max_rounds)
            if not calls and text.strip() and textcalls.template_only(text):
                kept = ""  # `<tools></tools>`: the template's markup, not an answer
            show(hold.finish(state.text, kept))
            if kept is not None:
                text = kept
            if state.finish_reason == "length":
                truncated = True
                safe_emit(conv, Notice(kind="info", text=(
                    f"The reply was cut at the token limit ({cap} tokens), so it is incomplete. "
                    f"Ask for a shorter answer or to continue, or raise model.max_tokens.")))
            for tc in calls:
                tc["id"] = tc["id"] or f"call_{uuid.uuid4().hex[:12]}"
            repeated = bool(calls) and all(
                prefetch.call_key(tc["name"], tc["arguments"]) in seen_calls for tc in calls)
            if not calls or repeated:
                if not text.strip() and not "".join(reply_parts).strip():
                    text = _empty_reply_text(prepared, repeated)
                    show(text)
                    empty_reply = not (prepared.saved and prepared.saved.saved) and not prepared.found
                elif repeated:
                    note = ("\n\n(Stopped: the model repeated a tool call it had already made "
                            "this turn.)")
                    show(note)
                    text += note
            if text:
                reply_parts.append(text)
            if not calls or repeated:
                assistant_id = checkpoint.store(text, token_count=c,
                                                finish_reason=state.finish_reason or "stop")
                conv.messages.append({"role": "assistant", "content": text})
                break
            if rounds >= max_rounds:
                note = (f"\n\n(Stopped after {max_rounds} rounds of tool calls, the limit set by "
                        f"agent.max_tool_rounds. Ask me to continue if needed.)")
                reply_parts.append(note)
                safe_emit(conv, TextDelta(note))
                assistant_id = checkpoint.store(text + note, token_count=c,
                                                finish_reason="tool_limit")
                conv.messages.append({"role": "assistant", "content": text + note})
                break
            rounds += 1
            call_json = tool_calls_json(calls)
            checkpoint.store(text, tool_calls=call_json, token_count=c,
                             finish_reason=state.finish_reason or "tool_calls")
            conv.messages.append({"role": "assistant", "content": text, "tool_calls": call_json})
            state = llm.StreamState()  # this round's text is stored: a cancel must not store it again
            for tc in calls:
                seen_calls.add(prefetch.call_key(tc["name"], tc["arguments"]))
                answer = prepared.answer_instead(tc["name"], tc["arguments"])
                if answer is not None:
                    _answer_unrun(conv, tc, answer)
                    continue
                tool_lines.append((await _run_tool(conv, tc)).finish_summary)
    except asyncio.CancelledError:
        show(hold.finish(state.text, None))
        return reply_store.cancelled(conv, state, checkpoint, reply_parts, user_text, user_id)

    if conv.failed_user_id is not None:  # a retry answered the message that had failed
        conv.history.mark(conv.failed_user_id, "retried")
        conv.failed_user_id = None
    conv.totals.turns += 1
    final = "".join(reply_parts)
    done = TurnDone(session_id=conv.session_id, text=final, assistant_message_id=assistant_id,
                    extras={**({"truncated": True} if truncated else {}),
                            **({"empty_reply": True} if empty_reply else {})})
    safe_emit(conv, done)
    return TurnResult(done, user_text, final, user_id, assistant_id, prompt_total,
                      completion_total, tool_lines,
                      remembered=bool(prepared.saved and prepared.saved.saved))


def _reply_room(conv: Conversation, tools: list[dict[str, Any]], cap: int) -> int | None:
    """max_tokens for the next request so that it fits the context window: the cap, or what
    is left of the window; old tool results are shortened first when that is too little.
    None when even then the request leaves no room for a reply."""
    window = conv.context_window
    if not window:
        return cap
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
                        token_count=tokens.count_text(result, conv.model.name))
    conv.messages.append({"role": "tool", "tool_call_id": tc["id"], "content": result})


async def _run_tool(conv: Conversation, tc: dict[str, str]) -> ToolOutcome:
    registry = conv.registry
    args_preview, _ = parse_arguments(tc["arguments"])
    safe_emit(conv, ToolStarted(call_id=tc["id"], name=tc["name"], arguments=args_preview or {},
                                 summary=registry.summarize_start(tc["name"], args_preview or {})))
    outcome = await registry.call(tc["id"], tc["name"], tc["arguments"])
    conv.history.append(conv.session_id, "tool", outcome.result, tool_call_id=tc["id"],
                        tool_name=tc["name"] or "unknown",
                        token_count=tokens.count_text(outcome.result, conv.model.name))
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


