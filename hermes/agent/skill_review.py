"""After a turn with a procedure in it, ask whether it is worth keeping as a skill.

A turn qualifies when it used several tools, recovered from a failed step, or followed a
correction from the user. The request is lean (the user's words, the tool lines, the reply's
start and the names of the skills there are) and its proposal goes through the skills gate
with origin "review": it is always staged for a person, except a clean patch to a skill the
agent created, with skills.write_approval: auto.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import Path

from hermes.agent import background, llm
from hermes.agent.events import ApprovalStaged, Event, Notice
from hermes.config import Config

log = logging.getLogger("hermes.agent.skill_review")

SKILL_REVIEW_PROMPT = """\
Decide if this exchange shows a reusable multi-step procedure worth saving as a skill (steps \
someone would repeat, including the fix for any step that failed). If not, reply {}. If so, \
reply only with JSON: {"action":"create","name":"kebab-case-name","description":"one line: \
when to use it","content":"numbered Markdown steps"}; to improve a listed skill use \
"action":"patch" with its name and the whole new content. No secrets, no one-off details."""

MIN_TOOL_CALLS = 3
TOOL_LINES_CHARS = 1500
REPLY_CHARS = 600
_FAILED = re.compile(r"\b(error|failed|exit [1-9]\d*|traceback|denied|not found)\b", re.I)
_CORRECTION = re.compile(r"^\W*(no\b|nope\b|wrong\b|that'?s (not|wrong)|actually\b|instead\b|"
                         r"not like that|don'?t\b)", re.I)


def has_procedure(user_text: str, tool_lines: list[str]) -> bool:
    """Several tool calls, a failed step followed by more work, or a user correction."""
    if len(tool_lines) >= MIN_TOOL_CALLS:
        return True
    failed = [i for i, line in enumerate(tool_lines) if _FAILED.search(line)]
    if failed and failed[0] < len(tool_lines) - 1:
        return True
    return bool(_CORRECTION.search(user_text)) and bool(tool_lines)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + " […]"


async def run_skill_review(cfg: Config, *, user_text: str, tool_lines: list[str], reply: str,
                           session_id: str, project_root: Path | None,
                           emit: Callable[[Event], None]) -> background.BackgroundUsage:
    """Ask the review model for at most one skill proposal and put it through the gate."""
    from hermes.agent.scan_judge import make_judge
    from hermes.memory.screening import Screener
    from hermes.skills.skill_catalog import load_catalog
    from hermes.skills.skill_changes import SkillRequest, propose
    from hermes.skills.skill_tools import agent_home_of

    catalog = load_catalog(project_root, agent_home_of(cfg.skills))
    mc = cfg.resolve_model(cfg.memory.review_model)
    known = ", ".join(catalog.names[:40]) or "none"
    exchange = (f"Skills now: {known}\n\nUser: {_cut(user_text, 1500)}\nTools:\n"
                + _cut("\n".join(tool_lines), TOOL_LINES_CHARS)
                + f"\nReply: {_cut(reply, REPLY_CHARS)}")
    messages = [{"role": "system", "content": SKILL_REVIEW_PROMPT},
                {"role": "user", "content": exchange}]
    state = await llm.stream_completion(mc, messages, None, timeout=cfg.agent.request_timeout,
                                        max_retries=1)
    usage = background.usage_of("review", mc, state, messages)
    proposals = [op for op in background.parse_operations(state.text)
                 if op.get("action") in ("create", "patch")]
    if not proposals:
        return usage
    op = proposals[0]
    request = SkillRequest(action=str(op.get("action")), name=str(op.get("name") or ""),
                           description=str(op.get("description") or ""),
                           body=str(op.get("content") or ""))
    result = propose(request, catalog, origin="review", write_approval=cfg.skills.write_approval,
                     screen=Screener(make_judge(cfg)), session_id=session_id)
    if result.outcome == "stage" and result.proposal is not None:
        emit(ApprovalStaged(pending_id=result.proposal.id, target="skill",
                            action=result.proposal.action, reason=result.proposal.reason))
    elif result.outcome == "write":
        emit(Notice(kind="memory", text=f"Skill {result.name} updated"))
    else:
        log.info("skill proposal refused: %s", result.message)
    return usage
