"""Times as records carry them: ISO 8601 text read into aware UTC datetimes, within the years every system shows.

One reader for the log (``store.events``) and the match document's round ``"times"`` (R15), so both refuse
the same texts. No rules of play here: times are facts the store recorded.
"""

from __future__ import annotations

from datetime import UTC, datetime

MIN_YEAR, MAX_YEAR = 1971, 8999  # times outside cannot be shown in every local time zone on every system


def in_range(moment: datetime) -> bool:
    """True if the aware ``moment`` lies in the years :data:`MIN_YEAR`–:data:`MAX_YEAR` (UTC)."""
    try:
        return MIN_YEAR <= moment.astimezone(UTC).year <= MAX_YEAR
    except (OverflowError, ValueError):  # e.g. year 1 with a +14:00 offset
        return False


def parse_time(text: object) -> datetime | None:
    """An ISO 8601 time (``Z`` or an offset; naive is taken as UTC; at most 64 characters) → aware UTC
    datetime, or ``None`` for anything else, including a real time outside the years
    :data:`MIN_YEAR`–:data:`MAX_YEAR`."""
    if type(text) is not str or len(text) > 64:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC) if in_range(moment) else None
