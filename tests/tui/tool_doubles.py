"""Stand-ins for the coding tools' `edit_file` and `run_command` (ws-tools builds the real ones).

They do what the real tools promise the app (hermes/workspace/approval.py): build a
`ToolApprovalRequest`, await the session's `tool_approver`, and act only when allowed. Nothing
else is faked: the model calls them through the fake server and litellm's real HTTP path, the
turn loop runs them, and the denial goes back to the model as a tool result. Once the real
tools are merged, the tests using this module should switch to them (see the report).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

import pytest

from hermes.agent import session as session_mod
from hermes.agent.tool_registry import Tool
from hermes.workspace.approval import ToolApprovalAnswer, ToolApprovalRequest


def _schema(name: str, properties: dict[str, str], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {
        "name": name, "description": name.replace("_", " "),
        "parameters": {"type": "object", "required": required,
                       "properties": {k: {"type": v} for k, v in properties.items()}}}}


class Workbench:
    """A project folder and the two tools working in it; `answers` records what they got."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.app: Any = None  # the running HermesApp, whose session holds the approver
        self.answers: list[ToolApprovalAnswer] = []
        self.commands_run: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Every session the app opens gets the two tools next to its own."""
        real = session_mod.build_registry

        def build(cfg: Any, store: Any, session_id: str, provider: Any = None,
                  **options: Any) -> Any:
            registry, memory_tool = real(cfg, store, session_id, provider, **options)
            registry.register(Tool("edit_file", _schema("edit_file", {
                "path": "string", "old_text": "string", "new_text": "string"},
                ["path", "old_text", "new_text"]), self.edit))
            registry.register(Tool("run_command", _schema("run_command", {"command": "string"},
                                                          ["command"]), self.run))
            return registry, memory_tool

        monkeypatch.setattr(session_mod, "build_registry", build)

    async def _ask(self, request: ToolApprovalRequest) -> ToolApprovalAnswer:
        approver = self.app.agent.tool_approver
        assert approver is not None, "the app did not give the session a tool approver"
        answer = await approver(request)
        self.answers.append(answer)
        return answer

    @staticmethod
    def _denied(answer: ToolApprovalAnswer) -> str:
        note = f" Their note: {answer.note}" if answer.note else ""
        return json.dumps({"success": False, "denied": True, "error": f"The person denied this.{note}"})

    async def edit(self, raw: str) -> str:
        args = json.loads(raw)
        path = self.root / args["path"]
        before = path.read_text(encoding="utf-8")
        after = before.replace(args["old_text"], args["new_text"], 1)
        lines = list(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                          f"a/{args['path']}", f"b/{args['path']}"))
        added = sum(1 for ln in lines if ln.startswith("+") and not ln.startswith("+++"))
        removed = sum(1 for ln in lines if ln.startswith("-") and not ln.startswith("---"))
        answer = await self._ask(ToolApprovalRequest(
            call_id="edit", tool="edit_file", title=f"edit {args['path']} +{added} −{removed}",
            cwd=str(self.root), path=args["path"], diff="".join(lines)))
        if not answer.allowed:
            return self._denied(answer)
        path.write_text(after, encoding="utf-8")
        return json.dumps({"success": True, "path": args["path"]})

    async def run(self, raw: str) -> str:
        command = json.loads(raw)["command"]
        answer = await self._ask(ToolApprovalRequest(
            call_id="command", tool="run_command", title=f"$ {command}", cwd=str(self.root),
            command=command, prefix=command.split()[0]))
        if not answer.allowed:
            return self._denied(answer)
        self.commands_run.append(command)
        return json.dumps({"success": True, "exit_code": 0, "output": "1 passed"})
