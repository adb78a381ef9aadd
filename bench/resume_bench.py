"""Opening a long session: `hermes --resume ID` on a 2,000-message session, on a pseudo-terminal
(120x36), from spawning the process until the session's last message is on the screen.

    python bench/resume_bench.py [--runs 5] [--messages 2000] [--history 100000]

The session (user questions, replies with code, tool calls and their results) sits in a
history of --history messages in all. Printed per run and as medians: the first frame with a
focused input (the app's own marker, $HERMES_STARTUP_MARKER), and the moment the last stored
message's text appears in the terminal output (the transcript loaded and drawn). Beside them,
in-process: the time to read the session's rows and to build the transcript rows from them, and
AgentSession.open (as the TUI calls it, in an event loop) with the wait for its context count.
Nothing is asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import pty
import random
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hermes.sessions import SessionStore  # noqa: E402
from textgen import TextMaker  # noqa: E402

LAST_WORDS = "zebrafinch quokkaline"  # the session's last reply ends with these


def make_home(messages: int, history: int) -> tuple[Path, str]:
    home = Path(tempfile.mkdtemp(prefix="hermes-resume-")) / "home"
    home.mkdir(mode=0o700)
    (home / "config.yaml").write_text(
        "model: {name: openai/bench, api_base: 'http://127.0.0.1:9/v1', api_key_env: BENCH_KEY}\n")
    (home / ".env").write_text("BENCH_KEY=sk-bench-000000000000\n")
    os.chmod(home / ".env", 0o600)
    maker, rng = TextMaker(5), random.Random(3)
    with SessionStore(home / "state.db") as store:
        written = 0
        while written < history - messages:  # other sessions around it
            size = min(rng.randint(10, 200), history - messages - written)
            with store.batch():
                other = store.create_session(source="tui", model="m", system_prompt="", cwd="/")
                for i in range(size):
                    store.append_message(other, "user" if i % 2 == 0 else "assistant",
                                         maker.message("user" if i % 2 == 0 else "assistant"))
            written += size
        with store.batch():
            sid = store.create_session(source="tui", model="openai/bench",
                                       system_prompt="You are Hermes.", cwd="/")
            n = 0
            while n < messages - 1:
                store.append_message(sid, "user", maker.message("user"))
                n += 1
                if rng.random() < 0.3 and n < messages - 3:
                    call = {"id": f"c{n}", "type": "function", "function": {
                        "name": "session_search", "arguments": '{"query": "earlier work"}'}}
                    store.append_message(sid, "assistant", "", tool_calls=[call])
                    store.append_message(sid, "tool", '{"results": []}', tool_call_id=f"c{n}",
                                         tool_name="session_search")
                    n += 2
                store.append_message(sid, "assistant", maker.message("assistant"))
                n += 1
            store.append_message(sid, "assistant", f"That is all. {LAST_WORDS}")
        store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        count = store.get_session(sid).message_count
    print(f"session {sid}: {count:,} messages, in a history of {written + count:,}")
    return home, sid


def one_run(home: Path, sid: str, timeout: float = 60.0) -> dict[str, float]:
    marker = home.parent / "marker.jsonl"
    marker.unlink(missing_ok=True)
    env = {**os.environ, "HERMES_HOME": str(home), "HERMES_STARTUP_MARKER": str(marker),
           "TERM": "xterm-256color", "PYTHONPATH": str(REPO)}
    started = time.time()
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(REPO)  # this checkout's code, whatever the venv's install points at
        os.execvpe(sys.executable, [sys.executable, "-m", "hermes", "--resume", sid], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    seen = b""
    shown = float("nan")
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.01)
        if ready:
            with contextlib.suppress(OSError):
                seen = (seen + os.read(fd, 65536))[-200_000:]
            if LAST_WORDS.split()[1].encode() in seen:
                shown = time.time()
                break
    first = float("nan")
    if marker.exists():
        for line in marker.read_text().splitlines():
            if '"first_frame"' in line:
                first = float(line.split('"t":')[1].split(",")[0].strip(" }"))
                break
    with contextlib.suppress(OSError):
        os.write(fd, b"\x11")  # Ctrl+Q
    end = time.time() + 10
    while time.time() < end:
        with contextlib.suppress(OSError):
            if select.select([fd], [], [], 0.05)[0]:
                os.read(fd, 65536)
        if os.waitpid(pid, os.WNOHANG)[0]:
            break
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    if shown != shown and os.environ.get("RESUME_BENCH_DUMP"):  # not seen: keep the screen
        Path(os.environ["RESUME_BENCH_DUMP"]).write_bytes(seen)
    return {"first_frame_ms": (first - started) * 1000, "last_message_shown_ms": (shown - started) * 1000}


def in_process(home: Path, sid: str) -> tuple[float, float]:
    os.environ["HERMES_HOME"] = str(home)
    from hermes.tui.session_loading import items_from_messages

    t = time.perf_counter()
    with SessionStore(home / "state.db") as store:
        records = store.get_messages(sid)
    read = time.perf_counter() - t
    t = time.perf_counter()
    items_from_messages(records)
    return read * 1000, (time.perf_counter() - t) * 1000


def open_in_process(home: Path, sid: str) -> tuple[float, float]:
    """AgentSession.open on the session inside an event loop, as the TUI calls it (ms), and
    then the wait for its context count, which runs in a thread meanwhile (ms)."""
    import asyncio

    os.environ["HERMES_HOME"] = str(home)
    from hermes.agent.session import AgentSession
    from hermes.config import load_config

    async def run() -> tuple[float, float]:
        t = time.perf_counter()
        agent = AgentSession.open(load_config(), resume=sid)
        opened = time.perf_counter() - t
        t = time.perf_counter()
        await agent.context_counted()
        counted = time.perf_counter() - t
        await agent.close(wait_background=0)
        return opened * 1000, counted * 1000

    return asyncio.run(run())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--messages", type=int, default=2000)
    parser.add_argument("--history", type=int, default=100_000)
    args = parser.parse_args()
    home, sid = make_home(args.messages, args.history)
    try:
        runs = []
        for _ in range(args.runs):
            r = one_run(home, sid)
            runs.append(r)
            print(f"  first frame {r['first_frame_ms']:7.0f} ms   last message on screen "
                  f"{r['last_message_shown_ms']:7.0f} ms   load {os.getloadavg()[0]:.1f}", flush=True)
        shown = [r["last_message_shown_ms"] for r in runs]
        print(f"median: first frame {statistics.median(r['first_frame_ms'] for r in runs):.0f} ms, "
              f"last message on screen {statistics.median(shown):.0f} ms "
              f"[{min(shown):.0f}–{max(shown):.0f}] (target ≤ 1000 ms)")
        read_ms, rows_ms = in_process(home, sid)
        print(f"in-process: reading the {args.messages:,} rows {read_ms:.1f} ms, building the "
              f"transcript rows {rows_ms:.1f} ms")
        open_ms, count_ms = open_in_process(home, sid)
        print(f"in-process: AgentSession.open {open_ms:.0f} ms, then its context "
              f"count in a thread {count_ms:.0f} ms more")
    finally:
        shutil.rmtree(home.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
