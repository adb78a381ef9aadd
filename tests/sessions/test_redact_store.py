"""What reaches state.db, its full-text index and exports: every credential of the secrets
corpus is gone, and every line of the code corpus is stored exactly as written."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from hermes import paths
from hermes.sessions import SessionStore, derive_title
from hermes.sessions.export import export_sessions
from tests.support.secret_corpus import code_lines, secret_cases

CASES = secret_cases()


def _tool_call(call_id: str, arguments: str) -> list[dict]:
    return [{"id": call_id, "type": "function", "function": {"name": "write_file", "arguments": arguments}}]


def _store_everywhere(store: SessionStore, text: str, n: int) -> str:
    """`text` as a system prompt, user and assistant message, tool-call argument (nested in
    JSON, so its quotes are escaped) and JSON tool result; returns the session id."""
    sid = store.create_session(source="tui", model="m", system_prompt=f"context: {text}", cwd="/")
    store.append_message(sid, "user", text)
    store.append_message(sid, "assistant", f"You wrote:\n{text}", tool_calls=_tool_call(
        f"c{n}", json.dumps({"path": ".env", "content": f"# config\n{text}\n"})))
    store.append_message(sid, "tool", json.dumps({"success": True, "output": text}),
                         tool_call_id=f"c{n}", tool_name="write_file")
    return sid


def _raw_bytes() -> bytes:
    return b"".join(p.read_bytes() for p in paths.hermes_home().glob("state.db*"))


def _index_terms(db: Path) -> set[str]:
    conn = sqlite3.connect(db)
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, 'messages_fts', 'row')")
        return {row[0] for row in conn.execute("SELECT term FROM temp.terms")}
    finally:
        conn.close()


def test_no_credential_reaches_the_file_the_index_or_an_export(hermes_home: Path) -> None:
    with SessionStore() as store:
        ids = [_store_everywhere(store, case.text, n) for n, case in enumerate(CASES)]
        for sid, case in zip(ids, CASES, strict=True):
            store.set_title(sid, derive_title(f"{case.name}: {case.text}") or case.name, "derived")
        exports = "".join(export_sessions(store, ids, "jsonl", redacted=False))
        exports += "".join(export_sessions(store, ids, "md", redacted=False))
        titles = [store.get_session(sid).title or "" for sid in ids]
        stored = [m.content for sid in ids for m in store.get_messages(sid)]
    raw = _raw_bytes()
    terms = _index_terms(paths.state_db_path())
    leaks = []
    for case in CASES:
        for fragment in case.fragments():
            words = {w.lower() for w in re.findall(r"[A-Za-z0-9]{8,}", fragment)}
            if fragment.encode() in raw or fragment in exports or words & terms:
                leaks.append(case.name)
            if any(fragment[:12] in t for t in titles):
                leaks.append(case.name + " (title)")
    assert leaks == []
    assert sum("[REDACTED:" in c for c in stored) == 3 * len(CASES)  # user, assistant and tool rows


def test_the_code_corpus_is_stored_exactly_as_written(hermes_home: Path) -> None:
    lines = code_lines()
    with SessionStore() as store:
        sid = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
        for n, line in enumerate(lines):
            arguments = json.dumps({"content": line})
            store.append_message(sid, "user", line)
            store.append_message(sid, "assistant", "", tool_calls=_tool_call(f"c{n}", arguments))
            store.append_message(sid, "tool", json.dumps({"output": line}), tool_call_id=f"c{n}",
                                 tool_name="write_file")
        messages = store.get_messages(sid)
    users = [m.content for m in messages if m.role == "user"]
    args = [m.tool_calls[0]["function"]["arguments"] for m in messages if m.tool_calls]
    results = [json.loads(m.content)["output"] for m in messages if m.role == "tool"]
    assert users == lines
    assert [json.loads(a)["content"] for a in args] == lines
    assert args == [json.dumps({"content": line}) for line in lines]  # not even re-encoded
    assert results == lines


def test_a_title_is_redacted_before_it_is_cut() -> None:
    token = "ghp_" + "Zq7Kx2Wm9Rt4Vb8Np3Lc6Hs1Jd5Gf0Ty7Qe2"
    # "Use … to push" puts the cut 29 characters into the token: too short for a 36-char rule
    # once cut, which is how a cut-then-redact title kept it
    title = derive_title(f"Use {token} to push the release branch tonight")
    assert len(title) <= 48
    assert "ghp_" not in title and token[4:14] not in title


def test_json_escaped_tool_arguments_are_redacted_in_the_file(hermes_home: Path) -> None:
    password = "x8#Kq!2vLp9z"
    api_key = "Qx7mK2pL9vR4tW8zN3bC"
    arguments = json.dumps({"content": f'password: "{password}"'})[:-1] + f', "api_key": "{api_key}"}}'
    calls = _tool_call("c1", arguments)
    with SessionStore() as store:
        sid = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
        store.append_message(sid, "assistant", "", tool_calls=calls)
        stored = json.loads(store.get_messages(sid)[0].tool_calls[0]["function"]["arguments"])
    assert calls[0]["function"]["arguments"] == arguments  # the caller's list is not changed
    raw = _raw_bytes()
    assert password.encode() not in raw and api_key.encode() not in raw
    assert stored == {"content": 'password: "[REDACTED:assigned-secret]"', "api_key": "[REDACTED:assigned-secret]"}


def test_a_json_tool_result_whose_escapes_split_a_hint_is_redacted_in_the_file(hermes_home: Path) -> None:
    """`\\/` (PHP's json_encode, some CLIs) turns `@//` into `@\\/\\/`: the raw text holds no
    hint, the decoded one does, and the store judges the decoded strings as exports do."""
    password = "Xk9mQ2vL"
    result = '{"cmd": "conn scott\\/' + password + '@\\/\\/dbhost\\/orcl"}'
    with SessionStore() as store:
        sid = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
        store.append_message(sid, "tool", result, tool_call_id="c1", tool_name="run_command")
        stored = store.get_messages(sid)[0].content
    assert password.encode() not in _raw_bytes()
    assert json.loads(stored) == {"cmd": "conn scott/[REDACTED:oracle-connect]@//dbhost/orcl"}
