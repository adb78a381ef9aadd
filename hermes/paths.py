"""Where Hermes keeps its files: everything lives under HERMES_HOME (default ~/.hermes).

Files under the home hold what goes into every prompt, so they are opened without following
symbolic links and only when they are regular files: a link or a FIFO planted in the home
must neither redirect a write to another file nor hang a read.
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600


class UnsafePath(OSError):
    """A file or folder Hermes refuses to use; str() is one line that says what to fix."""

    def __init__(self, message: str, path: Path | str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None

    def __str__(self) -> str:
        return self.message


def hermes_home() -> Path:
    """The root folder: $HERMES_HOME if set, else ~/.hermes."""
    return _home_from(os.environ.get("HERMES_HOME", ""), os.environ.get("HOME", ""))


@lru_cache(maxsize=8)
def _home_from(env: str, user_home: str) -> Path:
    # Keyed on both variables, so a changed environment is seen at once; a memory write asks
    # for the home a dozen times, and building the Path each time was a tenth of its CPU.
    env = env.strip()
    return Path(env).expanduser() if env else Path.home() / ".hermes"


def describe_mode(mode: int) -> str:
    """What a file mode is, in words: "a symbolic link", "a folder", …"""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a file"


def _folder_problem(path: Path, st: os.stat_result) -> str | None:
    """What is unsafe about an existing folder Hermes keeps private files in (None = fine)."""
    if not stat.S_ISDIR(st.st_mode):
        return f"{path} is {describe_mode(st.st_mode)}, not a folder; move it aside so Hermes can create the folder"
    if st.st_uid != os.geteuid():
        return (f"{path} belongs to another user (uid {st.st_uid}); set HERMES_HOME to a folder "
                f"of your own, or run `chown {os.geteuid()} {path}`")
    if st.st_mode & 0o022:
        who = " and ".join(w for w, bit in (("group", 0o020), ("others", 0o002)) if st.st_mode & bit)
        return f"{path} is writable by {who}; run `chmod 700 {path}`"
    return None


def check_home() -> str | None:
    """One line saying what to fix when HERMES_HOME or its memories folder is unsafe to use
    (writable by others, owned by someone else, or not a folder); None when fine or absent.

    HERMES_HOME itself may be a symbolic link (the user chose where it points); the folders
    inside it may not."""
    home = hermes_home()
    for path, follow in ((home, True), (memories_dir(), False)):
        try:
            st = path.stat() if follow else path.lstat()
        except FileNotFoundError:
            continue
        except OSError as exc:
            return f"cannot inspect {path}: {exc.strerror or exc}; check its permissions"
        problem = _folder_problem(path, st)
        if problem:
            return problem
    return None


def memories_dir_ready() -> bool:
    """True when HERMES_HOME and its memories folder both exist and are safe (one stat each,
    what check_home and ensure_dir would find); raises UnsafePath with check_home()'s line
    when either is unsafe. False when either is missing or cannot be inspected: the caller
    then takes the full path (require_safe_home, ensure_dir), which says what is wrong."""
    home, memories = hermes_home(), memories_dir()
    try:
        st_home, st_memories = os.stat(home), os.lstat(memories)
    except OSError:
        return False
    for path, st in ((home, st_home), (memories, st_memories)):
        problem = _folder_problem(path, st)
        if problem:
            raise UnsafePath(problem, home)
    return True


def require_safe_home() -> None:
    """Raise UnsafePath with check_home()'s line when the home is unsafe."""
    problem = check_home()
    if problem:
        raise UnsafePath(problem, hermes_home())


def _inside_home(path: Path) -> list[Path]:
    """The folders from just below HERMES_HOME down to `path` ([] when `path` is not inside)."""
    home = hermes_home()
    try:
        rel = path.relative_to(home)
    except ValueError:
        return []
    out, cur = [], home
    for part in rel.parts:
        cur = cur / part
        out.append(cur)
    return out


def ensure_dir(path: Path) -> Path:
    """Create a folder with owner-only permissions, missing parents too (mkdir's `parents`
    would give those the umask's mode); existing folders are left as they are. Return it.

    Inside HERMES_HOME every existing step must be a real folder, not a link or a file
    (UnsafePath says which and what to do)."""
    for folder in _inside_home(path):
        try:
            st = folder.lstat()
        except FileNotFoundError:
            break
        if not stat.S_ISDIR(st.st_mode):
            raise UnsafePath(f"{folder} is {describe_mode(st.st_mode)}, not a folder; move it aside so "
                             "Hermes can create the folder", folder)
    if not path.is_dir():
        missing = [path, *(p for p in path.parents if not p.exists())]
        for folder in reversed(missing):
            try:
                folder.mkdir(mode=DIR_MODE, exist_ok=True)
            except FileExistsError:
                raise UnsafePath(f"{folder} is a file, not a folder; move it aside so Hermes "
                                 "can create the folder", folder) from None
    return path


def open_regular(path: Path, flags: int, mode: int = FILE_MODE) -> int:
    """os.open without following a symbolic link and without blocking on a FIFO; the fd is
    returned only for a regular file (else UnsafePath says what is there and what to do).
    FileNotFoundError passes through so callers can treat a missing file as empty."""
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):  # a symlink; a FIFO opened for writing
            _refuse_non_regular(path)
        raise
    try:
        st = os.fstat(fd)
    except BaseException:
        os.close(fd)
        raise
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        _refuse_non_regular(path)
    return fd


def _refuse_non_regular(path: Path) -> None:
    try:
        kind = describe_mode(path.lstat().st_mode)
    except OSError:
        kind = "not a regular file"
    raise UnsafePath(f"{path} is {kind}, not a regular file; Hermes does not follow links or "
                     "read pipes in its home. Move it aside (and put a plain file there if you "
                     "want to keep its content)", path)


def check_regular_or_missing(path: Path) -> None:
    """Raise UnsafePath unless `path` is a regular file or absent (checked without following)."""
    try:
        st = path.lstat()
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        _refuse_non_regular(path)


def read_regular_bytes(path: Path) -> bytes:
    """The bytes of a regular file, opened as open_regular does (never follows, never hangs)."""
    fd = open_regular(path, os.O_RDONLY)
    chunks = []
    try:
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)


def config_path() -> Path:
    return hermes_home() / "config.yaml"


def env_path() -> Path:
    return hermes_home() / ".env"


def memories_dir() -> Path:
    return _child(hermes_home(), "memories")


@lru_cache(maxsize=16)
def _child(parent: Path, name: str) -> Path:
    return parent / name  # the memory write path asks for its folder ten times a call


def projects_dir() -> Path:
    return hermes_home() / "projects"


def project_key(root: Path) -> str:
    """The folder name of a project's memory: a hash of its root's absolute path."""
    return hashlib.sha256(str(root).encode("utf-8", "surrogatepass")).hexdigest()[:16]


@lru_cache(maxsize=16)
def _project_memory_dir(home: Path, cwd: str) -> Path:
    return home / "projects" / project_key(find_project_root(Path(cwd)))


def project_memory_dir() -> Path:
    """`$HERMES_HOME/projects/<hash>/` of the project this process works in (the git root of
    the working directory, else the directory): where its PROJECT.md lives, never inside the
    repository itself."""
    return _project_memory_dir(hermes_home(), str(working_dir()))


def pending_memory_dir() -> Path:
    return hermes_home() / "pending" / "memory"


def state_db_path() -> Path:
    return hermes_home() / "state.db"


def logs_dir() -> Path:
    return hermes_home() / "logs"


def log_path() -> Path:
    return logs_dir() / "hermes.log"


def user_themes_dir() -> Path:
    return hermes_home() / "themes"


def undo_dir() -> Path:
    return hermes_home() / "undo"


def undo_journal_path(session_id: str) -> Path:
    """The undo journal of `session_id` (the coding tools write it; deleting the session
    removes it). An id of ASCII letters, digits, '-' and '_' (every id Hermes makes) names its
    file as it is; any other id (an imported one) keeps those characters and adds a hash of the
    whole id, so it can neither name another folder nor share a file with a different id."""
    safe = "".join(c for c in session_id if c.isascii() and (c.isalnum() or c in "-_"))
    if not safe or safe != session_id:
        safe = f"{safe or 'session'}-{hashlib.sha256(session_id.encode('utf-8', 'surrogatepass')).hexdigest()[:12]}"
    return undo_dir() / f"{safe}.jsonl"


# The project a session runs in: plain path logic, shared by the sessions CLI (`--here`) and
# the workspace layer, so it lives at the bottom of the layers.
def find_project_root(cwd: Path) -> Path:
    """The nearest folder at or above `cwd` holding `.git`, else `cwd` itself (absolute)."""
    start = Path(os.path.abspath(cwd))
    for folder in (start, *start.parents):
        try:
            if (folder / ".git").exists():
                return folder
        except OSError:  # an unreadable parent: stop looking, the working directory stands
            break
    return start


def working_dir() -> Path:
    """The working directory; the home folder when it no longer exists (deleted under us)."""
    try:
        return Path.cwd()
    except OSError:
        return Path.home()


@contextmanager
def exclusive_lock(path: Path) -> Iterator[None]:
    """An exclusive flock on the lock file `path` (made owner-only when missing). In a
    read-only folder (a read-only home) an existing lock file is locked through a read-only
    descriptor, and a missing one needs no lock: nobody can write there. So readers work on a
    read-only home, and writers still fail at their own write with the folder named."""
    try:
        fd = open_regular(path, os.O_RDWR | os.O_CREAT)
    except OSError as exc:
        if exc.errno not in (errno.EROFS, errno.EACCES, errno.EPERM):
            raise
        try:
            fd = open_regular(path, os.O_RDONLY)
        except FileNotFoundError:
            yield
            return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
