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
READS = frozenset({"version", "open_match", "actions", "events", "list_matches", "unfinished_matches", "summary",
                   "recent_player_names", "stats", "export_document", "export_all", "problems", "layout", "root"})


class GuardedStore:
    """``store`` (a :class:`scorekeeper.store.MatchStore`) seen through ``access``.

    Writes: ``record``, ``undo``, ``correct`` (``Access.check_score`` of their match), ``create_match`` and
    ``import_documents`` (``Access.check_start``). Reads: :data:`READS`. Anything else raises
    ``AttributeError`` (a new store method must be listed here as a read or guarded as a write), and
    ``close`` is refused: the store belongs to the process, not to a tab.
    """

    def __init__(self, store: Any, access: Access) -> None:
        self._store = store
        self.access = access

    def __getattr__(self, name: str) -> Any:
        if name in READS:
            return getattr(self._store, name)
        raise AttributeError(f"GuardedStore has no {name!r}: list it in store_guard.READS if it only reads, "
                             "or guard it as a write")

    def record(self, match_id: str, *args: Any, **kwargs: Any) -> Any:
        """``store.record`` if this session may score ``match_id``, else :class:`AccessDenied`."""
        self.access.check_score(match_id)
        return self._store.record(match_id, *args, **kwargs)

    def undo(self, match_id: str, *args: Any, **kwargs: Any) -> Any:
        """``store.undo`` if this session may score ``match_id``, else :class:`AccessDenied`."""
        self.access.check_score(match_id)
        return self._store.undo(match_id, *args, **kwargs)

    def correct(self, match_id: str, *args: Any, **kwargs: Any) -> Any:
        """``store.correct`` if this session may score ``match_id``, else :class:`AccessDenied`."""
        self.access.check_score(match_id)
        return self._store.correct(match_id, *args, **kwargs)

    def create_match(self, *args: Any, **kwargs: Any) -> str:
        """``store.create_match`` if this session may start matches, else :class:`AccessDenied`."""
        self.access.check_start()
        return self._store.create_match(*args, **kwargs)

    def import_documents(self, *args: Any, **kwargs: Any) -> list[str]:
        """``store.import_documents`` if this session may start matches, else :class:`AccessDenied`."""
        self.access.check_start()
        return self._store.import_documents(*args, **kwargs)
