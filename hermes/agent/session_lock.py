"""One writer per session: an flock on `$HERMES_HOME/locks/<session_id>.lock`.

Two terminals on one session would interleave their messages silently; the second opens it
read-only instead. flock is released by the kernel when the process dies, so a crash never
leaves a stale lock behind (the file itself stays; it holds nothing).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import re

from hermes import paths

READ_ONLY_LINE = ("This session is open in another Hermes window, so it is read-only here "
                  "(nothing can be sent). Use /new to start a new session, or close the other one.")
# `hermes chat -q` cannot run /new: the same advice in shell words
CLI_READ_ONLY_LINE = ("This session is open in another Hermes window, so it cannot be continued "
                      "here. Run without --resume (or --continue) to start a new session, or "
                      "close the other window and try again.")
_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")


class SessionLock:
    """A held lock; release() (or process exit) lets another process write the session."""

    def __init__(self, fd: int | None) -> None:
        self._fd: int | None = fd

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            with contextlib.suppress(OSError):
                fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def acquire(session_id: str) -> SessionLock | None:
    """The session's lock, or None when another process holds it. A lock file that cannot be
    made (odd home, a link in its place) does not stop the chat: it is logged and written as
    before, unlocked."""
    folder = paths.hermes_home() / "locks"
    name = _UNSAFE.sub("_", session_id) or "_"
    try:
        paths.ensure_dir(folder)
        fd = paths.open_regular(folder / f"{name}.lock", os.O_RDWR | os.O_CREAT, paths.FILE_MODE)
    except OSError:
        logging.getLogger("hermes.agent").warning("cannot make the session lock", exc_info=True)
        return SessionLock(None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    except OSError:
        os.close(fd)
        raise
    return SessionLock(fd)

