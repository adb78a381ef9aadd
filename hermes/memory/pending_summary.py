"""How many writes wait for a person, and for how long: the badge, the start-up notice and
`hermes memory pending --older-than`.

Both queues count: staged memory writes ($HERMES_HOME/pending/memory/) and staged skill
changes ($HERMES_HOME/pending/skills/, hermes/skills/skill_proposals.py). Only each record's
`created_at` is read, so this is cheap enough for a status bar.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta, UTC
from pathlib import Path
from typing import NamedTuple

from hermes import paths
from hermes.memory.ages import parse_time

__all__ = ["PendingSummary", "age_text", "pending_summary", "waited"]

log = logging.getLogger("hermes.memory")
QUEUES = ("memory", "skills")  # folders under $HERMES_HOME/pending/
_MAX_RECORD_BYTES = 4 * 1024 * 1024


class PendingSummary(NamedTuple):
    """`waiting` writes wait; the oldest has waited `oldest_age` (None when none wait).
    Unpacks as `(count, oldest_age)`."""

    waiting: int
    oldest_age: timedelta | None


def waited(created_at: str, now: datetime | None = None) -> timedelta | None:
    """How long a record made at `created_at` has waited (None for an unreadable time)."""
    when = parse_time(created_at)
    if when is None:
        return None
    return max(timedelta(0), (now or datetime.now(UTC)) - when)


def age_text(age: timedelta | None) -> str:
    """"3 d", "5 h", "12 min" or "just now", for a person."""
    if age is None:
        return "unknown"
    if age >= timedelta(days=1):
        return f"{age.days} d"
    if age >= timedelta(hours=1):
        return f"{age.seconds // 3600} h"
    minutes = age.seconds // 60
    return f"{minutes} min" if minutes else "just now"


def _created_times(folder: Path) -> list[str]:
    try:
        names = [n for n in folder.iterdir() if n.suffix == ".json"]
    except OSError:
        return []
    out = []
    for path in names:
        try:
            raw = paths.read_regular_bytes(path)
            if len(raw) > _MAX_RECORD_BYTES:
                raise ValueError("too large")
            out.append(str(json.loads(raw.decode("utf-8")).get("created_at") or ""))
        except (OSError, ValueError, AttributeError) as exc:
            log.warning("pending record %s skipped: %s", path.name, exc)
    return out


def pending_summary(home: Path | None = None, now: datetime | None = None) -> PendingSummary:
    """How many memory writes and skill changes wait under `home` ($HERMES_HOME when None)
    and how long the oldest has waited. Never raises."""
    base = (home or paths.hermes_home()) / "pending"
    times = [t for queue in QUEUES for t in _created_times(base / queue)]
    ages = [a for t in times if (a := waited(t, now)) is not None]
    return PendingSummary(len(times), max(ages) if ages else None)
