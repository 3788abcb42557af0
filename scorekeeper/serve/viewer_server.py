"""The viewer process: the same app, for viewer phones only, drawn on the machine's other core.

    python -m scorekeeper.serve.viewer_server DATA_DIR SOCKET_PATH

Started and stopped by the server (:mod:`.viewer_process`); nobody runs it by hand. It serves Flet's app on
the Unix socket ``SOCKET_PATH`` (websockets only: the server relays viewers' tabs here,
:class:`scorekeeper.server.relay.Relay`, and serves every page and asset itself). Each tab is a viewer of
the match the relay names (``x-scorekeeper-match``); the relay checked the device.

It opens the data folder for reading only (the server holds it for writing). Each line on stdin is a change
the server made, ``["<match id>", <version>]``, or a match a host opened on its table, ``{"table": "<match id>"}``:
or a club event the host changed, ``{"event": "<event id>"}`` (its matches are read again: a new round's
too): the store forgets what it held of that match (:meth:`scorekeeper.store.MatchStore.refresh`) and the tabs
showing it follow, as tabs of one process do (Flet's pubsub, ``CHANGED``); the viewers joined with the
table's codes open the host's match (``TABLE``). End of stdin (the server stopped, or was killed) stops this process.
"""

from __future__ import annotations

import logging
import sys
import threading
from pathlib import Path
from typing import Any, cast

import flet as ft

from ..app.main import ASSETS, CHANGED, EVENT, TABLE, make_main
from ..rules import RuleViolation, strict_json
from ..server.admission import Access
from ..server.relay import EVENT_HEADER, MATCH_HEADER
from ..server.roles import Role
from ..server.session import RELAYED
from ..server.store_guard import club_of
from ..store import MatchStore, StoreError, open_store
from . import flet_fixes
from .launch import tune_collector
from .quiet import install_log_filters, quiet_when_cut

log = logging.getLogger(__name__)


class FollowingStore:
    """The store as this process shows it: the server's, read here without writing.

    ``read_only`` is ``None`` (no "read only" banner on viewer phones: the folder is written, by the
    server; viewers' writes are refused anyway, by :class:`~scorekeeper.server.store_guard.GuardedStore`);
    everything else is the read-only ``store``'s."""

    read_only = None

    def __init__(self, store: MatchStore) -> None:
        self._store = store

    @property
    def following(self) -> MatchStore:
        """The read-only store this one shows (the club's events are read through it: ``club_of``)."""
        return self._store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


class ViewerGate:
    """ASGI app: ``app`` (Flet's) for relayed websockets, each tab a viewer of the match the relay names;
    plain HTTP gets 404 (pages and assets come from the server)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "websocket":
            await send({"type": "http.response.start", "status": 404, "headers": [(b"content-length", b"0")]})
            await send({"type": "http.response.body", "body": b""})
            return
        headers = dict(scope.get("headers", []))
        match_id = headers.get(MATCH_HEADER.encode("latin-1"), b"").decode("latin-1") or None
        event_id = headers.get(EVENT_HEADER.encode("latin-1"), b"").decode("latin-1")[:100] or None
        token = RELAYED.set(Access(Role.VIEWER, match_id, event_id=event_id))
        try:
            await self.app(scope, receive, send)
        finally:
            RELAYED.reset(token)


class Changes:
    """Reads the server's changes from ``stream`` (a thread) and makes the tabs follow; ``on_end`` runs once
    ``stream`` ends. The hub (Flet's pubsub of this app) is known once a tab opened (:meth:`tab_opened`)."""

    def __init__(self, store: MatchStore, stream: Any, on_end: Any) -> None:
        self.store = store
        self.stream = stream
        self.on_end = on_end
        self.hub: Any = None

    def tab_opened(self, page: ft.Page) -> None:
        self.hub = page.session.connection.pubsubhub

    def read(self) -> None:
        for line in self.stream:
            try:
                topic, message = self._told(strict_json.loads(line))  # bounded nesting (a ValueError), any parser
            except (ValueError, TypeError, KeyError, StoreError, RuleViolation) as err:
                log.warning("a change the server told could not be followed: %s", err)
                continue
            if self.hub is not None:  # thread-safe: each tab's handler runs on the loop
                self.hub.send_all_on_topic(topic, message)
        self.on_end()

    def _told(self, told: Any) -> tuple[str, Any]:
        """One line from the server: ``["<match id>", <version>]`` (a change: :data:`CHANGED`) or
        ``{"table": "<match id>"}`` (a host opened that match on its table: :data:`TABLE`). The store
        forgets what it held of that match first (a new match: it learns of it). Raises ``ValueError``,
        ``TypeError`` or ``KeyError`` for another shape, a :class:`StoreError` for a match it cannot read."""
        if isinstance(told, dict) and "event" in told:
            event_id = str(told["event"])[:100]
            self._refresh_event(event_id)
            return EVENT, event_id
        if isinstance(told, dict):
            match_id = str(told["table"])
            self.store.refresh(match_id)
            return TABLE, match_id
        match_id, version = told
        self.store.refresh(str(match_id))
        return CHANGED, (str(match_id), int(version))

    def _refresh_event(self, event_id: str) -> None:
        """Every match of the event read again (a new round's are new here: the store learns of them), so the
        event's results read after this are the server's."""
        state = club_of(self.store).event(event_id)  # a RuleViolation (unknown, damaged): logged by read()
        for record in state.rounds:
            for table in record.tables:
                for match_id in table.matches:
                    try:
                        self.store.refresh(match_id)
                    except StoreError as err:
                        log.warning("a match of event %s could not be read: %s", event_id, err)


def main(argv: list[str]) -> int:
    """Serve viewers for the data folder ``argv[0]`` on the Unix socket ``argv[1]`` until stdin ends."""
    import uvicorn

    from ..server import http_limits

    data_dir, socket_path = Path(argv[0]), argv[1]
    try:
        store = open_store(data_dir, read_only=True)
    except StoreError as err:
        print(f"scorekeeper viewers: {err.message}", file=sys.stderr)
        return 2
    flet_fixes.quiet_send_message()
    server: uvicorn.Server | None = None

    def stop() -> None:
        if server is not None:
            server.should_exit = True

    changes = Changes(store, sys.stdin.buffer, stop)
    tab_main = make_main(cast(MatchStore, FollowingStore(store)), data_dir)

    async def viewer_main(page: ft.Page) -> None:
        changes.tab_opened(page)
        await tab_main(page)

    app = ft.run(viewer_main, export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True)
    install_log_filters()
    # the server's header bounds here too (only the server reaches this socket, but every input is bounded)
    config = http_limits.config(
        quiet_when_cut(ViewerGate(app)),
        uds=socket_path,
        log_level="warning",
        ws="websockets-sansio",
        access_log=False,
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    threading.Thread(target=changes.read, name="server-changes", daemon=True).start()
    tune_collector()
    server.run()
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
