"""The start screen's list: the unfinished matches a tab can resume."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...store import MatchSummary
from .shell import Shell


@dataclass(eq=False)
class HomeList(ft.Observable):
    """``unfinished``: the matches in progress (:class:`MatchSummary`, the store's order)."""

    shell: Shell
    unfinished: list[MatchSummary] = field(default_factory=list)

    async def load(self) -> None:
        """Read the matches in progress."""
        services = self.shell.services
        self.unfinished = await services.call(services.store.unfinished_matches)
