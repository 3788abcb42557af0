"""The projector view of a club event: the standings and the current round's pairings, in turn, live.

A wall or a TV at the club shows it, joined with the event's viewer link (``Admission.event_link``: a
viewer that sees that event only and changes nothing), or a host opens it on its own screen
(:meth:`AppModel.open_projector`). It follows every result without a reload: a move or a finished match
in one of the event's matches (the pubsub's ``CHANGED``, :meth:`Projector.follow_match`) and every
change of the event itself (a round paired, a paper result, a check-in: ``EVENT``,
:meth:`Projector.follow_event`). Every :attr:`Projector.interval` seconds it shows the next slide of its
cycle (:func:`.projector_board.slides`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

import flet as ft

from ...server import qr
from ...server.admission import Admission
from ...server.roles import Role
from ..navigation import Screen
from ..problems import Problem
from .intent import intent
from .projector_board import Board, Slide, read_board, slides
from .shell import Notice, Shell

log = logging.getLogger(__name__)

SHOWN = (Screen.PROJECTOR, Screen.EVENING)  # the screens drawn from the board (it follows while one is shown)
INTERVAL_SECONDS = 12.0  # how long each slide is shown (a standings page is read in that time)


@dataclass(frozen=True)
class EventLink:
    """The event's viewer link as the host sees it: the join address ``url`` (it carries the key: shown to
    the host only, never logged), its QR code as PNG bytes, and how many devices joined with it."""

    url: str = field(repr=False)
    png: bytes = field(repr=False)
    joined: int = 0


@dataclass(eq=False)
class Projector(ft.Observable):
    """``event_id`` shown, its ``board`` (``None`` until read), ``index`` of the slide shown in the cycle,
    ``interval`` seconds per slide, ``height`` of the screen (logical pixels: the rows per page follow it),
    ``link``: the event's viewer link once a host asked for it (:meth:`show_link`)."""

    shell: Shell
    event_id: str | None = None
    board: Board | None = None
    index: int = 0
    interval: float = INTERVAL_SECONDS
    height: int = 1080
    link: EventLink | None = None
    _cycling: bool = False

    # ------------------------------------------------------------ read by the view
    @property
    def offered(self) -> bool:
        """A host's tab (any event), or a device joined with an event's viewer link (that event)."""
        access = self.shell.services.access
        return not access.revoked and (access.role is Role.HOST or access.event_id is not None)

    @property
    def cycle(self) -> tuple[Slide, ...]:
        """The slides the projector goes through (empty before the board is read)."""
        return slides(self.board, self.height) if self.board is not None else ()

    @property
    def slide(self) -> Slide | None:
        """The slide shown now."""
        cycle = self.cycle
        return cycle[self.index % len(cycle)] if cycle else None

    # ------------------------------------------------------------ intents
    async def open(self, event_id: str) -> None:
        """Choose event ``event_id`` (a host's tab: :meth:`AppModel.open_projector` then shows it)."""
        if event_id != self.event_id:
            self.board = None
            self.index = 0
        self.event_id = event_id
        self.link = None

    async def enter(self) -> Screen | None:
        """The screen is shown: the event read (the link's, else the one chosen, else a host's newest
        event) and the cycle started. The start screen instead, with the message why, when there is no
        event to show (``ui_no_event``) or it cannot be read."""
        access = self.shell.services.access
        if access.event_id is not None:
            self.event_id = access.event_id
        if self.event_id is None:
            events = await self.shell.services.call(self.shell.services.club.list_events)
            shown = [e for e in events if e.problem is None]
            if not shown:
                self.shell.error = Problem("ui_no_event")
                return Screen.HOME
            self.event_id = shown[0].id
        await self.reload()
        if self.board is None:
            return Screen.HOME
        self.shell.error = None
        self._start_cycle()
        return None

    async def reload(self) -> None:
        """Read the board again (the slide shown stays, as far as the cycle still has it). A refusal or a
        damaged event is the shell's message, and the board is left as it was."""
        if self.event_id is None:
            return
        services = self.shell.services
        try:
            board = await services.call(read_board, services.club, services.store, self.event_id)
        except Exception as err:  # noqa: BLE001 - worded as the intents word it (a RuleViolation, a StoreError)
            from ...rules import RuleViolation
            from ...store import StoreError

            if isinstance(err, RuleViolation | StoreError):
                self.shell.error = err
            else:
                log.exception("the projector could not read event %s", self.event_id)
                self.shell.error = Problem("unexpected")
            return
        if board != self.board:
            self.board = board
            cycle = self.cycle
            if cycle and self.index >= len(cycle):
                self.index = 0

    async def follow_match(self, match_id: str) -> None:
        """Another tab wrote ``match_id``: read the board again if it is one of the event's matches."""
        if self.board is not None and match_id in self.board.matches and self.shell.screen in SHOWN:
            await self.reload()

    async def follow_event(self, event_id: str | None) -> None:
        """Event ``event_id`` changed (``None``: the tab is back after a time away): read it again."""
        if self.board is not None and event_id in (None, self.event_id) and self.shell.screen in SHOWN:
            await self.reload()

    def advance(self) -> None:
        """Show the next slide of the cycle (the timer's step; after the last, the first)."""
        cycle = self.cycle
        if cycle:
            self.index = (self.index + 1) % len(cycle)

    def set_height(self, height: float) -> None:
        """The screen's height (logical pixels) changed: the pages follow."""
        height = int(max(200, min(height, 10_000)))
        if height != self.height:
            self.height = height
            self.index = 0

    def _start_cycle(self) -> None:
        if not self._cycling and self.interval > 0:
            self._cycling = True
            asyncio.create_task(self._cycle())

    async def _cycle(self) -> None:
        """While the screen is shown: the next slide every :attr:`interval` seconds."""
        try:
            while True:
                await asyncio.sleep(self.interval)
                if self.shell.screen != Screen.PROJECTOR:
                    break
                self.advance()
        finally:
            self._cycling = False

    # ------------------------------------------------------------ the host's link
    @intent
    async def show_link(self) -> None:
        """A host: show the event's viewer link and its QR code (for the projector's browser and the
        players' phones). Without keys (loopback, no ``--lan``) the message says how to start with them."""
        admission = self._admission()
        if admission is None or self.event_id is None:
            self.shell.error = Problem("ui_event_link_no_keys")
            return
        link = admission.event_link(self.event_id)
        url = admission.url(link)
        self.link = EventLink(url, qr.png(url, scale=6), admission.joined_with(None, self.event_id))

    @intent
    async def renew_link(self) -> None:
        """A host: a new key for the event's link; the devices joined with the old one are disconnected
        (the notice counts them)."""
        admission = self._admission()
        if admission is None or self.event_id is None:
            return
        cut = admission.joined_with(None, self.event_id)
        link = await admission.renew_event(self.event_id)
        url = admission.url(link)
        self.link = EventLink(url, qr.png(url, scale=6), 0)
        self.shell.notice = Notice("ui.projector.renewed", {"count": cut})

    @intent
    async def hide_link(self) -> None:
        """Hide the link (the projector shows the event alone again)."""
        self.link = None

    def _admission(self) -> Admission | None:
        access = self.shell.services.access
        admission = access.admission
        if not access.may_manage() or admission is None or not admission.key_required:
            return None
        return admission
