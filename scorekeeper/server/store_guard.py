"""The store as one session may use it: reads pass, writes are asked of the session's :class:`Access`.

The app gives each session ``GuardedStore(store, access)`` instead of the process's store, so a viewer's
tap that reaches an intent (through the page or a websocket message sent by hand) is refused where it would
write, with :class:`~scorekeeper.server.roles.AccessDenied` (a ``StoreError``: the app's intents already
show it translated, from ``error.<code>``), and nothing is written.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from .admission import Access
from .roles import Role

#: store methods that change nothing (passed through as they are)
READS = frozenset(
    {
        "version",
        "open_match",
        "actions",
        "events",
        "list_matches",
        "unfinished_matches",
        "summary",
        "recent_player_names",
        "stats",
        "rule_set_stats",
        "export_document",
        "export_all",
        "problems",
        "layout",
        "root",
        "undo_target",
        "redo_target",
        "preview_fix",
        "read_only",
        "writable",
        "export_report",
        "check_documents",
        "check_files",
    }
)
#: store methods that change one match (its id the first argument): the session must be allowed to score it
MATCH_WRITES = frozenset({"record", "undo", "redo", "fix", "call_muggins", "rename", "abandon", "append_change"})
#: reads of one match (its id the first argument): a device joined with an event's link reads its event's only
MATCH_READS = frozenset(
    {"version", "open_match", "actions", "events", "summary", "export_document", "undo_target", "redo_target"}
    | {"preview_fix"}
)
#: reads of every match: a device joined with an event's link gets none (lists come back empty)
LIST_READS = frozenset({"list_matches", "unfinished_matches", "recent_player_names", "stats", "rule_set_stats"})
#: whole-folder exports: refused to a device joined with an event's link
EXPORT_READS = frozenset({"export_all", "export_report"})
#: store methods that add matches: the session must be allowed to start matches
START_WRITES = frozenset({"create_match", "import_documents", "import_report", "import_files"})


class GuardedStore:
    """``store`` (a :class:`scorekeeper.store.MatchStore`) seen through ``access``.

    Writes: :data:`MATCH_WRITES` (``Access.check_score`` of their match) and :data:`START_WRITES`
    (``Access.check_start``). Reads: :data:`READS`. Anything else raises ``AttributeError`` (a new store
    method must be listed here as a read or a write), and ``close`` is refused: the store belongs to the
    process, not to a tab.
    """

    def __init__(self, store: Any, access: Access) -> None:
        self._store = store
        self.access = access
        self._event_cache: tuple[int, frozenset[str]] | None = None  # (event file's mtime, its matches)

    def __getattr__(self, name: str) -> Any:
        if name in READS:
            if self.access.event_id is not None and self.access.role is not Role.HOST:
                return self._event_read(name)
            return getattr(self._store, name)
        if name in MATCH_WRITES:
            method = getattr(self._store, name)

            def write_match(match_id: str, *args: Any, **kwargs: Any) -> Any:
                self.access.check_score(match_id)  # AccessDenied: nothing written
                return method(match_id, *args, **kwargs)

            return write_match
        if name in START_WRITES:
            method = getattr(self._store, name)

            def add_matches(*args: Any, **kwargs: Any) -> Any:
                self.access.check_start()  # AccessDenied: nothing written
                return method(*args, **kwargs)

            return add_matches
        raise AttributeError(
            f"GuardedStore has no {name!r}: list it in store_guard.READS if it only reads, "
            "or in MATCH_WRITES / START_WRITES if it writes"
        )

    def _event_read(self, name: str) -> Any:
        """A read by a device joined with an event's viewer link: it sees that event's matches only (a list
        of matches comes back empty; a whole-folder export, or a match of another event, is refused with
        ``AccessDenied`` ``access_other_event``)."""
        method = getattr(self._store, name)
        event_id = str(self.access.event_id)
        if name in LIST_READS:
            return lambda *args, **kwargs: []
        if name in EXPORT_READS:

            def refused(*args: Any, **kwargs: Any) -> Any:
                self.access.check_event_read("")  # AccessDenied: this device sees its event only
                return None

            return refused
        if name not in MATCH_READS:
            return method

        def read_match(match_id: str, *args: Any, **kwargs: Any) -> Any:
            if match_id not in self._event_matches(event_id):
                self.access.check_event_read("")  # AccessDenied: not a match of its event
            return method(match_id, *args, **kwargs)

        return read_match

    def _event_matches(self, event_id: str) -> frozenset[str]:
        """The match ids of ``event_id`` (read again when its file changed; nothing when it cannot be read)."""
        club = club_of(self._store)
        try:
            stamp = club._event_file(event_id).stat().st_mtime_ns
        except (OSError, ValueError):
            return frozenset()
        cached = self._event_cache
        if cached is not None and cached[0] == stamp:
            return cached[1]
        try:
            state = club.event(event_id)
        except Exception:  # noqa: BLE001 - an unreadable event: none of its matches is readable either
            return frozenset()
        matches = frozenset(m for record in state.rounds for t in record.tables for m in t.matches)
        self._event_cache = (stamp, matches)
        return matches


#: club reads of one event (its id the first argument): the session must be allowed to see that event
CLUB_EVENT_READS = frozenset({"event", "results", "standings", "missing", "export_event"})
#: club reads of the whole club (the player list, every event): not for a device that sees one event only
CLUB_READS = frozenset({"players", "player", "player_of", "list_events"})
#: club writes of one event (its id the first argument): a host's only; the event is announced after
CLUB_EVENT_WRITES = frozenset({"check_in", "withdraw", "enter", "pair", "next_game", "paper"})
#: club writes that make an event or change the player list: a host's only
CLUB_WRITES = frozenset({"add_player", "rename_player", "link", "create_event", "import_event"})

_clubs: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()


def club_of(store: Any) -> Any:
    """The process's one :class:`~scorekeeper.store.club.ClubStore` over ``store`` (a ``MatchStore``, or the
    viewer process's ``FollowingStore``, whose ``following`` is the read-only store it wraps): made on first
    ask, the same ever after (a writable ``ClubStore`` sweeps its folders' temp files when made)."""
    from ..store.club import ClubStore

    base = getattr(store, "following", store)
    club = _clubs.get(base)
    if club is None:
        club = ClubStore(base)
        _clubs[base] = club
    return club


class GuardedClub:
    """The club's players and events (a :class:`~scorekeeper.store.club.ClubStore`) seen through ``access``.

    Reads of one event (:data:`CLUB_EVENT_READS`) need ``access.check_event_read(event_id)``: a device joined
    with an event's viewer link that event only (``access_other_event``), any other session any event (a
    table's scorer may look at the round). Reads of the whole club (:data:`CLUB_READS`) are refused to a
    device that sees one event only; every write (:data:`CLUB_EVENT_WRITES`, :data:`CLUB_WRITES`) is a
    host's only (``access.check_club_write``: ``access_viewer``, ``access_not_host``, ``access_revoked``;
    nothing written). After a write, ``on_write(event_id)`` is told the event changed (the projector and
    phones follow). Anything else
    raises ``AttributeError``.
    """

    def __init__(self, club: Any, access: Access, on_write: Callable[[str], None] | None = None) -> None:
        self._club = club
        self.access = access
        self.on_write = on_write

    def __getattr__(self, name: str) -> Any:
        method = getattr(self._club, name) if name in _CLUB_ALL else None
        if method is None:
            raise AttributeError(f"GuardedClub has no {name!r}: list it in store_guard's CLUB_* sets")
        access = self.access

        def call(*args: Any, **kwargs: Any) -> Any:
            if name in CLUB_EVENT_READS:
                access.check_event_read(str(args[0]) if args else "")
            elif name in CLUB_READS:
                access.check_event_read("")  # AccessDenied: revoked, or this device sees one event only
            else:
                access.check_club_write()  # AccessDenied: nothing written
            result = method(*args, **kwargs)
            if self.on_write is not None:
                if name in CLUB_EVENT_WRITES and args:
                    self.on_write(str(args[0]))
                elif name in ("create_event", "import_event") and isinstance(result, str):
                    self.on_write(result)
            return result

        return call


_CLUB_ALL = CLUB_EVENT_READS | CLUB_READS | CLUB_EVENT_WRITES | CLUB_WRITES


def guarded_club(store: Any, access: Access, on_write: Callable[[str], None] | None = None) -> GuardedClub:
    """The club of ``store`` as ``access`` may use it: ``store`` a :class:`GuardedStore` (its own access is
    used) or a plain store (a lone test, the desktop window: ``access``)."""
    if isinstance(store, GuardedStore):
        return GuardedClub(club_of(store._store), store.access, on_write)
    return GuardedClub(club_of(store), access, on_write)


class GuardedSeason:
    """The club's season (:class:`~scorekeeper.store.season.SeasonStore`: its settings, the view over the
    events, the ratings) seen through ``access``: the view and the settings are a whole-club read
    (``access.check_event_read("")``: refused to a device that sees one event only), a change of the
    settings is a host's (``access.check_club_write``: ``access_viewer``, ``access_not_host``,
    ``access_revoked``; nothing written). The events are read through :class:`GuardedClub`."""

    def __init__(self, store: Any, access: Access) -> None:
        from ..store.season import SeasonStore

        raw = store._store if isinstance(store, GuardedStore) else store
        self._season = SeasonStore(club_of(raw))
        self._club = GuardedClub(self._season.club, access)
        self.access = access

    @property
    def problems(self) -> list[str]:
        """Damage found in the settings file (set aside), worded for the user."""
        return self._season.problems

    def settings(self) -> Any:
        """The settings in effect (:meth:`SeasonStore.settings`)."""
        self.access.check_event_read("")
        return self._season.settings()

    def view(self, **overrides: Any) -> Any:
        """The season view (:func:`~scorekeeper.store.season.season_view` over the guarded club)."""
        from dataclasses import replace

        from ..store.season import season_view

        self.access.check_event_read("")
        with self._season.store._lock:
            settings = self._season.settings()
            return season_view(self._club, replace(settings, **overrides), self._club.players())

    def save(self, settings: Any) -> Any:
        """Keep the settings (a host's only: ``AccessDenied`` otherwise, nothing written)."""
        self.access.check_club_write()
        return self._season.save(settings)
