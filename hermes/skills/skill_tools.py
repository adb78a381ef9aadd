"""The agent's skill tools: skill_view (load a skill on demand) and skill_manage (propose one).

Both answer with JSON for the model. skill_view reads the stores as they are now (the index
in the prompt stays frozen); skill_manage goes through skill_changes.propose with origin
"tool", so what it proposes waits for a person like the review's proposals.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hermes.config import SkillsConfig
from hermes.skills.skill_catalog import SkillCatalog, load_catalog
from hermes.skills.skill_changes import SkillRequest, propose
from hermes.skills.skill_gate import Screen
from hermes.skills.skill_stores import SkillUnreadable, files_beside, read_beside
from hermes.security.scan import assess
from hermes.toolspec import ToolCall, ToolLook, pending_or_failed_line, preview

# Kept short: every request carries them (see bench/token_bench.py).
SKILL_VIEW_SCHEMA: dict[str, Any] = {"type": "function", "function": {
    "name": "skill_view",
    "description": "Load a skill by name (file: one in its folder; no name: list).",
    "parameters": {"type": "object", "properties": {
        "name": {"type": "string"}, "file": {"type": "string"}}}}}

SKILL_MANAGE_SCHEMA: dict[str, Any] = {"type": "function", "function": {
    "name": "skill_manage",
    "description": "Propose a reusable procedure as a skill (a person approves).",
    "parameters": {"type": "object", "properties": {
        "action": {"enum": ["create", "patch", "delete"]}, "name": {"type": "string"},
        "description": {"type": "string"}, "content": {"type": "string"}},
        "required": ["action", "name"]}}}


def skill_line(call: ToolCall) -> str:
    """`skill_view deploy-staging → ok`, `skill_manage create deploy-staging → staged for approval`."""
    args = call.arguments
    if "action" in args or call.name == "skill_manage":
        start = f"skill_manage {preview(args.get('action'), 10)} {preview(args.get('name'), 40)}"
    else:
        file = f" {preview(args.get('file'), 40)}" if args.get("file") else ""
        start = f"skill_view {preview(args.get('name'), 40) or '(list)'}{file}"
    line = pending_or_failed_line(start, call)
    if line is not None:
        return line
    data = call.data
    if isinstance(skills := data.get("skills"), list):
        return f"{start} → {len(skills)} skills"
    return f"{start} → ok"


SKILL_LOOK = ToolLook("📘", skill_line)


def _error(message: str) -> str:
    return json.dumps({"success": False, "error": message}, ensure_ascii=False)


def agent_home_of(cfg: SkillsConfig) -> Path | None:
    """The Hermes Agent home whose skills are read, when the config names one."""
    return Path(cfg.agent_home).expanduser() if cfg.agent_home.strip() else None


class SkillTools:
    """skill_view and skill_manage for one session."""

    def __init__(self, cfg: SkillsConfig, project_root: Path | None, *,
                 session_id: str | None = None, screen: Screen = assess) -> None:
        self.cfg = cfg
        self.project_root = project_root
        self.session_id = session_id
        self.screen = screen

    def catalog(self) -> SkillCatalog:
        return load_catalog(self.project_root, agent_home_of(self.cfg))

    def view(self, raw: str) -> str:
        """skill_view: the list, a skill's body with its files, or one file."""
        args = _arguments(raw)
        if args is None:
            return _error("send one JSON object, e.g. {\"name\": \"deploy-staging\"}")
        catalog = self.catalog()
        name = str(args.get("name") or "").strip()
        if not name:
            return json.dumps({"success": True, "skills": [
                {"name": s.name, "description": s.doc.description} for s in catalog.skills]},
                ensure_ascii=False)
        skill = catalog.find(name)
        if skill is None:
            return _error(f"no skill named {name!r}; known: {', '.join(catalog.names) or 'none'}")
        wanted = str(args.get("file") or "").strip()
        if wanted:
            try:
                text = read_beside(skill, wanted)
            except SkillUnreadable as exc:
                return _error(str(exc))
            return json.dumps({"success": True, "name": skill.name, "file": wanted,
                               "content": text}, ensure_ascii=False)
        return json.dumps({"success": True, "name": skill.name,
                           "description": skill.doc.description, "body": skill.doc.body,
                           "files": files_beside(skill)}, ensure_ascii=False)

    def manage(self, raw: str) -> str:
        """skill_manage: propose a create, patch or delete (staged for a person)."""
        args = _arguments(raw)
        if args is None:
            return _error("send one JSON object with action and name")
        request = SkillRequest(action=str(args.get("action") or ""),
                               name=str(args.get("name") or ""),
                               description=str(args.get("description") or ""),
                               body=str(args.get("content") or ""))
        result = propose(request, self.catalog(), origin="tool",
                         write_approval=self.cfg.write_approval, screen=self.screen,
                         session_id=self.session_id)
        if result.outcome == "refuse":
            return _error(result.message)
        data: dict[str, Any] = {"success": True, "message": result.message}
        if result.outcome == "stage" and result.proposal is not None:
            data.update(staged=True, pending_id=result.proposal.id, reason=result.proposal.reason)
        return json.dumps(data, ensure_ascii=False)


def _arguments(raw: str) -> dict[str, Any] | None:
    try:
        value = json.loads(raw or "{}")
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
