"""One turn: store the user message, stream the reply, run tools, store everything, account.

UI-agnostic: progress leaves as events (hermes/agent/events.py) through `conv.emit`.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hermes.agent import limits, llm, textcalls, tokens
from hermes.agent.events import (
    ApprovalStaged,
    ErrorEvent,
    Event,
    Notice,
    Retry,
    TextDelta,
    ToolFinished,
    ToolStarted,
    TurnDone,
    TurnStarted,
    Usage,
)
from hermes.agent.stored_history import History, SessionTotals, tool_calls_json
from hermes.agent.tool_registry import ToolOutcome, ToolRegistry, parse_arguments
from hermes.config import Config, ModelConfig
from hermes.security.redact import redact_unfinished, settled_length

if TYPE_CHECKING:  # the provider layer is imported on first use
    from hermes.providers.guard import GuardedProvider

log = logging.getLogger("hermes.agent.loop")


@dataclass
class Conversation:
    """Everything a turn needs about the session it runs in."""

    cfg: Config
    model: ModelConfig
    history: History
    session_id: str
    system_prompt: str
    messages: list[dict[str, Any]]  # the conversation after the system prompt, as sent
    registry: ToolRegistry
    emit: Callable[[Event], None]
    context_window: int
    totals: SessionTotals = field(default_factory=SessionTotals)
    last_prompt_tokens: int = 0
    provider: GuardedProvider | None = None
    on_tool_outcome: Callable[[Any], None] | None = None
    interface: str = "tui"  # "cli" for `hermes chat -q`: errors say what to type at a shell
    failed_user_id: int | None = None  # the stored user message of a turn that got no answer

    def request_messages(self) -> list[dict[str, Any]]:
        return [{"role": "system", "content": self.system_prompt}, *self.messages]


@dataclass
class TurnResult:
    done: TurnDone
    user_text: str
    assistant_text: str
    user_message_id: int | None
    assistant_message_id: int | None
    prompt_tokens: int = 0  # all requests of the turn
    completion_tokens: int = 0
    tool_lines: list[str] = field(default_factory=list)  # finish summaries, for the review


# What a retried failure was, in a few words (LLMError.kind → reason on the retry line).
RETRY_REASONS = {"rate_limit": "rate limited", "timeout": "no answer in time", "server": "server error",
                 "connection": "connection failed"}
CHECKPOINT_SECONDS = 2.0  # a reply being streamed is saved this often


class ReplyCheckpoint:
    """The reply of the current round, saved while it streams.

    Every CHECKPOINT_SECONDS the text so far (less a trailing fragment that could still grow
    into a secret) is written as an assistant row marked interrupted; the round's end
    rewrites that row as the finished message. So a process that is killed outright
    (kill -9), where no cancel handler runs, still leaves all but the last seconds of the
    reply in the history. (After a power cut the newest commits may be gone
    too: the history runs with synchronous=NORMAL.)
    """

    def __init__(self, conv: Conversation) -> None:
        self.conv = conv
        self.message_id: int | None = None
        self._saved_at = time.monotonic()
        self._saved_parts = 0
        self._warned = False

    def tick(self, state: llm.StreamState) -> None:
        """Called for each streamed piece; writes at most every CHECKPOINT_SECONDS."""
        now = time.monotonic()
        if now - self._saved_at < CHECKPOINT_SECONDS or len(state.text_parts) == self._saved_parts:
            return
        self._saved_at, self._saved_parts = now, len(state.text_parts)
        text = state.text
        # The trailing fragment may be the start of a secret that the next piece completes;
        # cut short, it would not look like one and would be stored. It waits for the next
        # checkpoint or the end of the round, where the whole text is redacted as usual.
        settled = text[:settled_length(text)]
        if not settled:
            return
        try:
            self._write(settled, finish_reason="interrupted")
        except Exception:  # noqa: BLE001 - tried again next time; the round's end stores it anyway
            if not self._warned:
                log.warning("could not save the streaming reply", exc_info=True)
                self._warned = True

    def store(self, text: str, *, finish_reason: str, token_count: int | None = None,
              tool_calls: list[dict[str, Any]] | None = None) -> int:
        """Store the round's message (rewriting the checkpoint row if there is one)."""
        message_id = self._write(text, finish_reason=finish_reason, token_count=token_count,
                                 tool_calls=tool_calls)
        self.message_id, self._saved_parts = None, 0  # the next round starts afresh
        self._saved_at = time.monotonic()
        return message_id

    def _write(self, text: str, *, finish_reason: str, token_count: int | None = None,
               tool_calls: list[dict[str, Any]] | None = None) -> int:
        history, session_id = self.conv.history, self.conv.session_id
        if self.message_id is None:
            self.message_id = history.append(session_id, "assistant", text, tool_calls=tool_calls,
                                             token_count=token_count, finish_reason=finish_reason)
        else:
            history.update(self.message_id, text, finish_reason=finish_reason,
                           token_count=token_count, tool_calls=tool_calls)
        return self.message_id


def _safe_emit(conv: Conversation, event: Event) -> None:
    try:
        conv.emit(event)
    except Exception:  # noqa: BLE001 - a broken UI callback must not break the turn
        log.warning("event handler failed for %s", type(event).__name__, exc_info=True)


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
    _safe_emit(conv, Usage(input_tokens=prompt, output_tokens=completion, cache_tokens=cache,
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
        _drop_orphan(conv)
        user_id = conv.history.append(conv.session_id, "user", user_text,
                                      token_count=tokens.count_text(user_text, conv.model.name))
        content = user_text
        if conv.provider is not None:
            content = await _with_provider_context(conv, user_text, turn_index)
        conv.messages.append({"role": "user", "content": content})
    _safe_emit(conv, TurnStarted(session_id=conv.session_id, user_message_id=user_id or 0))

    tools = conv.registry.schemas()
    max_rounds = cfg.agent.max_tool_rounds
    cap = limits.reply_token_cap(conv.model, conv.context_window)
    truncated = False
    rounds = 0
    reply_parts: list[str] = []
    state = llm.StreamState()
    prompt_total = completion_total = 0
    assistant_id: int | None = None
    tool_lines: list[str] = []
    checkpoint = ReplyCheckpoint(conv)

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
            _safe_emit(conv, TextDelta("\n\n"))
        round_shown = True
        _safe_emit(conv, TextDelta(piece))

    retrying: list[Retry] = []  # the last retry of this model call while it is unsettled

    def settle_retry(outcome: str) -> None:
        if retrying:
            last = retrying.pop()
            _safe_emit(conv, Retry(attempt=state.attempts, max_retries=last.max_retries,
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
        _safe_emit(conv, retry)

    try:
        while True:
            state = llm.StreamState()
            round_shown = False
            hold = textcalls.DisplayHold(text_calls and rounds < max_rounds and bool(tools))
            guard = limits.RepetitionGuard(conv.model.name)
            messages = conv.request_messages()
            extra: dict[str, Any] = {"max_tokens": cap}
            if rounds >= max_rounds and tools:
                extra["tool_choice"] = "none"
            room = _reply_room(conv, tools, cap)
            if room is None:
                size = tokens.count_request(conv.request_messages(), tools, conv.model.name)
                return _fail(conv, limits.too_long(conv.model.name, size, conv.context_window),
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
                            on_retry=on_retry, extra=extra)
                except TimeoutError:
                    if not limit.expired():
                        raise
                    raise limits.timeout_cut(conv.model.name, cfg.agent.reply_timeout,
                                             state.received_anything) from None
            except llm.LLMError as err:
                settle_retry("gave up")
                show(hold.finish(state.text, None))
                return _fail(conv, err, state, checkpoint, reply_parts, user_text, user_id)
            settle_retry("answered")  # a reply of tool calls only has no text to settle it
            p, c, _, _ = _account(conv, state, messages, tools)
            prompt_total += p
            completion_total += c
            calls = [tc for tc in state.ordered_tool_calls() if tc["name"] or tc["arguments"]]
            text = state.text
            kept: str | None = None
            if not calls and hold.active:
                calls, kept = _calls_from_text(conv, text)
            show(hold.finish(state.text, kept))
            if kept is not None:
                text = kept
            if state.finish_reason == "length":
                truncated = True
                _safe_emit(conv, Notice(kind="info", text=(
                    f"The reply was cut at the token limit ({cap} tokens), so it is incomplete. "
                    f"Ask for a shorter answer or to continue, or raise model.max_tokens.")))
            for tc in calls:
                tc["id"] = tc["id"] or f"call_{uuid.uuid4().hex[:12]}"
            if text:
                reply_parts.append(text)
            if not calls:
                assistant_id = checkpoint.store(text, token_count=c,
                                                finish_reason=state.finish_reason or "stop")
                conv.messages.append({"role": "assistant", "content": text})
                break
            if rounds >= max_rounds:
                note = (f"\n\n(Stopped after {max_rounds} rounds of tool calls, the limit set by "
                        f"agent.max_tool_rounds. Ask me to continue if needed.)")
                reply_parts.append(note)
                _safe_emit(conv, TextDelta(note))
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
                tool_lines.append((await _run_tool(conv, tc)).finish_summary)
    except asyncio.CancelledError:
        show(hold.finish(state.text, None))
        return _cancelled(conv, state, checkpoint, reply_parts, user_text, user_id)

    if conv.failed_user_id is not None:  # a retry answered the message that had failed
        conv.history.mark(conv.failed_user_id, "retried")
        conv.failed_user_id = None
    conv.totals.turns += 1
    final = "".join(reply_parts)
    done = TurnDone(session_id=conv.session_id, text=final, assistant_message_id=assistant_id,
                    extras={"truncated": True} if truncated else {})
    _safe_emit(conv, done)
    return TurnResult(done, user_text, final, user_id, assistant_id, prompt_total,
                      completion_total, tool_lines)


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


def _calls_from_text(conv: Conversation, text: str) -> tuple[list[dict[str, str]], str | None]:
    """Tool calls the model wrote as text (model.text_tool_calls: auto), and the text to keep;
    ([], None) when the reply is an answer. The first time per server, a notice says so."""
    found = textcalls.extract(text, set(conv.registry.names))
    if found is None:
        return [], None
    kept, calls = found
    server = conv.model.api_base or conv.model.name.split("/", 1)[0]
    log.info("ran %d tool call(s) that %s wrote as text", len(calls), server)
    if server not in textcalls.noticed:
        textcalls.noticed.add(server)
        _safe_emit(conv, Notice(kind="info", text=(
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


async def _run_tool(conv: Conversation, tc: dict[str, str]) -> ToolOutcome:
    registry = conv.registry
    args_preview, _ = parse_arguments(tc["arguments"])
    _safe_emit(conv, ToolStarted(call_id=tc["id"], name=tc["name"], arguments=args_preview or {},
                                 summary=registry.summarize_start(tc["name"], args_preview or {})))
    outcome = await registry.call(tc["id"], tc["name"], tc["arguments"])
    conv.history.append(conv.session_id, "tool", outcome.result, tool_call_id=tc["id"],
                        tool_name=tc["name"] or "unknown",
                        token_count=tokens.count_text(outcome.result, conv.model.name))
    conv.messages.append({"role": "tool", "tool_call_id": tc["id"], "content": outcome.result})
    _safe_emit(conv, ToolFinished(call_id=tc["id"], name=tc["name"], success=outcome.success,
                                  summary=outcome.finish_summary, result=outcome.result,
                                  display=outcome.display))
    if outcome.data.get("staged") and outcome.data.get("pending_id"):
        _safe_emit(conv, ApprovalStaged(pending_id=str(outcome.data["pending_id"]),
                                        target=str(outcome.arguments.get("target", "")),
                                        action=str(outcome.arguments.get("action", "")),
                                        reason=str(outcome.data.get("reason") or "")))
    if conv.on_tool_outcome is not None:
        conv.on_tool_outcome(outcome)
    return outcome


CANCELLED_RESULT = '{"success": false, "error": "cancelled by the user"}'


def _answer_cancelled_calls(conv: Conversation) -> None:
    """Give every call of the last tool-call message that has no result yet a "cancelled"
    result, in the conversation and in the stored history, so the provider accepts the
    conversation after a cancel (an unanswered tool call is a 400 on every later request)."""
    last = next((i for i in range(len(conv.messages) - 1, -1, -1)
                 if conv.messages[i].get("role") == "assistant"), None)
    if last is None or not conv.messages[last].get("tool_calls"):
        return
    answered = {m.get("tool_call_id") for m in conv.messages[last + 1:] if m.get("role") == "tool"}
    first = True
    for call in conv.messages[last]["tool_calls"]:
        call_id = call.get("id")
        if not call_id or call_id in answered:
            continue
        name = (call.get("function") or {}).get("name") or "unknown"
        try:
            conv.history.append(conv.session_id, "tool", CANCELLED_RESULT, tool_call_id=call_id,
                                tool_name=name,
                                token_count=tokens.count_text(CANCELLED_RESULT, conv.model.name))
        except Exception:  # noqa: BLE001 - loading the session repairs unanswered calls anyway
            log.warning("could not store the cancelled tool result", exc_info=True)
        conv.messages.append({"role": "tool", "tool_call_id": call_id,
                              "content": CANCELLED_RESULT})
        if first:  # the call that was running when the cancel came (calls run one by one)
            _safe_emit(conv, ToolFinished(call_id=call_id, name=name, success=False,
                                          summary=f"{name} cancelled", result=CANCELLED_RESULT))
            first = False


def _store_partial(conv: Conversation, state: llm.StreamState,
                   checkpoint: ReplyCheckpoint) -> int | None:
    """Keep text that arrived before a break or a cancel, marked interrupted."""
    text = state.text
    if not text:
        return None
    # Stored without a secret that the stop cut short; the conversation keeps what was said.
    msg_id = checkpoint.store(redact_unfinished(text),
                              token_count=tokens.count_text(text, conv.model.name),
                              finish_reason="interrupted")
    conv.messages.append({"role": "assistant", "content": text})
    return msg_id


def _fail(conv: Conversation, err: llm.LLMError, state: llm.StreamState,
          checkpoint: ReplyCheckpoint, parts: list[str], user_text: str,
          user_id: int | None) -> TurnResult:
    partial_id = _store_partial(conv, state, checkpoint)
    text = "".join(parts) + state.text
    if partial_id is None and conv.messages and conv.messages[-1].get("role") == "user":
        # Nothing answered it: marked in the history, and left out of the next request
        # unless it is retried (hermes/agent/stored_history.py conversation_from_records).
        failed_id = user_id if user_id is not None else conv.failed_user_id
        if failed_id is not None:
            conv.history.mark(failed_id, "failed")
            conv.failed_user_id = failed_id
    message = err.for_interface(conv.interface)
    _safe_emit(conv, ErrorEvent(message=message, retryable=err.retryable,
                                kind="auth" if err.kind in ("auth", "config") else "provider"))
    done = TurnDone(session_id=conv.session_id, text=text, interrupted=bool(partial_id),
                    failed=not partial_id, assistant_message_id=partial_id,
                    extras={"error": message, "error_kind": err.kind})
    _safe_emit(conv, done)
    return TurnResult(done, user_text, text, user_id, partial_id)


def _drop_orphan(conv: Conversation) -> None:
    """A new message follows a failed one: the failed one leaves the conversation sent to the
    model (it stays in the history, marked failed)."""
    if conv.failed_user_id is not None and conv.messages and conv.messages[-1].get("role") == "user":
        conv.messages.pop()
    conv.failed_user_id = None


def _cancelled(conv: Conversation, state: llm.StreamState, checkpoint: ReplyCheckpoint,
               parts: list[str], user_text: str, user_id: int | None) -> TurnResult:
    _answer_cancelled_calls(conv)
    partial_id = _store_partial(conv, state, checkpoint)
    text = "".join(parts) + state.text
    done = TurnDone(session_id=conv.session_id, text=text, interrupted=bool(partial_id),
                    cancelled=True, assistant_message_id=partial_id)
    _safe_emit(conv, done)
    return TurnResult(done, user_text, text, user_id, partial_id)
