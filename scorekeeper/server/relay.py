"""A viewer's websocket relayed to the viewer process, so that viewers are drawn on the machine's other core.

The server draws every tab's screen on its one event-loop thread: with five viewer phones following a match,
each move waited for five more screens drawn one after the other (6 devices took 1.64-1.69x as long as 1,
docs/server.md). :class:`Relay` is the ASGI app the guard (:mod:`.guard`) runs for a viewer's websocket: it
opens a websocket to the viewer process (:mod:`scorekeeper.serve.viewer_server`, listening on a Unix socket
in a folder only this user can enter) and passes the frames both ways unchanged. The guard has checked the
device already (keys, role, revocation) and still tracks the connection, so the Table screen's device list,
Disconnect and Renew work as before: closing the tab's side ends the relay.

What the viewer process is told: the viewer's match (``x-scorekeeper-match``) or club event
(``x-scorekeeper-event``), the device's public id (``x-scorekeeper-device``, "d3"), the browser's language
and User-Agent. Never a key or a cookie.

The scorer process (docs/server.md, "The scorer process") is reached the same way: a second ``Relay`` on its
own socket, for scorers' websockets; it names the device to the writer (:mod:`.writer`) with each write, and
the writer checks that device's grant itself. The Flet session it starts is bound to the device here (from its first
reply), so a tab coming back may resume it only from the same device, as for a session of this process.

If the viewer process cannot be reached (not started, stopped, crashed), the tab is served by ``fallback``
(this process's own app): slower with many viewers, never refused.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import Callable

from websockets.asyncio.client import ClientConnection, unix_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .asgi import ASGIApp, Message, Receive, Scope, Send, headers, registration
from .session import CONNECTION

log = logging.getLogger(__name__)

MATCH_HEADER = "x-scorekeeper-match"  # the viewer's match id ("" for a table-wide viewer link)
EVENT_HEADER = "x-scorekeeper-event"  # the club event an event's viewer link shows ("" for any other link)
DEVICE_HEADER = "x-scorekeeper-device"  # the device's public id ("d3"): the scorer process names it to the writer
PASSED_HEADERS = ("user-agent", "accept-language")  # what the viewer process may know of the browser
CONNECT_SECONDS = 3.0  # how long opening the relay may take before the tab is served here instead


class Relay:
    """ASGI app for viewers' websockets: each is relayed to the Unix socket ``path``; ``fallback`` (the ASGI
    app of this process) serves any tab the viewer process cannot take. ``available()``: whether to try it
    (``False`` once the viewer process has stopped)."""

    def __init__(self, path: str, fallback: ASGIApp, available: Callable[[], bool] = lambda: True) -> None:
        self.path = path
        self.fallback = fallback
        self.available = available

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or not self.available():
            await self.fallback(scope, receive, send)
            return
        opening = await receive()  # websocket.connect: answered once the other side is open
        upstream = await self._open(scope)
        if upstream is None:
            await self.fallback(scope, _replaying(opening, receive), send)
            return
        await send({"type": "websocket.accept"})
        await _pump(upstream, receive, send)

    async def _open(self, scope: Scope) -> ClientConnection | None:
        current = CONNECTION.get()
        device = current[1].device if current is not None else None
        given = headers(scope)
        passed = [(name, given[name]) for name in PASSED_HEADERS if name in given]
        passed.append((MATCH_HEADER, (device.match_id if device is not None else None) or ""))
        passed.append((EVENT_HEADER, (device.event_id if device is not None else None) or ""))
        passed.append((DEVICE_HEADER, device.id if device is not None else ""))
        query = scope.get("query_string", b"").decode("latin-1")
        uri = "ws://viewers" + (scope.get("path") or "/") + (f"?{query}" if query else "")
        try:
            return await asyncio.wait_for(
                unix_connect(
                    self.path,
                    uri,
                    additional_headers=passed,
                    max_size=None,
                    compression=None,
                    ping_interval=None,
                    user_agent_header=None,
                ),
                CONNECT_SECONDS,
            )
        except (OSError, InvalidHandshake, TimeoutError) as err:
            log.warning("the viewer process could not take a viewer's tab (%s): served here", type(err).__name__)
            return None


class Spread:
    """ASGI app: each scorer's websocket to one of ``relays`` (one per scorer process), always the same one
    for a device (by its id), so a tab coming back resumes its Flet session where it was drawn."""

    def __init__(self, relays: list[Relay]) -> None:
        self.relays = relays

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        current = CONNECTION.get()
        name = current[1].device.id if current is not None else ""
        await self.relays[zlib.crc32(name.encode("utf-8")) % len(self.relays)](scope, receive, send)


async def _pump(upstream: ClientConnection, receive: Receive, send: Send) -> None:
    """Pass frames both ways until either side ends; then end the other. A tab whose viewer process went
    away is closed with 1012 ("service restart"): its client connects again, and is served here."""
    to_child = asyncio.ensure_future(_tab_to_child(upstream, receive))
    to_tab = asyncio.ensure_future(_child_to_tab(upstream, send))
    try:
        await asyncio.wait((to_child, to_tab), return_when=asyncio.FIRST_COMPLETED)
    finally:
        to_child.cancel()
        to_tab.cancel()
        await upstream.close()
    tab_left = to_child.done() and not to_child.cancelled() and to_child.result()
    if not tab_left:
        try:
            await send({"type": "websocket.close", "code": 1012})
        except Exception as err:  # noqa: BLE001 - the tab may be gone as well
            log.debug("closing a relayed tab: %s", err)


async def _tab_to_child(upstream: ClientConnection, receive: Receive) -> bool:
    """Frames from the tab to the viewer process; ``True`` once the tab left, ``False`` if the other side
    closed."""
    try:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return True
            if message["type"] == "websocket.receive":
                data = message.get("bytes")
                await upstream.send(data if data is not None else message.get("text") or "")
    except ConnectionClosed:
        return False


async def _child_to_tab(upstream: ClientConnection, send: Send) -> None:
    """Frames from the viewer process to the tab (the first binds the session), until either side ends."""
    first = True
    try:
        async for data in upstream:
            if first:
                first = False
                _bind_session(data)
            if isinstance(data, bytes):
                await send({"type": "websocket.send", "bytes": data})
            else:
                await send({"type": "websocket.send", "text": data})
    except ConnectionClosed:
        return
    except OSError as err:  # the tab's connection broke (uvicorn's ClientDisconnected): the tab side ends it
        log.debug("a relayed tab went away: %s", err)


def _bind_session(data: bytes | str) -> None:
    """The viewer process's first reply registers the tab: bind the Flet session it names to this device."""
    current = CONNECTION.get()
    body = registration(data)
    if current is None or body is None or not body.get("session_id"):
        return
    admission, connection = current
    session_id = str(body["session_id"])
    connection.session_id = session_id
    admission.access_for_session(session_id, connection.device)


def _replaying(first: Message, receive: Receive) -> Receive:
    """``receive`` that gives ``first`` once (the handshake already taken from it), then what ``receive`` does."""
    pending = [first]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay
