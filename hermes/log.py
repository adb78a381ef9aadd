"""Logging to $HERMES_HOME/logs/hermes.log (rotating); every line passes the secret redactor."""

from __future__ import annotations

import logging
import logging.handlers
import os

from hermes import paths
from hermes.security.redact import redact

_configured = False


class RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def setup_logging(level: int = logging.INFO) -> None:
    """Attach the rotating, redacting file handler once. A log folder that cannot be
    created only disables file logging; it never stops the program."""
    global _configured
    if _configured:
        return
    _configured = True
    root = logging.getLogger("hermes")
    root.setLevel(level)
    root.propagate = False
    try:
        paths.ensure_dir(paths.logs_dir())
        handler = logging.handlers.RotatingFileHandler(
            paths.log_path(), maxBytes=2_000_000, backupCount=3, encoding="utf-8"
        )
        os.chmod(paths.log_path(), paths.FILE_MODE)
    except OSError:
        root.addHandler(logging.NullHandler())
        return
    handler.setFormatter(RedactingFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
