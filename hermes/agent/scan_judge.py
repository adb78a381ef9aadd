"""The optional model judge of memory writes (memory.scan_model).

The scan rules decide most writes alone. For the texts they are unsure about (a STAGE
verdict, or an ALLOW that carried weak signals) one short request asks the judge model for a
JSON verdict. The memory layer takes the stricter of the two outcomes, so a judge can only
tighten a decision, and a judge that fails or answers nonsense leaves the rules' verdict.

The call is synchronous (the memory tool is); callers keep it off the event loop by running
the tool in a thread, or by judging a review's texts ahead with `prejudge`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from hermes.agent import llm
from hermes.config import Config, ModelConfig
from hermes.memory.screening import Judge, Screener
from hermes.security.scan import ALLOW, ScanFinding, Verdict, judge_prompt, parse_judge_reply

log = logging.getLogger("hermes.agent")

JUDGE_CATEGORY = "model judge"
_TIMEOUT_S = 20.0
_MAX_TOKENS = 120


class JudgeUnanswered(Exception):
    """The judge's reply held no verdict (the rules' verdict stands)."""


def verdict_from_reply(reply: str) -> Verdict:
    """The judge's verdict from its reply text; raises JudgeUnanswered when there is none."""
    parsed = parse_judge_reply(reply)
    if parsed is None:
        raise JudgeUnanswered("the scan model's reply held no verdict")
    outcome, reason = parsed
    if outcome == ALLOW:
        return Verdict(ALLOW)
    finding = ScanFinding(JUDGE_CATEGORY, reason or "judged unsafe by memory.scan_model",
                          "", severity=outcome)
    return Verdict(outcome, (finding,))


def make_judge(cfg: Config) -> Judge | None:
    """A judge calling memory.scan_model, or None when no scan model is configured."""
    if cfg.memory.scan_model is None or not cfg.memory.scan_model.name:
        return None
    mc: ModelConfig = cfg.resolve_model(cfg.memory.scan_model)

    def judge(text: str, verdict: Verdict) -> Verdict:
        litellm = llm.litellm_module()
        opts = llm.call_options(mc, _TIMEOUT_S)
        response = litellm.completion(messages=judge_prompt(text, verdict),
                                      max_tokens=_MAX_TOKENS, temperature=0, **opts)
        choices = getattr(response, "choices", None) or []
        reply = (choices[0].message.content or "") if choices else ""
        return verdict_from_reply(reply)

    return judge


def entry_text(content: object) -> str:
    """The entry text the memory layer will screen (as edits.check_content shapes it)."""
    return content.replace("\r\n", "\n").strip() if isinstance(content, str) else ""


async def prejudge(screen: Screener, texts: Iterable[object]) -> None:
    """Screen `texts` in a thread so a later synchronous write finds the verdicts cached."""
    if screen.judge is None:
        return
    for text in {entry_text(t) for t in texts} - {""}:
        await asyncio.to_thread(screen, text)
