"""The guard as an ASGI app in-process (an app behind it that records what reached it): the websocket side
that a raw HTTP test cannot see — tabs tracked, a revoked device's tabs closed, sessions kept per device."""

from __future__ import annotations

import asyncio

import msgpack

from scorekeeper.server.admission import Admission
from scorekeeper.server.guard import Guard, cookie_name
from scorekeeper.server.roles import Role
from scorekeeper.server.session import CONNECTION

from .aio import run

PORT = 8550
HOST = f"127.0.0.1:{PORT}"


def scope(kind: str, path: str = "/", query: str = "", cookie: str | None = None, origin: str | None = "own",
          host: str = HOST) -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", (f"http://{host}" if origin == "own" else origin).encode()))
    if cookie is not None:
        headers.append((b"cookie", f"{cookie_name(PORT)}={cookie}".encode()))
    return {"type": kind, "path": path, "query_string": query.encode(), "headers": headers,
            "client": ("127.0.0.1", 40000)}


class Inner:
    """Flet's place: an app that accepts a websocket, passes the first message on, then waits for disconnect."""

    def __init__(self) -> None:
        self.reached: list[dict] = []
        self.received: list[dict] = []
        self.connection = None

    async def __call__(self, scope, receive, send) -> None:
        self.reached.append(scope)
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"app"})
            return
        self.connection = CONNECTION.get()
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            self.received.append(message)
            if message["type"] == "websocket.disconnect":
                return


async def http(guard: Guard, s: dict) -> tuple[int, dict, bytes]:
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    await guard(s, receive, send)
    start = sent[0]
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    return start["status"], headers, b"".join(m.get("body", b"") for m in sent[1:])


class Socket:
    """A websocket client's side of the ASGI exchange."""

    def __init__(self, guard: Guard, s: dict) -> None:
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.sent: list[dict] = []
        self.inbox.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.ensure_future(guard(s, self.inbox.get, self._send))

    async def _send(self, message):
        self.sent.append(message)
        if message["type"] == "websocket.close":
            self.inbox.put_nowait({"type": "websocket.disconnect", "code": message.get("code", 1000)})

    def types(self) -> list[str]:
        return [m["type"] for m in self.sent]


def join(guard: Guard, role: Role = Role.SCORER, match_id: str | None = None) -> str:
    link = guard.admission.link(role, match_id)
    status, headers, _ = run(http(guard, scope("http", query=f"key={link.key}", origin=None)))
    assert status == 200
    return headers["set-cookie"].split(";")[0].split("=", 1)[1]


def test_http_without_a_cookie_is_refused_and_a_join_link_sets_one():
    inner = Inner()
    guard = Guard(inner, Admission(key_required=True, port=PORT))
    for path in ("/", "/main.dart.js", "/assets/fonts/x.otf"):
        status, _, body = run(http(guard, scope("http", path, origin=None)))
        assert status == 403 and b"QR code" in body
    link = guard.admission.link(Role.VIEWER)
    status, headers, body = run(http(guard, scope("http", "/", f"key={link.key}&lang=uk", origin=None)))
    assert status == 200 and b'location.replace("/?lang=uk")' in body  # on to the address without the key
    cookie = headers["set-cookie"]
    assert cookie.startswith(f"{cookie_name(PORT)}=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    token = cookie.split(";")[0].split("=", 1)[1]
    assert link.key not in cookie and len(token) >= 40
    assert inner.reached == []  # nothing reached the app so far
    status, _, body = run(http(guard, scope("http", "/", cookie=token, origin=None)))
    assert (status, body) == (200, b"app")
    status, _, _ = run(http(guard, scope("http", "/", query="key=not-a-key", origin=None)))
    assert status == 403


def test_foreign_hosts_and_origins_are_refused_even_without_a_key():
    inner = Inner()
    guard = Guard(inner, Admission(key_required=False, port=PORT))
    assert run(http(guard, scope("http", origin=None)))[0] == 200
    assert run(http(guard, scope("http", host="evil.example:8550", origin=None)))[0] == 403
    assert run(http(guard, scope("http", origin="http://evil.example")))[0] == 403

    async def handshake(s):
        socket = Socket(guard, s)
        await asyncio.sleep(0.01)
        if not socket.task.done():
            socket.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await socket.task
        return socket.types()[0]

    assert run(handshake(scope("websocket", "/ws"))) == "websocket.accept"
    assert run(handshake(scope("websocket", "/ws", origin="http://evil.example"))) == "websocket.close"
    assert run(handshake(scope("websocket", "/ws", origin=None))) == "websocket.close"
    assert run(handshake(scope("websocket", "/ws", host="evil.example:8550",
                                       origin="http://evil.example:8550"))) == "websocket.close"


def test_a_disconnected_device_loses_its_open_tabs_and_cannot_come_back():
    inner = Inner()
    guard = Guard(inner, Admission(key_required=True, port=PORT))
    token = join(guard, Role.SCORER)

    async def scenario():
        socket = Socket(guard, scope("websocket", "/ws", cookie=token))
        await asyncio.sleep(0.01)
        assert socket.types() == ["websocket.accept"]
        rows = guard.admission.devices()
        assert [(r.role, r.tabs) for r in rows] == [(Role.SCORER, 1)] and rows[0].connected_since is not None
        assert inner.connection[1].device.id == rows[0].id  # the app's tasks see the tab's device
        assert await guard.admission.disconnect(rows[0].id)
        await asyncio.wait_for(socket.task, 1)  # the app saw the disconnect and ended
        assert socket.types() == ["websocket.accept", "websocket.close"]
        assert inner.received[-1]["type"] == "websocket.disconnect"
        assert guard.admission.devices() == []
        again = Socket(guard, scope("websocket", "/ws", cookie=token))
        await asyncio.wait_for(again.task, 1)
        assert again.types() == ["websocket.close"]  # refused before accept: HTTP 403

    run(scenario())
    assert run(http(guard, scope("http", cookie=token, origin=None)))[0] == 403


def test_a_tab_resumes_a_session_only_of_its_own_device():
    inner = Inner()
    admission = Admission(key_required=True, port=PORT)
    guard = Guard(inner, admission)
    viewer_token, scorer_token = join(guard, Role.VIEWER), join(guard, Role.SCORER)
    scorer = admission.device_for_cookie(scorer_token)
    admission.access_for_session("scorer-session", scorer)

    def register(session_id: str) -> dict:
        return {"type": "websocket.receive", "bytes": b"\x00" + msgpack.packb(
            [1, {"session_id": session_id, "page_name": "", "page": {"route": "/"}}])}

    async def first_message(token: str) -> dict:
        socket = Socket(guard, scope("websocket", "/ws", cookie=token))
        socket.inbox.put_nowait(register("scorer-session"))
        await asyncio.sleep(0.01)
        socket.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await socket.task
        action, body = msgpack.unpackb(inner.received[-2]["bytes"][1:])
        return body

    assert run(first_message(scorer_token))["session_id"] == "scorer-session"
    taken = run(first_message(viewer_token))
    assert taken["session_id"] is None and taken["page"] == {"route": "/"}  # a new session, as a viewer


def test_a_join_link_never_sends_the_browser_to_another_site():
    guard = Guard(Inner(), Admission(key_required=True, port=PORT))
    link = guard.admission.link(Role.SCORER)
    status, _, body = run(http(guard, scope("http", "//evil.example/x", f"key={link.key}", origin=None)))
    assert status == 200 and b'location.replace("/evil.example/x")' in body


class Tabs:
    """Flet's place for several tabs at once: each websocket's messages kept apart, by connection."""

    def __init__(self) -> None:
        self.received: dict[int, list[dict]] = {}
        self.connections: list = []

    async def __call__(self, scope, receive, send) -> None:
        _, connection = CONNECTION.get()
        self.connections.append(connection)
        mine = self.received.setdefault(id(connection), [])
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            mine.append(message)
            if message["type"] == "websocket.disconnect":
                return


def test_a_tab_back_from_a_lost_network_takes_its_session_from_its_old_connection(monkeypatch):
    """A phone that lost the network comes back while its old connection still looks open (the server sees
    it die only at the next ping): the old one ends first, so that Flet resumes the session (what the tab
    showed is kept) instead of starting a new one. Not from a connection younger than the cooldown."""
    from scorekeeper.server import guard as guard_module

    tabs = Tabs()
    admission = Admission(key_required=True, port=PORT)
    guard = Guard(tabs, admission)
    token = join(guard)
    device = admission.device_for_cookie(token)
    admission.access_for_session("phone-session", device)

    def register() -> dict:
        return {"type": "websocket.receive", "bytes": b"\x00" + msgpack.packb(
            [1, {"session_id": "phone-session", "page_name": "", "page": {"route": "/"}}])}

    async def scenario():
        old = Socket(guard, scope("websocket", "/ws", cookie=token))
        await asyncio.sleep(0.01)
        tabs.connections[0].session_id = "phone-session"  # what access_for does in main(page)
        monkeypatch.setattr(guard_module, "TAKEOVER_COOLDOWN", 0.0)
        new = Socket(guard, scope("websocket", "/ws", cookie=token))
        new.inbox.put_nowait(register())
        await asyncio.wait_for(old.task, 1)  # the old connection ended: its app saw the client go
        first_old, first_new = tabs.connections[:2]
        assert tabs.received[id(first_old)][-1]["type"] == "websocket.disconnect"
        assert "websocket.close" in old.types() and first_old.ended.is_set()
        await asyncio.sleep(0.01)
        body = msgpack.unpackb(tabs.received[id(first_new)][0]["bytes"][1:])[1]
        assert body["session_id"] == "phone-session"  # passed on once the old one let go: Flet resumes it
        assert first_new.session_id == "phone-session" and device.connections == [first_new]

        monkeypatch.setattr(guard_module, "TAKEOVER_COOLDOWN", 60.0)
        twin = Socket(guard, scope("websocket", "/ws", cookie=token))  # a duplicated tab naming the session
        twin.inbox.put_nowait(register())
        await asyncio.sleep(0.05)
        assert not new.task.done() and not first_new.superseded.is_set()  # a young connection keeps it
        for socket in (new, twin):
            socket.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
            await asyncio.wait_for(socket.task, 1)

    run(scenario())
