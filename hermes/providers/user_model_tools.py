"""The user-model tools the model sees: one lean set of names shared by both providers."""

from __future__ import annotations

from collections.abc import Callable


from hermes.jsontypes import JsonObject
from hermes.providers.base import tool_schema
from hermes.toolspec import GENERIC_LOOK, ToolLook, schema_name

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


def local_schemas() -> list[JsonObject]:
    """Tools of the local provider."""
    return [PROFILE, SEARCH, REASONING, CONCLUDE]


def honcho_schemas() -> list[JsonObject]:
    """Tools of the Honcho provider."""
    return [PROFILE, SEARCH, REASONING, CONTEXT, CONCLUDE]


# What a person sees of these tools: the generic `user_search(query=…) → ok` line.
LOOKS: dict[str, ToolLook] = {schema_name(schema): GENERIC_LOOK
                              for schema in (PROFILE, SEARCH, REASONING, CONCLUDE, CONTEXT)}

# Hermes Agent's names for the same tools. Not offered to the model (the schemas above are),
# but accepted when a model used to them calls one: name → (our tool, its arguments in ours).
# None for arguments means the call has no equivalent here; the model is told what to use.
AliasArgs = JsonObject | None


def _profile_args(args: JsonObject) -> AliasArgs:
    return {"action": "read"} if args.get("card") in (None, "", []) else None


def _search_args(args: JsonObject) -> AliasArgs:
    return {"query": args.get("query") or args.get("q") or "",
            **({"limit": args["limit"]} if "limit" in args else {})}


def _context_args(args: JsonObject) -> AliasArgs:
    topic = args.get("query") or args.get("topic")
    return {"topic": topic} if topic else {}


def _reasoning_args(args: JsonObject) -> AliasArgs:
    return {"question": args.get("query") or args.get("question") or ""}


def _conclude_args(args: JsonObject) -> AliasArgs:
    out: JsonObject = {"text": args.get("conclusion") or args.get("text") or ""}
    if args.get("delete_id"):
        out = {"delete_id": args["delete_id"]}
    return out


ALIASES: dict[str, tuple[str, Callable[[JsonObject], AliasArgs]]] = {
    "honcho_profile": ("user_profile", _profile_args),
    "honcho_search": ("user_search", _search_args),
    "honcho_context": ("user_context", _context_args),
    "honcho_reasoning": ("user_reasoning", _reasoning_args),
    "honcho_conclude": ("user_conclude", _conclude_args),
}
