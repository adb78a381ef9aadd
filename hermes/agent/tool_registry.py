"""The tool registry: name → schema + dispatcher, argument checks, and short human summaries.

Whatever the model sends (broken JSON, an unknown tool, missing arguments, a tool that
raises), the model gets a JSON error result it can act on and the turn carries on.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hermes.plural import noun
from hermes.toolspec import (
    GENERIC_LOOK,
    NO_DISPLAY,
    JSONObject,
    ToolCall,
    ToolDisplay,
    ToolLook,
    ToolReply,
    ToolSpec,
    current_call_id,
    error_line,
    parse_result,
    preview,
    tool_error,
)

if TYPE_CHECKING:
    from hermes.config import Config
    from hermes.memory.memory_tool import MemoryTool
    from hermes.providers.guard import GuardedProvider
    from hermes.sessions.session_store import SessionStore
    from hermes.workspace.coding_tools import CodingTools
    from hermes.workspace.provenance import TurnSources

log = logging.getLogger("hermes.agent.tool_registry")

__all__ = ["ToolOutcome", "ToolRegistry", "build_registry", "known_looks", "look_for",
           "parse_arguments", "preview"]


@dataclass
class ToolOutcome:
    call_id: str
    name: str
    arguments: JSONObject
    result: str  # the JSON the model receives
    success: bool
    start_summary: str
    finish_summary: str
    data: JSONObject = field(default_factory=dict)  # the parsed result
    display: ToolDisplay = NO_DISPLAY  # ToolReply.display, for the UI


def parse_arguments(raw: str | None) -> tuple[JSONObject | None, str]:
    """The arguments object, or None and a message saying what is wrong with it."""
    if raw is None or not str(raw).strip():
        return {}, ""
    try:
        value = json.loads(raw)
    except (json.JSONDecodeError, TypeError, ValueError) as exc:
        return None, (f"The arguments are not valid JSON ({exc.msg if hasattr(exc, 'msg') else exc}"
                      f"). Send one JSON object and call the tool again.")
    if not isinstance(value, dict):
        return None, "The arguments must be a JSON object with named fields."
    return value, ""


def known_looks() -> dict[str, ToolLook]:
    """Every built-in tool's look by name, for drawing calls of a session that is not running
    (a resumed transcript) as well as live ones."""
    from hermes.memory.memory_tool import MEMORY_LOOK
    from hermes.providers.user_model_tools import LOOKS as USER_MODEL_LOOKS
    from hermes.sessions.search_tool import SESSION_SEARCH_LOOK, TOOL_NAME
    from hermes.skills.skill_tools import SKILL_LOOK
    from hermes.workspace.coding_lines import LOOKS as CODING_LOOKS

    return {"memory": MEMORY_LOOK, TOOL_NAME: SESSION_SEARCH_LOOK, **CODING_LOOKS,
            **USER_MODEL_LOOKS, "skill_view": SKILL_LOOK, "skill_manage": SKILL_LOOK}


def look_for(name: str) -> ToolLook:
    """The look of the tool `name`; the generic one for a tool Hermes does not know."""
    return known_looks().get(name, GENERIC_LOOK)


class ToolRegistry:
    """The tools of one session, in the order their schemas are sent: it registers ToolSpecs
    and dispatches calls to them; what a tool is and how it reads lives in its spec."""

    def __init__(self) -> None:
        self._tools: dict[str, ToolSpec] = {}
        # other names a model may use for a tool: alias → (tool name, argument translation)
        self._aliases: dict[str, tuple[str, Callable[[JSONObject], JSONObject | None]]] = {}

    def register(self, spec: ToolSpec) -> None:
        """Add a tool (a later one with the same name replaces it)."""
        self._tools[spec.name] = spec

    def alias(self, name: str, target: str,
              translate: Callable[[JSONObject], JSONObject | None]) -> None:
        """Accept calls to `name` as calls to the tool `target` (not offered in the schemas).

        `translate` maps the alias's arguments to the target's; None means the call has no
        equivalent, and the model is told to use the target instead."""
        if target in self._tools and name not in self._tools:
            self._aliases[name] = (target, translate)

    def get(self, name: str) -> ToolSpec | None:
        return self._tools.get(name)

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    @property
    def specs(self) -> list[ToolSpec]:
        return list(self._tools.values())

    def schemas(self) -> list[JSONObject]:
        """The schemas sent with every request, in registration order."""
        return [t.schema for t in self._tools.values()]

    def summarize_start(self, name: str, args: JSONObject) -> str:
        """The short line shown when a call starts."""
        spec = self._tools.get(name)
        return _line(spec.look if spec is not None else GENERIC_LOOK, ToolCall(name, args))

    async def call(self, call_id: str, name: str, raw_arguments: str | None) -> ToolOutcome:
        """Run one tool call; never raises (except cancellation)."""
        args, problem = parse_arguments(raw_arguments)
        shown = args if args is not None else {}
        start = self.summarize_start(name, shown)
        spec = self._tools.get(name)
        display = NO_DISPLAY
        summary = ""
        if spec is None and name in self._aliases and args is not None:
            target, translate = self._aliases[name]
            mapped = translate(args)
            if mapped is None:
                result = tool_error(f"{name} cannot do that here; call {target} instead (its "
                                    "schema is in your tool list).")
                return _outcome(call_id, name, shown, result, start, None, NO_DISPLAY, "")
            spec, args = self._tools[target], mapped
            raw_arguments = json.dumps(mapped, ensure_ascii=False)
        if spec is None:
            available = ", ".join(self._tools) or "none"
            result = tool_error(f"Unknown tool '{name}'. Available tools: {available}.")
        elif args is None:
            result = tool_error(problem)
        elif missing := [r for r in spec.required if args.get(r) in (None, "")]:
            result = tool_error(f"Missing required {noun(len(missing), 'argument')}: "
                                f"{', '.join(missing)}. Call {name} again with them.")
        else:
            token = current_call_id.set(call_id)
            try:
                out = spec.dispatch(raw_arguments if raw_arguments and raw_arguments.strip()
                                    else "{}")
                if inspect.isawaitable(out):
                    out = await out
                if isinstance(out, ToolReply):
                    display, summary = out.display, out.summary
                    result = out.result
                else:
                    result = out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
            except Exception as exc:  # noqa: BLE001 - any tool bug: the model gets the error, the log the trace
                log.warning("tool %s failed", name, exc_info=True)
                result = tool_error(f"The {name} tool failed: {preview(exc, 200) or 'no details'}"
                                    " (the Hermes log has the details).")
            finally:
                current_call_id.reset(token)
        return _outcome(call_id, name, shown, result, start, spec, display, summary)


def _line(look: ToolLook, call: ToolCall) -> str:
    try:
        return look.line(call)
    except Exception:  # noqa: BLE001 - a tool's wording must never break a turn
        log.warning("the line of tool %s failed", call.name, exc_info=True)
        return GENERIC_LOOK.line(call)


def _outcome(call_id: str, name: str, args: JSONObject, result: str, start: str,
             spec: ToolSpec | None, display: ToolDisplay, summary: str) -> ToolOutcome:
    data = parse_result(result)
    call = ToolCall(name, args, result, display)
    success = call.success
    if summary:  # the tool's own wording of how it went (headless output)
        finish = summary
    elif not success:
        finish = error_line(start, call)
    else:
        finish = _line(spec.look if spec is not None else GENERIC_LOOK, call)
    return ToolOutcome(call_id=call_id, name=name, arguments=args, result=result,
                       success=success, start_summary=start, finish_summary=finish, data=data,
                       display=display)


def in_thread(fn: Callable[[str], str]) -> Callable[[str], Awaitable[str]]:
    """An async dispatcher running the blocking `fn` in a worker thread."""

    async def dispatch(raw: str) -> str:
        return await asyncio.to_thread(fn, raw)

    return dispatch


def _recorded(dispatch: Callable[[str], str], label: str,
              sources: TurnSources | None) -> Callable[[str], str]:
    """`dispatch`, recording each result into this turn's sources under `label`."""
    if sources is None:
        return dispatch

    def recorded(raw: str) -> str:
        out = dispatch(raw)
        sources.record(label, out)
        return out

    return recorded


def build_registry(cfg: Config, store: SessionStore | None, session_id: str,
                   provider: GuardedProvider | None = None, *,
                   coding: CodingTools | None = None, turn_sources: TurnSources | None = None,
                   project_dir: str = "") -> tuple[ToolRegistry, MemoryTool]:
    """The tools of one session: memory, session_search (when history is available), the
    coding tools (when given and tools.enabled) and the user-model provider's tools. Returns
    (registry, the session's MemoryTool).

    `turn_sources` (this turn's file/command output) stages memory writes that copy from it;
    `project_dir` puts that project's sessions first in session_search."""
    from hermes.agent.scan_judge import make_judge
    from hermes.memory import MemoryTool, memory_tool_schema
    from hermes.memory.memory_tool import MEMORY_LOOK
    from hermes.providers.user_model_tools import LOOKS as USER_MODEL_LOOKS
    from hermes.sessions import SessionSearchTool, session_search_schema
    from hermes.sessions.search_tool import SESSION_SEARCH_LOOK, TOOL_NAME

    registry = ToolRegistry()
    judge = make_judge(cfg)
    # the origin gate reads this turn's sources; ConversationBuilder gives it the user's words
    memory_tool = MemoryTool(cfg.memory, origin="tool", session_id=session_id, judge=judge,
                             provenance=turn_sources.reason if turn_sources is not None else None,
                             sources=turn_sources)
    schema = memory_tool_schema(cfg.memory)
    if schema:
        # with a judge a write may wait on a model request: keep it off the event loop
        dispatch = memory_tool.dispatch if judge is None else in_thread(memory_tool.dispatch)
        registry.register(ToolSpec("memory", schema, dispatch, MEMORY_LOOK))
    if store is not None:
        search = SessionSearchTool(store, session_id, project_dir=project_dir)
        registry.register(ToolSpec(TOOL_NAME, session_search_schema(),
                                   _recorded(search.dispatch, "session_search", turn_sources),
                                   SESSION_SEARCH_LOOK))
    if coding is not None and cfg.tools.enabled:
        for spec in coding.specs():
            registry.register(spec)
    if provider is not None:
        for provider_schema in provider.tool_schemas() or []:
            name = provider_schema.get("function", {}).get("name", "")
            if not name or name in registry.names:
                continue

            async def dispatch(raw: str, _name: str = name) -> str:
                out = await provider.dispatch(_name, raw, session_id=session_id)
                if turn_sources is not None:  # what a provider says is a source, not the user
                    turn_sources.record(f"provider {_name}", out)
                return out

            registry.register(ToolSpec(name, provider_schema, dispatch,
                                       USER_MODEL_LOOKS.get(name, GENERIC_LOOK)))
        from hermes.providers.user_model_tools import ALIASES

        for alias, (target, translate) in ALIASES.items():
            registry.alias(alias, target, translate)
    return registry, memory_tool
