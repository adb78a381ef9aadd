"""Where Hermes keeps its files: everything lives under HERMES_HOME (default ~/.hermes)."""

from __future__ import annotations

import os
from pathlib import Path

DIR_MODE = 0o700
FILE_MODE = 0o600


def hermes_home() -> Path:
    """The root folder: $HERMES_HOME if set, else ~/.hermes."""
    env = os.environ.get("HERMES_HOME", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".hermes"


def ensure_dir(path: Path) -> Path:
    """Create a folder with owner-only permissions, missing parents too (mkdir's `parents`
    would give those the umask's mode); existing folders are left as they are. Return it."""
    if not path.is_dir():
        missing = [path, *(p for p in path.parents if not p.exists())]
        for folder in reversed(missing):
            folder.mkdir(mode=DIR_MODE, exist_ok=True)
    return path


def config_path() -> Path:
    return hermes_home() / "config.yaml"


def env_path() -> Path:
    return hermes_home() / ".env"


def memories_dir() -> Path:
    return hermes_home() / "memories"


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
