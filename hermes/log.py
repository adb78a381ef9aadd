"""Logging to $HERMES_HOME/logs/hermes.log (rotating); every line passes the secret redactor."""

from __future__ import annotations

import logging
import logging.handlers
import os

from hermes import paths
from hermes.security.redact import redact

_handler: logging.Handler | None = None
_handler_path: str | None = None


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """Every log file it opens, also after a rollover, is owner-only (0600)."""

    def _open(self):  # type: ignore[no-untyped-def]
        stream = super()._open()
        os.chmod(self.baseFilename, paths.FILE_MODE)
        return stream


class RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
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
