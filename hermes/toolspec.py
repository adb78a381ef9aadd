"""The one contract every tool the model may call follows, at the bottom layer.

A tool is one `ToolSpec`: its name, the schema sent to the model, the dispatcher, and its
`ToolLook` (the icon and the line a person reads). The line comes from one function for the
live call and for a resumed session, so the two cannot differ: live, it gets the call's
arguments, parsed result and display data; on resume, the stored arguments and result, and the
display data the look rebuilds from that result. Memory, sessions, workspace, providers and
agent all import this module; it imports nothing of Hermes.
"""

from __future__ import annotations

import contextvars
import json
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Literal

from hermes.jsontypes import JsonObject, JsonValue

# A parsed JSON object as tools exchange them (arguments, results); the older name of JsonObject.
JSONObject = JsonObject

ToolKind = Literal["", "read", "list", "search", "edit", "write", "command"]


@dataclass(frozen=True)
class ToolDisplay:
    """What the UI draws of a coding tool's call besides its line (empty for other tools)."""

    kind: ToolKind = ""
    path: str = ""  # relative to the project root (read, edit, write)
    glob: str = ""  # list, search
    pattern: str = ""  # search
    first: int | None = None  # lines shown (read)
    last: int | None = None
    total: int | None = None  # the file's lines (read), files (list), matches (search)
    added: int | None = None  # line counts of the change (edit, write)
    removed: int | None = None
    diff: str = ""  # the unified diff (edit, write)
    command: str = ""  # the command line (command)
    exit_code: int | None = None  # None when it was stopped (command)
    output_tail: str = ""  # the last lines of the output (command)
    timed_out: bool = False
    denied: bool = False  # the person (or the lack of an approver) refused it
    note: str = ""  # the person's note with a denial

    @property
    def blank(self) -> bool:
        """Nothing to draw beyond the line (a tool that is not a coding tool)."""
        return self == NO_DISPLAY


NO_DISPLAY = ToolDisplay()


@dataclass(frozen=True)
class ToolReply:
    """A dispatcher's richer answer: the result for the model, what the UI draws and the
    finished summary for headless output ("" = the look's line)."""

    result: str
    display: ToolDisplay = NO_DISPLAY
    summary: str = ""


# The id of the call being dispatched, for tools that stream output or ask for approval.
current_call_id: contextvars.ContextVar[str] = contextvars.ContextVar("current_call_id", default="")

Dispatch = Callable[[str], "str | ToolReply | Awaitable[str] | Awaitable[ToolReply]"]


def tool_error(message: str, **extra: object) -> str:
    """The JSON a model gets when its tool call cannot run or failed: one line it can act on."""
    return json.dumps({"success": False, "error": message, **extra}, ensure_ascii=False)


def parse_result(result: str | None) -> JSONObject:
    """A tool result as an object: JSON results as they are, plain text as its `output`."""
    if result is None:
        return {}
    try:
        value = json.loads(result)
    except (json.JSONDecodeError, TypeError):
        return {"success": True, "output": result}
    return value if isinstance(value, dict) else {"success": True, "output": value}


def preview(text: object, limit: int = 40) -> str:
    """One line, at most `limit` characters, for a summary."""
    one = " ".join(str(text or "").split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


@dataclass(frozen=True)
class ToolCall:
    """One call as its line is drawn from: running (`result` None) or done, live or stored."""

    name: str
    arguments: Mapping[str, JsonValue]
    result: str | None = None  # what the model received; None while running or never answered
    display: ToolDisplay = NO_DISPLAY

    @property
    def done(self) -> bool:
        return self.result is not None

    @property
    def data(self) -> JSONObject:
        """The parsed result ({} while running)."""
        return parse_result(self.result)

    @property
    def success(self) -> bool:
        data = self.data
        return bool(data.get("success", "error" not in data)) if self.done else True


def error_line(start: str, call: ToolCall) -> str:
    """`<start> → error: <the error>`: the line of a failed call, for looks without their own."""
    return f"{start} → error: {preview(call.data.get('error'), 60)}"


def pending_or_failed_line(start: str, call: ToolCall) -> str | None:
    """The line of a call still running, failed, or staged for approval; None once it applied
    (the look then says what it did)."""
    if not call.done:
        return start
    if not call.success:
        return error_line(start, call)
    if call.data.get("staged"):
        return f"{start} → staged for approval"
    return None


def generic_line(call: ToolCall) -> str:
    """`name(a=1, b=x)` and `→ ok`/`→ error: …` once done: the line of a tool with no words."""
    inner = ", ".join(f"{k}={preview(v, 24)}" for k, v in list(call.arguments.items())[:3])
    start = f"{call.name or '?'}({inner})"
    if not call.done:
        return start
    return f"{start} → ok" if call.success else error_line(start, call)


def no_display(arguments: Mapping[str, JsonValue], result: str) -> ToolDisplay:
    """The stored-display rebuilder of tools whose line needs only arguments and result."""
    return NO_DISPLAY


@dataclass(frozen=True)
class ToolLook:
    """What a person sees of a tool: the icon and the transcript line.

    `line` gets the call and returns the line after the icon. `stored_display` rebuilds, from
    a stored call's arguments and result, the display data the live dispatcher gave (what the
    line and an expandable body read). `expandable` tools get a line that opens on a diff or
    the command output."""

    icon: str
    line: Callable[[ToolCall], str]
    stored_display: Callable[[Mapping[str, JsonValue], str], ToolDisplay] = no_display
    expandable: bool = False

    def text(self, call: ToolCall) -> str:
        """The whole line, icon first; a look whose line already starts with it keeps one."""
        line = self.line(call)
        return line if line.startswith(self.icon) else f"{self.icon} {line}"

    def stored_call(self, name: str, arguments: Mapping[str, JsonValue], result: str | None) -> ToolCall:
        """The call of a resumed session, with the display data rebuilt from its result."""
        display = self.stored_display(arguments, result) if result else NO_DISPLAY
        return ToolCall(name, arguments, result, display)


GENERIC_LOOK = ToolLook("🔧", generic_line)


@dataclass(frozen=True)
class ToolSpec:
    """One tool the model may call: name, schema (OpenAI tools format), dispatcher, look.

    `dispatch` takes the raw JSON arguments and returns the result (or a ToolReply), possibly
    awaitable; the registry turns anything it raises into a tool_error for the model.
    `spec_problems` says what a spec lacks (tests/foundation/test_tool_specs.py runs it over
    every tool the registry can hold)."""

    name: str
    schema: JSONObject
    dispatch: Dispatch
    look: ToolLook

    @property
    def required(self) -> list[str]:
        function = self.schema.get("function", self.schema)
        params = function.get("parameters") if isinstance(function, dict) else None
        names = params.get("required") if isinstance(params, dict) else None
        return [str(r) for r in names] if isinstance(names, list) else []


def spec_problems(spec: ToolSpec) -> list[str]:
    """What a spec lacks (empty when whole): a name, a schema naming it, a dispatcher, a look."""
    problems: list[str] = []
    if not spec.name:
        problems.append("no name")
    function = spec.schema.get("function") if isinstance(spec.schema, dict) else None
    if not isinstance(function, dict) or function.get("name") != spec.name:
        problems.append("the schema does not name the tool")
    elif not function.get("description"):
        problems.append("the schema has no description")
    if not callable(spec.dispatch):
        problems.append("no dispatcher")
    if not isinstance(spec.look, ToolLook) or not spec.look.icon or not callable(spec.look.line):
        problems.append("no icon or line for people")
    return problems
