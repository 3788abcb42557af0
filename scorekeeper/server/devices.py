"""Joined devices and their live websocket connections.

A device is one browser that joined with a link: it holds a cookie (the server keeps the cookie's digest),
has the link's role and match, and may have several tabs (connections) open. Nothing here is a secret
except the token handed out once in :meth:`Devices.join`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .keys import JoinLink, digest, new_token
from .roles import Role

log = logging.getLogger(__name__)

#: websocket close code sent to a connection whose device was disconnected or whose key was renewed
CLOSE_REVOKED = 4403

Send = Callable[[dict[str, Any]], Awaitable[None]]


def now() -> datetime:
    return datetime.now().astimezone()


@dataclass(eq=False)
class Connection:
    """One open websocket (one browser tab): its ``device``, when it was accepted (``since``) and the raw
    ASGI ``send`` it can be closed through; ``session_id``: the Flet session it carries (once known);
    ``superseded``: set when the same tab came back on a new connection while this one still looked open
    (a phone that lost the network: the server sees the old connection die only at its next ping), so
    this one ends and the new one resumes the session; ``ended``: set once Flet let go of it."""

    device: Device
    send: Send = field(repr=False)
    since: datetime = field(default_factory=now)
    closed: bool = False
    session_id: str | None = None
    superseded: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    ended: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    async def close(self, code: int = CLOSE_REVOKED) -> None:
        """Close the websocket (the app then sees the client disconnect); later sends are dropped."""
        if self.closed:
            return
        self.closed = True
        try:
            await self.send({"type": "websocket.close", "code": code})
        except Exception as err:  # noqa: BLE001 - the client may already be gone
            log.debug("closing a connection of %s: %s", self.device.id, err)


@dataclass(eq=False)
class Device:
    """A browser that joined the table.

    ``id``: a short public name ("d3") for lists and :meth:`Admission.disconnect`; ``role`` and ``match_id``
    come from the link; ``joined`` (local time); ``label``: what the browser says it is ("Android · Chrome");
    ``client``: its IP address; ``link``: the link it joined with (``None`` for this computer without keys);
    ``revoked``: disconnected or key renewed (its cookie no longer admits it).
    """

    id: str
    role: Role
    match_id: str | None
    label: str
    client: str
    link: JoinLink | None = None
    joined: datetime = field(default_factory=now)
    revoked: bool = False
    connections: list[Connection] = field(default_factory=list, repr=False)

    @property
    def event_id(self) -> str | None:
        """The club event its link shows (an event's viewer link), else ``None``."""
        return self.link.event_id if self.link is not None else None

    async def revoke(self) -> None:
        """Refuse this device from now on and close its open tabs."""
        self.revoked = True
        for connection in list(self.connections):
            await connection.close()


@dataclass(frozen=True)
class DeviceInfo:
    """A row of the Table screen's device list.

    ``id`` (for :meth:`Admission.disconnect`), ``role``, ``match_id`` (``None``: table-wide), ``label``
    ("Android · Chrome"), ``client`` (IP address), ``joined`` and ``connected_since`` (local times;
    ``connected_since`` is ``None`` when no tab is open), ``tabs``: open connections.
    """

    id: str
    role: Role
    match_id: str | None
    label: str
    client: str
    joined: datetime
    connected_since: datetime | None
    tabs: int


class Devices:
    """The joined devices of one server, looked up by the digest of their cookie token."""

    def __init__(self) -> None:
        self._by_digest: dict[bytes, Device] = {}
        self._barred: dict[bytes, JoinLink | None] = {}  # disconnected devices' cookies: the link each joined with
        self._count = 0

    def join(self, link: JoinLink, label: str, client: str) -> tuple[Device, str]:
        """A new device for ``link``; returns it and the token for its cookie (handed out once)."""
        token = new_token()
        self._count += 1
        device = Device(f"d{self._count}", link.role, link.match_id, label, client, link)
        self._by_digest[digest(token)] = device
        return device, token

    def find(self, token: str | None) -> Device | None:
        """The device holding ``token``, if it was not revoked."""
        if not token:
            return None
        device = self._by_digest.get(digest(token))
        return device if device is not None and not device.revoked else None

    def get(self, device_id: str) -> Device | None:
        """The device named ``device_id`` (revoked or not)."""
        return next((d for d in self._by_digest.values() if d.id == device_id), None)

    def all(self) -> list[Device]:
        """Every device not revoked, in the order they joined."""
        return [d for d in self._by_digest.values() if not d.revoked]

    def bar(self, device: Device) -> None:
        """``device`` was disconnected by the host: remember its cookie (its digest) and the link it joined
        with, so that the browser holding that cookie cannot join again with the same link
        (:meth:`barred`); it needs a fresh one (a renewed key, or another link the host shows)."""
        for key, held in self._by_digest.items():
            if held is device:
                self._barred[key] = device.link

    def barred(self, token: str | None, link: JoinLink | None = None) -> bool:
        """Whether ``token`` is the cookie of a device the host disconnected (with ``link``: and that it
        joined with ``link``)."""
        if not token:
            return False
        key = digest(token)
        return key in self._barred and (link is None or self._barred[key] is link)

    def forget_links(self, current: set[JoinLink]) -> None:
        """Forget the bars on links no longer current (renewed: no one joins with them any more)."""
        self._barred = {k: link for k, link in self._barred.items() if link in current}

    def forget_revoked(self) -> None:
        """Drop revoked devices that have no open tab left (their cookies admit nothing anyway)."""
        self._by_digest = {k: d for k, d in self._by_digest.items() if not d.revoked or d.connections}


def device_label(user_agent: str) -> str:
    """A short, human name for a browser from its User-Agent: ``"Android · Chrome"``, ``"iPhone · Safari"``,
    ``"Linux · Firefox"``; ``"browser"`` when nothing is recognised."""
    ua = user_agent or ""
    system = next(
        (
            name
            for probe, name in (
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Android", "Android"),
                ("Windows", "Windows"),
                ("Mac OS X", "Mac"),
                ("CrOS", "ChromeOS"),
                ("Linux", "Linux"),
            )
            if probe in ua
        ),
        "",
    )
    browser = next(
        (
            name
            for probe, name in (
                ("Edg/", "Edge"),
                ("OPR/", "Opera"),
                ("SamsungBrowser", "Samsung"),
                ("Firefox/", "Firefox"),
                ("FxiOS", "Firefox"),
                ("CriOS", "Chrome"),
                ("Chrome/", "Chrome"),
                ("Safari/", "Safari"),
            )
            if probe in ua
        ),
        "",
    )
    return " · ".join(part for part in (system, browser) if part) or "browser"
