"""The viewer process: the same app, for viewer phones only, drawn on the machine's other core; and the
scorer process, the same for scorer phones, its writes sent to the server's writer.

    python -m scorekeeper.serve.viewer_server DATA_DIR SOCKET_PATH [WRITER_PATH]

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

With ``WRITER_PATH`` it is the scorer process: each tab is a scorer of the match the relay names, and each
write its tabs ask of the store goes to the server's :class:`~scorekeeper.server.writer.Writer` on that Unix
socket (:class:`RelayedStore`), which applies it with the device's own grant, or refuses it; once it is
written, this store reads that match again and the tab shows it (docs/server.md, "The scorer process").
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
from ..server.devices import Device
from ..server.relay import DEVICE_HEADER, EVENT_HEADER, MATCH_HEADER
from ..server.roles import Role
from ..server.session import RELAYED
from ..server.store_guard import MATCH_WRITES, START_WRITES, club_of
from ..server.writer import WriterClient
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


class RelayedStore:
    """The scorer process's store: reads from ``store`` (the folder opened read only), writes sent to the
    server's writer through ``client`` (a :class:`~scorekeeper.server.writer.WriterClient`).

    :meth:`for_tab` is the store one tab uses (``make_main`` asks for it): its writes name that tab's device,
    and once written (or refused) the match is read again here, so the tab shows what the server holds.
    ``read_only`` is ``None`` and ``writable`` ``True``: the server writes the folder for these tabs."""

    read_only = None
    writable = True

    def __init__(self, store: MatchStore, client: WriterClient) -> None:
        self._store = store
        self.client = client

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def for_tab(self, access: Access) -> TabStore:
        """The store of a tab with ``access`` (its device named by the relay)."""
        return TabStore(self, access.device.id if access.device is not None else "")


class TabStore:
    """One tab's store in the scorer process (see :class:`RelayedStore`): reads are the process's; each
    write of :data:`~scorekeeper.server.store_guard.MATCH_WRITES` and ``START_WRITES`` is the writer's
    answer (its value, or the refusal it raised: ``AccessDenied``, ``RuleViolation``, ``StaleView``…; or
    :class:`~scorekeeper.server.writer.WriterGone`)."""

    read_only = None
    writable = True

    def __init__(self, relayed: RelayedStore, device_id: str) -> None:
        self._relayed = relayed
        self._device_id = device_id

    def __getattr__(self, name: str) -> Any:
        if name in MATCH_WRITES:
            return lambda match_id, *args, **kwargs: self._write_match(name, match_id, args, kwargs)
        if name in START_WRITES:
            return lambda *args, **kwargs: self._add(name, args, kwargs)
        return getattr(self._relayed, name)

    def _write_match(self, name: str, match_id: str, args: tuple, kwargs: dict[str, Any]) -> Any:
        try:
            return self._relayed.client.call(self._device_id, name, (match_id, *args), kwargs)
        finally:  # written or refused (maybe stale here): the next read is the server's file
            self._relayed.refresh(match_id)

    def _add(self, name: str, args: tuple, kwargs: dict[str, Any]) -> Any:
        result = self._relayed.client.call(self._device_id, name, args, kwargs)
        # the new matches' ids (create_match's, an import report's), for this store to learn of them
        for match_id in [result] if isinstance(result, str) else getattr(result, "ids", []):
            self._relayed.refresh(match_id)
        return result


class ViewerGate:
    """ASGI app: ``app`` (Flet's) for relayed websockets, each tab a viewer of the match the relay names (a
    scorer with ``role`` :attr:`Role.SCORER`, the scorer process); plain HTTP gets 404 (pages and assets
    come from the server)."""

    def __init__(self, app: Any, role: Role = Role.VIEWER) -> None:
        self.app = app
        self.role = role

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
        device_id = headers.get(DEVICE_HEADER.encode("latin-1"), b"").decode("latin-1")
        # the device as the relay named it: its grant is the writer's to check (the server's Device)
        device = Device(device_id, self.role, match_id, "relayed", "") if device_id else None
        token = RELAYED.set(Access(self.role, match_id, device, event_id=event_id))
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
    """Serve viewers for the data folder ``argv[0]`` on the Unix socket ``argv[1]`` until stdin ends; with
    ``argv[2]`` (the writer's socket), scorers."""
    import uvicorn

    from ..server import http_limits

    data_dir, socket_path = Path(argv[0]), argv[1]
    writer_path = argv[2] if len(argv) > 2 else None
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
    shown: Any = FollowingStore(store) if writer_path is None else RelayedStore(store, WriterClient(writer_path))
    tab_main = make_main(cast(MatchStore, shown), data_dir)

    async def viewer_main(page: ft.Page) -> None:
        changes.tab_opened(page)
        await tab_main(page)

    app = ft.run(viewer_main, export_asgi_app=True, assets_dir=str(ASSETS), no_cdn=True)
    install_log_filters()
    # the server's header bounds here too (only the server reaches this socket, but every input is bounded)
    config = http_limits.config(
        quiet_when_cut(ViewerGate(app, Role.VIEWER if writer_path is None else Role.SCORER)),
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
