"""One match's file: a TinyDB database whose ``events`` table is the match log.

Each match has its own file, so recording a move rewrites only that match's
log (a few kB), whatever the size of the history. Events are TinyDB
documents; their order is the explicit ``seq`` in each event (TinyDB's
doc_ids may have gaps), see :mod:`scorekeeper.store.events`.
"""

from __future__ import annotations

from pathlib import Path

from tinydb import TinyDB

from ..rules import Match
from .atomic import AtomicJSONStorage, DamagedFile
from .events import Event, LogState, fold_log

EVENTS_TABLE = "events"


class MatchLog:
    """The event log file of one match (one TinyDB instance; the caller holds the store's lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = TinyDB(path, storage=AtomicJSONStorage)
        self.table = self.db.table(EVENTS_TABLE, cache_size=0)
        self.storage: AtomicJSONStorage = self.db.storage  # type: ignore[assignment]  # the class given

    @property
    def size(self) -> int | None:
        """Bytes on disk after the last read or write."""
        return self.storage.size

    def read(self) -> list[Event]:
        """All events ordered by seq. Raises :class:`DamagedFile` if the file is
        missing, damaged or not a match log (the values are checked by
        :func:`scorekeeper.store.events.check_log`), ``OSError`` if the system
        cannot read it."""
        if not self.path.exists():
            raise DamagedFile(self.path, "the match file is missing")
        tables = self.storage.read()
        if tables is None or set(tables) != {EVENTS_TABLE}:
            raise DamagedFile(self.path, "the file is not a match log (no events table)")
        events = list(tables[EVENTS_TABLE].values())  # fresh objects: the storage parses on every read
        if not all(type(e.get("seq")) is int for e in events):
            raise DamagedFile(self.path, "an event has no sequence number")
        events.sort(key=lambda e: e["seq"])
        return events

    def append(self, events: list[Event]) -> None:
        """Append events in one atomic, fsync'd write. Raises ``OSError``; the file is then unchanged
        (it was read back to make sure, see :func:`scorekeeper.store.atomic.write_and_confirm`)."""
        self.table.insert_multiple(events)

    def close(self) -> None:
        """Close the TinyDB instance (the file stays as it is)."""
        self.db.close()


class Unreadable(Exception):
    """The system refused to read a match file (not damage: the file is left where it is)."""

    def __init__(self, err: OSError) -> None:
        self.reason = str(err.strerror or err)
        super().__init__(self.reason)


def read_log(path: Path, match_id: str, explain: bool) -> tuple[MatchLog, list[Event], Event, LogState, Match]:
    """Read and fold the match file ``path``: ``(its open log, events, create event, LogState, Match)``.

    Raises :class:`DamagedFile` / :class:`~scorekeeper.store.events.LogError` (damage: the caller sets
    the file aside) or :class:`Unreadable` (the system would not read it); the log is then closed.
    """
    match_log = MatchLog(path)
    try:
        events = match_log.read()
        head, state, match = fold_log(list(events), explain=explain, match_id=match_id)
    except OSError as err:
        match_log.close()
        raise Unreadable(err) from None
    except BaseException:
        match_log.close()
        raise
    return match_log, events, head, state, match
