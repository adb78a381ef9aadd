"""The six coding tools as the model sees them: schemas, dispatchers, and their lines for people.

read_file, list_files and search_files only read, inside the project root. edit_file,
write_file and run_command first ask (hermes/workspace/policy.py); a denial reaches the model as
a JSON result saying so. File and command output comes back as plain text (cheaper in tokens
than JSON-escaped code), capped at `tools.result_tokens` with a note on how to read more.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from hermes.os_errors import describe_os_error
from hermes.config import MAX_COMMAND_TIMEOUT, ToolsConfig
from hermes.toolspec import ToolCall, ToolDisplay, ToolReply, ToolSpec, current_call_id, tool_error
from hermes.workspace import result_caps
from hermes.workspace.approval import Choice, ToolApprovalAnswer, ToolApprovalRequest, ToolApprover
from hermes.workspace.coding_lines import ICONS as TOOL_ICONS
from hermes.workspace.coding_lines import LOOKS, OUTPUT_TAIL, coding_line
from hermes.workspace.commands import run_command
from hermes.workspace.files import (
    DEFAULT_LIMIT,
    ToolError,
    as_int,
    current_text,
    numbered_excerpt,
    preview,
    read_text,
    replaced,
    unified_diff,
    write_text,
)
from hermes.workspace.path_safety import PathRefused, display_path, resolve_in_root
from hermes.workspace.policy import ApprovalPolicy, command_prefix
from hermes.workspace.result_caps import Count
from hermes.workspace.search import list_files, search_files
from hermes.workspace.turn_sources import TurnSources
from hermes.workspace.undo import UndoJournal

TAIL_LINES = OUTPUT_TAIL  # lines of command output the UI shows collapsed


class WorkspaceHost(Protocol):
    """What the tools need from the session running them (AgentSession), read at each call."""

    @property
    def project_root(self) -> Path: ...
    @property
    def tool_approver(self) -> ToolApprover | None: ...
    @property
    def turn_sources(self) -> TurnSources | None: ...
    def tool_output(self, call_id: str, text: str) -> None: ...


def _fn(name: str, description: str, properties: dict[str, Any], required: list[str]
        ) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": properties, "required": required}}}


# Every request carries these schemas, so a path is described once (read_file's, the first);
# edit_file and write_file take the same kind of path.
_S = {"type": "string"}
_INT = {"type": "integer"}
_PATH = {"type": "string", "description": "relative to the project root"}
_GLOB = {"type": "string", "description": "e.g. *.py or src/**"}

SCHEMAS: list[dict[str, Any]] = [
    _fn("read_file", "Read a text file of the project as numbered lines (offset: first line, "
        "from 1; limit: lines).", {"path": _PATH, "offset": _INT, "limit": _INT}, ["path"]),
    _fn("list_files", "List the project's files (honours .gitignore).", {"glob": _GLOB}, []),
    _fn("search_files", "Regex search of the project's files (honours .gitignore). Returns "
        "file:line:text.", {"pattern": _S, "glob": _GLOB}, ["pattern"]),
    _fn("edit_file", "Replace old_text, found exactly once in the file, with new_text. The "
        "user approves.", {"path": _S, "old_text": _S, "new_text": _S},
        ["path", "old_text"]),  # new_text "" deletes; the registry counts "" as missing
    _fn("write_file", "Create or overwrite a file. The user approves.",
        {"path": _S, "content": _S}, ["path"]),  # content "" is an empty file
    _fn("run_command", "Run a shell command in the project root (timeout in seconds). The user "
        "approves. Returns exit code and output.", {"command": _S, "timeout": _INT}, ["command"]),
]


# ---------------------------------------------------------------- lines for people


def _change_title(kind: str, shown: str, added: int, removed: int, new: bool) -> str:
    """The approval pane's title (`edit a.py +3 −1`); the transcript line adds the icon."""
    if kind == "edit":
        return f"edit {shown} +{added} −{removed}"
    if new:
        return f"write {shown} (new, {added} line{'' if added == 1 else 's'})"
    return f"write {shown} +{added} −{removed}"


ICONS = {"edit": TOOL_ICONS["edit_file"], "write": TOOL_ICONS["write_file"]}


# ---------------------------------------------------------------- the tools


class CodingTools:
    """The coding tools of one AgentSession; `journal_id` names its undo journal."""

    def __init__(self, cfg: ToolsConfig, host: WorkspaceHost, count: Count) -> None:
        self.cfg = cfg
        self.host = host
        self.count = count
        self.policy = ApprovalPolicy(cfg.auto_approve)
        self.journal_id: str | None = None

    def dispatchers(self) -> dict[str, Callable[[str, str], Awaitable[ToolReply]]]:
        """Tool name → async (raw JSON arguments, call id) → ToolReply, in SCHEMAS order."""
        return {"read_file": self._read, "list_files": self._list, "search_files": self._search,
                "edit_file": self._edit, "write_file": self._write, "run_command": self._command}

    def specs(self) -> list[ToolSpec]:
        """The six tools as ToolSpecs, in SCHEMAS order; dispatch reads the call id it runs as."""
        dispatchers = self.dispatchers()
        out: list[ToolSpec] = []
        for schema in SCHEMAS:
            name = schema["function"]["name"]
            run = dispatchers[name]

            async def dispatch(raw: str, _run: Callable[[str, str], Awaitable[ToolReply]] = run
                               ) -> ToolReply:
                return await _run(raw, current_call_id.get())

            out.append(ToolSpec(name, schema, dispatch, LOOKS[name]))
        return out

    # ------------------------------------------------------------ helpers

    @property
    def root(self) -> Path:
        return self.host.project_root.resolve()

    def _resolve(self, raw: object) -> tuple[Path, str]:
        path = resolve_in_root(self.root, raw, allow_outside=self.cfg.allow_outside_root)
        return path, display_path(self.root, path)

    def _record(self, label: str, text: str) -> None:
        sources = self.host.turn_sources
        if sources is not None and text:
            sources.record(label, text)

    @staticmethod
    def _failed(exc: Exception, display: ToolDisplay) -> ToolReply:
        extra = exc.extra if isinstance(exc, ToolError) else {}
        return ToolReply(tool_error(str(exc), **extra), display)

    async def _ask(self, request: ToolApprovalRequest) -> ToolApprovalAnswer:
        return await self.policy.decide(request, self.host.tool_approver)

    @staticmethod
    def _denied(answer: ToolApprovalAnswer, title: str, display: ToolDisplay) -> ToolReply:
        if answer.choice is Choice.DENY_WITH_NOTE and answer.note:
            why = f"The user denied this. Their note: {answer.note}"
        elif answer.note:  # no approver: the note says how to allow it
            why = answer.note
        else:
            why = "The user denied this. Do not retry it unchanged; ask them or take another way."
        shown = replace(display, denied=True, note=answer.note)
        return ToolReply(tool_error(why, denied=True), shown, f"{title} → denied")

    # ------------------------------------------------------------ read-only tools

    async def _read(self, raw: str, call_id: str) -> ToolReply:
        args = json.loads(raw)
        display = ToolDisplay(kind="read", path=str(args.get("path") or ""))
        try:
            path, shown = self._resolve(args.get("path"))
            display = replace(display, path=shown)
            offset = as_int(args.get("offset"), "offset", 1, 1)
            limit = as_int(args.get("limit"), "limit", DEFAULT_LIMIT, 1)
            content = await asyncio.to_thread(read_text, path, shown)
            part = numbered_excerpt(content, offset, limit, self.cfg.result_tokens
                                    - result_caps.NOTE_TOKENS, self.count)
        except (ToolError, PathRefused) as exc:
            return self._failed(exc, display)
        display = replace(display, first=part.first, last=part.last, total=part.total)
        if not part.total:
            return ToolReply(f"{shown}: empty file", display, f"📄 read {shown} (empty)")
        head = f"{shown}: lines {part.first}–{part.last} of {part.total}"
        if part.last < part.total:
            head += f"; read more with offset={part.last + 1}"
        self._record(f"file {shown}", "\n".join(content.splitlines()[part.first - 1:part.last]))
        return ToolReply(f"{head}\n{part.text}", display,
                         f"📄 read {shown} ({part.first}–{part.last} of {part.total})")

    async def _list(self, raw: str, call_id: str) -> ToolReply:
        glob = json.loads(raw).get("glob")
        display = ToolDisplay(kind="list", glob=str(glob or ""))
        try:
            listing = await asyncio.to_thread(list_files, self.root, glob)
        except ToolError as exc:
            return self._failed(exc, display)
        display = replace(display, total=listing.total)
        text, _ = result_caps.fit_lines(listing.files, listing.total, self.cfg.result_tokens,
                                        self.count, "files", "narrow the glob")
        text = text or "no files match"
        noun = "file" if listing.total == 1 else "files"
        return ToolReply(text, display, f"{coding_line(ToolCall('list_files', {'glob': glob}))} → "
                                        f"{listing.total:,} {noun}")

    async def _search(self, raw: str, call_id: str) -> ToolReply:
        args = json.loads(raw)
        pattern, glob = args.get("pattern"), args.get("glob")
        display = ToolDisplay(kind="search", pattern=str(pattern or ""), glob=str(glob or ""))
        try:
            found = await asyncio.to_thread(search_files, self.root, pattern, glob,
                                            allow_outside=self.cfg.allow_outside_root)
        except ToolError as exc:
            return self._failed(exc, display)
        display = replace(display, total=found.total)
        text, kept = result_caps.fit_lines(found.lines, found.total, self.cfg.result_tokens,
                                           self.count, "matches", "narrow the pattern or the glob")
        text = text or "no matches"
        self._record(f"search {pattern}", "\n".join(found.lines[:kept]))
        noun = "match" if found.total == 1 else "matches"
        return ToolReply(text, display, f"{coding_line(ToolCall('search_files', args))} → "
                                        f"{found.total:,} {noun}")

    # ------------------------------------------------------------ changes

    async def _edit(self, raw: str, call_id: str) -> ToolReply:
        args = json.loads(raw)
        display = ToolDisplay(kind="edit", path=str(args.get("path") or ""))
        try:
            path, shown = self._resolve(args.get("path"))
            display = replace(display, path=shown)
            before = await asyncio.to_thread(read_text, path, shown)
            after = replaced(before, args.get("old_text"), args.get("new_text"), shown)
        except (ToolError, PathRefused) as exc:
            return self._failed(exc, display)
        if after == before:
            return self._failed(ToolError("new_text is the same as old_text; nothing to change."),
                                display)
        return await self._change("edit", path, shown, before, after, call_id)

    async def _write(self, raw: str, call_id: str) -> ToolReply:
        args = json.loads(raw)
        display = ToolDisplay(kind="write", path=str(args.get("path") or ""))
        content = args.get("content")
        try:
            path, shown = self._resolve(args.get("path"))
            display = replace(display, path=shown)
            if not isinstance(content, str):
                raise ToolError("content must be a string: the whole new text of the file.")
            if path.is_dir():
                raise ToolError(f"{shown} is a folder; give a file path.")
            before = (await asyncio.to_thread(read_text, path, shown)
                      if path.exists() else None)
        except (ToolError, PathRefused) as exc:
            return self._failed(exc, display)
        return await self._change("write", path, shown, before, content, call_id)

    async def _change(self, kind: str, path: Path, shown: str, before: str | None,
                      after: str, call_id: str) -> ToolReply:
        diff = unified_diff(before or "", after, shown)
        title = _change_title(kind, shown, diff.added, diff.removed, before is None)
        line = f"{ICONS[kind]} {title}"
        display = ToolDisplay(kind="edit" if kind == "edit" else "write", path=shown, added=diff.added,
                              removed=diff.removed, diff=diff.text)
        request = ToolApprovalRequest(call_id=call_id, tool=f"{kind}_file",
                                      title=title, cwd=str(self.root), path=shown, diff=diff.text)
        answer = await self._ask(request)
        if not answer.allowed:
            return self._denied(answer, line, display)
        if current_text(path) != before:
            return self._failed(ToolError(f"{shown} changed while the user was deciding; read "
                                          "it again and redo the change."), display)
        if self.journal_id:
            UndoJournal(self.journal_id).record(path, shown, before, after)
        try:
            await asyncio.to_thread(write_text, path, after)
        except OSError as exc:
            return self._failed(ToolError(f"cannot write it: {describe_os_error(exc, shown)}"),
                                display)
        result = {"success": True, "path": shown, "added": diff.added, "removed": diff.removed}
        if before is None:
            result["created"] = True
        return ToolReply(json.dumps(result, ensure_ascii=False), display, line)

    async def _command(self, raw: str, call_id: str) -> ToolReply:
        args = json.loads(raw)
        command = args.get("command")
        display = ToolDisplay(kind="command", command=str(command or ""))
        try:
            if not isinstance(command, str) or not command.strip():
                raise ToolError("command is required: the shell command line to run.")
            asked = as_int(args.get("timeout"), "timeout", self.cfg.command_timeout, 1)
        except ToolError as exc:
            return self._failed(exc, display)
        timeout = min(asked, MAX_COMMAND_TIMEOUT)
        title = f"$ {preview(command, 80)}"
        request = ToolApprovalRequest(call_id=call_id, tool="run_command", title=title,
                                      cwd=str(self.root), command=command,
                                      prefix=command_prefix(command))
        answer = await self._ask(request)
        if not answer.allowed:
            return self._denied(answer, title, display)
        run = await run_command(command, self.root, timeout,
                                on_output=lambda text: self.host.tool_output(call_id, text))
        output = run.text()
        self._record(f"command {command}", output)
        display = replace(display, exit_code=run.exit_code, timed_out=run.timed_out,
                          output_tail="\n".join(output.splitlines()[-TAIL_LINES:]))
        if run.timed_out:
            head = (f"timed out after {timeout} s; the command and everything it started were "
                    "stopped")
            summary = f"{title} → timed out after {timeout} s"
        else:
            head = f"exit code {run.exit_code}"
            summary = f"{title} → exit {run.exit_code}"
        if run.stopped_background:
            head += "; processes it left running in the background were stopped"
        head += f"; {run.total_bytes:,} bytes of output"
        return ToolReply(f"{head}\n{self._fit_output(output, run.total_bytes)}", display,
                         summary)

    def _fit_output(self, output: str, total_bytes: int) -> str:
        """Head and tail of the output within the token budget (the end matters most)."""
        budget = self.cfg.result_tokens - result_caps.NOTE_TOKENS
        count = self.count
        if result_caps.fits(output, budget, count):
            return output
        first = result_caps.head(output, budget // 3, count)
        last = result_caps.tail(output, budget - budget // 3, count)
        return (f"{first.rstrip()}\n[… output cut to fit tools.result_tokens "
                f"({total_bytes:,} bytes in all); rerun with the output sent to a file and "
                f"search it, or filter it with grep or tail …]\n{last}")
