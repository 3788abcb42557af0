"""The ASGI layer in front of Flet's app: who may connect, on HTTP and the websocket alike.

Every request (the page, each asset, the websocket handshake) is checked, in this order:

1. ``Host`` must name this server (:class:`~.addresses.HostCheck`): DNS rebinding is refused.
2. ``Origin``: a websocket handshake must come from the server's own origin (``http://`` + ``Host``), and an
   HTTP request that carries an ``Origin`` must too: a page on another site in the same browser gets nothing.
3. With a key required: a ``?key=`` in the query is a join link (a current key joins the browser as a new
   device: an HttpOnly, SameSite=Strict cookie and a page that moves on to the same address without the
   key; a stale key gets the 403 page, and so does a browser the host disconnected coming back with the
   link it had joined with); anything else needs the cookie of a device not revoked.

A refusal is HTTP 403: for HTTP a short page in the browser's language (:mod:`.pages`), for a websocket
the handshake is refused. Nothing here logs a key, a cookie or a query string.

An accepted websocket is tracked as a :class:`~.devices.Connection` (the Table screen's device list; a
revoked device's tabs are closed), runs Flet's handler with :data:`~.session.CONNECTION` set, and may resume
an earlier Flet session only if that session belongs to the same device (else Flet starts a new one). Flet
takes a registration at any point of a connection, so only the first frame may be one: a later one (however
written, :func:`~.asgi.is_registration`) closes the connection. A viewer's websocket runs ``viewers`` instead
when given (:class:`~.relay.Relay`: drawn by the viewer process), and a scorer's runs ``scorers`` (drawn by
the scorer process, its writes sent to :mod:`.writer`), through the same checks.
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qsl, quote, urlencode

from . import pages
from .addresses import same_origin
from .admission import Admission
from .asgi import ASGIApp, Message, Receive, Scope, Send, is_registration, registering, registration
from .asgi import headers as request_headers
from .devices import Connection, Device, device_label, now
from .roles import Role
from .session import CONNECTION

log = logging.getLogger(__name__)

TAKEOVER_WAIT = 5.0  # s: how long a returning tab waits for its old connection to let go of its session
TAKEOVER_COOLDOWN = 3.0  # s: a connection younger than this keeps its session (no ping-pong between two tabs)
DISCONNECTED = {"type": "websocket.disconnect", "code": 1006}  # what a superseded connection's app receives
CLOSE_REREGISTERED = 1008  # policy violation: a tab registered again, or sent a registration Flet cannot read


def cookie_name(port: int) -> str:
    """The device cookie's name: per port, since browsers keep cookies per host whatever the port."""
    return f"scorekeeper_{port}"


def _cookie(header: str | None, name: str) -> str | None:
    for part in (header or "").split(";"):
        key, sep, value = part.strip().partition("=")
        if sep and key == name:
            return value.strip().strip('"')
    return None


class Guard:
    """ASGI app: ``app`` (Flet's) behind the checks above, for the table kept by ``admission``; a viewer's
    websocket goes to ``viewers`` if given (the relay to the viewer process), a scorer's to ``scorers`` (the
    relay to the scorer process), else to ``app`` too."""

    def __init__(
        self, app: ASGIApp, admission: Admission, viewers: ASGIApp | None = None, scorers: ASGIApp | None = None
    ) -> None:
        self.app = app
        self.admission = admission
        self.viewers = viewers
        self.scorers = scorers
        self.cookie = cookie_name(admission.port)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            if kind == "lifespan":
                self.admission.loop = asyncio.get_running_loop()
            await self.app(scope, receive, send)
            return
        headers = request_headers(scope)
        host, origin = headers.get("host"), headers.get("origin")
        if not self.admission.host_check.allows(host):
            await self._refuse(scope, send, headers, pages.WRONG_ADDRESS, "Host not this server's")
            return
        if (kind == "websocket" or origin is not None) and not same_origin(origin, host):
            await self._refuse(scope, send, headers, pages.WRONG_ADDRESS, "foreign Origin")
            return
        token = _cookie(headers.get("cookie"), self.cookie)
        if kind == "http" and self.admission.key_required:
            query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
            keys = [value for name, value in query if name == "key"]
            if keys:
                await self._join(
                    scope, send, headers, keys[0], token, [(name, value) for name, value in query if name != "key"]
                )
                return
        device = self.admission.device_for_cookie(token)
        if device is None:
            reason = pages.DISCONNECTED if self.admission.barred(token) else pages.EXPIRED if token else pages.NO_KEY
            await self._refuse(scope, send, headers, reason, "stale device cookie" if token else "no key")
            return
        if kind == "websocket":
            await self._websocket(scope, receive, send, device, headers)
        else:
            await self.app(scope, receive, send)

    # ------------------------------------------------------------------ HTTP
    async def _join(
        self,
        scope: Scope,
        send: Send,
        headers: dict[str, str],
        key: str,
        token: str | None,
        rest: list[tuple[str, str]],
    ) -> None:
        link = self.admission.find_link(key)
        if link is None:
            await self._refuse(scope, send, headers, pages.EXPIRED, "stale join link")
            return
        if self.admission.barred(token, link):  # Disconnect holds: this browser needs a fresh code
            await self._refuse(scope, send, headers, pages.DISCONNECTED, "a disconnected device's old link")
            return
        held = self.admission.device_for_cookie(token)
        if held is not None and held.link is link:
            new_token = token  # the same link scanned again: the same device
        else:
            client = (scope.get("client") or ("", 0))[0]
            device, new_token = self.admission.join(link, device_label(headers.get("user-agent", "")), client)
            if held is not None:
                await self.admission.replace(held, link)
            log.info("a device joined as %s (%s)", device.role, device.id)
        # one leading slash: "//host" would be another site's address (an open redirect)
        clean = "/" + quote((scope.get("path") or "/").lstrip("/")) + (f"?{urlencode(rest)}" if rest else "")
        cookie = f"{self.cookie}={new_token}; Path=/; HttpOnly; SameSite=Strict"
        await _respond(
            send, 200, pages.joining(clean, headers.get("accept-language")), [(b"set-cookie", cookie.encode("latin-1"))]
        )

    async def _refuse(self, scope: Scope, send: Send, headers: dict[str, str], reason: str, why: str) -> None:
        log.info("refused %s %s: %s", scope["type"], scope.get("path", ""), why)  # the path only: no query
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # before accept: HTTP 403
            return
        await _respond(send, 403, pages.forbidden(reason, headers.get("accept-language")))

    # ------------------------------------------------------------------ websocket
    async def _websocket(
        self, scope: Scope, receive: Receive, send: Send, device: Device, headers: dict[str, str]
    ) -> None:
        admission = self.admission
        connection = Connection(device, send)
        first = True
        waits: list[asyncio.Task[bool]] = []  # one wait for "superseded", made at the first receive

        async def guarded_receive() -> Message:
            nonlocal first
            if connection.superseded.is_set():
                return DISCONNECTED
            if not waits:
                waits.append(asyncio.ensure_future(connection.superseded.wait()))
            receiving: asyncio.Future[Message] = asyncio.ensure_future(receive())
            await asyncio.wait((receiving, waits[0]), return_when=asyncio.FIRST_COMPLETED)
            if not receiving.done():  # the tab is back on a new connection: this one lets go of the session
                receiving.cancel()
                return DISCONNECTED
            message = receiving.result()
            if message["type"] != "websocket.receive":
                return message
            if first:
                first = False
                return await self._only_own_session(message, device, connection)
            if is_registration(message.get("bytes")):
                # Flet would take it: a second session on this connection, any session it names
                log.warning("a tab of %s registered again on its connection: closed", device.id)
                await connection.close(code=CLOSE_REREGISTERED)
                return {"type": "websocket.disconnect", "code": CLOSE_REREGISTERED}
            return message

        async def guarded_send(message: Message) -> None:
            if connection.closed:
                return  # closed for a revoked device: Flet's last messages go nowhere
            if message["type"] == "websocket.accept":
                if device.revoked:  # revoked between the handshake and now
                    connection.closed = True
                    await send({"type": "websocket.close", "code": 1008})
                    return
                admission.connected(connection)
            elif message["type"] == "websocket.close":
                connection.closed = True
            await send(message)

        context = CONNECTION.set((admission, connection))
        relayed = {Role.VIEWER: self.viewers, Role.SCORER: self.scorers}.get(device.role)
        app = relayed if relayed is not None else self.app
        try:
            await app(scope, guarded_receive, guarded_send)
        finally:
            CONNECTION.reset(context)
            for wait in waits:
                wait.cancel()
            admission.disconnected(connection)
            connection.ended.set()

    async def _only_own_session(self, message: Message, device: Device, connection: Connection) -> Message:
        """A tab's first message registers it, maybe naming the Flet session it had before a reconnect:
        resumed only if that session belongs to ``device``; else the name is dropped and Flet starts a new
        session (for this device's role), so no tab takes over another device's session and role. The
        registration is passed on rewritten plainly (``[1, body]``, :func:`~.asgi.registering`), so Flet reads
        the body checked here whatever way it was written; one whose body is not a map is refused (Flet
        could not read it either). Any later registration closes the connection (:meth:`_websocket`).

        A phone that lost the network comes back before the server saw its old connection die (that takes
        up to a ping interval): Flet would then start a new session, and the tab would lose what it showed
        (the tile selected). So the old connection of that session, still open, is ended first
        (:func:`_take_over`), and Flet resumes the session on the new one."""
        data = message.get("bytes")
        if not is_registration(data):
            return message  # not a registration (Flet refuses what else comes first, or skips it)
        body = registration(data)
        if body is None:
            log.warning("a tab of %s sent a registration Flet cannot read: closed", device.id)
            await connection.close(code=CLOSE_REREGISTERED)
            return {"type": "websocket.disconnect", "code": CLOSE_REREGISTERED}
        session_id = body.get("session_id")
        if session_id and isinstance(session_id, str) and self.admission.session_device(session_id) is device:
            connection.session_id = session_id
            await self._take_over(session_id, device, connection)
        elif session_id:
            log.info("a tab of %s asked for a session of another device: a new session instead", device.id)
            body["session_id"] = None
        return {**message, "bytes": registering(body)}

    async def _take_over(self, session_id: str, device: Device, connection: Connection) -> None:
        """End the old, still open connection of ``session_id`` (``device``'s) and wait until Flet let go of
        the session. Not from a connection younger than :data:`TAKEOVER_COOLDOWN`: two live tabs naming one
        session (a duplicated tab) would take it from each other for ever; the tab that was just ended
        comes back at once and gets a new session (as Flet does), the other keeps the session."""
        old = next(
            (
                c
                for c in device.connections
                if c is not connection and c.session_id == session_id and not c.ended.is_set()
            ),
            None,
        )
        if old is None:
            return
        if (now() - old.since).total_seconds() < TAKEOVER_COOLDOWN:
            return  # Flet sees the session still connected and starts a new one
        log.info("a tab of %s came back on a new connection: its old one ends", device.id)
        old.superseded.set()
        await old.close(code=1001)  # if it is alive after all, its client reconnects
        try:
            await asyncio.wait_for(old.ended.wait(), TAKEOVER_WAIT)
        except TimeoutError:
            log.warning("the old connection of a returning tab of %s did not end", device.id)


async def _respond(send: Send, status: int, body: bytes, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [*pages.HEADERS, (b"content-length", str(len(body)).encode()), *(extra or [])],
        }
    )
    await send({"type": "http.response.body", "body": body})
