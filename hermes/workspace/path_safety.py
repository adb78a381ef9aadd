"""Paths the model gives, resolved inside the project root (or refused with what to do)."""

from __future__ import annotations

import os
from pathlib import Path

OUTSIDE_HINT = "set tools.allow_outside_root: true in config.yaml to allow it"


class PathRefused(Exception):
    """A path the tools will not touch; the message is one line for the model."""


def display_path(root: Path, path: Path) -> str:
    """`path` relative to the root when inside it (posix form), else absolute."""
    try:
        return path.relative_to(root).as_posix() or "."
    except ValueError:
        return str(path)


def resolve_in_root(root: Path, raw: object, *, allow_outside: bool = False) -> Path:
    """The real location `raw` names, relative to `root`. Refuses (PathRefused) an empty path,
    and — unless `allow_outside` — any path that ends up outside the root: through `..`, as an
    absolute path, or through a symlink (every link on the way is followed)."""
    if not isinstance(raw, str) or not raw.strip():
        raise PathRefused("path is required: a file path relative to the project root, "
                          "e.g. src/app.py.")
    if "\0" in raw:
        raise PathRefused("path contains a NUL character; send the plain file path.")
    text = raw.strip()
    root = root.resolve()
    given = Path(os.path.expanduser(text)) if allow_outside else Path(text)
    joined = given if given.is_absolute() else root / given
    real = joined.resolve(strict=False)
    if allow_outside or real == root or real.is_relative_to(root):
        return real
    if not given.is_absolute() and ".." not in given.parts:
        # Only a symlink on the way can have led outside.
        raise PathRefused(f"{text!r} is a symlink to {real}, outside the project root {root}; "
                          f"the tools stay inside the project ({OUTSIDE_HINT}).")
    raise PathRefused(f"{text!r} is outside the project root {root}; use a path inside the "
                      f"project, relative to its root ({OUTSIDE_HINT}).")
