"""The tool registry: name → schema + dispatcher, argument checks, and short human summaries.

Whatever the model sends (broken JSON, an unknown tool, missing arguments, a tool that
raises), the model gets a JSON error result it can act on and the turn carries on.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hermes.config import Config
    from hermes.memory.memory_tool import MemoryTool
    from hermes.providers.guard import GuardedProvider
    from hermes.sessions.session_store import SessionStore
    from hermes.workspace.coding_tools import CodingTools
    from hermes.workspace.provenance import TurnSources

from hermes.plural import count, noun

log = logging.getLogger("hermes.agent.tool_registry")


@dataclass(frozen=True)
class ToolReply:
    """A dispatcher's richer answer: the result for the model, what the UI draws (see
    ToolFinished.display) and the finished line, when the tool words it itself."""

    result: str
    display: dict[str, Any] = field(default_factory=dict)
    summary: str = ""


Dispatch = Callable[[str], "str | ToolReply | Awaitable[str] | Awaitable[ToolReply]"]

# The id of the call being dispatched, for tools that stream output or ask for approval.
current_call_id: contextvars.ContextVar[str] = contextvars.ContextVar("current_call_id",
                                                                       default="")


@dataclass
class Tool:
    """One tool the model may call. `dispatch` takes the raw JSON arguments, returns JSON."""

    name: str
    schema: dict[str, Any]
    dispatch: Dispatch
    describe: Callable[[dict[str, Any]], str] | None = None
    describe_result: Callable[[dict[str, Any], dict[str, Any]], str] | None = None

    @property
    def required(self) -> list[str]:
        params = self.schema.get("function", self.schema).get("parameters") or {}
        return [str(r) for r in params.get("required") or []]


@dataclass
class ToolOutcome:
    call_id: str
    name: str
    arguments: dict[str, Any]
    result: str  # the JSON the model receives
    success: bool
    start_summary: str
    finish_summary: str
    data: dict[str, Any] = field(default_factory=dict)  # the parsed result
    display: dict[str, Any] = field(default_factory=dict)  # ToolReply.display, for the UI


def error_result(message: str, **extra: Any) -> str:
    """The JSON a model gets when its tool call cannot run."""
    return json.dumps({"success": False, "error": message, **extra}, ensure_ascii=False)


def preview(text: Any, limit: int = 40) -> str:
    """One line, at most `limit` characters, for a summary."""
    one = " ".join(str(text or "").split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def parse_arguments(raw: str | None) -> tuple[dict[str, Any] | None, str]:
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


class ToolRegistry:
    """The tools of one session, in the order their schemas are sent."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}
        # other names a model may use for a tool: alias → (tool name, argument translation)
        self._aliases: dict[str, tuple[str, Callable[[dict[str, Any]], dict[str, Any] | None]]] = {}

    def register(self, tool: Tool) -> None:
        """Add a tool (a later one with the same name replaces it)."""
        self._tools[tool.name] = tool

    def alias(self, name: str, target: str,
              translate: Callable[[dict[str, Any]], dict[str, Any] | None]) -> None:
        """Accept calls to `name` as calls to the tool `target` (not offered in the schemas).

        `translate` maps the alias's arguments to the target's; None means the call has no
        equivalent, and the model is told to use the target instead."""
        if target in self._tools and name not in self._tools:
            self._aliases[name] = (target, translate)

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def schemas(self) -> list[dict[str, Any]]:
        """The schemas sent with every request, in registration order."""
        return [t.schema for t in self._tools.values()]

    def summarize_start(self, name: str, args: dict[str, Any]) -> str:
        """The short line shown when a call starts."""
        tool = self._tools.get(name)
        if tool is not None and tool.describe is not None:
            try:
                return tool.describe(args)
            except Exception:  # noqa: BLE001 - a summary must never break a turn
                pass
        inner = ", ".join(f"{k}={preview(v, 24)}" for k, v in list(args.items())[:3])
        return f"{name or '?'}({inner})"

    async def call(self, call_id: str, name: str, raw_arguments: str | None) -> ToolOutcome:
        """Run one tool call; never raises (except cancellation)."""
        args, problem = parse_arguments(raw_arguments)
        shown = args if args is not None else {}
        start = self.summarize_start(name, shown)
        tool = self._tools.get(name)
        display: dict[str, Any] = {}
        summary = ""
        if tool is None and name in self._aliases and args is not None:
            target, translate = self._aliases[name]
            mapped = translate(args)
            if mapped is None:
                return self._refused_alias(call_id, name, shown, start, target)
            tool, args = self._tools[target], mapped
            raw_arguments = json.dumps(mapped, ensure_ascii=False)
        if tool is None:
            available = ", ".join(self._tools) or "none"
            result = error_result(f"Unknown tool '{name}'. Available tools: {available}.")
        elif args is None:
            result = error_result(problem)
        elif missing := [r for r in tool.required if args.get(r) in (None, "")]:
            result = error_result(f"Missing required {noun(len(missing), 'argument')}: {', '.join(missing)}. "
                                  f"Call {name} again with them.")
        else:
            token = current_call_id.set(call_id)
            try:
                out = tool.dispatch(raw_arguments if raw_arguments and raw_arguments.strip()
                                    else "{}")
                if inspect.isawaitable(out):
                    out = await out
                if isinstance(out, ToolReply):
                    display, summary = out.display, out.summary
                    result = out.result
                else:
                    result = out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
            except Exception as exc:  # noqa: BLE001 - the model gets the error, the log the trace
                log.warning("tool %s failed", name, exc_info=True)
                result = error_result(f"The {name} tool failed: {type(exc).__name__}: "
                                      f"{preview(exc, 200)}")
            finally:
                current_call_id.reset(token)
        data = _parse_result(result)
        success = bool(data.get("success", "error" not in data))
        finish = summary or _finish_summary(tool, start, shown, data, success)
        return ToolOutcome(call_id=call_id, name=name, arguments=shown, result=result,
                           success=success, start_summary=start, finish_summary=finish, data=data,
                           display=display)


    def _refused_alias(self, call_id: str, name: str, args: dict[str, Any], start: str,
                       target: str) -> ToolOutcome:
        result = error_result(f"{name} cannot do that here; call {target} instead (its schema"
                              " is in your tool list).")
        data = _parse_result(result)
        return ToolOutcome(call_id=call_id, name=name, arguments=args, result=result,
                           success=False, start_summary=start,
                           finish_summary=_finish_summary(None, start, args, data, False), data=data)


def _parse_result(result: str) -> dict[str, Any]:
    try:
        value = json.loads(result)
    except (json.JSONDecodeError, TypeError):
        return {"success": True, "output": result}
    return value if isinstance(value, dict) else {"success": True, "output": value}


def _finish_summary(tool: Tool | None, start: str, args: dict[str, Any], data: dict[str, Any],
                    success: bool) -> str:
    if not success:
        return f"{start} → error: {preview(data.get('error'), 60)}"
    if tool is not None and tool.describe_result is not None:
        try:
            return tool.describe_result(args, data)
        except Exception:  # noqa: BLE001
            pass
    return f"{start} → ok"


# ---------------------------------------------------------------- built-in summaries


def describe_memory(args: dict[str, Any]) -> str:
    """`memory +user "prefers tabs"`, `memory ~memory "old" → "new"`, `memory -user "old"`."""
    ops = args.get("operations")
    if isinstance(ops, list) and ops:
        return f"memory {count(len(ops), 'operation')}"
    action, target = args.get("action", "?"), args.get("target", "?")
    if action == "add":
        return f'memory +{target} "{preview(args.get("content"))}"'
    if action == "replace":
        return (f'memory ~{target} "{preview(args.get("old_text"), 20)}" → '
                f'"{preview(args.get("content"), 30)}"')
    if action == "remove":
        return f'memory -{target} "{preview(args.get("old_text"))}"'
    return f"memory {action} {target}"


def describe_memory_result(args: dict[str, Any], data: dict[str, Any]) -> str:
    """`memory +user "prefers tabs" → saved (12% — 170/1,375 chars)` or `→ staged …`."""
    start = describe_memory(args)
    if data.get("staged"):
        return f"{start} → staged for approval"
    usage = data.get("usage")
    return f"{start} → saved" + (f" ({usage})" if usage else "")


def describe_search(args: dict[str, Any]) -> str:
    """`session_search "auth refactor"`, or the scroll/read/browse form."""
    if args.get("query"):
        return f'session_search "{preview(args["query"])}"'
    if args.get("session_id"):
        return f"session_search read {preview(args['session_id'], 28)}"
    return "session_search recent"


def _count_of(data: dict[str, Any]) -> tuple[int, str] | None:
    for key, what in (("results", "sessions"), ("sessions", "sessions"), ("messages", "messages")):
        value = data.get(key)
        if isinstance(value, list):
            return len(value), what
    for key in ("count", "total"):
        if isinstance(data.get(key), int):
            return data[key], "results"
    return None


def describe_search_result(args: dict[str, Any], data: dict[str, Any]) -> str:
    """`session_search "auth refactor" → 3 sessions`."""
    start = describe_search(args)
    counted = _count_of(data)
    if counted is None:
        return f"{start} → ok"
    n, what = counted
    return f"{start} → {count(n, what.removesuffix('s'))}"


def in_thread(fn: Callable[[str], str]) -> Callable[[str], Awaitable[str]]:
    """An async dispatcher running the blocking `fn` in a worker thread."""

    async def dispatch(raw: str) -> str:
        return await asyncio.to_thread(fn, raw)

    return dispatch


def register_coding_tools(registry: ToolRegistry, coding: CodingTools) -> None:
    """The six coding tools (hermes/workspace/coding_tools.py), after the built-in ones."""
    from hermes.workspace.coding_tools import SCHEMAS, describe

    dispatchers = coding.dispatchers()
    for schema in SCHEMAS:
        name = schema["function"]["name"]

        async def dispatch(raw: str, _name: str = name) -> ToolReply:
            reply = await dispatchers[_name](raw, current_call_id.get())
            return ToolReply(reply.result, reply.display, reply.summary)

        def describe_call(args: dict[str, Any], _name: str = name) -> str:
            return describe(_name, args)

        registry.register(Tool(name, schema, dispatch, describe_call))


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
    from hermes.sessions import SessionSearchTool, session_search_schema

    registry = ToolRegistry()
    judge = make_judge(cfg)
    memory_tool = MemoryTool(cfg.memory, origin="tool", session_id=session_id, judge=judge,
                             provenance=turn_sources.reason if turn_sources is not None else None)
    schema = memory_tool_schema(cfg.memory)
    if schema:
        # with a judge a write may wait on a model request: keep it off the event loop
        dispatch = memory_tool.dispatch if judge is None else in_thread(memory_tool.dispatch)
        registry.register(Tool("memory", schema, dispatch, describe_memory,
                               describe_memory_result))
    if store is not None:
        search = SessionSearchTool(store, session_id, project_dir=project_dir)
        registry.register(Tool("session_search", session_search_schema(), search.dispatch,
                               describe_search, describe_search_result))
    if coding is not None and cfg.tools.enabled:
        register_coding_tools(registry, coding)
    if provider is not None:
        for provider_schema in provider.tool_schemas() or []:
            name = provider_schema.get("function", {}).get("name", "")
            if not name or name in registry.names:
                continue

            async def dispatch(raw: str, _name: str = name) -> str:
                return await provider.dispatch(_name, raw, session_id=session_id)

            registry.register(Tool(name, provider_schema, dispatch))
        from hermes.providers.user_model_tools import ALIASES

        for alias, (target, translate) in ALIASES.items():
            registry.alias(alias, target, translate)
    return registry, memory_tool
