"""Background work that could not finish before the program quit, kept to run at next start.

When the person quits while the memory review (or the model-written title) of their last
turn is still waiting for the model, the work is written to `$HERMES_HOME/jobs/*.json`
(mode 0600, credentials redacted) with what it needs: the session id, the user's words and
the tool lines of the turn. The next `hermes` or `hermes chat -q` runs it in the background
and removes the file once it has finished. A job that keeps failing is set aside as
`*.failed` after MAX_ATTEMPTS, so it can be read but never loops.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO

from hermes import paths

log = logging.getLogger("hermes.agent.jobs")

JOB_VERSION = 1
MAX_ATTEMPTS = 3
KINDS = ("review", "title")


@dataclass
class Job:
    """One piece of after-turn work: a memory review (optionally with the title) or a title."""

    kind: str
    session_id: str
    user_text: str
    tool_lines: list[str] = field(default_factory=list)
    with_title: bool = False
    created: float = 0.0
    attempts: int = 0
    version: int = JOB_VERSION
    # the file/command outputs the reviewed turn showed (their text is not kept: a replayed
    # review stages every write instead, hermes/workspace/provenance.py)
    source_labels: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: object) -> Job:
        if not isinstance(data, dict) or data.get("kind") not in KINDS:
            raise ValueError("not a job")
        tool_lines, labels = data.get("tool_lines"), data.get("source_labels")
        return cls(kind=str(data["kind"]), session_id=str(data.get("session_id") or ""),
                   user_text=str(data.get("user_text") or ""),
                   tool_lines=[str(x) for x in tool_lines] if isinstance(tool_lines, list) else [],
                   with_title=bool(data.get("with_title")),
                   created=_number(data.get("created")),
                   attempts=int(_number(data.get("attempts"))),
                   source_labels=[str(x) for x in labels] if isinstance(labels, list) else [])


def _number(value: object) -> float:
    """A job file's number (a count or a time), 0 when it is missing or not a number."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0


def jobs_dir() -> Path:
    return paths.hermes_home() / "jobs"


def save_job(job: Job) -> Path:
    """Write a job file (0600, in a 0700 folder); credentials in the text are redacted."""
    from hermes.config import write_private_file
    from hermes.security.redact import redact

    job.created = job.created or time.time()
    data = asdict(job)
    data["user_text"] = redact(job.user_text)
    data["tool_lines"] = [redact(line) for line in job.tool_lines]
    data["source_labels"] = [redact(label) for label in job.source_labels]
    name = f"{time.strftime('%Y%m%d-%H%M%S')}-{job.kind}-{secrets.token_hex(3)}.json"
    path = jobs_dir() / name
    write_private_file(path, json.dumps(data, ensure_ascii=False, indent=1))
    return path


def pending_job_files() -> list[Path]:
    """Job files waiting to run, oldest first."""
    folder = jobs_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))


class ClaimedJob:
    """A job file this process holds an exclusive lock on while it runs it (another Hermes
    starting at the same time skips it; a crash releases the lock with the process)."""

    def __init__(self, path: Path, job: Job, handle: IO[str]) -> None:
        self.path, self.job, self._handle = path, job, handle

    def done(self) -> None:
        """The work finished: the file goes."""
        with contextlib.suppress(OSError):
            self.path.unlink()
        self.release()

    def failed(self, reason: str) -> None:
        """The work failed again: count it; after MAX_ATTEMPTS keep it aside as *.failed."""
        from hermes.config import write_private_file

        self.job.attempts += 1
        try:
            if self.job.attempts >= MAX_ATTEMPTS:
                aside = self.path.with_suffix(".failed")
                os.replace(self.path, aside)
                log.warning("gave up on %s after %d tries (%s); kept as %s", self.job.kind,
                            self.job.attempts, reason, aside)
            else:
                write_private_file(self.path, json.dumps(asdict(self.job), ensure_ascii=False,
                                                         indent=1))
        except OSError:
            log.warning("could not update the job file %s", self.path, exc_info=True)
        self.release()

    def release(self) -> None:
        """Let go of the file without touching it (it runs again next time)."""
        with contextlib.suppress(OSError, ValueError):
            self._handle.close()


def claim(path: Path) -> ClaimedJob | None:
    """Lock and read one job file; None when another process holds it or it is unreadable
    (an unreadable one is set aside as *.bad, so it is not tried forever)."""
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 - held open for the lock
    except OSError:
        return None
    try:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except ImportError:  # no flock (Windows): one Hermes at a time is the common case
        pass
    except OSError:
        handle.close()
        return None
    if not path.exists():  # finished by another process between the glob and the lock
        handle.close()
        return None
    try:
        job = Job.from_dict(json.loads(handle.read()))
    except (ValueError, TypeError, OSError):
        handle.close()
        log.warning("job file %s is not readable; set aside as .bad", path)
        with contextlib.suppress(OSError):
            os.replace(path, path.with_suffix(".bad"))
        return None
    return ClaimedJob(path, job, handle)
