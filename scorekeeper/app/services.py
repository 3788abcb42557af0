"""What a tab's models share: the store, the data folder, the other tabs, and the thread for blocking calls.

One :class:`Services` per tab (``main(page)`` builds it); the store inside is
the process's (opened once in ``serve/launch.py``). Every store call blocks (file
I/O and fsync), so the models run it with :meth:`Services.call` in a worker
thread: one slow write never freezes the other tabs of the process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..server.admission import LOCAL, Access
from ..server.roles import Role
from ..server.store_guard import GuardedClub, guarded_club
from ..store import MatchStore
from . import settings
from .device import Device

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class Services:
    """``store``: the process's :class:`MatchStore`; ``data_dir``: its folder (settings live there too);
    ``announce(match_id, version)``: tells the other tabs a match changed (``None`` in a lone test);
    ``device``: the device the tab runs on (its services: screen awake, haptics, share sheet, locales);
    ``access``: what this tab's device may do (its role; :data:`LOCAL`, a host, outside the server's
    guard), read by the views to offer only the controls it may use (docs/server.md);
    ``announce_table(match_id)``: tells the phones joined with the table's codes that a host opened that
    match on its table (``None`` in a lone test); ``announce_event(event_id)``: tells every tab (the
    viewer process's too) that a club event changed (``None`` in a lone test)."""

    store: MatchStore
    data_dir: str
    announce: Callable[[str, int], None] | None = None
    device: Device = field(default_factory=Device)
    access: Access = LOCAL
    announce_table: Callable[[str], None] | None = None
    announce_event: Callable[[str], None] | None = None
    _remembered: str | None = None  # the match this tab last saved as the match last played

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker thread (blocking storage), awaited."""
        return await asyncio.to_thread(fn, *args)

    def changed(self, match_id: str, version: int) -> None:
        """After this tab wrote ``match_id`` (now at ``version``): tell the other tabs."""
        if self.announce is not None:
            self.announce(match_id, version)

    def event_changed(self, event_id: str) -> None:
        """After this tab changed club event ``event_id``: tell every tab (projectors and players' phones
        of the event follow). :attr:`club`'s writes call it themselves."""
        if self.announce_event is not None:
            self.announce_event(event_id)

    @property
    def club(self) -> GuardedClub:
        """The club's players and events (:class:`~scorekeeper.store.club.ClubStore`) as this tab may use
        them: reads of an event need the right to see it (a host: any; an event's viewer link: that one),
        writes are a host's, and each write announces its event (:meth:`event_changed`). Every call blocks:
        run it with :meth:`call`."""
        return guarded_club(self.store, self.access, self.event_changed)

    def table_opened(self, match_id: str) -> None:
        """After this tab opened ``match_id`` on its table: if it is a host's, the match is now the table's,
        and the phones joined with the table-wide codes are told (they open it, :attr:`follows_table`)."""
        if self.announce_table is not None and self.access.role is Role.HOST:
            self.announce_table(match_id)

    @property
    def follows_table(self) -> bool:
        """Whether this tab shows the table's match, whichever the host plays: a phone joined with the
        table-wide codes (a scorer or viewer whose join link named no match). It waits on the start screen
        until the host starts a match, then opens it, and the next one after it (a phone joined with a
        match's own codes stays on that match; a host chooses for itself)."""
        return self.access.role is not Role.HOST and self.access.match_id is None and self.access.event_id is None

    @property
    def keeps_settings(self) -> bool:
        """Whether this tab's choices are the data folder's settings: the host's (this computer, or the
        host's own link). A phone joined as a scorer or viewer keeps its language, haptics and last match
        for itself (a viewer's Korean was every new device's language, its last match every host's)."""
        return self.access.role is Role.HOST

    def saved_language(self) -> str | None:
        """The language saved in the data folder (en, uk or ko), ``None`` if none was ever chosen, or on a
        phone joined as scorer or viewer (its device's language is used)."""
        return settings.saved_language(self.data_dir) if self.keeps_settings else None

    async def save_language(self, lang: str) -> None:
        """Remember ``lang`` in the data folder (a file write, in a thread); the host's choice only."""
        if self.keeps_settings:
            await self.call(settings.save, self.data_dir, {settings.LANG: lang})

    def settings_damage(self) -> settings.Damage | None:
        """The damage found in the data folder's settings file (set aside, the defaults in use), for a tab
        that keeps the folder's settings to say; ``None`` when it was sound or this tab keeps its own."""
        return settings.damage(self.data_dir) if self.keeps_settings else None

    def haptics(self) -> bool:
        """The haptics setting: True unless turned off."""
        return settings.haptics(self.data_dir)

    async def save_haptics(self, on: bool) -> None:
        """Remember the haptics setting (a file write, in a thread); the host's choice only."""
        if self.keeps_settings:
            await self.call(settings.save, self.data_dir, {settings.HAPTICS: on})

    def house_rules(self, game: str) -> dict[str, str | int]:
        """The table's favourite house rules for ``game`` (``{}``: the game's own rules)."""
        return settings.house_rules(self.data_dir, game)

    async def save_house_rules(self, game: str, rules: dict[str, str | int]) -> None:
        """Remember ``rules`` as the favourite house rules of ``game`` (a file write, in a thread); a
        folder that refuses it costs only the remembering (the match is already stored)."""
        if self.house_rules(game) == rules:
            return  # already the favourite: no file write
        try:
            await self.call(settings.save_house_rules, self.data_dir, game, rules)
        except OSError as err:
            log.warning("could not remember the house rules of %s: %s", game, err)

    def last_match(self) -> str | None:
        """The id of the match last played, as saved (or ``None``)."""
        return settings.last_match(self.data_dir)

    async def remember(self, match_id: str) -> None:
        """Save ``match_id`` as the match last played (resumed on start), best effort.

        Called after the store's write: that write stands whatever happens here, so a settings file
        that cannot be written (disk full, read-only folder) is logged, never reported as "nothing was
        recorded" (the user would enter the move again: a legal duplicate).

        Saved when it changes for this tab (opening a match, or a move in another match than this tab's
        last), not each time the process's last match differs: with several tables in play the tabs' moves
        alternate between matches, and the file was rewritten about once per move.
        """
        if match_id == self._remembered or not self.keeps_settings:
            return
        self._remembered = match_id
        if not settings.needs_remembering(self.data_dir, match_id):
            return
        try:
            await self.call(settings.remember_match, self.data_dir, match_id)
        except OSError as err:
            log.warning("could not remember %s as the match last played: %s", match_id, err)
