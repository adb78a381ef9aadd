"""The six coding tools' lines for people, live and on resume, from one function.

`📄 read a.py (1–120 of 300)`, `📁 list *.py → 12 files`, `🔎 search "TODO" → 3 matches`,
`✏️ edit a.py +3 −1`, `📝 write n.md +2 −0`, `$ pytest -q`. Live, the line reads the display
data the tool returned (hermes/workspace/coding_tools.py); on resume, `stored_display` rebuilds
that data from the stored arguments and the result the model got, which carries enough for
the same line and, for a command, the output the model saw.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from hermes.jsontypes import JsonValue
from hermes.toolspec import NO_DISPLAY, JSONObject, ToolCall, ToolDisplay, ToolLook

ICONS = {"read_file": "📄", "list_files": "📁", "search_files": "🔎", "edit_file": "✏️",
         "write_file": "📝", "run_command": "$"}
OUTPUT_TAIL = 20  # lines of command output kept for the collapsed line and a resumed one

# read_file's first result line: "pkg/a.py: lines 1–120 of 300; read more with offset=121"
_READ_HEAD = re.compile(r"^(?P<path>.+): lines (?P<first>\d+)–(?P<last>\d+) of (?P<total>\d+)")
# run_command's first result line: "exit code 1; 2,048 bytes of output" or "timed out after 5 s…"
_EXIT_HEAD = re.compile(r"^exit code (?P<code>-?\d+)")
TIMED_OUT = "timed out after "
# list/search's last line when the cap left some out: "[… 1,204 more files left out; narrow the glob]"
_LEFT_OUT = re.compile(r"^\[… (?P<count>[\d,]+) more \w+ left out; ")
NO_FILES, NO_MATCHES = "no files match", "no matches"


def _total(total: int | None, one: str, many: str) -> str:
    return "" if total is None else f" → {total:,} {one if total == 1 else many}"


def coding_line(call: ToolCall) -> str:
    """The line of a coding tool call, its icon first (the outcome words are drawn apart)."""
    args, shown = call.arguments, call.display
    name = call.name
    icon = ICONS.get(name, "🔧")
    path = str(shown.path or args.get("path") or "")
    if name == "read_file":
        first, last, total = shown.first, shown.last, shown.total
        if first is not None and last is not None and total:
            return f"{icon} read {path} ({first:,}–{last:,} of {total:,})"
        return f"{icon} read {path}" + (" (empty)" if total == 0 else "")
    if name == "list_files":
        glob = shown.glob or args.get("glob") or "*"
        return f"{icon} list {glob}" + _total(shown.total, "file", "files")
    if name == "search_files":
        pattern = shown.pattern or args.get("pattern") or ""
        where_glob = shown.glob or args.get("glob")
        where = f" in {where_glob}" if where_glob else ""
        return f'{icon} search "{pattern}"{where}' + _total(shown.total, "match", "matches")
    if name in ("edit_file", "write_file"):
        kind = name.split("_")[0]
        added, removed = shown.added, shown.removed
        # counts only for a change that was made: a denied or failed one changed nothing
        counts = (f" +{added:,} −{removed:,}" if added is not None and removed is not None
                  and not shown.denied and call.success else "")
        return f"{icon} {kind} {path}{counts}"
    return f"$ {shown.command or args.get('command') or ''}".rstrip()


def _json(text: str) -> JSONObject:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _found(result: str, nothing: str) -> int | None:
    """How many files or matches a list/search result names, counting those its note left out."""
    if not result or result.startswith("{"):  # an error
        return None
    lines = [] if result == nothing else result.splitlines()
    total = len(lines)
    if lines and (left_out := _LEFT_OUT.match(lines[-1])) is not None:
        total += int(left_out["count"].replace(",", "")) - 1
    return total


def _count(value: JsonValue) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def stored_display(arguments: Mapping[str, JsonValue], result: str, name: str) -> ToolDisplay:
    """The display data the live tool gave, as far as the stored result tells it."""
    as_json = _json(result) if result.startswith("{") else {}
    if as_json.get("success") is False:
        return ToolDisplay(denied=True) if as_json.get("denied") else NO_DISPLAY
    if name == "read_file":
        if match := _READ_HEAD.match(result):
            return ToolDisplay(kind="read", path=match["path"], first=int(match["first"]),
                               last=int(match["last"]), total=int(match["total"]))
        if result.endswith(": empty file"):
            return ToolDisplay(kind="read", path=result.removesuffix(": empty file"), total=0)
        return NO_DISPLAY
    if name in ("list_files", "search_files"):
        list_ = name == "list_files"
        total = _found(result, NO_FILES if list_ else NO_MATCHES)
        return NO_DISPLAY if total is None else ToolDisplay(kind="list" if list_ else "search", total=total)
    if name in ("edit_file", "write_file") and as_json.get("success"):
        return ToolDisplay(kind="edit" if name == "edit_file" else "write",
                           path=str(as_json.get("path") or arguments.get("path") or ""),
                           added=_count(as_json.get("added")), removed=_count(as_json.get("removed")))
    if name == "run_command" and result:
        head, _, output = result.partition("\n")
        exit_match = None if head.startswith(TIMED_OUT) else _EXIT_HEAD.match(head)
        return ToolDisplay(kind="command", command=str(arguments.get("command") or ""),
                           timed_out=head.startswith(TIMED_OUT),
                           exit_code=int(exit_match["code"]) if exit_match else None,
                           output_tail="\n".join(output.splitlines()[-OUTPUT_TAIL:]))
    return NO_DISPLAY


def _look(name: str) -> ToolLook:
    def rebuild(arguments: Mapping[str, JsonValue], result: str) -> ToolDisplay:
        return stored_display(arguments, result, name)

    return ToolLook(ICONS[name], coding_line, rebuild, expandable=True)


LOOKS: dict[str, ToolLook] = {name: _look(name) for name in ICONS}
