"""Coding tool lines of a resumed session, rebuilt from the stored tool call and its result.

A live line draws from the tool's display data, which is not stored; what is stored is the
call's arguments and the result the model got. Those carry enough for the same one-line head
(`📄 read a.py (1–120 of 300)`, `✏️ edit a.py +3 −1`, `$ pytest -q  exit 1`) and, for a
command, the output the model saw; an edit expands to the text it replaced (without the live
diff's context lines, which are not stored). The result shapes read here are the ones
hermes/workspace/coding_tools.py writes; a result that does not parse still gets its icon line.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hermes.tui.widgets.messages import TranscriptItem
from hermes.tui.widgets.tool_lines import head_line, is_coding_tool, outcome_words

# read_file's first result line: "pkg/a.py: lines 1–120 of 300; read more with offset=121"
_READ_HEAD = re.compile(r"^(?P<path>.+): lines (?P<first>\d+)–(?P<last>\d+) of (?P<total>\d+)")
# run_command's first result line: "exit code 1; 2,048 bytes of output" or "timed out after 5 s…"
_EXIT_HEAD = re.compile(r"^exit code (?P<code>-?\d+)")
_TIMED_OUT = "timed out after "
# list/search's last line when the cap left some out: "[… 1,204 more files left out; narrow the glob]"
_LEFT_OUT = re.compile(r"^\[… (?P<count>[\d,]+) more \w+ left out; ")
_OUTPUT_TAIL = 20  # lines kept for the expandable body, as the live line's tail


def _json(text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _found(result: str, noun: str, nothing: str) -> str:
    """` → 12 files` from a list/search result: its lines plus the ones its note left out."""
    if not result or result.startswith("{"):  # an error, or no result stored
        return ""
    lines = [] if result == nothing else result.splitlines()
    total = len(lines)
    if lines and (left_out := _LEFT_OUT.match(lines[-1])) is not None:
        total += int(left_out["count"].replace(",", "")) - 1
    plural = noun if total == 1 else ("matches" if noun == "match" else f"{noun}s")
    return f" → {total:,} {plural}"


def _plain_summary(name: str, args: dict[str, Any], result: str) -> str:
    """The call's line, in the words the live tools use."""
    path = str(args.get("path") or "")
    if name == "read_file":
        return f"read {path}"
    if name == "list_files":
        return f"list {args.get('glob') or '*'}" + _found(result, "file", "no files match")
    if name == "search_files":
        where = f" in {args['glob']}" if args.get("glob") else ""
        return f'search "{args.get("pattern") or ""}"{where}' + _found(result, "match", "no matches")
    if name in ("edit_file", "write_file"):
        return f"{name.split('_')[0]} {path}"
    return str(args.get("command") or name)


def stored_tool_item(name: str, arguments: Any, result: str | None) -> TranscriptItem | None:
    """A coding tool's transcript line from its stored call and result; None for other tools."""
    if not is_coding_tool(name):
        return None
    args = arguments if isinstance(arguments, dict) else _json(arguments) if isinstance(arguments, str) else {}
    display, success, body = _display(name, args, result or "")
    item = TranscriptItem("tool", head_line(name, _plain_summary(name, args, result or ""), display),
                          meta={"tool": name, "state": "done"})
    if name == "run_command" and not display.get("command"):
        item.text = f"$ {args.get('command') or ''}".rstrip()
    item.meta["outcome"] = "" if result is None else outcome_words(display, success)
    exit_code = display.get("exit_code")
    failed = result is not None and (not success or display.get("denied") or display.get("timed_out")
                                     or (isinstance(exit_code, int) and exit_code != 0))
    item.meta["failed"] = "1" if failed else ""
    if body:
        item.meta["body"], item.meta["body_kind"] = body, "output"
    elif name == "edit_file" and (diff := _replaced_text(args)):
        item.meta["body"], item.meta["body_kind"] = diff, "diff"
    return item


def _replaced_text(args: dict[str, Any]) -> str:
    """An edit's old and new text as a diff (the live diff's context lines are not stored)."""
    old, new, path = args.get("old_text"), args.get("new_text") or "", args.get("path")
    if not isinstance(old, str) or not old or not isinstance(new, str) or not isinstance(path, str):
        return ""
    lines = [f"--- a/{path}", f"+++ b/{path}", "@@ the replaced text @@"]
    lines += [f"-{line}" for line in old.splitlines()] + [f"+{line}" for line in new.splitlines()]
    return "\n".join(lines) + "\n"


def _display(name: str, args: dict[str, Any], result: str) -> tuple[dict[str, Any], bool, str]:
    """(display data as the live tool would give it, success, command output) from a result."""
    as_json = _json(result) if result.startswith("{") else {}
    if as_json.get("success") is False:
        display: dict[str, Any] = {"denied": True} if as_json.get("denied") else {}
        return display, False, ""
    if name == "read_file" and (match := _READ_HEAD.match(result)):
        return {"kind": "read", "path": match["path"], "first": int(match["first"]),
                "last": int(match["last"]), "total": int(match["total"])}, True, ""
    if name in ("edit_file", "write_file") and as_json.get("success"):
        return {"kind": name.split("_")[0], "path": as_json.get("path") or args.get("path") or "",
                "added": as_json.get("added"), "removed": as_json.get("removed")}, True, ""
    if name == "run_command" and result:
        head, _, output = result.partition("\n")
        display = {"kind": "command", "command": str(args.get("command") or "")}
        if head.startswith(_TIMED_OUT):
            display["timed_out"] = True
        elif match := _EXIT_HEAD.match(head):
            display["exit_code"] = int(match["code"])
        tail = "\n".join(output.splitlines()[-_OUTPUT_TAIL:])
        return display, not display.get("timed_out"), tail
    return {}, bool(result), ""
