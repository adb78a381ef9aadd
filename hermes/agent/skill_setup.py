"""Skills in a session: the frozen SKILLS block of the prompt and the two skill tools.

The one place the agent wires hermes/skills/ in, so the tools move easily when the registry's
contract changes. The index counts tokens with o200k, whatever the model, as the cap is
stated in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import hashlib
import json
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from hermes import paths
from hermes.agent import tokens
from hermes.agent.tool_registry import ToolRegistry, in_thread
from hermes.config import Config, SkillsConfig

if TYPE_CHECKING:
    from hermes.skills.skill_stores import Skill

log = logging.getLogger(__name__)

INDEX_MODEL = "gpt-4o"  # any o200k model name: the index's cap is in o200k tokens
# Within the index's 300-token cap, the prompt gives it 190: with 20 skills the whole first
# request (instructions, every tool schema, the index) then stays under 1,500 tokens.
INDEX_TOKENS = 190


def count_index_tokens(text: str) -> int:
    return tokens.count_text(text, INDEX_MODEL)


def skills_block(cfg: SkillsConfig, project_root: Path | None) -> tuple[str, list[str]]:
    """(the SKILLS block, lines for the person: shadowed or broken skills); ("", []) when off."""
    if not cfg.enabled:
        return "", []
    from hermes.skills.skill_catalog import load_catalog
    from hermes.skills.skill_index import render_index
    from hermes.skills.skill_tools import agent_home_of

    catalog = load_catalog(project_root, agent_home_of(cfg))
    return _index(catalog.skills, render_index), [*catalog.notices, *catalog.problems]


def _index(skills: Sequence[Skill], render: Callable[..., str]) -> str:
    """The rendered index, from $HERMES_HOME/cache/skill-index.json when the same skills were
    rendered before. Rendering counts tokens with o200k, and loading that encoding costs ~75 MB
    and a few hundred ms, at every session start otherwise; the rendering is a pure function
    of the names, descriptions and caps in the key, so the saved block is the same text."""
    from hermes.skills.skill_index import INDEX_FORMAT

    key = hashlib.sha256(json.dumps(
        [INDEX_FORMAT, INDEX_MODEL, INDEX_TOKENS, [[s.name, s.doc.description] for s in skills]],
        ensure_ascii=False).encode("utf-8", "surrogatepass")).hexdigest()
    path = paths.hermes_home() / "cache" / "skill-index.json"
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
        found = saved.get("block") if isinstance(saved, dict) and saved.get("key") == key else None
        if isinstance(found, str):
            return found
    except (OSError, ValueError):
        pass  # none yet, or unreadable: render it
    block = render(skills, count_index_tokens, max_tokens=INDEX_TOKENS)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"key": key, "block": block}, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        log.debug("skill index not cached", exc_info=True)  # a read-only home renders each time
    return block


def register_skill_tools(registry: ToolRegistry, config: Config, project_root: Path | None,
                         session_id: str) -> None:
    """skill_view (when there are skills) and skill_manage (when skills are enabled), after
    the other tools; skill_manage's proposals go through the same scan and judge as memory
    writes."""
    cfg = config.skills
    if not cfg.enabled:
        return
    from hermes.agent.scan_judge import make_judge
    from hermes.memory.screening import Screener

    judge = make_judge(config)
    from hermes.skills.skill_tools import SKILL_LOOK, SKILL_MANAGE_SCHEMA, SKILL_VIEW_SCHEMA, SkillTools
    from hermes.toolspec import ToolSpec

    tools = SkillTools(cfg, project_root, session_id=session_id, screen=Screener(judge))
    if tools.catalog().skills:  # with no skill there is nothing to view: save its schema
        registry.register(ToolSpec("skill_view", SKILL_VIEW_SCHEMA, in_thread(tools.view),
                                   SKILL_LOOK))
    manage = tools.manage if judge is None else in_thread(tools.manage)
    registry.register(ToolSpec("skill_manage", SKILL_MANAGE_SCHEMA, manage, SKILL_LOOK))
