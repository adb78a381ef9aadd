"""Child processes for the concurrency and crash tests: `python -m tests.sessions.workers MODE …`."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from hermes.sessions import SessionStore


def writer(path: Path, seconds: float, tag: str) -> None:
    """Append messages to one session for `seconds`; print what was stored and any errors."""
    errors: list[str] = []
    written = 0
    with SessionStore(path) as store:
        sid = store.create_session(source="test", model="m", system_prompt="", cwd="/")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                store.append_message(sid, "user", f"{tag} message number {written} 并发写入")
                written += 1
            except Exception as exc:  # noqa: BLE001 - reported to the parent, which fails the test
                errors.append(f"{type(exc).__name__}: {exc}")
    print(json.dumps({"session_id": sid, "written": written, "errors": errors}))


def searcher(path: Path, seconds: float) -> None:
    """Search while others write; print how many searches ran and any errors."""
    errors: list[str] = []
    runs = 0
    with SessionStore(path) as store:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                store.search("message")
                store.search("并发")
                store.list_sessions()
                runs += 1
            except Exception as exc:  # noqa: BLE001 - reported to the parent, which fails the test
                errors.append(f"{type(exc).__name__}: {exc}")
    print(json.dumps({"runs": runs, "errors": errors}))


def hold(path: Path) -> None:
    """Commit 50 messages, then sit inside an open transaction with 200 more until killed."""
    store = SessionStore(path)
    sid = store.create_session(source="test", model="m", system_prompt="", cwd="/")
    for i in range(50):
        store.append_message(sid, "user", f"committed walrus {i}")
    with store.batch():
        for i in range(200):
            store.append_message(sid, "user", f"uncommitted narwhal {i}")
        print(json.dumps({"session_id": sid}), flush=True)
        time.sleep(600)


def fresh(path: Path) -> None:
    """Open (and so create and migrate) the file, then write one message."""
    with SessionStore(path) as store:
        sid = store.create_session(source="test", model="m", system_prompt="", cwd="/")
        store.append_message(sid, "user", "first words in a fresh file")
    print(json.dumps({"session_id": sid}))


if __name__ == "__main__":
    mode, db = sys.argv[1], Path(sys.argv[2])
    if mode == "writer":
        writer(db, float(sys.argv[3]), sys.argv[4])
    elif mode == "searcher":
        searcher(db, float(sys.argv[3]))
    elif mode == "hold":
        hold(db)
    elif mode == "fresh":
        fresh(db)
