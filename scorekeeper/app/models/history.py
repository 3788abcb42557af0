"""The history as a tab queries it: the filters, the matches found (newest first), the players' statistics.

Rows come from ``store.list_matches`` (the index: no match file is read),
shown :data:`PAGE` at a time. Choices (the game, finished or not) apply at
once; typed filters (a whole player name, dates ``YYYY-MM-DD``, the local
day a match started) on Enter, on leaving the field, or with Search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import flet as ft

from ...store import ABANDONED, FINISHED, IN_PROGRESS, MatchSummary, RuleSetStats
from ..problems import Problem
from .intent import intent
from .open_match import OpenMatch
from .review import ReviewCursor
from .shell import Shell

PAGE = 50  # history rows shown at first and added by "more" (a phone cannot draw 10,000 rows)
TEXT_FILTERS = ("player", "since", "until")
ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _date(text: str) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        if ISO_DAY.fullmatch(text):  # written right, but no such day (2026-02-30, month 13)
            raise Problem("ui_no_such_date", {"value": text}) from None
        raise Problem("ui_bad_date", {"value": text}) from None


def list_arguments(flt: dict[str, Any]) -> dict[str, Any]:
    """``store.list_matches`` keyword arguments for the filter ``flt``.

    Raises :class:`Problem` ``ui_bad_date`` for a date that is not written ``YYYY-MM-DD``,
    ``ui_no_such_date`` for one that is but names no day of the calendar (``2026-02-30``).
    """
    return {
        "player": flt["player"].strip() or None,
        "variant": flt["variant"],
        "since": _date(flt["since"]),
        "until": _date(flt["until"]),
        "finished": flt["finished"],
    }


def no_filter() -> dict[str, Any]:
    """Every match: no player, any game, any day, finished or not."""
    return {"player": "", "variant": None, "since": "", "until": "", "finished": None}


@dataclass(eq=False)
class HistoryQuery(ft.Observable):
    """``filter``: the filter in effect (``player``, ``variant``, ``since``, ``until``, ``finished``);
    ``items``: the matches it finds (:class:`MatchSummary`, newest first), ``shown`` of them drawn;
    ``stats``: the players' statistics of each game and set of house rules played (:class:`RuleSetStats`:
    points per round compare only within one); ``tab``: on a phone, ``"matches"`` or ``"stats"``.
    :meth:`text` is what each text filter holds as typed (applied or not)."""

    shell: Shell
    table: OpenMatch
    review: ReviewCursor
    items: list[MatchSummary] = field(default_factory=list)
    shown: int = PAGE
    filter: dict[str, Any] = field(default_factory=no_filter)
    stats: list[RuleSetStats] = field(default_factory=list)
    tab: str = "matches"
    # what the text filters hold as typed: private, so typing re-renders nothing (a re-render per key would
    # send the text back to the browser while the user types on, see parts.widgets.text_entry)
    _texts: dict[str, str] = field(default_factory=dict)

    def text(self, key: str) -> str:
        """What the text filter ``key`` (``player``, ``since``, ``until``) holds: typed, else the filter in effect."""
        return self._texts.get(key, self.filter[key])

    def set_text(self, key: str, text: str) -> None:
        """Keep what is typed in the text filter ``key``; applied by :meth:`apply`. Re-renders nothing."""
        self._texts = {**self._texts, key: text}

    async def load(self, stats: bool = True) -> None:
        """Read the filtered history (newest first) and, with ``stats``, the players' statistics.

        A typed date that is no date is dropped from the filter and the list read without it; then its
        :class:`Problem` (``ui_bad_date`` or ``ui_no_such_date``) is raised, for the screen to show.
        The statistics (over every match: ~100 ms at 10,000 matches) are not re-read for a filter
        change (``stats=False``): they do not depend on it.
        """
        problem = self._drop_bad_dates()
        args = list_arguments(self.filter)
        services = self.shell.services
        self.items = await services.call(lambda: services.store.list_matches(**args))
        if stats:
            self.stats = await services.call(services.store.rule_set_stats)
        self.shown = PAGE
        if problem is not None:
            raise problem

    async def enter(self) -> None:
        """The history is shown: read it (and the statistics). A typed date that is no date is listed
        without, and the message says why (the screen is shown all the same)."""
        try:
            await self.load()
        except Problem as err:
            self.shell.error = err

    def _drop_bad_dates(self) -> Problem | None:
        """Remove from the filter a typed date that is no date, so it never stays the active filter
        (every way into the history would fail on it); return the problem of the first such date
        (its message quotes what was typed), else ``None``. The field keeps the text as typed."""
        problem = None
        for key in ("since", "until"):
            try:
                _date(self.filter[key])
            except Problem as err:
                problem = problem or err
                self.filter = {**self.filter, key: ""}
        return problem

    @intent
    async def apply(self, **values: Any) -> None:
        """Change filters (``variant=``, ``finished=``) and list again; applies what is typed too."""
        self.shell.error = None
        self.filter = {**self.filter, **self._texts, **values}
        await self.load(stats=False)

    @property
    def filtered(self) -> bool:
        """Some filter is in effect (a player, a game, days, finished or not): the list may leave matches out."""
        flt = {**self.filter, **{key: self.filter[key].strip() for key in TEXT_FILTERS}}
        return flt != no_filter()

    @intent
    async def clear_filter(self) -> None:
        """Every match again: no filter, and the typed texts emptied."""
        self.shell.error = None
        self._texts = {}
        self.filter = no_filter()
        await self.load(stats=False)

    async def apply_typed(self) -> None:
        """On leaving a text filter: apply what was typed, if anything changed."""
        if any(self.filter.get(key) != text for key, text in self._texts.items()):
            await self.apply()

    async def filter_game(self, variant: str | None) -> None:
        """Only matches of ``variant`` (``None``: every game)."""
        await self.apply(variant=variant)

    async def filter_status(self, finished: bool | None) -> None:
        """Only finished matches (True), matches in progress (False), or all (None)."""
        await self.apply(finished=finished)

    def show_tab(self, tab: str) -> None:
        """On a phone: show the ``"matches"`` or the players' ``"stats"``."""
        self.tab = tab

    @intent
    async def show_more(self) -> None:
        """Show :data:`PAGE` more rows."""
        self.shown += PAGE

    @intent
    async def open_item(self, match_id: str, status: str) -> None:
        """Tap on a row: resume a match in progress, review a finished or abandoned one."""
        if status == IN_PROGRESS:
            await self.table.open(match_id)
        elif status in (FINISHED, ABANDONED):
            await self.review.open(match_id)
