"""The app in a real Flet session in-process: the tree Flet renders (memoized parts included), taps
dispatched as the browser's clicks are, and the patches sent, without a browser.

It relies on Flet's semi-internal session and connection classes (Flet is
pinned exactly); the connection packs each message as ``flet_web`` does,
which is also what lets Flet diff the next update against it.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page
from flet.messaging.connection import Connection
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app.device import Device
from scorekeeper.app.main import app_tab, make_main

from .hooks import hooks, text, walk


class RecordingConnection(Connection):
    """Packs every message like the web server does and keeps the sizes (bytes) sent."""

    def __init__(self) -> None:
        super().__init__()
        self.encode = configure_encode_object_for_msgpack(BaseControl)
        self.sent: list[int] = []

    def pack(self, payload) -> bytes:
        return msgpack.packb(payload, default=self.encode)

    def send_message(self, message) -> None:
        self.sent.append(len(self.pack([message.action, message.body])))


class Live:
    """One browser tab's session of the app, driven in-process."""

    def __init__(self, session: Session, connection: RecordingConnection) -> None:
        self.session = session
        self.connection = connection

    @classmethod
    async def open(
        cls,
        store,
        data_dir: Path,
        width: float = 390,
        hub: PubSubHub | None = None,
        route: str = "/",
        device: Device | None = None,
        device_factory: Callable[[ft.Page], Device] | None = None,
        tab: Callable[..., Any] = app_tab,
    ) -> Live:
        """A new tab opened at ``route``; tabs given the same ``hub`` are sessions of one app (as the web
        server's are). ``device`` stands for the client's device services (no client answers here);
        ``tab(services, width)`` makes the tab's models (:func:`~scorekeeper.app.main.app_tab`)."""
        loop = asyncio.get_running_loop()
        connection = RecordingConnection()
        connection.loop = loop
        connection.page_url = "http://127.0.0.1:8550"  # the page's query string is parsed from it on a route change
        connection.pubsubhub = hub or PubSubHub(loop=loop)
        session = Session(connection)
        _context_page.set(session.page)  # what the web server does for each tab's task
        session.page.width = width
        session.page.route = route  # what the client registers with (the address it was opened at)
        connection.pack(session.get_page_patch())  # what the web server answers a new tab with
        device = device or Device()
        await make_main(store, data_dir, device_factory or (lambda page: device), tab=tab)(session.page)
        live = cls(session, connection)
        await live.settle()
        return live

    @property
    def root(self):
        """The root component as Flet rendered it (its body: the view stack)."""
        return self.session.page.views

    @property
    def views(self) -> list[ft.View]:
        """The views as rendered, the screen shown last."""
        return list(ft.unwrap_component(self.session.page.views))

    @property
    def device(self) -> Device:
        return self.state.services.device

    async def route_change(self, route: str) -> None:
        """The client says its address is now ``route`` (the browser's Back or Forward, an address typed, or
        the echo of a route the tab pushed), as the web client sends it."""
        page = self.session.page
        self.session.apply_patch(page._i, {"route": route})
        await self.session.dispatch_event(page._i, "route_change", {"route": route})
        await self.settle()

    async def echo(self) -> None:
        """The client's answers to every route the tab pushed (each push comes back as a route change)."""
        while self.state.views.pending:
            before = list(self.state.views.pending)
            await self.route_change(before[0])
            assert self.state.views.pending != before, "the route change was not handled"

    async def view_pop(self) -> None:
        """The phone's Back: Flutter pops the top view and says which."""
        page = self.session.page
        await self.session.dispatch_event(page._i, "view_pop", {"route": self.views[-1].route})
        await self.settle()

    @property
    def state(self):
        return self.root.args[0]

    async def settle(self) -> None:
        """Let the session's update scheduler render and send what the last event changed."""
        for _ in range(20):
            await asyncio.sleep(0)

    def hooks(self) -> dict[str, ft.Semantics]:
        return hooks(self.root)

    def texts(self) -> dict[str, str]:
        """Hook -> its visible text, read from the live tree."""
        return {name: text(node) for name, node in self.hooks().items()}

    async def tap(self, name: str) -> int:
        """Click hook ``name`` as the browser would; returns the bytes sent in answer."""
        target = _clickable(self.hooks()[name])
        assert target is not None, f"{name} has nothing to click"
        before = len(self.connection.sent)
        await self.session.dispatch_event(target._i, "click", None)
        await self.settle()
        return sum(self.connection.sent[before:])

    def field(self, name: str) -> ft.TextField:
        """The text field under hook ``name`` in the live tree: its ``value`` is what the server believes the
        browser shows (a value the server sends back replaces it, as in the browser)."""
        found = [node for node in walk(self.hooks()[name]) if isinstance(node, ft.TextField)]
        assert len(found) == 1, f"{name} holds {len(found)} text fields"
        return found[0]

    def key(self, name: str, text: str) -> None:
        """A key pressed in field ``name`` makes its text ``text``: the browser's first message (the new text),
        applied as the web server applies it, at once; its change event is a second message (:meth:`change`)."""
        self.session.apply_patch(self.field(name)._i, {"value": text})

    async def change(self, name: str) -> None:
        """The change event of field ``name`` (the browser's second message for a key), handled and rendered."""
        await self.session.dispatch_event(self.field(name)._i, "change", None)
        await self.settle()

    async def type(self, name: str, text: str) -> None:
        """Type ``text`` into field ``name`` key by key, each key's change handled before the next."""
        for end in range(1, len(text) + 1):
            self.key(name, text[:end])
            await self.change(name)


def _clickable(control):
    """The control under a hook that handles clicks."""
    stack = [control]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, BaseControl):
            if getattr(node, "on_click", None) is not None:
                return node
            stack.extend(
                getattr(node, f.name)
                for f in dataclasses.fields(node)
                if not f.name.startswith("_") and f.name not in ("parent", "page")
            )
    return None
