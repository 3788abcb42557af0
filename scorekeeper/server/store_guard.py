"""The store as one session may use it: reads pass, writes are asked of the session's :class:`Access`.

The app gives each session ``GuardedStore(store, access)`` instead of the process's store, so a viewer's
tap that reaches an intent (through the page or a websocket message sent by hand) is refused where it would
write, with :class:`~scorekeeper.server.roles.AccessDenied` (a ``StoreError``: the app's intents already
show it translated, from ``error.<code>``), and nothing is written.
"""

from __future__ import annotations

from typing import Any

from .admission import Access

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

    def __getattr__(self, name: str) -> Any:
        if name in READS:
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


#: club store methods that change nothing (passed through as they are)
CLUB_READS = frozenset(
    {
        "players",
        "player",
        "player_of",
        "list_events",
        "event",
        "results",
        "standings",
        "missing",
        "export_event",
        "problems",
        "store",
    }
)
#: club store methods that change the club's list or an event: only the host may (it pairs and overrides)
CLUB_WRITES = frozenset(
    {
        "add_player",
        "rename_player",
        "link",
        "create_event",
        "check_in",
        "withdraw",
        "enter",
        "pair",
        "next_game",
        "paper",
        "import_event",
    }
)


class GuardedClub:
    """``club`` (a :class:`scorekeeper.store.club.ClubStore`) seen through ``access`` (issue 23 item 5).

    Reads (:data:`CLUB_READS`) pass; writes (:data:`CLUB_WRITES`: players, check-in, pairing, paper results,
    the next game, imports) need a host's session (``Access.check_host``, :class:`AccessDenied`
    ``access_viewer`` / ``access_not_host`` / ``access_revoked``: nothing written). Anything else raises
    ``AttributeError`` (a new club method must be listed here).
    """

    def __init__(self, club: Any, access: Access) -> None:
        self._club = club
        self.access = access

    def __getattr__(self, name: str) -> Any:
        if name in CLUB_READS:
            return getattr(self._club, name)
        if name in CLUB_WRITES:
            method = getattr(self._club, name)

            def write_club(*args: Any, **kwargs: Any) -> Any:
                self.access.check_host()  # AccessDenied: nothing written
                return method(*args, **kwargs)

            return write_club
        raise AttributeError(
            f"GuardedClub has no {name!r}: list it in store_guard.CLUB_READS if it only reads, "
            "or in CLUB_WRITES if it writes"
        )
