"""Exporting sessions as JSON Lines (one session per line) or Markdown."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from hermes.jsontypes import JsonObject
from hermes.security.redact import redact_data
from hermes.security.sanitize import escape_c1_in_json, neutralize_controls
from hermes.sessions.models import MessageRecord, SessionInfo
from hermes.sessions.session_store import SessionStore
from hermes.sessions.text import format_time

FORMATS = ("jsonl", "md")


def session_record(info: SessionInfo, messages: list[MessageRecord], *, redacted: bool) -> JsonObject:
    """One session with its messages as a plain dict."""
    record = dataclasses.asdict(info)
    record["messages"] = [dataclasses.asdict(m) for m in messages]
    # decoded tool-call arguments and JSON tool results included (see redact_data)
    return redact_data(record) if redacted else record


def to_jsonl(record: JsonObject) -> str:
    """One JSON line; the text is exact (JSON escapes control characters)."""
    return escape_c1_in_json(json.dumps(record, ensure_ascii=False)) + "\n"


def to_markdown(record: Mapping[str, Any]) -> str:
    """A readable transcript: header with the facts, then each message under its role.
    Control sequences in stored text are shown as visible symbols (ESC as ␛), so viewing the
    file in a terminal cannot act on them. `record` is session_record's (the fields of
    SessionInfo and MessageRecord, read by name)."""
    title = record.get("title") or "Untitled session"
    lines = [f"# {title}", ""]
    facts = [
        ("Session", f"`{record['id']}`"),
        ("Started", format_time(record["started_at"])),
        ("Last active", format_time(record["last_active"])),
        ("Source", record.get("source") or "—"),
        ("Model", record.get("model") or "—"),
        ("Working directory", f"`{record['cwd']}`" if record.get("cwd") else "—"),
        ("Messages", str(record["message_count"])),
        ("Tokens", f"{record['input_tokens']} in, {record['output_tokens']} out, "
                   f"{record['cache_tokens']} cached"),
        ("Cost", f"${record['cost']:.4f}"),
    ]
    if record.get("parent_id"):
        facts.append(("Continues", f"`{record['parent_id']}`"))
    if record.get("end_reason"):
        facts.append(("Ended", f"{format_time(record['ended_at'])} ({record['end_reason']})"))
    lines += [f"- **{k}:** {v}" for k, v in facts] + [""]
    if record.get("system_prompt"):
        lines += ["<details><summary>System prompt</summary>", "", "```text",
                  record["system_prompt"].replace("```", "`\u200b``"), "```", "", "</details>", ""]
    for msg in record["messages"]:
        heading = {"user": "User", "assistant": "Assistant", "tool": "Tool", "system": "System"}
        label = heading.get(msg["role"], msg["role"])
        if msg["role"] == "tool" and msg.get("tool_name"):
            label += f" · {msg['tool_name']}"
        if msg.get("finish_reason") in ("interrupted", "cancelled"):
            label += f" ({msg['finish_reason']})"
        lines += [f"## {label}", f"*{format_time(msg['timestamp'])}*", ""]
        content = msg.get("content") or ""
        if msg["role"] == "tool":
            lines += ["```text", content.replace("```", "`\u200b``"), "```"]
        elif content:
            lines.append(content)
        for call in msg.get("tool_calls") or []:
            fn = (call.get("function") or {}) if isinstance(call, dict) else {}
            lines += ["", f"→ `{fn.get('name', '?')}` `{fn.get('arguments', '')}`"]
        lines.append("")
    return neutralize_controls("\n".join(lines).rstrip() + "\n")


def export_sessions(store: SessionStore, ids: Iterable[str], fmt: str, *, redacted: bool
                    ) -> Iterator[str]:
    """The export text, one chunk per session."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}")
    for n, sid in enumerate(ids):
        record = session_record(store.get_session(sid), store.get_messages(sid), redacted=redacted)
        if fmt == "jsonl":
            yield to_jsonl(record)
        else:
            yield ("\n---\n\n" if n else "") + to_markdown(record)
