"""The phones at a table (the host's "Table" screen): the join codes of the open match or of the whole table,
the devices joined, Disconnect, Renew (confirmed first: it says what it cuts).

Only a host's tab has this screen (``Access.role`` host). Its codes and devices come from the table's
:class:`~scorekeeper.server.admission.Admission` (``access.admission``), which exists only when the app is
served through the guard; where no key is needed (``admission.key_required`` false: loopback without
``--lan``, a desktop window) there is nothing to join with and the screen says how to start
``scorekeeper serve --lan``.

The device list follows joins and departures while the screen is shown: every
:data:`WATCH_SECONDS` the model compares the list with the one shown and assigns it only when it
changed (an assignment re-renders the tab).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from datetime import datetime

import flet as ft

from ...server import qr
from ...server.admission import Admission
from ...server.roles import Role
from ..navigation import Screen
from .intent import intent
from .open_match import OpenMatch
from .shell import Notice, Shell

log = logging.getLogger(__name__)

WATCH_SECONDS = 2.0  # how often the shown device list is compared with the table's


@dataclass(frozen=True)
class JoinCode:
    """One join link as the screen shows it: ``role`` (scorer or viewer), the join address ``url``
    (it carries the key: shown to the host only, never logged) and its QR code as PNG bytes (``png``)."""

    role: Role
    url: str = field(repr=False)
    png: bytes = field(repr=False)


@dataclass(frozen=True)
class DeviceRow:
    """A device at this table: ``id`` (for Disconnect), ``role``, ``label`` ("Android · Chrome"),
    ``since`` (when its first open tab connected, local time; ``None``: no tab open now), ``tabs`` open,
    ``own`` (this very tab's device: not offered Disconnect)."""

    id: str
    role: Role
    label: str
    since: datetime | None
    tabs: int
    own: bool = False


@dataclass(eq=False)
class Phones(ft.Observable):
    """What the Table screen shows: ``match_id`` whose codes are shown (``None``: the table-wide codes,
    the ones the terminal printed), ``codes`` (scorer, viewer), ``devices`` (those joined for the open match
    or for the whole table), and ``confirming``: the Renew asked, waiting for its confirmation (which says
    how many phones it cuts: ``cut``). What Disconnect and Renew did is the shell's notice."""

    shell: Shell
    table: OpenMatch
    match_id: str | None = None
    codes: tuple[JoinCode, ...] = ()
    devices: tuple[DeviceRow, ...] = ()
    confirming: bool = False
    cut: int = 0
    _watching: bool = False

    @property
    def admission(self) -> Admission | None:
        """The table's admission when this tab may manage it and keys are in use, else ``None``."""
        access = self.shell.services.access
        admission = access.admission
        if not access.may_manage() or admission is None or not admission.key_required:
            return None
        return admission

    @property
    def offered(self) -> bool:
        """Whether this tab may open the screen at all (a host's tab)."""
        access = self.shell.services.access
        return access.role is Role.HOST and not access.revoked

    @property
    def open_match(self) -> str | None:
        """The match open on this tab's table, whose own codes the screen can show (else ``None``)."""
        return self.table.match_id if self.table.match is not None else None

    # ------------------------------------------------------------ intents
    @intent
    async def open(self) -> None:
        """Show the Table screen for the match open on this tab (or the whole table when none is)."""
        await self.show()

    async def show(self) -> None:
        """:meth:`open` within another intent; nothing on a tab not offered it."""
        if self.offered:
            await self.enter()
            self.shell.screen = Screen.PHONES

    async def enter(self) -> None:
        """The screen is shown (the route ``/phones`` too; only where :attr:`offered`): the codes of the open
        match (else the table's) and the devices read, and the device list then followed while it is shown."""
        self.match_id = self.open_match
        self.confirming = False
        self._load_codes()
        self.devices = self._rows()
        self.shell.error = None
        if not self._watching and self.admission is not None:
            self._watching = True
            asyncio.create_task(self._watch())

    @intent
    async def show_codes(self, match_id: str | None) -> None:
        """Show the codes of the open match (``match_id``) or the table-wide ones (``None``)."""
        self.match_id = match_id if match_id == self.open_match else None
        self.confirming = False
        self._load_codes()

    @intent
    async def disconnect(self, device_id: str) -> None:
        """Disconnect a device: its tabs close, its cookie admits it no more, and it cannot join again with
        the code it used (it needs a fresh one: renew the codes). The notice says so."""
        admission = self.admission
        if admission is None:
            return
        row = next((d for d in self.devices if d.id == device_id), None)
        if await admission.disconnect(device_id):
            self.shell.notice = Notice("ui.disconnected_notice", {"label": row.label if row else device_id})
        self.devices = self._rows()

    @intent
    async def ask_renew(self) -> None:
        """Renew asked: the confirmation says what it cuts (the codes shown, and how many phones now)."""
        admission = self.admission
        if admission is not None:
            self.cut = admission.joined_with(self.match_id)
            self.confirming = True

    @intent
    async def cancel_renew(self) -> None:
        """The confirmation's Cancel: nothing renewed."""
        self.confirming = False

    @intent
    async def renew(self) -> None:
        """Confirmed: new scorer and viewer keys for the codes shown (this match's, or the table's, which
        the terminal then prints anew); the old codes stop working, and the devices that joined with them
        are disconnected. The notice counts them."""
        admission = self.admission
        self.confirming = False
        if admission is not None:
            cut = admission.joined_with(self.match_id)
            await admission.renew(self.match_id)
            self._load_codes()
            self.devices = self._rows()
            self.shell.notice = Notice(
                "ui.renewed_table" if self.match_id is None else "ui.renewed_match", {"count": cut}
            )

    # ------------------------------------------------------------ reading the table
    def _load_codes(self) -> None:
        admission = self.admission
        if admission is None:
            self.codes = ()
            return
        codes = []
        for link in admission.links(self.match_id):
            url = admission.url(link)
            codes.append(JoinCode(link.role, url, qr.png(url, scale=6)))
        self.codes = tuple(codes)

    def _rows(self) -> tuple[DeviceRow, ...]:
        admission = self.admission
        if admission is None:
            return ()
        own = self.shell.services.access.device
        return tuple(
            DeviceRow(d.id, d.role, d.label, d.connected_since, d.tabs, own is not None and d.id == own.id)
            for d in admission.devices()
            if d.match_id in (None, self.open_match)
        )

    async def _watch(self) -> None:
        """While the screen is shown: show joins and departures (assigned only when the list changed)."""
        try:
            while True:  # started as the screen is entered: shown once the entry is done, so looked at after a wait
                await asyncio.sleep(WATCH_SECONDS)
                if self.shell.screen != Screen.PHONES:
                    break
                rows = self._rows()
                if rows != self.devices:
                    self.devices = rows
        except Exception:  # noqa: BLE001 - a closed tab: nothing to show any more
            log.debug("device list watch ended", exc_info=True)
        finally:
            self._watching = False
