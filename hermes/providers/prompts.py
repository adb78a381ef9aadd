"""Prompts for the local provider's model calls, and a forgiving reader for their JSON replies."""

from __future__ import annotations

from hermes.jsontypes import JsonObject

import json
import re


DERIVE = """You keep a model of one person who uses a chat assistant. From the new exchange, \
derive conclusions about the USER: preferences, goals, habits, skills, constraints, working \
style. Include what they showed without stating it as a rule (someone who keeps cutting the \
assistant's answers short prefers concise answers). One short sentence each, only what the \
exchange supports, nothing about the assistant, no credentials, nothing sensitive (health, \
religion, politics, sexuality) unless the user offered it as relevant. Skip what is already known.
The card holds only stable facts and standing instructions (name, role, "always use tabs").
Reply with JSON only:
{"conclusions": [{"text": "...", "message_id": <id of the message it rests on>}],
 "card": ["..."], "summary": "this session so far, 1-3 sentences"}"""

REPRESENT = """You keep a model of one person who uses a chat assistant. Rewrite two short \
texts from the conclusions and card below. "user": who the user is and what they want from the \
assistant (at most 120 words). "assistant": how the assistant should work with this user \
(tone, format, habits to keep or avoid; at most 80 words). Prefer conclusions seen more often; \
keep the previous texts' points unless contradicted. Reply with JSON only: \
{"user": "...", "assistant": "..."}"""

DIALECTIC = """You answer questions about one user of a chat assistant from evidence: the \
conclusions Hermes derived, the user's peer card, and excerpts from past sessions. Be concrete \
and brief: a few bullets the assistant can act on in its next reply. Only what the evidence \
supports; if it says nothing relevant, answer "Nothing notable."."""

RIGHT_NOW = "What matters about this user right now, for the assistant's next reply?"

REFINE = """A first answer follows, with more evidence. Improve it: keep what the evidence \
supports, add what is missing and relevant, drop what is not supported. Reply with the improved \
answer only, as bullets."""

_FENCED = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def read_json_object(text: str) -> JsonObject:
    """The JSON object in a model reply (bare, fenced, or embedded in prose)."""
    candidates = [m.group(1) for m in _FENCED.finditer(text)] + [text]
    for candidate in candidates:
        start, end = candidate.find("{"), candidate.rfind("}")
        if start == -1 or end <= start:
            continue
        try:
            data = json.loads(candidate[start:end + 1])
        except ValueError:
            continue
        if isinstance(data, dict):
            return data
    raise ValueError("the reply holds no JSON object")


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis where it was cut."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
