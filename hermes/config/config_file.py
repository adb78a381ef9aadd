"""The files behind the configuration: config.yaml read and rewritten, $HERMES_HOME/.env, and
the atomic 0600 write both use (other stores use it too).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import yaml

from hermes.os_errors import describe_file_error

from hermes import paths
from hermes.config.parsing import parse_config
from hermes.config.schema import Config
from hermes.errors import ConfigError

__all__ = ["load_config", "load_env_file", "parse_env_text", "read_yaml", "set_config_value", "set_env_value",
           "write_private_file"]


def read_yaml(path: Path) -> dict[str, object]:
    """The raw mapping in a YAML file; {} when it does not exist."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the config: {describe_file_error(exc, path)}") from None
    try:
        data = yaml.safe_load(text)
    except RecursionError:  # thousands of nested brackets: PyYAML builds them recursively
        raise ConfigError(f"{path}: the YAML nests too deeply for a config file (brackets or "
                          "indentation inside one another thousands of times); fix the file "
                          "or move it aside") from None
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" (line {where.line + 1}, column {where.column + 1})" if where else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise ConfigError(f"{path}{at}: {problem}; fix the file or move it aside") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of sections")
    return data


def load_config(path: Path | None = None) -> Config:
    """Load $HERMES_HOME/config.yaml (or `path`) over the defaults."""
    path = path or paths.config_path()
    return parse_config(read_yaml(path), source=path)


def set_config_value(dotted_key: str, value: object, path: Path | None = None) -> None:
    """Persist one key (e.g. "display.theme") in config.yaml, validating the result first.

    Comments in a hand-written file are not preserved by PyYAML; values are.
    """
    path = path or paths.config_path()
    data = read_yaml(path)
    node = data
    parts = dotted_key.split(".")
    for part in parts[:-1]:
        child = node.get(part)
        if isinstance(child, str) and part in ("model", "review_model", "title_model"):
            child = {"name": child}
        if not isinstance(child, dict):
            child = {}
        node[part] = child
        node = child
    node[parts[-1]] = value
    parse_config(data)  # refuse to write something that would not load
    write_private_file(path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def write_private_file(path: Path, text: str) -> None:
    """Atomically write a 0600 file: temp file `.<name>.*.tmp` in the same folder → fsync →
    rename → fsync the folder. A crash at any point leaves the old or the new file.

    Raises paths.UnsafePath when `path` is a link, FIFO or folder (nothing is written)."""
    folder = paths.ensure_dir(path.parent)
    # The rename would replace a link or a FIFO itself; refusing says what is odd instead.
    paths.check_regular_or_missing(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, paths.FILE_MODE)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


# ---------------------------------------------------------------- .env


def parse_env_text(text: str) -> dict[str, str]:
    """KEY=VALUE lines; '#' comments, optional 'export ', optional quotes."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        key, value = key.strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        if key:
            out[key] = value
    return out


def load_env_file(path: Path | None = None) -> dict[str, str]:
    """Load $HERMES_HOME/.env into os.environ without overriding variables already set."""
    path = path or paths.env_path()
    try:
        values = parse_env_text(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        return {}
    for key, value in values.items():
        os.environ.setdefault(key, value)
    return values


def set_env_value(key: str, value: str, path: Path | None = None) -> None:
    """Store a secret in $HERMES_HOME/.env (mode 0600) and in this process's environment.

    Only the line for `key` changes; comments and other lines stay as they are. A .env that
    exists but cannot be read is never overwritten (ConfigError says why)."""
    path = path or paths.env_path()
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except FileNotFoundError:
        lines = ["# Secrets for Hermes. Keep this file private (mode 0600)."]
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"nothing was changed: {describe_file_error(exc, path)}") from None
    entry = f"{key}={value}"
    for i, line in enumerate(lines):
        name = line.strip().removeprefix("export ").partition("=")[0].strip()
        if "=" in line and not line.lstrip().startswith("#") and name == key:
            lines[i] = entry
            break
    else:
        lines.append(entry)
    write_private_file(path, "\n".join(lines) + "\n")
    os.environ[key] = value
