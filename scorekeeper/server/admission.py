"""The table's door: its join links (keys), the devices that joined and the tabs they have open.

One :class:`Admission` per server process. The guard (:mod:`.guard`) asks it who a request is; the app
asks it, per session, what that session may do (:meth:`Admission.access_for_session`); a host's Table
screen uses the rest (links, QR codes, devices, disconnecting, renewing). All of it runs on the server's
event loop, except :class:`Access` checks, which only read a flag.

Keys live in memory only: a restart makes new ones (every phone joins again).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from . import qr
from .addresses import HostCheck
from .devices import Connection, Device, DeviceInfo, Devices
from .keys import JoinLink, new_key
from .roles import AccessDenied, Role


@dataclass(frozen=True, eq=False)
class Access:
    """What one session (one browser tab) may do, decided when it connected.

    ``role``: the device's :class:`Role`. ``match_id``: the match its join link named (the app opens it on
    start), or ``None`` for a table-wide link. ``event_id``: the club event an event's viewer link named
    (the app shows its projector view; the device sees that event only), else ``None``. ``device``: the
    joined device, ``None`` where no key is in play (loopback, desktop window). ``admission``: the table's
    :class:`Admission` for a host (the Table screen's links, devices and renewal), else ``None``.

    Checks read ``device.revoked`` each time, so disconnecting a device or renewing its key takes effect
    on its next write even if its websocket were still open.
    """

    role: Role
    match_id: str | None = None
    device: Device | None = None
    admission: Admission | None = None
    event_id: str | None = None

    @property
    def revoked(self) -> bool:
        """True once the device was disconnected or its key renewed."""
        return self.device is not None and self.device.revoked

    def may_score(self, match_id: str | None) -> bool:
        """Whether this session may record, undo or correct moves in ``match_id``."""
        return self._refusal(match_id) is None

    def may_start(self) -> bool:
        """Whether this session may start a new match or import matches (not for a link naming a match)."""
        return self._refusal(None, start=True) is None

    def may_manage(self) -> bool:
        """Whether this session may manage the table: show join links, list and disconnect devices, renew keys."""
        return self.role is Role.HOST and self.admission is not None and not self.revoked

    def check_score(self, match_id: str | None) -> None:
        """Raise :class:`AccessDenied` unless :meth:`may_score` ``(match_id)``."""
        refusal = self._refusal(match_id)
        if refusal is not None:
            raise refusal

    def may_host(self) -> bool:
        """Whether this session is the host's: only the host changes the club's players and events (pairs a
        round, enters a paper result, checks players in)."""
        return self.role is Role.HOST and not self.revoked

    def start_refusal(self) -> AccessDenied | None:
        """Why this session may not start or import a match (:class:`AccessDenied`), or ``None`` if it may."""
        return self._refusal(None, start=True)

    def may_see_event(self, event_id: str) -> bool:
        """Whether this session may read club event ``event_id``: a device joined with an event's link
        (a projector, a player's phone) only that event; any other session (the host, a table's scorer or
        viewer: a club night's tables may look at the round and the standings) any event."""
        if self.revoked:
            return False
        return self.event_id is None or self.event_id == event_id

    def check_event_read(self, event_id: str) -> None:
        """Raise :class:`AccessDenied` (``access_other_event``) unless :meth:`may_see_event`."""
        if not self.may_see_event(event_id):
            self._check_not_revoked()
            raise AccessDenied(f"this device may not see event {event_id}", "access_other_event")

    def check_club_write(self) -> None:
        """Raise :class:`AccessDenied` unless this session may change the club's players and events (pair,
        check in, enter a paper result): only a host. ``access_revoked``, ``access_viewer`` (a viewer, an
        event's projector included), ``access_not_host`` (a scorer: it enters its table's moves only)."""
        self._check_not_revoked()
        if self.role is Role.VIEWER:
            raise AccessDenied("this device joined as a viewer: it cannot change the event", "access_viewer")
        if self.role is not Role.HOST:
            raise AccessDenied("only the host pairs rounds and changes the event: ask the organiser", "access_not_host")

    def _check_not_revoked(self) -> None:
        if self.revoked:
            raise AccessDenied(
                "this device was disconnected or its key renewed: scan the table's code again", "access_revoked"
            )

    def check_start(self) -> None:
        """Raise :class:`AccessDenied` unless :meth:`may_start`."""
        refusal = self._refusal(None, start=True)
        if refusal is not None:
            raise refusal

    def _refusal(self, match_id: str | None, start: bool = False) -> AccessDenied | None:
        if self.revoked:
            return AccessDenied(
                "this device was disconnected or its key renewed: scan the table's code again", "access_revoked"
            )
        if self.role is Role.VIEWER:
            return AccessDenied("this device joined as a viewer: it cannot change the match", "access_viewer")
        if self.match_id is not None and (start or match_id != self.match_id):
            return AccessDenied(
                f"this device joined for match {self.match_id}: it may change only that match", "access_other_match"
            )
        return None


#: the session of a desktop window or an in-process test: the only user is at this computer
LOCAL = Access(Role.HOST)


class Admission:
    """Who may connect, and as what.

    ``key_required``: every request needs a device cookie got through a join link (the server listens
    beyond loopback, or ``--lan`` asked for it). ``port``: the port served. ``addresses``: the addresses
    phones reach the server at, best first (the first is the QR codes'); ``[]`` means loopback only.
    ``host_check``: which ``Host`` headers are this server (made from the above when not given).
    ``on_renew(every_match)``: called after the table-wide keys were renewed (``every_match``: every
    match's too), e.g. to print the new links on the terminal.

    Without ``key_required`` every tab is this computer (:attr:`local`, role host): there are no links.
    """

    def __init__(
        self,
        *,
        key_required: bool,
        port: int,
        addresses: Iterable[str] = (),
        host_check: HostCheck | None = None,
        on_renew: Callable[[bool], None] | None = None,
    ) -> None:
        self.key_required = key_required
        self.port = port
        self.addresses = list(addresses)
        self.host_check = host_check or HostCheck(port, lan=bool(self.addresses))
        self.on_renew = on_renew
        self.devices_ = Devices()
        self.local = Device("local", Role.HOST, None, "this computer", "127.0.0.1")
        self._links: dict[tuple[Role, str | None, str | None], JoinLink] = {}  # (role, match, event)
        self._sessions: dict[str, Access] = {}
        self.secrets_seen: set[str] = set()  # every key ever issued (the log redaction looks for them)
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's loop, known once it serves
        if key_required:
            self.link(Role.HOST)

    # ------------------------------------------------------------------ links
    def link(self, role: Role, match_id: str | None = None) -> JoinLink:
        """The current join link for ``role`` (and ``match_id``, ``None``: table-wide), made on first ask.

        A host link is table-wide only. Raises ``ValueError`` for a host link naming a match, and
        ``RuntimeError`` without ``key_required`` (no key is needed, so there are no links).
        """
        if not self.key_required:
            raise RuntimeError("no join links: this server listens on loopback only and needs no key")
        if role is Role.HOST and match_id is not None:
            raise ValueError("the host link is table-wide: it names no match")
        link = self._links.get((role, match_id, None))
        if link is None:
            link = JoinLink(role, match_id, new_key())
            self._links[(role, match_id, None)] = link
            self.secrets_seen.add(link.key)
        return link

    def event_link(self, event_id: str) -> JoinLink:
        """The viewer link of club event ``event_id`` (the projector, *My evening* on a player's phone),
        made on first ask: a device joined with it is a viewer that sees that event only and changes
        nothing. ``ValueError`` for an empty id or one over 100 characters; ``RuntimeError`` without
        ``key_required``."""
        if not self.key_required:
            raise RuntimeError("no join links: this server listens on loopback only and needs no key")
        if not event_id or len(event_id) > 100:
            raise ValueError("an event id is 1 to 100 characters")
        link = self._links.get((Role.VIEWER, None, event_id))
        if link is None:
            link = JoinLink(Role.VIEWER, None, new_key(), event_id=event_id)
            self._links[(Role.VIEWER, None, event_id)] = link
            self.secrets_seen.add(link.key)
        return link

    def links(self, match_id: str | None = None) -> list[JoinLink]:
        """The scorer and the viewer link of ``match_id`` (``None``: the table-wide ones), made on first ask."""
        return [self.link(Role.SCORER, match_id), self.link(Role.VIEWER, match_id)]

    def url(self, link: JoinLink, address: str | None = None) -> str:
        """The join address of ``link``: ``http://ADDRESS:PORT/?key=KEY`` (``address``: the first of
        :attr:`addresses`, else 127.0.0.1). For the QR code, the Table screen and the terminal only:
        never log it."""
        address = address or (self.addresses[0] if self.addresses else "127.0.0.1")
        shown = f"[{address}]" if ":" in address else address
        return f"http://{shown}:{self.port}/?key={link.key}"

    def qr_svg(self, link: JoinLink) -> str:
        """The QR code of ``link``'s :meth:`url` as an SVG document (text)."""
        return qr.svg(self.url(link))

    def qr_data_url(self, link: JoinLink) -> str:
        """The QR code of ``link``'s :meth:`url` as a ``data:image/png;base64,…`` URL (for an image control)."""
        return qr.png_data_url(self.url(link))

    def find_link(self, key: str) -> JoinLink | None:
        """The current link whose key is ``key`` (each compared in constant time), else ``None``."""
        found = None
        for link in list(self._links.values()):
            if link.matches(key):
                found = link  # no early exit: the time does not depend on which link matched
        return found

    # ------------------------------------------------------------------ devices
    def join(self, link: JoinLink, label: str, client: str) -> tuple[Device, str]:
        """A device joins with ``link``: returns it and its cookie token (handed out once)."""
        device, token = self.devices_.join(link, label, client)
        self.secrets_seen.add(token)
        return device, token

    def device_for_cookie(self, token: str | None) -> Device | None:
        """Who holds the cookie ``token``: a joined device not revoked, else ``None``; without
        ``key_required`` always :attr:`local`."""
        if not self.key_required:
            return self.local
        return self.devices_.find(token)

    def devices(self) -> list[DeviceInfo]:
        """The devices at the table, in the order they joined: each joined device not disconnected (with its
        open tabs), and this computer's tabs when no key is needed."""
        rows = ([self.local] if not self.key_required and self.local.connections else []) + self.devices_.all()
        return [
            DeviceInfo(
                d.id,
                d.role,
                d.match_id,
                d.label,
                d.client,
                d.joined,
                min((c.since for c in d.connections), default=None),
                len(d.connections),
            )
            for d in rows
        ]

    async def disconnect(self, device_id: str) -> bool:
        """Disconnect a device: its open tabs are closed, its cookie admits it no more, and the browser
        holding that cookie cannot join again with the link it joined with (:meth:`barred`): it must be
        given a fresh code (a renewed one, or another link). A browser whose cookies were cleared is a new
        device to the table: only renewing the keys keeps it out. ``False`` if there is no such device; this
        computer's tabs without keys (``"local"``) cannot be disconnected."""
        device = self.devices_.get(device_id)
        if device is None or device.revoked:
            return False
        self.devices_.bar(device)
        await device.revoke()
        self.devices_.forget_revoked()
        return True

    def barred(self, token: str | None, link: JoinLink | None = None) -> bool:
        """Whether the browser holding cookie ``token`` was disconnected by the host (with ``link``: and
        joined with that link, so it may not join with it again). The guard refuses that join."""
        return self.devices_.barred(token, link)

    def joined_with(self, match_id: str | None, event_id: str | None = None) -> int:
        """How many devices (not revoked) joined with the scorer or viewer links of ``match_id`` (``None``:
        the table-wide ones), or with ``event_id``'s viewer link: those :meth:`renew` of the same disconnects."""
        return sum(
            1
            for d in self.devices_.all()
            if d.link is not None and d.role is not Role.HOST and (d.match_id, d.event_id) == (match_id, event_id)
        )

    async def renew_event(self, event_id: str) -> JoinLink:
        """A new key for event ``event_id``'s viewer link: the old link stops working and the devices that
        joined with it (the projector, players' phones) are disconnected. The other links are kept."""
        old = self._links.pop((Role.VIEWER, None, event_id), None)
        if old is not None:
            for device in self.devices_.all():
                if device.link is old:
                    await device.revoke()
            self.devices_.forget_revoked()
        renewed = self.event_link(event_id)
        self.devices_.forget_links(set(self._links.values()))
        return renewed

    async def renew(self, match_id: str | None = None, *, every_match: bool = False) -> list[JoinLink]:
        """New keys for the scorer and viewer links of ``match_id`` (``None``: the table-wide ones, which the
        terminal printed), or of every table with ``every_match=True`` (the events' viewer links too: see
        :meth:`renew_event` for one event's); old links stop working, and the
        devices that joined with them are disconnected. The host link is kept (a restart renews it).
        Returns the new links of ``match_id``; :attr:`on_renew` is told when the table-wide ones changed."""
        old = [
            link
            for (role, match, event), link in self._links.items()
            if role is not Role.HOST and (every_match or (event is None and match == match_id))
        ]
        for link in old:
            self._links.pop((link.role, link.match_id, link.event_id))
        for device in self.devices_.all():
            if device.link in old:
                await device.revoke()
        self.devices_.forget_revoked()
        renewed = self.links(match_id)
        for link in old:
            if link.event_id is not None:
                self.event_link(link.event_id)
            else:
                self.link(link.role, link.match_id)
        self.devices_.forget_links(set(self._links.values()))
        if self.on_renew is not None and (every_match or match_id is None):
            self.on_renew(every_match)
        return renewed

    async def replace(self, old: Device, link: JoinLink) -> None:
        """A browser that held ``old`` joined again (with ``link``): the old device leaves the list."""
        if old is not self.local and old.link is not link:
            await old.revoke()
            self.devices_.forget_revoked()

    # ------------------------------------------------------------------ connections and sessions
    def connected(self, connection: Connection) -> None:
        """A websocket of ``connection.device`` was accepted."""
        connection.device.connections.append(connection)

    def disconnected(self, connection: Connection) -> None:
        """That websocket ended."""
        if connection in connection.device.connections:
            connection.device.connections.remove(connection)
        if connection.device.revoked:
            self.devices_.forget_revoked()

    def access_for_session(self, session_id: str, device: Device) -> Access:
        """The :class:`Access` of Flet session ``session_id``, bound on first ask to ``device`` (the device
        whose connection created it) and the same ever after. A host's carries this admission."""
        access = self._sessions.get(session_id)
        if access is None:
            access = Access(
                device.role,
                device.match_id,
                None if device is self.local else device,
                self if device.role is Role.HOST else None,
                device.event_id,
            )
            self._sessions[session_id] = access
        return access

    def session_device(self, session_id: str) -> Device | None:
        """The device a Flet session is bound to (``None``: unknown session). The guard lets a reconnecting
        tab resume a session only on the same device's connection."""
        access = self._sessions.get(session_id)
        if access is None:
            return None
        return access.device or self.local
