"""A browser-less Flet client: a phone at the table as the server sees it, without drawing anything.

For the follow and club-night benchmarks and the server tests that speak the websocket themselves. It
speaks Flet 1.0.5's websocket protocol (``flet_web/fastapi/flet_app.py``: one binary frame per message,
``0x00`` + MessagePack ``[action, body]``), joins through a join link as a phone scanning its QR code
does (``?key=…`` → the cookie), keeps the page's control tree up to date from the server's patches
(``PATCH_CONTROL``, the compact format of ``flet/controls/object_patch.py``'s ``to_message``), answers
the server's method calls (device info, preferences, haptics…) as a browser would, and taps test hooks
(``ft.Semantics(identifier=…)``, docs/ui-ids.md) by sending the click event of the control inside.

What it does not do: lay anything out, so it never sends the ``size_change`` events a browser sends when
a part changes size (each answered by the server with another render); timings taken with it are the
server's share of a tap (the network and the phone's drawing are not in them).
"""

from __future__ import annotations

import asyncio
import datetime
import http.client
import re
import time
import urllib.parse
from collections.abc import Callable
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD, SESSION_CRASHED = 1, 2, 3, 4, 5, 6
REPLACE, ADD, REMOVE, MOVE = 0, 1, 2, 3  # flet.controls.object_patch.Operation

PHONE_UA = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Mobile Safari/537.36"
)
# what Chromium answers to get_device_info (captured from a real page), the language English
DEVICE_INFO = {
    "browser_name": "chrome",
    "app_code_name": "Mozilla",
    "app_name": "Netscape",
    "app_version": "5.0",
    "device_memory": 8.0,
    "language": "en-US",
    "languages": ["en-US", "en"],
    "platform": "Linux armv8l",
    "product": "Gecko",
    "product_sub": "20030107",
    "user_agent": PHONE_UA,
    "vendor": "Google Inc.",
    "vendor_sub": "",
    "max_touch_points": 5,
    "hardware_concurrency": 8,
    "locales": [{"language_code": "en", "country_code": "US", "script_code": None}],
}
TILE_ON_TABLE = re.compile(r"^tiles/(?:face|last|drawn)/[hv]-(\d)-(\d)\.svg$")  # widgets.tile_image, not the picker's


def join_cookie(port: int, key: str, host: str = "127.0.0.1", user_agent: str = PHONE_UA) -> str:
    """Open the join link ``http://host:port/?key=KEY`` as a phone that scanned it: the ``Cookie`` header
    value (``scorekeeper_<port>=<token>``) the server set. Raises ``RuntimeError`` when it answers
    anything but the join page (a stale key: 403)."""
    conn = http.client.HTTPConnection(host, port, timeout=30)
    try:
        conn.request("GET", f"/?key={urllib.parse.quote(key)}", headers={"User-Agent": user_agent})
        response = conn.getresponse()
        response.read()
        cookie = response.getheader("set-cookie")
        if response.status != 200 or not cookie:
            raise RuntimeError(f"the join link was refused: HTTP {response.status}")
        return cookie.split(";", 1)[0]
    finally:
        conn.close()


def key_of(url: str) -> str:
    """The key of a join address ``http://…/?key=KEY``."""
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["key"][0]


def _ext(code: int, data: bytes) -> Any:
    if code == 1:
        return datetime.datetime.fromisoformat(data.decode())
    if code == 4:
        return data.decode()
    return msgpack.ExtType(code, data)


def _pack(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


class Tree:
    """A page's controls as the server sent them: nested dicts (``_i`` id, ``_c`` type, properties) and
    lists, patched in place; ``index`` finds a control by id (a patch names the control it starts at)."""

    def __init__(self, page: dict) -> None:
        self.page = page
        self.index: dict[int, dict] = {}
        self._hooks: dict[str, dict] | None = None
        self._tiles: set[str] | None = None
        self._add(page)

    def _add(self, value: Any) -> None:
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                if "_i" in item and "_c" in item:
                    self.index[item["_i"]] = item
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)

    def apply(self, control_id: int, patch: list) -> None:
        """Apply one ``PATCH_CONTROL`` body: ``patch[0]`` the tree of paths from control ``control_id``
        (``[node, {key: [node, {…}]}]``), then operations ``[op, node, key, value]`` (move:
        ``[op, from node, from key, to node, to key]``), in order (each path read at its turn).
        Raises ``KeyError`` for a control this tree never had."""
        root = self.index[control_id]
        paths: dict[int, list] = {}
        stack: list[tuple[list, list]] = [(patch[0], [])]
        while stack:
            node, prefix = stack.pop()
            paths[node[0]] = prefix
            if len(node) > 1:
                stack.extend((child, [*prefix, key]) for key, child in node[1].items())

        def at(node: int) -> Any:
            target = root
            for part in paths[node]:
                target = target[part]
            return target

        for op in patch[1:]:
            kind = op[0]
            if kind == MOVE:
                source = at(op[1])
                value = source.pop(op[2])
                _insert(at(op[3]), op[4], value)
                continue
            parent, key = at(op[1]), op[2]
            if kind == REMOVE:
                if isinstance(parent, list):
                    del parent[key]
                else:
                    parent.pop(key, None)
                continue
            value = op[3]
            if kind == ADD:
                _insert(parent, key, value)
            else:
                parent[key] = value
            self._add(value)
        self._hooks = self._tiles = None

    def hooks(self) -> dict[str, dict]:
        """The test hooks shown now: identifier → its ``Semantics`` control (first in the page's order)."""
        if self._hooks is None:
            found: dict[str, dict] = {}
            stack: list[Any] = [self.page]
            while stack:
                item = stack.pop()
                if isinstance(item, dict):
                    name = item.get("identifier")
                    if name is not None and item.get("_c") == "Semantics":
                        found.setdefault(name, item)
                    stack.extend(reversed(list(item.values())))
                elif isinstance(item, list):
                    stack.extend(reversed(item))
            self._hooks = found
        return self._hooks

    def find(self, name: str) -> dict | None:
        """The hook ``name``'s control, or ``None`` when it is not shown."""
        return self.hooks().get(name)

    def text(self, name: str) -> str | None:
        """The words of hook ``name`` (its Texts' values, space-joined), ``None`` when it is not shown."""
        control = self.find(name)
        if control is None:
            return None
        return " ".join(_words(item) for item in _walk(control) if item.get("_c") == "Text" and _words(item))

    def tiles_on_table(self) -> set[str]:
        """The tiles drawn on the table (layout pictures, not the picker): ``{"1-4", …}``."""
        if self._tiles is None:
            self._tiles = {
                f"{m[1]}-{m[2]}"
                for item in _walk(self.page)
                if item.get("_c") == "Image"
                and isinstance(item.get("src"), str)
                and (m := TILE_ON_TABLE.match(item["src"]))
            }
        return set(self._tiles)


def _insert(parent: Any, key: Any, value: Any) -> None:
    if isinstance(parent, list):
        parent.insert(len(parent) if key == "-" else key, value)
    else:
        parent[key] = value


def _words(text: dict[str, Any]) -> str:
    """A Text's words: its ``value``, else (a Text of spans: the turn line's large name) its
    ``semantics_label``, which says the whole sentence without the joiners the spans keep words with."""
    for field in ("value", "semantics_label"):
        if isinstance(text.get(field), str):
            return text[field]
    return "".join(span.get("text", "") for span in text.get("spans") or () if isinstance(span, dict)).replace(
        "\u2060", ""
    )


def _walk(value: Any):
    """Every dict inside ``value`` (itself included)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


class Phone:
    """One tab of the app on a phone, without a browser: ``await Phone.join(port, key)``, then ``tap``,
    ``wait_until``; ``close()`` at the end. ``tree`` is the page as the server last patched it;
    ``patches`` counts the patches received, ``errors`` keeps any ``SESSION_CRASHED`` message, ``route`` is
    the page's address as the server last pushed it (``/table/<match id>``)."""

    def __init__(self, ws: ClientConnection, size: tuple[float, float]) -> None:
        self.ws = ws
        self.size = size
        self.tree: Tree | None = None
        self.patches = 0
        self.errors: list[str] = []
        self.route = "/"
        self.session_id: str | None = None  # the Flet session the server gave (or resumed) at registration
        self.last_message = time.perf_counter()  # when the last message arrived (perf_counter)
        self._watchers: list[tuple[Callable[[Tree], Any], asyncio.Future]] = []
        self._reader: asyncio.Task | None = None

    @classmethod
    async def join(
        cls,
        port: int,
        key: str | None = None,
        *,
        cookie: str | None = None,
        size: tuple[float, float] = (390.0, 844.0),
        user_agent: str = PHONE_UA,
        timeout: float = 60,
        session_id: str | None = None,
        route: str = "/",
    ) -> Phone:
        """Join the server on ``127.0.0.1:port``: with the join link's ``key`` (a new device) or an existing
        device's ``cookie``; neither: no key (loopback without ``--lan``). ``size``: the window (px).
        Returns once the app's first screen arrived. Raises websockets' ``InvalidStatus`` when the
        handshake is refused (403), ``TimeoutError`` when no screen comes within ``timeout`` s.
        ``session_id``: the Flet session to ask for (a tab coming back after a lost connection), with
        ``route`` the address its browser shows (a route other than the session's is a route change)."""
        phone = await cls.connect(port, key, cookie=cookie, size=size, user_agent=user_agent, timeout=timeout)
        await phone.register(session_id, route)
        await phone.wait_until(lambda tree: bool(tree.hooks()), timeout)
        return phone

    @classmethod
    async def connect(
        cls,
        port: int,
        key: str | None = None,
        *,
        cookie: str | None = None,
        size: tuple[float, float] = (390.0, 844.0),
        user_agent: str = PHONE_UA,
        timeout: float = 60,
    ) -> Phone:
        """The websocket of :meth:`join` opened, nothing sent yet: for tests that send their own frames
        (``phone.ws.send``) before or instead of :meth:`register`. Raises as :meth:`join`."""
        if key is not None:
            cookie = await asyncio.to_thread(join_cookie, port, key, "127.0.0.1", user_agent)
        headers = {"User-Agent": user_agent, **({"Cookie": cookie} if cookie else {})}
        ws = await connect(
            f"ws://127.0.0.1:{port}/ws",
            origin=f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
            additional_headers=headers,
            max_size=None,
            open_timeout=timeout,
            ping_interval=None,
        )
        return cls(ws, size)

    def registration(self, session_id: str | None = None, route: str = "/") -> dict:
        """The body of the ``REGISTER_CLIENT`` frame a browser's Flet client sends first on its connection
        (``session_id``: the session to resume, ``None``: a new one)."""
        width, height = self.size
        insets = {"top": 0.0, "right": 0.0, "bottom": 0.0, "left": 0.0}
        self.route = route
        page = {
            "route": route,
            "pwa": False,
            "web": True,
            "debug": False,
            "wasm": True,
            "test": False,
            "multi_view": False,
            "pyodide": False,
            "platform_brightness": "light",
            "width": width,
            "height": height,
            "platform": "android",
            "window": {},
            "media": {
                "padding": insets,
                "view_padding": insets,
                "view_insets": insets,
                "device_pixel_ratio": 1.0,
                "orientation": "portrait",
                "always_use_24_hour_format": False,
            },
        }
        return {"session_id": session_id, "page_name": "", "page": page}

    async def register(self, session_id: str | None = None, route: str = "/", frame: bytes | None = None) -> None:
        """Register the tab (:meth:`registration`; ``frame``: these bytes instead, a registration made by
        hand) and start reading what the server sends."""
        await self.ws.send(frame if frame is not None else _pack(REGISTER_CLIENT, self.registration(session_id, route)))
        if self._reader is None:
            self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if not isinstance(frame, bytes) or frame[:1] != b"\x00":
                    continue
                action, body = msgpack.unpackb(frame[1:], ext_hook=_ext, strict_map_key=False)
                if action == REGISTER_CLIENT:
                    self.tree = Tree(body["page_patch"])
                    self.session_id = body.get("session_id")
                elif action == PATCH_CONTROL and self.tree is not None:
                    self.tree.apply(body["id"], body["patch"])
                    self.patches += 1
                elif action == INVOKE_METHOD:
                    await self._answer(body)
                elif action == SESSION_CRASHED:
                    self.errors.append(str(body.get("message")))
                self.last_message = time.perf_counter()
                self._check(self.last_message)
        except Exception as err:  # noqa: BLE001 - closed or broken: whoever waits is told
            self.errors.append(f"{type(err).__name__}: {err}")
        finally:
            for _, future in self._watchers:
                if not future.done():
                    future.set_exception(ConnectionError(f"the server closed the connection: {self.errors}"))
            self._watchers.clear()

    def _check(self, stamp: float) -> None:
        if self.tree is None or not self._watchers:
            return
        waiting = []
        for check, future in self._watchers:
            if future.done():
                continue
            value = check(self.tree)
            if value:
                future.set_result((stamp, value))
            else:
                waiting.append((check, future))
        self._watchers = waiting

    async def _answer(self, call: dict) -> None:
        name = call.get("name")
        result: Any = DEVICE_INFO if name == "get_device_info" else None
        await self.ws.send(
            _pack(
                INVOKE_METHOD,
                {"control_id": call["control_id"], "call_id": call["call_id"], "result": result, "error": None},
            )
        )
        if name == "push_route" and self.tree is not None:  # the browser's address bar follows, and says so
            await self.navigate(str(call.get("args", {}).get("route", self.route)))

    @property
    def closed(self) -> bool:
        return self._reader is None or self._reader.done()

    def watch(self, check: Callable[[Tree], Any]) -> asyncio.Future:
        """A future of ``(time, value)``: the ``time.perf_counter()`` at which the message arrived after
        which ``check(tree)`` first gave a true ``value`` (checked now too, then after every message).
        It fails with ``ConnectionError`` when the server closes the connection first."""
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        if self.closed and self._reader is not None:
            future.set_exception(ConnectionError(f"the server closed the connection: {self.errors}"))
            return future
        self._watchers.append((check, future))
        self._check(time.perf_counter())
        return future

    async def wait_until(self, check: Callable[[Tree], Any], timeout: float = 30) -> Any:
        """Wait until ``check(tree)`` is true; returns its value. Raises ``TimeoutError`` when it is not
        within ``timeout`` s, ``ConnectionError`` when the server closes the connection first."""
        future = self.watch(check)
        try:
            _, value = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TimeoutError("the page never showed what was waited for") from None
        return value

    async def settle(self, quiet: float = 0.3, timeout: float = 15) -> None:
        """Wait until no message came for ``quiet`` s (the screen is still, as a person waits before the
        next tap): a tap sent while the server is still sending a new screen can name a control that
        screen replaced, and Flet drops it. Gives up silently after ``timeout`` s."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            left = self.last_message + quiet - time.perf_counter()
            if left <= 0:
                return
            await asyncio.sleep(left)

    def clickable(self, name: str) -> dict | None:
        """The control that takes hook ``name``'s taps (the first inside it with a click handler),
        ``None`` when the hook is not shown or not tappable (disabled: no handler)."""
        assert self.tree is not None
        control = self.tree.find(name)
        if control is None or control.get("disabled"):
            return None
        for item in _walk(control):
            if item.get("on_click") and not item.get("disabled"):
                return item
        return None

    async def tap(self, name: str, timeout: float = 30, settle: float = 0) -> float:
        """Tap hook ``name`` once it is shown and enabled (waits up to ``timeout`` s), and, with ``settle``,
        once no message came for that many seconds (:meth:`settle`); returns the ``time.perf_counter()``
        at which the tap was sent."""
        await self.wait_until(lambda tree: self.clickable(name), timeout)
        if settle:
            await self.settle(settle)
        target = await self.wait_until(lambda tree: self.clickable(name), timeout)
        return await self.send_click(target["_i"])

    async def send_click(self, control_id: int) -> float:
        """Send a click event on control ``control_id`` as the browser does; the send time (perf_counter)."""
        sent = time.perf_counter()
        await self.ws.send(_pack(CONTROL_EVENT, {"target": control_id, "name": "click", "data": None}))
        return sent

    async def navigate(self, route: str) -> None:
        """What a browser sends when its address changes (typed, Back, a bookmark): the page's new route
        and the route's change event. Flet drops a route change to the route it heard last (the address
        this phone shows: :attr:`route`, each push answered), as a browser sends none: after taps that
        change the screen, wait for their push to land (``route`` changed) before going back."""
        assert self.tree is not None
        self.route = route
        page = self.tree.page["_i"]
        await self.ws.send(_pack(UPDATE_CONTROL_PROPS, {"id": page, "props": {"route": route}}))
        await self.ws.send(_pack(CONTROL_EVENT, {"target": page, "name": "route_change", "data": {"route": route}}))

    async def close(self) -> None:
        await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
