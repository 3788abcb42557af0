"""The Season screen (issue 23 item 4): the club's season over several events, its settings and ratings.

The view is :func:`scorekeeper.store.season.season_view` over the club's stored events, read through the
server's guard (:class:`~scorekeeper.server.store_guard.GuardedSeason`: the whole club's read; a change of
the settings is a host's). No rule logic here: the engine adds the season up and rates the players.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from ...club import SeasonRow
from ...server.store_guard import GuardedSeason
from ...store.club import EventInfo
from ...store.season import SeasonSettings, SeasonView
from .intent import intent
from .shell import Shell

log = logging.getLogger(__name__)

#: the drop-worst counts a tap away on the screen (the CLI takes any from 0 to 1000)
DROP_CHOICES = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class Mark:
    """One event's cell of a season row: ``points`` there, ``counted`` or dropped; ``None`` points: the
    unit was not at that event."""

    points: int | None
    counted: bool


@dataclass(eq=False)
class SeasonDesk(ft.Observable):
    """The Season screen's state.

    ``view``: the season as computed (``None`` until read); ``settings``: those in effect; ``events``: every
    event of the club (newest first), the choice of which count; ``settings_open``: the host's settings
    shown.
    """

    shell: Shell
    view: SeasonView | None = None
    settings: SeasonSettings = SeasonSettings()
    events: tuple[EventInfo, ...] = ()
    settings_open: bool = False

    @property
    def season(self) -> GuardedSeason:
        services = self.shell.services
        return GuardedSeason(services.store, services.access)

    @property
    def offered(self) -> bool:
        """Whether this tab has the screen: not a device joined with one event's link (it sees that event only)."""
        return self.shell.services.access.may_see_event("")

    @property
    def may_change(self) -> bool:
        """Whether this tab may change the settings (a host's): elsewhere no setting is offered."""
        return self.shell.services.access.may_host()

    async def enter(self) -> None:
        """The screen is shown: the club's events and the season read."""
        await self.load()

    async def load(self) -> None:
        services = self.shell.services
        season = self.season
        self.events = tuple(i for i in await services.call(services.club.list_events) if i.problem is None)
        view: SeasonView = await services.call(season.view)
        if view != self.view:  # assigned only when it differs: one render
            self.view = view
            self.settings = view.settings

    async def follow(self, shown: bool) -> None:
        """A club event changed (a round paired, a paper result, a check-in, in any tab): read the season again
        if the screen is ``shown`` (elsewhere it is read when next opened). A read refused or failing leaves
        the screen as it was (logged)."""
        if not shown:
            return
        try:
            await self.load()
        except Exception:  # noqa: BLE001 - a follow is best effort: the next visit reads it again
            log.warning("the season could not be read again", exc_info=True)

    def marks(self, row: SeasonRow) -> list[Mark]:
        """The row's result at each event of the season, oldest first."""
        assert self.view is not None
        results = {e.event_id: e for e in row.events}
        marks = []
        for info in self.view.events:
            e = results.get(info.id)
            marks.append(Mark(None, False) if e is None else Mark(e.points, e.counted))
        return marks

    def unit_words(self, unit: tuple[str, ...]) -> str:
        names = self.view.names if self.view is not None else {}
        return " & ".join(names.get(p, p) for p in unit)

    @intent
    async def toggle_settings(self) -> None:
        """Show or hide the host's settings."""
        self.settings_open = not self.settings_open

    async def _save(self, settings: SeasonSettings) -> None:
        services = self.shell.services
        self.shell.error = None
        await services.call(self.season.save, settings)
        await self.load()

    @intent
    async def set_drop_worst(self, count: int) -> None:
        """Drop each player's worst ``count`` results (0: every result counts)."""
        await self._save(replace(self.settings, drop_worst=count))

    @intent
    async def set_ratings(self, on: bool) -> None:
        """Turn the club's ratings on or off (off: nothing computed or shown)."""
        await self._save(replace(self.settings, ratings=on))

    @intent
    async def count_all(self) -> None:
        """Every event of the club counts (and no date range)."""
        await self._save(replace(self.settings, events=None, start=None, end=None))

    @intent
    async def toggle_event(self, event_id: str) -> None:
        """Count event ``event_id`` in the season, or leave it out (the first choice starts from every event
        counted now)."""
        counted = self.counted_ids()
        chosen = tuple(i for i in counted if i != event_id) if event_id in counted else (*counted, event_id)
        await self._save(replace(self.settings, events=tuple(sorted(chosen))))

    def counted_ids(self) -> tuple[str, ...]:
        """The ids of the events the season counts now."""
        return tuple(i.id for i in self.view.events) if self.view is not None else ()

    def names(self) -> dict[str, Any]:
        return dict(self.view.names) if self.view is not None else {}
