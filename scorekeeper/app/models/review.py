"""The review a tab shows: a stored match and the step of it shown (the engine's fold up to that step)."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ..navigation import Screen
from .intent import intent
from .review_steps import Review
from .shell import Shell


@dataclass(eq=False)
class ReviewCursor(ft.Observable):
    """``review``: the match under review and the step shown (:class:`Review`), ``None`` before one is opened."""

    shell: Shell
    review: Review | None = None

    async def open(self, match_id: str, index: int = 0) -> None:
        """Show the review of ``match_id`` (any status) from step ``index``."""
        services = self.shell.services
        final = await services.call(services.store.open_match, match_id)
        actions = [action for _, action in await services.call(services.store.actions, match_id)]
        self.shell.error = None
        self.shell.notice = None
        self.review = Review.of(match_id, final, actions, index)
        self.shell.screen = Screen.REVIEW

    @intent
    async def open_review(self, match_id: str, index: int = 0) -> None:
        """Review ``match_id`` from step ``index`` (a tap on Review)."""
        await self.open(match_id, index)

    @intent
    async def go(self, index: int | None) -> None:
        """Show step ``index`` of the review (``None``: stay)."""
        if self.review is not None and index is not None:
            self.review = self.review.at(index)
