"""A portable memory bundle: the whole memory of one machine in one file, for the next one.

`export_bundle` writes a zip archive holding MEMORY.md and USER.md, every project memory
(`$HERMES_HOME/projects/<hash>/PROJECT.md`), the change journal and the skills folders, each
passed through the secret redactor, and a `manifest.json` that lists every file with its size
and SHA-256. `read_bundle` opens one and checks it: only the names the format allows, no
absolute paths or `..`, sizes within bounds, hashes that match. `import_plan` compares a
bundle's entries with the local stores; the CLI shows that plan as a diff (`--dry-run`) or
applies it entry by entry through the memory tool, so the scan, the limits and write approval
decide exactly as for an entry typed with `hermes memory add`.

Only regular files are read; a link in the memory folders is skipped, never followed.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import zipfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

from hermes import paths
from hermes.config import MemoryConfig
from hermes.memory.memory_files import TARGETS, parse_entries, read_store

FORMAT = "hermes-memory-bundle"
VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024  # a memory file, a journal or a skill file larger than this is left out
MAX_BUNDLE_FILES = 5000
STORE_FILES = {"memory": "memories/MEMORY.md", "user": "memories/USER.md"}
JOURNAL_FILE = "memories/journal.jsonl"


class BundleError(Exception):
    """A bundle that cannot be written or read; the message says why and what to do."""


@dataclass(frozen=True)
class BundleFile:
    path: str  # inside the archive, POSIX
    size: int
    sha256: str


@dataclass
class Manifest:
    created: str
    files: list[BundleFile] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # what was left out, and why

    def to_json(self) -> dict[str, object]:
        return {"format": FORMAT, "version": VERSION, "created": self.created,
                "files": [{"path": f.path, "size": f.size, "sha256": f.sha256} for f in self.files],
                "skipped": self.skipped}


def _regular_bytes(path: Path) -> bytes | None:
    """The file's bytes when it is a regular file (not through a link), else None."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    if st.st_size > MAX_FILE_BYTES:
        raise BundleError(f"{path} is {st.st_size:,} bytes, more than a bundle holds")
    return paths.read_regular_bytes(path)


def _tree_files(root: Path, prefix: str, skipped: list[str]) -> list[tuple[str, Path]]:
    """Regular files under `root` as (archive name, path); links and special files are noted."""
    found: list[tuple[str, Path]] = []
    if not root.is_dir() or root.is_symlink():
        return found
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        here = Path(dirpath)
        for name in list(dirnames):
            if (here / name).is_symlink():
                skipped.append(f"{prefix}/{(here / name).relative_to(root).as_posix()}: a link")
                dirnames.remove(name)
        for name in sorted(filenames):
            path = here / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink() or not path.is_file():
                skipped.append(f"{prefix}/{rel}: not a regular file")
                continue
            found.append((f"{prefix}/{rel}", path))
    return sorted(found)


def _redacted(name: str, data: bytes) -> bytes:
    from hermes.security.redact import redact

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return data  # a binary file beside a skill: kept as it is (it holds no text secret)
    return redact(text).encode("utf-8")


def bundle_sources() -> list[tuple[str, Path]]:
    """(archive name, local path) of everything a bundle carries, links left out."""
    home = paths.hermes_home()
    out: list[tuple[str, Path]] = [
        (STORE_FILES["memory"], paths.memories_dir() / "MEMORY.md"),
        (STORE_FILES["user"], paths.memories_dir() / "USER.md"),
        (JOURNAL_FILE, paths.memories_dir() / "journal.jsonl"),
    ]
    skipped: list[str] = []
    out += [(n, p) for n, p in _tree_files(home / "projects", "projects", skipped)
            if n.endswith("/PROJECT.md")]
    out += _tree_files(home / "skills", "skills", skipped)
    return out


def export_bundle(dest: Path, *, overwrite: bool = False) -> Manifest:
    """Write the bundle to `dest` (atomically); returns its manifest."""
    if dest.exists() and not overwrite:
        raise BundleError(f"{dest} already exists; give another name or --force to replace it")
    manifest = Manifest(created=datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"))
    payload: list[tuple[str, bytes]] = []
    for name, path in bundle_sources():
        try:
            data = _regular_bytes(path)
        except BundleError as exc:
            manifest.skipped.append(f"{name}: {exc}")
            continue
        if data is None:
            continue
        data = _redacted(name, data)
        payload.append((name, data))
        manifest.files.append(BundleFile(name, len(data), hashlib.sha256(data).hexdigest()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("manifest.json", json.dumps(manifest.to_json(), indent=2))
        for name, data in payload:
            archive.writestr(name, data)
    tmp = dest.with_name(f".{dest.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(buffer.getvalue())
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
    return manifest


def _safe_name(name: str) -> bool:
    pure = PurePosixPath(name)
    return (not pure.is_absolute() and ".." not in pure.parts and "\\" not in name
            and (name in (*STORE_FILES.values(), JOURNAL_FILE)
                 or (name.startswith("projects/") and name.endswith("/PROJECT.md")
                     and len(pure.parts) == 3)
                 or name.startswith("skills/")))


@dataclass
class Bundle:
    manifest: dict[str, object]
    files: dict[str, bytes]

    def text(self, name: str) -> str:
        return self.files.get(name, b"").decode("utf-8", "replace")


def read_bundle(src: Path) -> Bundle:
    """Open and check a bundle; raises BundleError saying what is wrong with it."""
    try:
        archive = zipfile.ZipFile(src)
    except FileNotFoundError:
        raise BundleError(f"{src} does not exist") from None
    except (zipfile.BadZipFile, OSError) as exc:
        raise BundleError(f"{src} is not a memory bundle ({exc}); make one with "
                          "`hermes memory export FILE`") from None
    with archive:
        try:
            manifest = json.loads(archive.read("manifest.json"))
        except (KeyError, ValueError):
            raise BundleError(f"{src} has no readable manifest.json: it is not a memory bundle") from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise BundleError(f"{src} is not a memory bundle (its manifest names no {FORMAT})")
        if not isinstance(manifest.get("version"), int) or manifest["version"] > VERSION:
            raise BundleError(f"{src} was written by a newer Hermes (bundle version "
                              f"{manifest.get('version')}); upgrade Hermes to import it")
        listed = manifest.get("files")
        if not isinstance(listed, list) or len(listed) > MAX_BUNDLE_FILES:
            raise BundleError(f"{src} has a damaged file list in its manifest")
        files: dict[str, bytes] = {}
        for item in listed:
            name = item.get("path") if isinstance(item, dict) else None
            if not isinstance(name, str) or not _safe_name(name):
                raise BundleError(f"{src} lists a file Hermes does not import ({str(name)[:80]!r})")
            try:
                info = archive.getinfo(name)
            except KeyError:
                raise BundleError(f"{src} lists {name} but does not hold it") from None
            if info.file_size > MAX_FILE_BYTES:
                raise BundleError(f"{name} in {src} is larger than a bundle may hold")
            data = archive.read(info)
            if hashlib.sha256(data).hexdigest() != item.get("sha256"):
                raise BundleError(f"{name} in {src} does not match its checksum: the file is "
                                  "damaged; export it again")
            files[name] = data
    return Bundle(manifest, files)


@dataclass(frozen=True)
class PlannedEntry:
    target: str
    content: str


@dataclass
class ImportPlan:
    """What importing a bundle would add: new entries per store, what is already here, and the
    files that are reported rather than merged."""

    add: list[PlannedEntry] = field(default_factory=list)
    already: int = 0
    not_merged: list[str] = field(default_factory=list)

    def diff_lines(self) -> list[str]:
        lines = []
        for target in TARGETS:
            mine = [e for e in self.add if e.target == target]
            if mine:
                lines.append(f"--- {STORE_FILES[target]} (here)")
                lines.append(f"+++ {STORE_FILES[target]} (after import)")
                for entry in mine:
                    first, *rest = entry.content.splitlines() or [""]
                    lines.append(f"+ {first}")
                    lines += [f"+   {line}" for line in rest]
        return lines


def import_plan(bundle: Bundle, cfg: MemoryConfig) -> ImportPlan:
    """The entries of the bundle's MEMORY.md and USER.md that the local stores lack."""
    plan = ImportPlan()
    for target, name in STORE_FILES.items():
        if name not in bundle.files:
            continue
        state = read_store(cfg, target)
        if state.error:
            raise BundleError(f"{state.path.name} here cannot be read ({state.error}); fix it "
                              "before importing")
        here = set(state.entries)
        for entry in parse_entries(bundle.text(name)):
            if entry in here:
                plan.already += 1
            else:
                plan.add.append(PlannedEntry(target, entry))
    for name in sorted(bundle.files):
        if name == JOURNAL_FILE:
            plan.not_merged.append(f"{name}: the other machine's change history (kept in the "
                                   "bundle; this machine's journal records the import itself)")
        elif name.startswith(("projects/", "skills/")):
            plan.not_merged.append(name)
    return plan
