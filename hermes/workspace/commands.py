"""Running one shell command in the project, in its own process group.

Output (stdout and stderr together) streams to a callback as it arrives; the model later gets
the head and the tail with the byte count. A timeout or a cancelled task (Esc) stops the whole
group — the shell and everything it started — so nothing is left running.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HEAD_BYTES = 32 * 1024
TAIL_BYTES = 64 * 1024
READ_CHUNK = 64 * 1024
TERM_GRACE_S = 2.0  # after SIGTERM, before SIGKILL
EXIT_POLL_S = 0.05
DRAIN_GRACE_S = 0.5  # after the shell exits, for background children still holding the output


@dataclass
class CommandRun:
    """What a finished (or stopped) command produced."""

    exit_code: int | None  # None when it was stopped
    head: bytes
    tail: bytes
    total_bytes: int
    timed_out: bool = False
    stopped_background: bool = False  # children were still running after the shell exited

    @property
    def cut(self) -> bool:
        return self.total_bytes > len(self.head) + len(self.tail)

    def text(self) -> str:
        """All the output when it was kept whole; else head and tail joined by a marker."""
        head = self.head.decode("utf-8", "replace")
        if not self.cut:
            return head + self.tail.decode("utf-8", "replace")
        left_out = self.total_bytes - len(self.head) - len(self.tail)
        return (f"{head}\n[… {left_out:,} bytes left out …]\n"
                f"{self.tail.decode('utf-8', 'replace')}")


def _kill_group(pid: int, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)


async def _exited(proc: asyncio.subprocess.Process) -> None:
    """Until the shell itself has exited. (`proc.wait()` also waits for its output pipe to
    close, which a background child may hold open for ever.)"""
    while proc.returncode is None:
        await asyncio.sleep(EXIT_POLL_S)


async def _stop(proc: asyncio.subprocess.Process) -> None:
    """SIGTERM to the group, SIGKILL to what is left after a grace period."""
    _kill_group(proc.pid, signal.SIGTERM)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(_exited(proc), TERM_GRACE_S)
    _kill_group(proc.pid, signal.SIGKILL)


def command_env() -> dict[str, str]:
    """The environment a command runs with: Hermes's own, less the secrets Hermes loaded from
    $HERMES_HOME/.env (a command the model runs has no business printing Hermes's keys), with
    pagers that never wait for keys."""
    from hermes import paths
    from hermes.config import parse_env_text

    env = dict(os.environ)
    try:
        own = parse_env_text(paths.env_path().read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        own = {}
    for key, value in own.items():
        if env.get(key) == value:
            del env[key]
    env.update(PAGER="cat", GIT_PAGER="cat", GIT_TERMINAL_PROMPT="0")
    return env


async def run_command(command: str, cwd: Path, timeout: float,
                      on_output: Callable[[str], None] | None = None) -> CommandRun:
    """Run `command` with /bin/sh in `cwd` and its own session (process group); stdin is empty.
    Cancelling the awaiting task kills the group at once and re-raises."""
    starting = asyncio.ensure_future(asyncio.create_subprocess_shell(
        command, cwd=cwd, stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT, start_new_session=True, env=command_env()))
    try:
        proc = await asyncio.shield(starting)
    except asyncio.CancelledError:
        # The shell may already run (it starts before its pipes are connected): stop it too.
        with contextlib.suppress(Exception):
            _kill_group((await starting).pid, signal.SIGKILL)
        raise
    head, tail = bytearray(), bytearray()
    total = 0
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    assert proc.stdout is not None

    async def pump() -> None:
        nonlocal total
        assert proc.stdout is not None
        while chunk := await proc.stdout.read(READ_CHUNK):
            total += len(chunk)
            room = HEAD_BYTES - len(head)
            if room > 0:
                head.extend(chunk[:room])
            rest = chunk[max(room, 0):]
            if rest:
                tail.extend(rest)
                if len(tail) > TAIL_BYTES:
                    del tail[:len(tail) - TAIL_BYTES]
            if on_output is not None:
                text = decoder.decode(chunk)
                if text:
                    on_output(text)

    reader = asyncio.ensure_future(pump())
    timed_out = stopped_background = False
    try:
        try:
            await asyncio.wait_for(_exited(proc), timeout)
        except TimeoutError:
            timed_out = True
            await _stop(proc)
        try:
            await asyncio.wait_for(asyncio.shield(reader), DRAIN_GRACE_S)
        except TimeoutError:
            # the shell has exited but something it started still holds the output open
            stopped_background = True
            _kill_group(proc.pid, signal.SIGKILL)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(reader, TERM_GRACE_S)
    except asyncio.CancelledError:
        _kill_group(proc.pid, signal.SIGKILL)
        reader.cancel()
        raise
    finally:
        if not reader.done():
            reader.cancel()
    if on_output is not None and (rest := decoder.decode(b"", final=True)):
        on_output(rest)
    exit_code = None if timed_out else proc.returncode
    return CommandRun(exit_code, bytes(head), bytes(tail), total, timed_out, stopped_background)
