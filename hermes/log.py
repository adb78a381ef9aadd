"""Logging to $HERMES_HOME/logs/hermes.log (rotating); every line passes the secret redactor."""

from __future__ import annotations

import logging
import logging.handlers
import os

from hermes import paths
from hermes.security.redact import redact

_handler: logging.Handler | None = None
_handler_path: str | None = None


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
        handler = logging.handlers.RotatingFileHandler(
            target, maxBytes=2_000_000, backupCount=3, encoding="utf-8"
        )
        os.chmod(target, paths.FILE_MODE)
    except OSError:
        root.addHandler(_handler)
        return
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    _handler = handler
