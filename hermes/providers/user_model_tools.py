"""The user-model tools the model sees: one lean set of names shared by both providers."""

from __future__ import annotations

from typing import Any

from hermes.providers.base import tool_schema

PROFILE = tool_schema(
    "user_profile",
    "Read the user's peer card (stable facts, standing instructions), or add/remove one item.",
    {"action": {"type": "string", "enum": ["read", "add", "remove"]},
     "item": {"type": "string", "description": "the fact, for add/remove"}},
    required=["action"],
)

SEARCH = tool_schema(
    "user_search",
    "Search what Hermes has concluded about the user. Returns ids usable with user_conclude.",
    {"query": {"type": "string"}, "limit": {"type": "integer", "description": "default 8"}},
    required=["query"],
)

REASONING = tool_schema(
    "user_reasoning",
    "Ask the user model a question about the user (preferences, goals, habits); it reasons"
    " over everything learned across sessions.",
    {"question": {"type": "string"}},
    required=["question"],
)

CONCLUDE = tool_schema(
    "user_conclude",
    "Record a conclusion about the user (text), or delete one by id when the user asks to"
    " forget it.",
    {"text": {"type": "string"}, "delete_id": {"type": "string"}},
)

CONTEXT = tool_schema(
    "user_context",
    "Fetch the user's representation and peer card, focused on a topic if given.",
    {"topic": {"type": "string"}},
)


def local_schemas() -> list[dict[str, Any]]:
    """Tools of the local provider."""
    return [PROFILE, SEARCH, REASONING, CONCLUDE]


def honcho_schemas() -> list[dict[str, Any]]:
    """Tools of the Honcho provider."""
    return [PROFILE, SEARCH, REASONING, CONTEXT, CONCLUDE]
