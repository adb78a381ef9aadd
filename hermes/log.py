"""Logging to $HERMES_HOME/logs/hermes.log (rotating); every line passes the secret redactor."""

from __future__ import annotations

import logging
import logging.handlers
import os
from io import TextIOWrapper
from pathlib import Path

from hermes import paths

_handler: logging.Handler | None = None
_handler_path: str | None = None


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """Every log file it opens, also after a rollover, is owner-only (0600).

    Opened without following a link (a planted logs/hermes.log link must not make Hermes
    append to, or chmod, the file it points at) and only as a regular file."""

    def _open(self) -> TextIOWrapper:
        fd = paths.open_regular(Path(self.baseFilename), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            os.fchmod(fd, paths.FILE_MODE)
            return os.fdopen(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise


class RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        # Imported with the first record, not at start-up: the redactor's patterns cost a few
        # ms to compile, and the app's first frame writes no log line.
        from hermes.security.redact import redact

        return redact(super().format(record))


def setup_logging(level: int = logging.INFO) -> None:
    """Attach the rotating, redacting file handler for the current HERMES_HOME (once per
    location). A log folder that cannot be created only disables file logging."""
    global _handler, _handler_path
    target = str(paths.log_path())
    if _handler_path == target:
        return
    root = logging.getLogger("hermes")
    root.setLevel(level)
    root.propagate = False
    if _handler is not None:
        root.removeHandler(_handler)
        _handler.close()
    _handler, _handler_path = logging.NullHandler(), target
    try:
        paths.ensure_dir(paths.logs_dir())
        handler = PrivateRotatingFileHandler(target, maxBytes=2_000_000, backupCount=3,
                                             encoding="utf-8")
    except OSError:
        root.addHandler(_handler)
        return
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    _handler = handler
