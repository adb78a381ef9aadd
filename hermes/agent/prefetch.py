"""What the code does for the model before the first request of a turn.

Two things a small model does not do reliably by itself (issue 24): saving what the person
asked to remember (hermes/agent/remember.py), and searching past sessions when asked about an
earlier conversation (hermes/agent/recall.py). Both run here, before the model is called; the
search leaves a finished session_search call in the conversation, which the model reads as
its own, and the saved facts leave a note after the user's message.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from hermes.agent import code_question, recall, remember
from hermes.agent.conversation import Conversation, safe_emit
from hermes.agent.events import Notice
from hermes.agent.stored_history import tool_calls_json
from hermes.agent.tool_registry import ToolOutcome

log = logging.getLogger("hermes.agent.prefetch")

RunTool = Callable[[Conversation, dict[str, str]], Awaitable[ToolOutcome]]


@dataclass
class Prepared:
    """What was done before the reply: the remembered facts and the calls already made."""

    saved: remember.Saved | None = None
    calls: list[tuple[str, str]] = field(default_factory=list)  # (name, arguments) run here
    tool_lines: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)  # what a lookup found, for a reply without text

    def answer_instead(self, name: str, arguments: str) -> str | None:
        """The result for a model's memory `add` in a turn whose facts Hermes saved already:
        it is answered, not run (its paraphrase, or a template, would be a second copy)."""
        if name != "memory" or self.saved is None or not self.saved.saved:
            return None
        try:
            args = json.loads(arguments or "{}")
        except ValueError:
            args = None
        if not isinstance(args, dict):
            return None
        ops = args.get("operations") if isinstance(args.get("operations"), list) else [args]
        if not ops or not all(isinstance(op, dict) and op.get("action") == "add" for op in ops):
            return None
        return json.dumps({"success": True, "changed": False, "message": (
            "Already saved: Hermes saved the user's own words before this call. Do not call "
            "memory again; answer the user.")})


def call_key(name: str, arguments: str) -> tuple[str, str]:
    """A call's identity: its name and its arguments with keys sorted (two spellings of the
    same call are one call)."""
    try:
        value = json.loads(arguments or "{}")
        return name, json.dumps(value, sort_keys=True, ensure_ascii=False)
    except ValueError:
        return name, (arguments or "").strip()


async def before_reply(conv: Conversation, user_text: str, run_tool: RunTool) -> Prepared:
    """Save a remember request's facts and pre-fetch past sessions for a question about an
    earlier conversation; never raises (the turn goes on without them)."""
    prepared = Prepared()
    try:
        if conv.cfg.memory.memory_enabled or conv.cfg.memory.user_profile_enabled:
            _remember(conv, user_text, prepared)
    except Exception:  # noqa: BLE001 - the model may still save it; the turn goes on
        log.warning("could not save what the user asked to remember", exc_info=True)
    try:
        if recall.asks_about_user(user_text):
            _recall_memory(conv, prepared)
    except Exception:  # noqa: BLE001 - the frozen memory is still in the prompt
        log.warning("could not read memory for a question about the user", exc_info=True)
    try:
        if "session_search" in conv.registry.names and recall.refers_to_past(user_text):
            await _search_past(conv, user_text, run_tool, prepared)
    except Exception:  # noqa: BLE001 - the model can still search itself
        log.warning("session search before the reply failed", exc_info=True)
    try:
        name = code_question.code_name(user_text)
        if name and {"search_files", "read_file"} <= set(conv.registry.names):
            await _look_up_code(conv, name, run_tool, prepared)
    except Exception:  # noqa: BLE001 - the model can still search itself
        log.warning("code search before the reply failed", exc_info=True)
    return prepared


def _note_after_user(conv: Conversation, note: str) -> None:
    """Add a note to the user's message as the model reads it (the stored message stays as
    the person wrote it)."""
    if note and conv.messages and conv.messages[-1].get("role") == "user":
        conv.messages[-1] = {**conv.messages[-1],
                             "content": f"{conv.messages[-1]['content']}\n\n{note}"}


def _recall_memory(conv: Conversation, prepared: Prepared) -> None:
    """Put the memory's entries after a question about the user (see recall.memory_note)."""
    from hermes.memory import enabled_targets, read_entries

    entries = [e for target in enabled_targets(conv.cfg.memory)
               for e in read_entries(conv.cfg.memory, target)]
    note = recall.memory_note(entries)
    _note_after_user(conv, note)
    if note:
        prepared.found.extend(line[2:] for line in note.splitlines() if line.startswith("- "))


def _remember(conv: Conversation, user_text: str, prepared: Prepared) -> None:
    if not remember.asks_to_remember(user_text):
        return
    saved = remember.save_stated(conv.cfg.memory, conv.session_id, user_text)
    prepared.saved = saved
    _note_after_user(conv, saved.note())
    if saved.summary():
        prepared.tool_lines.append(saved.summary())
    if saved.saved and not saved.staged and conv.cfg.display.memory_notifications != "off":
        for target in dict.fromkeys(f.target for f in saved.saved):
            details = "; ".join(f.text for f in saved.saved if f.target == target)
            safe_emit(conv, Notice(kind="user" if target == "user" else "memory",
                                   text="User profile updated" if target == "user" else "Memory updated",
                                   detail=details if conv.cfg.display.memory_notifications == "verbose" else ""))


# Each message of the recall's results is cut to this many characters: the result is the part
# of the request the server's cache cannot hold, and a 1.5B model read 500-character windows
# at 120-230 tokens/s (the "last time" first token was 5.2 s in one of three runs; it says the
# message was cut, and the model can read on with session_id).
RECALL_MESSAGE_CHARS = 240


async def _search_past(conv: Conversation, user_text: str, run_tool: RunTool,
                       prepared: Prepared) -> None:
    query = recall.search_words(user_text)
    outcome = await _call(conv, run_tool, prepared, "session_search",
                          {"query": query, "max_chars": RECALL_MESSAGE_CHARS} if query else {})
    found = outcome.data.get("results") or outcome.data.get("sessions")
    if query and not found:  # nothing matched the topic words: the latest sessions instead
        _out_of_view(conv)
        await _call(conv, run_tool, prepared, "session_search", {})


async def _look_up_code(conv: Conversation, name: str, run_tool: RunTool,
                        prepared: Prepared) -> None:
    """search_files for the name's definition (else the name), then read_file around it."""
    outcome = await _call(conv, run_tool, prepared, "search_files",
                          {"pattern": code_question.definition_pattern(name)})
    hit = code_question.first_hit(outcome.result)
    if hit is None:
        outcome = await _call(conv, run_tool, prepared, "search_files", {"pattern": re.escape(name)})
        hit = code_question.first_hit(outcome.result)
    if hit is not None:
        path, line = hit
        prepared.found.append(code_question.hit_line(outcome.result, path, line))
        _out_of_view(conv)
        await _call(conv, run_tool, prepared, "read_file",
                    {"path": path, "offset": max(1, line - 2), "limit": 30})


def _out_of_view(conv: Conversation) -> None:
    """Take the last finished call out of what the model reads (it stays in the history and
    on the person's screen). After two rounds of calls it had not made, the 1.5B model ended
    its reply at once in 6/6 runs; with the last call alone it answered from it
    (bench/real_model_bench.py), and the read_file result names the file the search found."""
    if (len(conv.messages) >= 2 and conv.messages[-1].get("role") == "tool"
            and conv.messages[-2].get("tool_calls")):
        del conv.messages[-2:]


async def _call(conv: Conversation, run_tool: RunTool, prepared: Prepared, name: str,
                args: dict[str, str | int]) -> ToolOutcome:
    """Run a tool as a finished call of the conversation (stored like the model's own)."""
    tc = {"id": f"call_{uuid.uuid4().hex[:12]}", "name": name,
          "arguments": json.dumps(args, ensure_ascii=False)}
    call_json = tool_calls_json([tc])
    conv.history.append(conv.session_id, "assistant", "", tool_calls=call_json,
                        finish_reason="tool_calls")
    conv.messages.append({"role": "assistant", "content": "", "tool_calls": call_json})
    outcome = await run_tool(conv, tc)
    prepared.calls.append(call_key(tc["name"], tc["arguments"]))
    prepared.tool_lines.append(outcome.finish_summary)
    return outcome
