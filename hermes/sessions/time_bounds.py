"""Dates for searching history: "7d", "12h", "2w", "today", "yesterday", or a calendar date.

`parse_bound` turns what a person or the model writes into a Unix time. Relative forms count
back from now; a calendar date without a time means that day's start in local time, so
`after: 2026-11-01` includes the whole first of November and `before: 2026-11-02` stops at
its end.
"""

from __future__ import annotations

import re
import time
from datetime import datetime, timedelta

_RELATIVE = re.compile(r"^(\d{1,5})\s*(h|d|w)$")
_BARE_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_UNIT_SECONDS = {"h": 3600, "d": 86400, "w": 7 * 86400}
FORMS = "7d, 12h, 2w, today, yesterday, or a date like 2026-11-01 (optionally with a time, 2026-11-01T14:30)"


class BadTimeBound(ValueError):
    """A bound that is neither a relative span nor a date; the message says what is accepted."""


def _day_start(t: float) -> float:
    day = datetime.fromtimestamp(t).replace(hour=0, minute=0, second=0, microsecond=0)
    return day.timestamp()


def parse_bound(text: str | float | int, *, name: str = "date", now: float | None = None,
                end_of_day: bool = False) -> float:
    """The Unix time `text` names; raises BadTimeBound with the accepted forms. With
    `end_of_day`, a bare calendar date (no time) means the end of that day (for `before`)."""
    if isinstance(text, bool):
        raise BadTimeBound(f"{name} must be a date or a span such as 7d; accepted: {FORMS}")
    if isinstance(text, int | float):
        return float(text)
    now = time.time() if now is None else now
    raw = str(text).strip().lower()
    if raw == "today":
        return _day_start(now)
    if raw == "yesterday":
        return _day_start(now) - 86400  # DST shifts of an hour do not matter for a search bound
    if raw == "now":
        return now
    m = _RELATIVE.match(raw)
    if m:
        return now - int(m.group(1)) * _UNIT_SECONDS[m.group(2)]
    try:
        when = datetime.fromisoformat(str(text).strip().replace("Z", "+00:00"))
    except ValueError:
        raise BadTimeBound(f"{name} {str(text)[:40]!r} is not a date; accepted: {FORMS}") from None
    if end_of_day and _BARE_DATE.match(raw):
        when += timedelta(days=1)
    return when.timestamp()


def time_range(after: str | float | None, before: str | float | None, *, now: float | None = None
               ) -> tuple[float | None, float | None]:
    """(lower, upper) Unix times for `after`/`before` (None where not given); refuses a range
    that ends before it starts."""
    lo = parse_bound(after, name="after", now=now) if after not in (None, "") else None
    hi = (parse_bound(before, name="before", now=now, end_of_day=True)
          if before not in (None, "") else None)
    if lo is not None and hi is not None and hi <= lo:
        raise BadTimeBound("before must be later than after")
    return lo, hi
