"""One sentence for a file-system or decoding failure: what happened, to which path, what to do.

The edges (CLI, TUI notices, tool results) show this instead of the operating system's own
text ("[Errno 21] Is a directory", "'utf-8' codec can't decode byte 0xd6 …"). The table maps an
errno to what happened and what to do; anything not in it still gets a sentence with its path.
"""

from __future__ import annotations

import errno
from pathlib import Path

# errno → (what happened to the path, what to do)
_TABLE: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("does not exist", "check the path, or create it first"),
    errno.EISDIR: ("is a folder, not a file", "give the path of a file inside it"),
    errno.ENOTDIR: ("has a file where a folder is expected on its way",
                    "check each folder in the path"),
    errno.EACCES: ("cannot be opened: permission denied",
                   "give your user access to it (ls -l shows who owns it)"),
    errno.EPERM: ("cannot be changed: the operation is not permitted",
                  "check who owns it and whether it is locked or immutable"),
    errno.EROFS: ("is on a read-only file system",
                  "make the folder writable, or point HERMES_HOME at a writable folder"),
    errno.ENOSPC: ("could not be written: the disk is full", "free some space and try again"),
    errno.EDQUOT: ("could not be written: the disk quota is used up",
                   "free some space and try again"),
    errno.EEXIST: ("already exists", "move it aside or choose another name"),
    errno.ENOTEMPTY: ("is a folder that is not empty", "empty it or choose another path"),
    errno.ELOOP: ("is a symbolic link (or a loop of them) where Hermes needs a real file",
                  "replace the link with the file itself"),
    errno.ENAMETOOLONG: ("has a name that is too long", "choose a shorter name"),
    errno.EMFILE: ("could not be opened: too many files are open",
                   "close other programs or raise the limit (ulimit -n)"),
    errno.EBUSY: ("is busy (in use by another program)", "close that program and try again"),
    errno.ETXTBSY: ("is busy (a running program)", "stop that program and try again"),
    errno.EIO: ("could not be read or written: the disk reported an input/output error",
                "check the disk; copy what you need elsewhere"),
    errno.EXDEV: ("cannot be moved across file systems", "copy it instead"),
    errno.EAGAIN: ("is locked or busy for now", "try again in a moment"),
}


def _named(path: object) -> str:
    if path is None or path == "":
        return "a file"
    if isinstance(path, bytes):
        return path.decode("utf-8", "replace")
    return str(path)


def describe_os_error(exc: OSError, path: str | Path | None = None) -> str:
    """One sentence for `exc` naming `path` (or the path the error carries), with what to do."""
    where = _named(path if path is not None else exc.filename)
    known = _TABLE.get(exc.errno or -1)
    if known is not None:
        happened, todo = known
        if exc.errno == errno.EACCES and exc.filename2:
            where = f"{where} (or {_named(exc.filename2)})"
        return f"{where} {happened}; {todo}."
    reason = (exc.strerror or "the operating system refused").rstrip(".").lower()
    return f"{where} could not be used ({reason}); check the path and its permissions."


def describe_decode_error(exc: UnicodeDecodeError, path: str | Path | None = None) -> str:
    """One sentence for a file that is not UTF-8 text, with the byte offset where it fails."""
    where = _named(path) if path is not None else "the file"
    return (f"{where} is not UTF-8 text (byte {exc.start} cannot be decoded); save it as UTF-8, "
            "or move it aside if it is not a text file.")


def describe_file_error(exc: OSError | UnicodeDecodeError, path: str | Path | None = None) -> str:
    """describe_os_error or describe_decode_error, whichever fits `exc`."""
    if isinstance(exc, UnicodeDecodeError):
        return describe_decode_error(exc, path)
    return describe_os_error(exc, path)
