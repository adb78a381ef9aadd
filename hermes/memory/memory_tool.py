"""The `memory` tool: its OpenAI-format schema and the dispatcher the agent loop calls.

`MemoryTool.dispatch` takes the model's raw JSON arguments and always returns a JSON string;
it never raises. The CLI uses the same dispatcher with origin "cli".
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hermes import paths
from hermes.config import MemoryConfig
from hermes.memory.apply import Applied, apply_operations, limits_for, read_targets
from hermes.memory.journal import confirm
from hermes.memory.edits import (
    ACTIONS,
    Operation,
    OverLimit,
    Plan,
    Refusal,
    plan_operations,
    refuse_oversized,
)
from hermes.memory.origin import USER, Origin, Sources, UserWords, decide
from hermes.memory.pending import stage
from hermes.memory.screening import Judge, Provenance, Screener, flagged, reason_of
from hermes.memory.write_gate import GateDecision, gate, not_a_fact
from hermes.memory.memory_files import (
    TARGETS,
    char_limit,
    enabled_targets,
    entries_size,
    target_label,
    usage_text,
)
from hermes.plural import count
from hermes.security.overlap import Evidence
from hermes.security.scan import STAGE
from hermes.toolspec import ToolCall, ToolLook, pending_or_failed_line, preview

log = logging.getLogger("hermes.memory")

MAX_FAILURES_PER_TURN = 3
# Writers that are a person: what they write is the user's own (hermes/memory/origin.py).
PERSON_WRITERS = frozenset({"cli", "user", "editor", "approval"})
# Writers whose new fact, when the store is full, gets a staged proposal that makes room
# (the person's quick-add or remember request, and the review) instead of a refusal nobody
# reads; the agent gets the refusal and fixes it in the same turn, the CLI prints it.
MAKE_ROOM_WRITERS = frozenset({"user", "editor", "review"})
_FIELDS = ("action", "target", "content", "old_text")


def memory_tool_schema(cfg: MemoryConfig) -> dict[str, Any] | None:
    """The tool definition in OpenAI tools format; None when both stores are disabled."""
    targets = enabled_targets(cfg)
    if not targets:
        return None
    return {
        "type": "function",
        "function": {
            "name": "memory",
            "description": (
                "Save durable facts to memory (in your system prompt from the next session): "
                "add content, or replace/remove the entry containing old_text."),
            "parameters": {
                "type": "object",
                "properties": {
                    "action": {"type": "string", "enum": list(ACTIONS)},
                    # what each store holds is said once, in the prompt (prompt.memory_rules)
                    "target": {"type": "string", "enum": targets},
                    "content": {"type": "string"},
                    "old_text": {"type": "string"},
                    # Batch items are described, not spelled out as a schema: the schema is
                    # sent with every request (docs/local-models.md counts its tokens).
                    # (OpenAI refuses an array without items, so they are named an object.)
                    "operations": {"type": "array", "items": {"type": "object"},
                                   "description": "several edits at once, all or nothing: "
                                   "[{action, target, content, old_text}]"},
                },
                # nothing is required at the top: a batch names its targets per operation, and
                # MemoryTool checks every field itself with a clear error
                "required": [],
            },
        },
    }


def memory_line(call: ToolCall) -> str:
    """`memory +user "prefers tabs"`, `memory ~memory "old" → "new"`, `memory -user "old"`, and
    once done `→ saved (12% — 170/1,375 chars)`, `→ staged for approval` or `→ error: …`."""
    args = call.arguments
    ops = args.get("operations")
    action, target = args.get("action", "?"), args.get("target", "?")
    if isinstance(ops, list) and ops:
        start = f"memory {count(len(ops), 'operation')}"
    elif action == "add":
        start = f'memory +{target} "{preview(args.get("content"))}"'
    elif action == "replace":
        start = (f'memory ~{target} "{preview(args.get("old_text"), 20)}" → '
                 f'"{preview(args.get("content"), 30)}"')
    elif action == "remove":
        start = f'memory -{target} "{preview(args.get("old_text"))}"'
    else:
        start = f"memory {action} {target}"
    line = pending_or_failed_line(start, call)
    if line is not None:
        return line
    usage = call.data.get("usage")
    return f"{start} → saved" + (f" ({usage})" if usage else "")


MEMORY_LOOK = ToolLook("🧠", memory_line)


def _dumps(payload: dict[str, Any]) -> str:
    return json.dumps(payload, ensure_ascii=False)


def _error(message: str, **extra: Any) -> dict[str, Any]:
    return {"success": False, "error": message, **extra}


class MemoryTool:
    """Dispatches memory tool calls for one conversation (or the CLI, or a background review)."""

    def __init__(self, cfg: MemoryConfig, *, origin: str = "tool", session_id: str | None = None,
                 judge: Judge | None = None, provenance: Provenance | None = None,
                 said: Callable[[], Iterable[str]] | None = None, sources: Sources | None = None,
                 evidence: Sequence[Evidence] = ()) -> None:
        """`judge(text, rules_verdict) -> Verdict` double-checks texts; it can only make the
        outcome stricter (memory.scan_model wires one). `provenance(text)` names the
        file/command output a text repeats: such a write is staged whatever
        memory.write_approval says.

        The origin gate (hermes/memory/origin.py) runs when the writer is a person (origin
        cli/user/editor/approval: their own words) or when `said` (the user's messages this
        session, as typed) or `sources` (this turn's sources) is given; `evidence` adds
        sources of its own (the review's tool lines)."""
        self.cfg = cfg
        self.origin = origin
        self.session_id = session_id
        self.failures = 0
        self.screen = Screener(judge, provenance)
        self.said = said
        self.sources = sources
        self.evidence = tuple(evidence)
        self._proposal: str | None = None  # set by propose(): stage with this reason

    def reset_turn(self) -> None:
        """Call at the start of each user turn: the failure budget is per turn."""
        self.failures = 0

    def dispatch(self, arguments: str | dict[str, Any] | None) -> str:
        """Run one call from the model's JSON arguments; returns the JSON result."""
        return _dumps(self.call(arguments))

    def propose(self, arguments: str | dict[str, Any] | None, reason: str) -> dict[str, Any]:
        """Like call, but the edits are staged with `reason` whatever the settings (the
        review's retire, merge and rewrite proposals); nothing is applied."""
        self._proposal = reason
        try:
            return self.call(arguments)
        finally:
            self._proposal = None

    def call(self, arguments: str | dict[str, Any] | None) -> dict[str, Any]:
        """Like dispatch, but returns the result as a dict."""
        if self.failures >= MAX_FAILURES_PER_TURN:
            self.failures += 1
            return _error(f"The memory tool has failed {MAX_FAILURES_PER_TURN} times this turn. "
                          "Stop retrying memory writes and answer the user now.")
        try:
            result = self._run(arguments)
        except Refusal as exc:
            result = exc.payload
        except paths.UnsafePath as exc:
            log.warning("memory write refused: %s", exc)
            result = _error(f"Memory write refused: {exc}. Nothing was changed.")
        except OSError as exc:
            log.exception("memory tool failed")
            where = f" ({exc.filename})" if exc.filename else ""
            result = _error(f"Memory write failed: {exc.strerror or 'the file system refused'}"
                            f"{where}. Nothing was changed; the memory folder "
                            f"{paths.memories_dir()} must be writable by this user.")
        except Exception:  # the model gets one sentence; the log keeps the trace
            log.exception("memory tool failed")
            result = _error("Memory write failed because of an internal error (details are in "
                            "the Hermes log). Nothing was changed.")
        if not result.get("success"):
            self.failures += 1
        return result

    # ------------------------------------------------------------ internals

    def _parse(self, arguments: str | dict[str, Any] | None) -> list[Operation]:
        if arguments is None or arguments == "":
            args: Any = {}
        elif isinstance(arguments, str):
            try:
                args = json.loads(arguments)
            except json.JSONDecodeError as exc:
                raise Refusal(f"Arguments are not valid JSON ({exc.msg} at position {exc.pos}). "
                              "Send an object like {\"action\": \"add\", \"target\": \"memory\", "
                              "\"content\": \"...\"}.") from None
        else:
            args = arguments
        if not isinstance(args, dict):
            raise Refusal("Arguments must be a JSON object with action and target.")
        raw_ops = args.get("operations")
        if raw_ops is not None:
            if not isinstance(raw_ops, list) or not raw_ops:
                raise Refusal("operations must be a non-empty list of {action, target, content, "
                              "old_text} objects.")
            if args.get("content") or args.get("old_text"):
                raise Refusal("Give either operations or a single action with content/old_text, "
                              "not both.")
            items = raw_ops
        else:
            items = [args]
        ops = []
        for n, item in enumerate(items, 1):
            where = f"Operation {n}: " if raw_ops is not None else ""
            if not isinstance(item, dict):
                raise Refusal(f"{where}each operation must be an object.")
            merged = {k: item.get(k) for k in _FIELDS}
            if not merged["target"] and raw_ops is not None:
                merged["target"] = args.get("target")
            ops.append(self._operation(merged, where))
        return ops

    def _operation(self, item: dict[str, Any], where: str) -> Operation:
        action, target = item.get("action"), item.get("target")
        if action not in ACTIONS:
            got = f" (got {action!r})" if action else ""
            raise Refusal(f"{where}action must be add, replace or remove{got}. There is no read "
                          "action: memory is already in your system prompt.")
        if target not in TARGETS:
            got = f" (got {target!r})" if target else ""
            allowed = " or ".join(f"'{t}'" for t in enabled_targets(self.cfg)) or "nothing"
            raise Refusal(f"{where}target must be {allowed}{got}.")
        if target not in enabled_targets(self.cfg):
            key = {"memory": "memory_enabled", "user": "user_profile_enabled",
                   "project": "project_enabled"}[target]
            raise Refusal(f"{where}the {target_label(target).lower()} store is disabled "
                          f"(memory.{key} is false).")
        content, old_text = item.get("content") or "", item.get("old_text") or ""
        if not isinstance(content, str) or not isinstance(old_text, str):
            raise Refusal(f"{where}content and old_text must be strings.")
        return Operation(action, target, content, old_text)

    def _stage_reason(self, ops: list[Operation], plan: Plan) -> str | None:
        """Why this write waits for approval, or None when it applies at once."""
        if self._proposal is not None:
            return f"{plan.reason}; {self._proposal}" if plan.outcome == STAGE else self._proposal
        if plan.outcome == STAGE:  # suspicious text waits whatever the settings say
            return plan.reason
        if self.cfg.write_approval:
            return "memory.write_approval is on: every write waits for the user"
        if (self.origin == "review" and self.cfg.review_approval == "destructive"
                and any(op.action != "add" for op in ops)):
            return "memory.review_approval is destructive: the review's replace/remove wait"
        return None

    def _came_from(self, plan: Plan) -> str:
        """The origin kind of a staged write: its least trusted text's."""
        kinds = [d.origin.kind for c in plan.changes if c.after is not None
                 and (d := self.screen.decisions.get(c.after)) is not None]
        for kind in ("model", "source", "user"):
            if kind in kinds:
                return kind
        return "user" if self.origin in PERSON_WRITERS else ""

    def _staged_message(self, pending_id: str, reason: str) -> str:
        why = f" ({reason})" if reason else ""
        if self.origin in ("cli", "bundle"):  # a shell command: the CLI's own commands decide
            return (f"Staged for approval as {pending_id}{why}; not saved yet. Review it with "
                    f"`hermes memory pending`, then `hermes memory approve {pending_id}` or "
                    f"`hermes memory reject {pending_id}`.")
        return (f"Staged for the user's approval as {pending_id}{why}; it is not saved yet. The "
                "user reviews it in the app with /memory pending.")

    @property
    def gated(self) -> bool:
        """Whether this writer's texts go through the origin gate."""
        return (self.origin in PERSON_WRITERS or self.said is not None
                or self.sources is not None)

    def origin_of(self, text: str, replaced: str = "") -> Origin:
        """Where `text` came from, as the gate sees it."""
        if self.origin in PERSON_WRITERS:
            return USER
        words = UserWords.of(self.said() if self.said is not None else ())
        return decide(text, words, self.sources, self.evidence, replaced)

    def _decide(self, ops: list[Operation], stores: dict[str, list[str]]) -> None:
        """Refuse templates; give each new text its origin's decision (the screen applies it);
        a review proposal that nothing supports is refused as dropped."""
        for n, op in enumerate(ops, 1):
            if op.action == "remove" or not isinstance(op.content, str):
                continue
            text = op.content.replace("\r\n", "\n").strip()
            where = f"Operation {n}: " if len(ops) > 1 else ""
            why = not_a_fact(text)
            if why:
                raise Refusal(f"{where}Not saved: {why}. Save only facts the user stated or a "
                              "tool showed.", category="not a fact")
            if not self.gated or not text:
                continue
            replaced = ""
            # a person's own words need no support (origin_of): skip the scan of the store
            if op.action == "replace" and op.old_text and self.origin not in PERSON_WRITERS:
                # a merge (one replace and removes in one batch) keeps the standing of every
                # entry it joins: only what it adds to them needs support
                olds = [o.old_text for o in ops if o.target == op.target and o.old_text
                        and o.action in ("replace", "remove")]
                replaced = "\n".join(dict.fromkeys(
                    e for old in olds for e in stores.get(op.target, []) if old in e))
            decision: GateDecision = gate(self.origin_of(text, replaced), text, op.target,
                                          review=self.origin == "review")
            if decision.outcome == "drop":
                raise Refusal(f"{where}Not saved: nothing the user said or a tool showed supports "
                              f"it ({decision.reason}).", dropped=True, reason=decision.reason)
            self.screen.decisions[text] = decision

    def outcome_of(self, text: str, target: str = "memory") -> tuple[str, str]:
        """What adding `text` would do, without touching the stores: ("written" | "staged" |
        "blocked" | "refused" | "dropped", reason). For benches and dry runs; the settings
        (write_approval, limits) are left out."""
        self.screen.decisions.clear()
        try:
            self._decide([Operation("add", target, text)], {target: []})
            verdict = self.screen(text.strip())
        except Refusal as exc:
            payload = exc.payload
            kind = ("dropped" if payload.get("dropped")
                    else "refused" if payload.get("category") == "not a fact" else "blocked")
            return kind, str(payload.get("error", ""))
        finally:
            self.screen.decisions.clear()
        if verdict.outcome == STAGE:
            return "staged", reason_of(verdict)
        return ("blocked", reason_of(verdict)) if verdict.outcome != "allow" else ("written", "")

    def _run(self, arguments: str | dict[str, Any] | None) -> dict[str, Any]:
        self.screen.decisions.clear()
        proposal = self._proposal  # a make-room proposal sets its own reason for this call only
        try:
            return self._run_gated(arguments)
        finally:
            self.screen.decisions.clear()
            self._proposal = proposal

    def _run_gated(self, arguments: str | dict[str, Any] | None) -> dict[str, Any]:
        ops = self._parse(arguments)
        targets = sorted({op.target for op in ops})
        limits = limits_for(self.cfg, targets)
        stores = read_targets(self.cfg, targets)  # no lock: planning and the scan may be slow
        refuse_oversized(ops, stores, limits)  # before any scan: the scan is never fed a flood
        self._decide(ops, stores)
        try:
            plan = plan_operations(ops, stores, limits, self.screen)  # BLOCK raises here
        except OverLimit:
            room = self._room_proposal(ops, stores, limits)
            if room is None:
                raise
            ops, plan = room
        if not plan.changed:
            self._confirm(plan)
            return self._result(ops, plan.after, changed=False)
        reason = self._stage_reason(ops, plan)
        if reason is not None:
            record = stage(plan, ops, origin=self.origin, session_id=self.session_id,
                           reason=reason, came_from=self._came_from(plan),
                           flagged=any(c.verdict is not None and flagged(c.verdict)
                                       for c in plan.changes))
            result = self._result(ops, plan.before, changed=False)
            result.update(staged=True, pending_id=record.id, reason=reason,
                          message=self._staged_message(record.id, reason))
            return result
        applied = apply_operations(self.cfg, ops, origin=self.origin, session_id=self.session_id,
                                   screen=self.screen, planned=plan)
        self._confirm(applied.plan)
        return self._result(ops, applied.plan.after, changed=applied.journal is not None,
                            applied=applied)

    def _room_proposal(self, ops: list[Operation], stores: dict[str, list[str]],
                       limits: dict[str, int]) -> tuple[list[Operation], Plan] | None:
        """For one add that does not fit: the edits that retire the entries least recently
        confirmed and add it, staged with the reason (None when this writer gets the
        refusal, or no room can be made)."""
        if (self.origin not in MAKE_ROOM_WRITERS or len(ops) != 1 or ops[0].action != "add"
                or self._proposal is not None):
            return None
        from hermes.memory.ages import read_ages
        from hermes.memory.staleness import room_for, room_reason

        add = ops[0]
        text = add.content.replace("\r\n", "\n").strip()
        entries = stores[add.target]
        ages = read_ages(self.cfg, {add.target: entries})[add.target]
        retired = room_for(text, ages, limits[add.target])
        if not retired:
            return None
        room = [Operation("remove", add.target, old_text=e, exact=True) for e in retired]
        new_ops = [*room, add]
        plan = plan_operations(new_ops, stores, limits, self.screen)
        gone = [a for a in ages if a.entry in retired]
        self._proposal = room_reason(self.cfg, add.target, entries, gone, text)
        return new_ops, plan

    def _confirm(self, plan: Plan) -> None:
        """Journal the entries this call re-stated without changing them (an add of an entry
        already there, a replace with the same text): they count as confirmed (ages.py). Not
        when only the model stands behind the text."""
        by_target: dict[str, list[str]] = {}
        for change in plan.changes:
            if change.changed or change.after is None or change.after not in plan.after[change.target]:
                continue
            decision = self.screen.decisions.get(change.after)
            if decision is not None and decision.origin.kind == "model":
                continue
            by_target.setdefault(change.target, []).append(change.after)
        for target, entries in by_target.items():
            confirm(target, entries, origin=self.origin, session_id=self.session_id)

    def _result(self, ops: list[Operation], stores: dict[str, list[str]], *, changed: bool,
                applied: Applied | None = None) -> dict[str, Any]:
        targets = list(dict.fromkeys(op.target for op in ops))
        action = ops[0].action if len(ops) == 1 else "batch"
        usage = {t: usage_text(entries_size(stores[t]), char_limit(self.cfg, t)) for t in targets}
        counts = {t: len(stores[t]) for t in targets}
        one = len(targets) == 1
        result: dict[str, Any] = {
            "success": True,
            "action": action,
            "target": targets[0] if one else "+".join(targets),
            "changed": changed,
            "message": self._message(ops, applied, changed),
            "usage": usage[targets[0]] if one else usage,
            "entry_count": counts[targets[0]] if one else counts,
        }
        if applied and applied.journal:
            result["change_id"] = applied.journal.id
        return result

    def _message(self, ops: list[Operation], applied: Applied | None, changed: bool) -> str:
        if len(ops) > 1:
            return (f"Applied {len(ops)} operations." if changed
                    else "Nothing changed: the operations leave memory as it was.")
        op = ops[0]
        where = target_label(op.target).lower()
        if op.action == "add":
            return f"Added to {where}." if changed else f"Already in {where}; nothing added."
        if op.action == "replace":
            return f"Entry replaced in {where}." if changed else "Entry already reads so; unchanged."
        return f"Entry removed from {where}."

