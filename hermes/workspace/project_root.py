"""Which folder the coding tools work in: the git root above the working directory, else it."""

from __future__ import annotations

from pathlib import Path


def find_project_root(cwd: Path) -> Path:
    """The nearest folder at or above `cwd` holding `.git` (a folder, or a file in a worktree),
    else `cwd` itself; resolved, so path checks compare real locations."""
    start = cwd.resolve()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return start
