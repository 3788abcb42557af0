"""The start screen's list: the unfinished matches a tab can resume, and giving one up (abandon, undoable)."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...store import ABANDONED, MatchSummary, StaleView
from ..problems import Problem
from .intent import intent
from .shell import Notice, Shell


@dataclass(eq=False)
class HomeList(ft.Observable):
    """``unfinished``: the matches in progress (:class:`MatchSummary`, the store's order; abandoned ones are
    not among them); ``waiting``: this is a phone joined with the table's codes and no match is in progress
    (none to open, as the host's tab would resume one): it waits for the host to start one."""

    shell: Shell
    unfinished: list[MatchSummary] = field(default_factory=list)
    waiting: bool = False

    async def load(self) -> None:
        """Read the matches in progress (and whether this phone waits for the host)."""
        services = self.shell.services
        self.unfinished = await services.call(services.store.unfinished_matches)
        self.waiting = services.follows_table and not self.unfinished

    @intent
    async def abandon(self, match_id: str) -> None:
        """Give up the unfinished match ``match_id`` (the store appends an ``abandon`` event): it leaves the
        list and stays in the history as abandoned. The notice says so and offers Undo
        (:meth:`undo_abandon`, at the version the abandon left). The other tabs are told."""
        services = self.shell.services
        summary: MatchSummary = await services.call(services.store.abandon, match_id)
        services.changed(match_id, summary.events)
        await self.load()
        self.shell.notice = Notice(
            "ui.abandoned_notice", {"sides": ", ".join(summary.sides)}, undo=(match_id, summary.events)
        )

    @intent
    async def undo_abandon(self, match_id: str, version: int) -> None:
        """Take the abandon of ``match_id`` back (the notice's Undo): the match is in progress again and back
        in the list. ``version`` is the one the abandon left: if the match changed since (another tab took the
        abandon back, or went on), nothing is written and the problem ``ui_stale_view`` says so."""
        services = self.shell.services
        store = services.store
        if (await services.call(store.summary, match_id)).status != ABANDONED:
            await self.load()
            raise Problem("ui_stale_view")
        try:
            await services.call(store.undo, match_id, version)
        except StaleView:  # nothing written
            await self.load()
            raise Problem("ui_stale_view") from None
        services.changed(match_id, version + 1)
        await self.load()
        sides = next((s.sides for s in self.unfinished if s.id == match_id), ())
        self.shell.notice = Notice("ui.abandon_undone", {"sides": ", ".join(sides)})
