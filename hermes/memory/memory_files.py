"""MEMORY.md / USER.md on disk: the entry format, locking, and crash-safe writes.

Format (shared with other tools that read these files, so keep it exactly): entries joined by
the separator "\\n§\\n"; parsing splits on it, strips each piece, drops empty pieces and exact
duplicates (keeping the first). Size is len() of the joined entries, in code points.
"""

from __future__ import annotations

import fcntl
import logging
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from hermes.os_errors import describe_os_error
from hermes import paths
from hermes.config import MemoryConfig

log = logging.getLogger("hermes.memory")

SEPARATOR = "\n§\n"
TARGETS = ("memory", "user", "project")
FILE_NAMES = {"memory": "MEMORY.md", "user": "USER.md", "project": "PROJECT.md"}
LABELS = {"memory": "Memory", "user": "User profile", "project": "Project memory"}
_BOM = "\ufeff"


class StoreUnreadable(Exception):
    """The file exists but cannot be read or decoded; writes to it are refused."""


# ---------------------------------------------------------------- format (pure)


def parse_entries(text: str) -> list[str]:
    """Entries of a store file: split on the separator, strip, drop empties and duplicates."""
    text = text.removeprefix(_BOM)
    if "\r" in text:  # the scan for it is far cheaper than a replace that copies the text
        text = text.replace("\r\n", "\n")
    # dict.fromkeys keeps the first of each and the order, in C: a tool call parses the store
    # twice, and this loop was its largest cost at 20,000 characters
    return list(dict.fromkeys(piece for piece in map(str.strip, text.split(SEPARATOR)) if piece))


def join_entries(entries: Sequence[str]) -> str:
    """The file text for `entries` (also the text whose len() is the store size)."""
    return SEPARATOR.join(entries)


def entries_size(entries: Sequence[str]) -> int:
    """Size in code points, separators included; 0 for an empty store."""
    if not entries:
        return 0
    return sum(map(len, entries)) + len(SEPARATOR) * (len(entries) - 1)


def has_separator_line(text: str) -> bool:
    """True when `text` holds a line made only of '§' (it would split into two entries)."""
    return any(line.strip() == "§" for line in text.replace("\r\n", "\n").split("\n"))


def format_count(n: int) -> str:
    return f"{n:,}"


def usage_percent(used: int, limit: int) -> int:
    """Percent of the limit, rounded down and capped at 100."""
    if limit <= 0:
        return 100
    return min(100, used * 100 // limit)


def usage_text(used: int, limit: int) -> str:
    """'67% — 1,474/2,200 chars' as tool results and headers show it."""
    return f"{usage_percent(used, limit)}% — {format_count(used)}/{format_count(limit)} chars"


# ---------------------------------------------------------------- locations and limits


def store_path(target: str) -> Path:
    """Path of the file behind a target ('memory' → MEMORY.md, 'user' → USER.md, 'project' →
    this project's PROJECT.md under $HERMES_HOME/projects/<hash>/)."""
    if target == "project":
        return paths.project_memory_dir() / FILE_NAMES[target]
    return paths.memories_dir() / FILE_NAMES[target]


def lock_path(target: str) -> Path:
    path = store_path(target)
    return path.with_name(path.name + ".lock")


def char_limit(cfg: MemoryConfig, target: str) -> int:
    return {"memory": cfg.memory_char_limit, "user": cfg.user_char_limit,
            "project": cfg.project_char_limit}[target]


def target_enabled(cfg: MemoryConfig, target: str) -> bool:
    if target == "memory":
        return cfg.memory_enabled
    if target == "user":
        return cfg.user_profile_enabled
    if target == "project":
        return cfg.project_enabled
    return False


def enabled_targets(cfg: MemoryConfig) -> list[str]:
    return [t for t in TARGETS if target_enabled(cfg, t)]


def target_label(target: str) -> str:
    """How messages name a store: 'Memory', 'User profile' or 'Project memory'."""
    return LABELS[target]


# ---------------------------------------------------------------- reading

# The last bytes read from each store file and the entries they parse to. A write reads its
# store twice (to plan without the lock, then under it to check nothing moved): the second
# read finds the same bytes and skips the parse, the larger part of a read. Keyed on the whole
# content, never on a stat, so a change on disk is always parsed afresh.
_parsed: dict[Path, tuple[bytes, tuple[str, ...]]] = {}


def read_entries(cfg: MemoryConfig | None, target: str) -> list[str]:
    """Entries on disk now; [] when the file does not exist. Raises StoreUnreadable."""
    path = store_path(target)
    try:
        raw = paths.read_regular_bytes(path)  # no link following, no hang on a FIFO
    except FileNotFoundError:
        return []
    except paths.UnsafePath as exc:
        raise StoreUnreadable(f"cannot read {exc}") from None
    except OSError as exc:
        raise StoreUnreadable(describe_os_error(exc, path)) from None
    cached = _parsed.get(path)
    if cached is not None and cached[0] == raw:
        return list(cached[1])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StoreUnreadable(
            f"cannot decode {path} as UTF-8 (bad byte at offset {exc.start})"
        ) from None
    entries = parse_entries(text)
    if len(_parsed) >= 8:  # a few homes at most (tests make many): never grows without bound
        _parsed.clear()
    _parsed[path] = (raw, tuple(entries))
    return entries


@dataclass
class StoreState:
    """One store as a viewer shows it; `error` is set (and entries empty) when unreadable."""

    target: str
    path: Path
    entries: list[str]
    used: int
    limit: int
    enabled: bool
    error: str | None = None

    @property
    def usage(self) -> str:
        return usage_text(self.used, self.limit)


def read_store(cfg: MemoryConfig, target: str) -> StoreState:
    """The store's live state for the TUI viewer and `hermes memory show`; never raises."""
    try:
        entries = read_entries(cfg, target)
        error = None
    except StoreUnreadable as exc:
        entries, error = [], str(exc)
    return StoreState(target, store_path(target), entries, entries_size(entries),
                      char_limit(cfg, target), target_enabled(cfg, target), error)


_usage_cache: dict[Path, tuple[tuple[int, int, int], int]] = {}


def memory_usage(cfg: MemoryConfig) -> dict[str, tuple[int, int]]:
    """Live (used, limit) per enabled target, cached on the file's stat so polling is cheap.

    An unreadable store reports used = -1.
    """
    out: dict[str, tuple[int, int]] = {}
    for target in enabled_targets(cfg):
        path = store_path(target)
        limit = char_limit(cfg, target)
        try:
            st = path.lstat()
        except FileNotFoundError:
            out[target] = (0, limit)
            continue
        except OSError:
            out[target] = (-1, limit)
            continue
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        cached = _usage_cache.get(path)
        if cached and cached[0] == key:
            out[target] = (cached[1], limit)
            continue
        try:
            used = entries_size(read_entries(cfg, target))
        except StoreUnreadable:
            used = -1
        _usage_cache[path] = (key, used)
        out[target] = (used, limit)
    return out


# ---------------------------------------------------------------- locking and writing


def ensure_memories_dir() -> Path:
    """Create HERMES_HOME and memories/ with 0700 (mkdir's parents would get the umask).

    Raises paths.UnsafePath when either is writable by others, owned by someone else, or
    not a folder: a file planted there could redirect what goes into every prompt."""
    if paths.memories_dir_ready():  # both there and safe: two stats instead of five
        return paths.memories_dir()
    paths.require_safe_home()
    paths.ensure_dir(paths.hermes_home())
    return paths.ensure_dir(paths.memories_dir())


def ensure_project_dir() -> Path:
    """Create this project's memory folder (0700), with a `root.txt` naming the project's path
    so a person browsing $HERMES_HOME/projects/ can tell the folders apart."""
    folder = paths.ensure_dir(paths.project_memory_dir())
    note = folder / "root.txt"
    if not note.exists():
        root = paths.find_project_root(paths.working_dir())
        fd = paths.open_regular(note, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"{root}\n")
    return folder


@contextmanager
def locked(targets: Sequence[str]) -> Iterator[None]:
    """Hold the exclusive lock of each target's sibling lock file (always in the same order)."""
    ensure_memories_dir()
    if "project" in targets:
        ensure_project_dir()
    fds: list[int] = []
    try:
        for target in sorted(set(targets)):
            fd = paths.open_regular(lock_path(target), os.O_RDWR | os.O_CREAT)
            fds.append(fd)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        for fd in reversed(fds):
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            finally:
                os.close(fd)


def _remove_stale_temps(path: Path) -> None:
    # Only writers holding the lock create temp files, so any found under the lock were
    # left by a writer that crashed before its rename (in this process or another one).
    # scandir and a prefix test rather than Path.glob: this runs on every write.
    prefix, suffix = f".{path.name}.", ".tmp"
    try:
        with os.scandir(path.parent) as found:
            stale = [e.path for e in found if e.name.startswith(prefix) and e.name.endswith(suffix)
                     and len(e.name) > len(prefix) + len(suffix)]  # as mkstemp names them: prefix, id, suffix
    except OSError:
        return  # an unreadable folder: the write itself will say what is wrong
    for name in stale:
        Path(name).unlink(missing_ok=True)


def stage_store_file(target: str, entries: Sequence[str], text: str | None = None) -> Path:
    """Write `entries` (or the file `text` they parse from) to a fsynced 0600 temp file beside
    the store; install_store_files puts it in place. The caller must hold `locked([target])`."""
    path = store_path(target)
    folder = path.parent  # locked() made it and checked the home
    _remove_stale_temps(path)
    # The rename would replace a link or a FIFO itself; refusing says what is odd instead.
    paths.check_regular_or_missing(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        data = (join_entries(entries) if text is None else text).encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fchmod(fd, paths.FILE_MODE)
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        Path(tmp).unlink(missing_ok=True)
        raise
    os.close(fd)
    return Path(tmp)


def install_store_files(staged: Sequence[tuple[str, Path]]) -> None:
    """Rename each staged temp file over its target's store, then fsync the folder once (one
    flush makes every rename of a batch durable). The caller must hold the targets' locks."""
    if not staged:
        return
    try:
        for target, tmp in staged:
            os.replace(tmp, store_path(target))
    except BaseException:
        discard_staged(staged)
        raise
    for folder in dict.fromkeys(store_path(target).parent for target, _ in staged):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def discard_staged(staged: Sequence[tuple[str, Path]]) -> None:
    for _, tmp in staged:
        tmp.unlink(missing_ok=True)


def write_entries_locked(target: str, entries: Sequence[str]) -> None:
    """Replace the store atomically: temp file → fsync → rename → fsync folder.

    The caller must hold `locked([target])`.
    """
    install_store_files([(target, stage_store_file(target, entries))])
