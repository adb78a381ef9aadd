"""Listing and searching the project's files, honouring .gitignore.

In a git repository git itself says which files count (`git ls-files -co --exclude-standard`:
tracked plus untracked-but-not-ignored); elsewhere a walk skips .git and common junk folders and
applies the root .gitignore through `pathspec`. Search uses ripgrep when it is on PATH (fast,
and it honours .gitignore the same way), else Python's `re` over the listed files.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pathspec

from hermes.workspace.files import SNIFF_BYTES, ToolError

JUNK_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv",
                       ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".idea",
                       ".cache", ".eggs"})
MAX_LISTED = 500
MAX_MATCHES = 200
MAX_LINE_CHARS = 240
MAX_SEARCH_BYTES = 2 * 1024 * 1024  # larger files are skipped by the Python search
GIT_TIMEOUT_S = 30
RG_TIMEOUT_S = 60


def _git_files(root: Path) -> list[str] | None:
    try:
        done = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=root,
                              capture_output=True, timeout=GIT_TIMEOUT_S, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    names = [n for n in done.stdout.decode("utf-8", "replace").split("\0") if n]
    # a tracked file deleted from the work tree is still listed by git
    return sorted(n for n in dict.fromkeys(names) if os.path.lexists(root / n))


def _walked_files(root: Path) -> list[str]:
    ignore_file = root / ".gitignore"
    lines = ignore_file.read_text(encoding="utf-8", errors="replace").splitlines() \
        if ignore_file.is_file() else []
    ignored = pathspec.GitIgnoreSpec.from_lines(lines)
    out: list[str] = []
    for folder, dirs, files in os.walk(root):
        rel_dir = Path(folder).relative_to(root)
        dirs[:] = sorted(d for d in dirs if d not in JUNK_DIRS
                         and not ignored.match_file((rel_dir / d).as_posix() + "/"))
        for name in sorted(files):
            rel = (rel_dir / name).as_posix()
            if not ignored.match_file(rel):
                out.append(rel)
    return out


def project_files(root: Path) -> list[str]:
    """Every file of the project that .gitignore does not exclude, relative, sorted."""
    if (root / ".git").exists():
        listed = _git_files(root)
        if listed is not None:
            return listed
    return _walked_files(root)


def glob_filter(glob: str | None) -> pathspec.GitIgnoreSpec | None:
    """A matcher for a gitignore-style glob (`*.py` matches in every folder, `src/**/*.ts`)."""
    if glob is None or not str(glob).strip():
        return None
    if not isinstance(glob, str):
        raise ToolError(f"glob must be a string like '*.py' or 'src/**', got {glob!r}.")
    return pathspec.GitIgnoreSpec.from_lines([glob.strip()])


@dataclass(frozen=True)
class Listing:
    files: list[str]
    total: int  # how many matched before the cap


def list_files(root: Path, glob: str | None) -> Listing:
    """The project's files matching `glob`, at most MAX_LISTED of them."""
    spec = glob_filter(glob)
    files = project_files(root)
    if spec is not None:
        files = [f for f in files if spec.match_file(f)]
    return Listing(files[:MAX_LISTED], len(files))


@dataclass(frozen=True)
class Matches:
    lines: list[str]  # "path:line:text"
    total: int  # matches found (may exceed what is kept)
    engine: str  # "ripgrep" | "python"


def compile_pattern(pattern: object) -> re.Pattern[str]:
    if not isinstance(pattern, str) or not pattern:
        raise ToolError("pattern is required: a regular expression such as 'def main' or "
                        r"'TODO\(\w+\)'.")
    try:
        return re.compile(pattern)
    except re.error as exc:
        raise ToolError(f"pattern {pattern!r} is not a valid regular expression ({exc}); "
                        "escape special characters such as ( [ . * with a backslash.") from None


def _short(line: str) -> str:
    line = line.rstrip("\r\n")
    return line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "…"


def _search_python(root: Path, regex: re.Pattern[str], spec: pathspec.GitIgnoreSpec | None,
                   allow_outside: bool) -> Matches:
    found: list[str] = []
    total = 0
    for rel in project_files(root):
        if spec is not None and not spec.match_file(rel):
            continue
        path = root / rel
        try:
            if not allow_outside and not path.resolve().is_relative_to(root):
                continue  # a symlink out of the project: its text stays unread
            if not path.is_file() or path.stat().st_size > MAX_SEARCH_BYTES:
                continue
            data = path.read_bytes()
        except OSError:
            continue
        if b"\0" in data[:SNIFF_BYTES]:
            continue
        for n, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if regex.search(line):
                total += 1
                if len(found) < MAX_MATCHES:
                    found.append(f"{rel}:{n}:{_short(line)}")
    return Matches(found, total, "python")


def _search_ripgrep(rg: str, root: Path, pattern: str, glob: str | None) -> Matches | None:
    # --hidden: dotfiles count (git lists them too); .git itself never does
    args = [rg, "--line-number", "--no-heading", "--color", "never", "--no-messages", "--hidden",
            "--glob", "!.git", "--max-filesize", "2M", "-e", pattern]
    if glob:
        args += ["--glob", glob.strip()]
    try:
        done = subprocess.run([*args, "--", "."], cwd=root, capture_output=True,
                              timeout=RG_TIMEOUT_S, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode not in (0, 1):
        return None
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    kept = [_short(ln.removeprefix("./")) for ln in lines[:MAX_MATCHES]]
    return Matches(kept, len(lines), "ripgrep")


def search_files(root: Path, pattern: object, glob: str | None, *, use_ripgrep: bool = True,
                 allow_outside: bool = False) -> Matches:
    """Lines matching the regex `pattern` in the project's files (optionally only `glob`).
    Symlinks are not followed out of the root (ripgrep does not follow them at all)."""
    regex = compile_pattern(pattern)
    spec = glob_filter(glob)
    rg = shutil.which("rg") if use_ripgrep else None
    if rg is not None:
        found = _search_ripgrep(rg, root, regex.pattern, glob)
        if found is not None:
            return found
    return _search_python(root.resolve(), regex, spec, allow_outside)
