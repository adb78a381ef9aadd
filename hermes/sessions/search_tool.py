"""The `session_search` tool: schema, system-prompt guidance and a JSON-in/JSON-out dispatcher."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping

from hermes.jsontypes import JsonObject, JsonValue
from hermes.plural import count
from hermes.sessions import search
from hermes.sessions.errors import SessionError
from hermes.sessions.session_store import SessionStore
from hermes.sessions.time_bounds import time_range
from hermes.toolspec import ToolCall, ToolLook, error_line, preview, tool_error

log = logging.getLogger("hermes.sessions")

TOOL_NAME = "session_search"
# The characters of each message a discover result shows, and the bounds of max_chars.
DEFAULT_MESSAGE_CHARS = 500
MIN_MESSAGE_CHARS, MAX_MESSAGE_CHARS = 80, 2_000


def session_search_schema() -> JsonObject:
    """The tool definition in OpenAI tools format (kept short: it is sent with every call)."""
    return {
        "type": "function",
        "function": {
            "name": TOOL_NAME,
            "description": (
                "Search past conversations. query: words, \"phrase\", prefix*, OR, NOT (none: "
                "recent sessions); session_id: read one (around_message_id: near a hit); "
                "after/before: 7d or 2026-11-01; exclude: session ids."
            ),
            # Bounds (window ≤ 20 each side, limit ≤ 10, max_chars 80–2,000 per message) are
            # applied by the tool, not described: the schema is sent with every request
            # (docs/local-models.md counts its tokens). max_chars is left out of it: Hermes's own
            # recall before the reply (hermes/agent/prefetch.py) asks for short messages.
            "parameters": {
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "session_id": {"type": "string"},
                    "around_message_id": {"type": "integer"},
                    "window": {"type": "integer"},
                    "limit": {"type": "integer"},
                    "role_filter": {"type": "string", "description": "user,assistant"},
                    "sort": {"type": "string", "enum": ["relevance", "newest", "oldest"]},
                    "after": {"type": "string"},
                    "before": {"type": "string"},
                    "exclude": {"type": "array", "items": {"type": "string"}},
                },
            },
        },
    }


def session_search_guidance() -> str:
    """The system-prompt paragraph telling the agent when to use the tool."""
    return (
        "Past conversations with this user are stored and searchable with the session_search "
        "tool. When the user refers to an earlier conversation (\"last time\", \"what did we "
        "decide about…\", \"the script you wrote yesterday\") or when earlier work would help, "
        "call session_search yourself before answering instead of asking them to repeat it: "
        "search with a few distinctive words, then read or scroll the best hit. Say so if "
        "nothing relevant is found."
    )


def _count_of(data: Mapping[str, object]) -> tuple[int, str] | None:
    for key, what in (("results", "session"), ("sessions", "session"), ("messages", "message")):
        value = data.get(key)
        if isinstance(value, list):
            return len(value), what
    for key in ("count", "total"):
        value = data.get(key)
        if isinstance(value, int):
            return value, "result"
    return None


def session_search_line(call: ToolCall) -> str:
    """`session_search "auth refactor"` (or read/recent), and once done `→ 3 sessions`."""
    args = call.arguments
    if args.get("query"):
        start = f'session_search "{preview(args["query"])}"'
    elif args.get("session_id"):
        start = f"session_search read {preview(args['session_id'], 28)}"
    else:
        start = "session_search recent"
    if not call.done:
        return start
    if not call.success:
        return error_line(start, call)
    counted = _count_of(call.data)
    return f"{start} → ok" if counted is None else f"{start} → {count(*counted)}"


SESSION_SEARCH_LOOK = ToolLook("🔎", session_search_line)


def _int_arg(args: JsonObject, name: str, default: int | None) -> int | None:
    value = args.get(name)
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        raise ValueError(f"{name} must be an integer")
    try:
        return int(str(value).strip())
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {value!r}") from None


def _without_repeated_snippet(result: JsonObject) -> JsonObject:
    """A discover result as the model reads it: the snippet is left out when the matching
    message is there whole, since it would only repeat part of it (tokens a small model's
    server must read uncached; the CLI and the pane keep their snippets)."""
    messages = result.get("messages")
    whole = isinstance(messages, list) and any(
        isinstance(m, dict) and m.get("match") and not m.get("truncated") for m in messages)
    return {k: v for k, v in result.items() if k != "snippet"} if whole else result


def _bound(value: JsonValue) -> str | float | None:
    """An after/before argument as time_range reads it (anything else is read as its text,
    which time_range then refuses with its own words)."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return str(value)


class SessionSearchTool:
    """Answers session_search calls for one running session (which it leaves out of results)."""

    name = TOOL_NAME

    def __init__(self, store: SessionStore, current_session_id: str | None, *,
                 project_dir: str = "") -> None:
        self.store = store
        self.current_session_id = current_session_id
        self.project_dir = project_dir  # its sessions rank first in discover

    def dispatch(self, arguments: str | JsonObject | None) -> str:
        """Run one call from the model's raw JSON arguments; always returns JSON, never raises."""
        try:
            if isinstance(arguments, dict):
                args: JsonValue = arguments
            else:
                raw = (arguments or "").strip()
                args = json.loads(raw) if raw else {}
            if not isinstance(args, dict):
                return tool_error("arguments must be a JSON object")
            result = self._run(args)
        except json.JSONDecodeError as exc:
            return tool_error(f"arguments are not valid JSON ({exc.msg})")
        except (ValueError, SessionError) as exc:
            return tool_error(str(exc))
        except Exception:  # the model must get an answer, the log keeps the trace
            log.exception("session_search failed")
            return tool_error("session_search failed because of an internal error (the Hermes log "
                              "has the details); answer without it or try other arguments.")
        return json.dumps({"success": True, **result}, ensure_ascii=False)

    def _excluded(self, raw: JsonValue) -> tuple[str, ...]:
        """Session ids (or unique prefixes or names) to leave out, as full ids."""
        if raw in (None, "", []):
            return ()
        refs = [raw] if isinstance(raw, str) else raw
        if not isinstance(refs, list):
            raise ValueError("exclude must be a list of session ids")
        names = [r for r in refs if isinstance(r, str)]
        if len(names) != len(refs):
            raise ValueError("exclude must be a list of session ids")
        return tuple(self.store.resolve_session(r.strip(), follow_lineage=False).id
                     for r in names if r.strip())

    def _run(self, args: JsonObject) -> JsonObject:
        query = args.get("query")
        query = str(query).strip() if query is not None else ""
        ref = args.get("session_id")
        ref = str(ref).strip() if ref not in (None, "") else ""
        session_id = self.store.resolve_session(ref, follow_lineage=False).id if ref else None
        around = _int_arg(args, "around_message_id", None)
        sort = str(args.get("sort") or "relevance").strip().lower()
        after, before = time_range(_bound(args.get("after")), _bound(args.get("before")))
        if query:
            limit = _int_arg(args, "limit", 3) or 3
            cap = _int_arg(args, "max_chars", DEFAULT_MESSAGE_CHARS) or DEFAULT_MESSAGE_CHARS
            results = search.discover(
                self.store, query, limit=max(1, min(limit, 10)), role_filter=args.get("role_filter"),
                sort=sort, session_id=session_id,
                exclude_session=None if session_id else self.current_session_id,
                project_dir="" if session_id else self.project_dir,
                after=after, before=before, exclude=self._excluded(args.get("exclude")),
                content_cap=max(MIN_MESSAGE_CHARS, min(cap, MAX_MESSAGE_CHARS)),
            )
            out: JsonObject = {"mode": "discover", "query": query, "count": len(results),
                               "results": [_without_repeated_snippet(r) for r in results]}
            if not results:
                out["note"] = "no matching messages; try fewer or different words"
            elif any(r.get("partial") for r in results):
                out["note"] = "no message has all the words; these have some of them"
            return out
        if session_id and around is not None:
            window = _int_arg(args, "window", 5) or 5
            return {"mode": "scroll", **search.scroll(self.store, session_id, around, window)}
        if session_id:
            return {"mode": "read", **search.read(self.store, session_id)}
        if around is not None:
            raise ValueError("around_message_id needs session_id")
        if args.get("exclude"):
            raise ValueError("exclude narrows a search: give a query too")
        limit = _int_arg(args, "limit", 10) or 10
        results = search.browse(self.store, limit=limit, exclude_session=self.current_session_id,
                                after=after, before=before)
        return {"mode": "browse", "count": len(results), "sessions": [*results]}
