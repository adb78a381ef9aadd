"""Tool lines of a resumed session, rebuilt from the stored tool call and its result.

A live line draws from the tool's display data, which is not stored; what is stored is the
call's arguments and the result the model got. The tool's look (its ToolSpec, declared beside
the tool) rebuilds the display data from those and draws the line with the same function as
live, so the two read the same. A command expands to the output the model saw; an edit to the
text it replaced (without the live diff's context lines, which are not stored).
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from hermes.jsontypes import JsonObject
from hermes.agent.tool_registry import look_for
from hermes.tui.widgets.messages import TranscriptItem
from hermes.tui.widgets.tool_lines import outcome_words


def stored_arguments(arguments: object) -> JsonObject:
    """A stored call's arguments as an object ({} when they do not parse)."""
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            return {}
    return arguments if isinstance(arguments, dict) else {}


def stored_tool_item(name: str, arguments: object, result: str | None) -> TranscriptItem:
    """A tool's transcript line from its stored call and result (None: never answered)."""
    args = stored_arguments(arguments)
    look = look_for(name)
    call = look.stored_call(name, args, result)
    text = look.text(call)
    if not look.expandable:
        return TranscriptItem("tool", text + ("" if call.success else "  ✗"))
    display = call.display
    success = call.success and not display.timed_out
    item = TranscriptItem("tool", text, meta={"tool": name, "state": "done"})
    item.meta["outcome"] = "" if result is None else outcome_words(display, success)
    exit_code = display.exit_code
    failed = result is not None and (not success or display.denied or display.timed_out
                                     or (exit_code is not None and exit_code != 0))
    item.meta["failed"] = "1" if failed else ""
    if body := display.output_tail:
        item.meta["body"], item.meta["body_kind"] = body, "output"
    elif name == "edit_file" and (diff := _replaced_text(args)):
        item.meta["body"], item.meta["body_kind"] = diff, "diff"
    return item


def _replaced_text(args: Mapping[str, object]) -> str:
    """An edit's old and new text as a diff (the live diff's context lines are not stored)."""
    old, new, path = args.get("old_text"), args.get("new_text") or "", args.get("path")
    if not isinstance(old, str) or not old or not isinstance(new, str) or not isinstance(path, str):
        return ""
    lines = [f"--- a/{path}", f"+++ b/{path}", "@@ the replaced text @@"]
    lines += [f"-{line}" for line in old.splitlines()] + [f"+{line}" for line in new.splitlines()]
    return "\n".join(lines) + "\n"
