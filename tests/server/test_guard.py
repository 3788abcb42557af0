"""The guard as an ASGI app in-process (an app behind it that records what reached it): the websocket side
that a raw HTTP test cannot see — tabs tracked, a revoked device's tabs closed, sessions kept per device."""

from __future__ import annotations

import asyncio
import struct

import msgpack

from scorekeeper.server.admission import Admission
from scorekeeper.server.guard import Guard, cookie_name
from scorekeeper.server.roles import Role
from scorekeeper.server.session import CONNECTION

from .aio import run

PORT = 8550
HOST = f"127.0.0.1:{PORT}"


def scope(
    kind: str, path: str = "/", query: str = "", cookie: str | None = None, origin: str | None = "own", host: str = HOST
) -> dict:
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", (f"http://{host}" if origin == "own" else origin).encode()))
    if cookie is not None:
        headers.append((b"cookie", f"{cookie_name(PORT)}={cookie}".encode()))
    return {
        "type": kind,
        "path": path,
        "query_string": query.encode(),
        "headers": headers,
        "client": ("127.0.0.1", 40000),
    }


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
        await until(socket.types)  # the guard accepted or refused
        if not socket.task.done():
            socket.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await socket.task
        return socket.types()[0]

    assert run(handshake(scope("websocket", "/ws"))) == "websocket.accept"
    assert run(handshake(scope("websocket", "/ws", origin="http://evil.example"))) == "websocket.close"
    assert run(handshake(scope("websocket", "/ws", origin=None))) == "websocket.close"
    assert (
        run(handshake(scope("websocket", "/ws", host="evil.example:8550", origin="http://evil.example:8550")))
        == "websocket.close"
    )


def test_a_disconnected_device_loses_its_open_tabs_and_cannot_come_back():
    inner = Inner()
    guard = Guard(inner, Admission(key_required=True, port=PORT))
    token = join(guard, Role.SCORER)

    async def scenario():
        socket = Socket(guard, scope("websocket", "/ws", cookie=token))
        await until(socket.types)
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
        return {
            "type": "websocket.receive",
            "bytes": b"\x00" + msgpack.packb([1, {"session_id": session_id, "page_name": "", "page": {"route": "/"}}]),
        }

    async def first_message(token: str) -> dict:
        socket = Socket(guard, scope("websocket", "/ws", cookie=token))
        socket.inbox.put_nowait(register("scorer-session"))
        before = len(inner.received)
        await until(lambda: len(inner.received) > before or socket.task.done())  # the registration passed on
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
        return {
            "type": "websocket.receive",
            "bytes": b"\x00"
            + msgpack.packb([1, {"session_id": "phone-session", "page_name": "", "page": {"route": "/"}}]),
        }

    async def scenario():
        old = Socket(guard, scope("websocket", "/ws", cookie=token))
        await until(old.types)
        tabs.connections[0].session_id = "phone-session"  # what access_for does in main(page)
        monkeypatch.setattr(guard_module, "TAKEOVER_COOLDOWN", 0.0)
        new = Socket(guard, scope("websocket", "/ws", cookie=token))
        new.inbox.put_nowait(register())
        await asyncio.wait_for(old.task, 1)  # the old connection ended: its app saw the client go
        first_old, first_new = tabs.connections[:2]
        assert tabs.received[id(first_old)][-1]["type"] == "websocket.disconnect"
        assert "websocket.close" in old.types() and first_old.ended.is_set()
        await until(lambda: tabs.received[id(first_new)])
        body = msgpack.unpackb(tabs.received[id(first_new)][0]["bytes"][1:])[1]
        assert body["session_id"] == "phone-session"  # passed on once the old one let go: Flet resumes it
        assert first_new.session_id == "phone-session" and device.connections == [first_new]

        monkeypatch.setattr(guard_module, "TAKEOVER_COOLDOWN", 60.0)
        twin = Socket(guard, scope("websocket", "/ws", cookie=token))  # a duplicated tab naming the session
        twin.inbox.put_nowait(register())
        # the twin's registration reached the app: the guard has decided whether to take the session over
        await until(lambda: len(tabs.connections) > 2 and tabs.received[id(tabs.connections[2])])
        assert not new.task.done() and not first_new.superseded.is_set()  # a young connection keeps it
        for socket in (new, twin):
            socket.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
            await asyncio.wait_for(socket.task, 1)

    run(scenario())


# ---------------------------------------------------------------- registrations after the first frame
HOST_SESSION = "host-session-id1"


def _body(session_id: object = HOST_SESSION) -> bytes:
    return msgpack.packb({"session_id": session_id, "page_name": "", "page": {"route": "/"}})


#: a registration naming the host's session, written in each way Flet reads as one
#: (flet_web's receive loop: ``MessageAction(data[0])``, ``data[1]``)
REGISTRATIONS = {
    "fixarray, fixint": b"\x00\x92\x01" + _body(),
    "uint8": b"\x00\x92\xcc\x01" + _body(),
    "uint16": b"\x00\x92\xcd\x00\x01" + _body(),
    "uint32": b"\x00\x92\xce\x00\x00\x00\x01" + _body(),
    "uint64": b"\x00\x92\xcf" + (1).to_bytes(8, "big") + _body(),
    "int8": b"\x00\x92\xd0\x01" + _body(),
    "int64": b"\x00\x92\xd3" + (1).to_bytes(8, "big") + _body(),
    "float32": b"\x00\x92\xca" + struct.pack(">f", 1.0) + _body(),
    "float64": b"\x00\x92\xcb" + struct.pack(">d", 1.0) + _body(),
    "true": b"\x00\x92\xc3" + _body(),
    "array16": b"\x00\xdc\x00\x02\x01" + _body(),
    "array32": b"\x00\xdd\x00\x00\x00\x02\x01" + _body(),
    "a third item": b"\x00\x93\x01" + _body() + b"\xc0",
    "session id as Flet's string extension": b"\x00\x92\x01" + _body(msgpack.ExtType(4, HOST_SESSION.encode())),
}
JUNK_FRAMES = {
    "unknown frame type": b"\x02junk",
    "empty": b"",
    "data channel": b"\x01\x00\x00\x00\x00",
    "text": "hello",
    "a control event": b"\x00" + msgpack.packb([3, {"target": 1, "name": "click"}]),
}


def flet_reads(data: bytes) -> tuple[object, object]:
    """What Flet's receive loop makes of a frame: (action, the session id its body names)."""
    from flet.messaging.protocol import MessageAction, decode_ext_from_msgpack

    value = msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack)
    return MessageAction(value[0]), value[1].get("session_id")


def test_every_way_of_writing_the_attack_is_a_registration_to_flet():
    from flet.messaging.protocol import MessageAction

    for name, data in REGISTRATIONS.items():
        assert flet_reads(data) == (MessageAction.REGISTER_CLIENT, HOST_SESSION), name


def _guarded_table(viewers: bool = False) -> tuple[Guard, Tabs, Tabs | None, str, str, str]:
    """A guard whose host device has the Flet session HOST_SESSION; the host's, a one-match scorer's and a
    viewer's cookies. ``viewers``: the viewers' websockets go to an app of their own (as to the relay)."""
    tabs, relayed = Tabs(), (Tabs() if viewers else None)
    admission = Admission(key_required=True, port=PORT)
    guard = Guard(tabs, admission, relayed)
    host = join(guard, Role.HOST)
    admission.access_for_session(HOST_SESSION, admission.device_for_cookie(host))
    return guard, tabs, relayed, host, join(guard, Role.SCORER, "m1"), join(guard, Role.VIEWER, "m1")


async def until(check, timeout: float = 2.0) -> None:
    """Wait until ``check()`` is true (each turn of the loop); ``AssertionError`` after ``timeout`` s."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "the condition never held"
        await asyncio.sleep(0.001)


async def _frames_reaching_the_app(guard: Guard, app: Tabs, token: str, frames: list) -> tuple[list, list[str]]:
    """Send ``frames`` on a new tab of ``token``'s device; (what reached the app, what the guard sent)."""
    socket = Socket(guard, scope("websocket", "/ws", cookie=token))
    await until(lambda: socket.types() == ["websocket.accept"])
    received = app.received[id(app.connections[-1])]
    for data in frames:
        key = "text" if isinstance(data, str) else "bytes"
        socket.inbox.put_nowait({"type": "websocket.receive", key: data})
    await until(lambda: socket.task.done() or len(received) == len(frames))
    if not socket.task.done():
        socket.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
    await asyncio.wait_for(socket.task, 1)
    return received, socket.types()


def _registrations(received: list) -> list:
    return [
        flet_reads(m["bytes"])[1]
        for m in received
        if m["type"] == "websocket.receive"
        and isinstance(m.get("bytes"), bytes)
        and m["bytes"][:1] == b"\x00"
        and msgpack.unpackb(m["bytes"][1:], strict_map_key=False)[0] == 1
    ]


def test_a_registration_after_the_first_frame_closes_the_connection_however_written():
    """The issue's attack: a junk frame, then a registration naming the host's (disconnected) session,
    from a phone holding only a one-match scorer link; or a second registration. Flet would take either."""
    guard, tabs, _, host, scorer, _ = _guarded_table()
    own = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}])

    async def scenario() -> None:
        for name, attack in REGISTRATIONS.items():
            for before_name, before in [*JUNK_FRAMES.items(), ("its own registration", own)]:
                received, sent = await _frames_reaching_the_app(guard, tabs, scorer, [before, attack])
                assert sent == ["websocket.accept", "websocket.close"], (name, before_name)
                assert HOST_SESSION not in _registrations(received), (name, before_name)
                assert received[-1] == {"type": "websocket.disconnect", "code": 1008}, (name, before_name)

    run(scenario())


def test_a_first_frame_registration_reaches_flet_plainly_written_and_never_naming_anothers_session():
    guard, tabs, _, host, scorer, _ = _guarded_table()

    async def scenario() -> None:
        for name, attack in REGISTRATIONS.items():
            received, sent = await _frames_reaching_the_app(guard, tabs, scorer, [attack])
            assert sent == ["websocket.accept"], name  # not closed: a new session of its own
            (registered,) = [m["bytes"] for m in received if m["type"] == "websocket.receive"]
            assert registered[:3] == b"\x00\x92\x01", name  # [1, body]: read by Flet as checked here
            assert flet_reads(registered)[1] is None, name
        for name, attack in REGISTRATIONS.items():  # the host's own tab resumes its session, however written
            received, _ = await _frames_reaching_the_app(guard, tabs, host, [attack])
            assert _registrations(received) == [HOST_SESSION], name

    run(scenario())


def test_frames_after_the_registration_pass_unchanged():
    guard, tabs, _, host, scorer, _ = _guarded_table()
    own = b"\x00" + msgpack.packb([1, {"session_id": None, "page_name": "", "page": {"route": "/"}}])
    later = [
        JUNK_FRAMES["a control event"],
        b"\x00" + msgpack.packb([4, {"id": 1, "props": {"route": "/x"}}]),
        b"\x00" + msgpack.packb([5, {"control_id": 1, "call_id": "c", "result": [1, 2], "error": None}]),
        b"\x00" + msgpack.packb([[1], {}]),
        b"\x00" + msgpack.packb({"0": 1, "1": {}}),
        b"\x00\x91\x02",
    ]
    received, sent = run(_frames_reaching_the_app(guard, tabs, scorer, [own, *later]))
    assert sent == ["websocket.accept"]
    assert [m["bytes"] for m in received if m["type"] == "websocket.receive"][1:] == later


def test_a_relayed_viewer_is_held_to_the_same_rule():
    """Viewers' websockets go to the viewer process through the relay: the guard's checks come first."""
    guard, tabs, relayed, _, _, viewer = _guarded_table(viewers=True)
    assert relayed is not None

    async def scenario() -> None:
        received, sent = await _frames_reaching_the_app(guard, relayed, viewer, [b"\x02junk", REGISTRATIONS["uint8"]])
        assert sent == ["websocket.accept", "websocket.close"] and tabs.connections == []
        assert HOST_SESSION not in _registrations(received) and received[-1]["type"] == "websocket.disconnect"
        received, sent = await _frames_reaching_the_app(guard, relayed, viewer, [REGISTRATIONS["a third item"]])
        assert sent == ["websocket.accept"] and _registrations(received) == [None]

    run(scenario())


def test_a_first_registration_whose_body_is_no_map_closes_the_connection():
    guard, tabs, _, _, scorer, _ = _guarded_table()
    for data in (b"\x00\x92\x01\xa1x", b"\x00\x91\x01", b"\x00\x92\x01\x92\x01\x02"):  # [1, "x"], [1], [1, [1, 2]]
        received, sent = run(_frames_reaching_the_app(guard, tabs, scorer, [data]))
        assert sent == ["websocket.accept", "websocket.close"], data
        assert received == [{"type": "websocket.disconnect", "code": 1008}], data
