"""A table position as the table's views draw it: the live table and a review step both are one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ...rules import Match
from ...rules.layout import Spot
from ...rules.tiles import Tile


class Position(Protocol):
    """What the scoreboard and the layout picture read: the match (at some moment) and what is
    selected on it; :meth:`pick_spot` is what a tap on an open spot does."""

    @property
    def match(self) -> Match: ...

    @property
    def selected_tile(self) -> Tile | None: ...

    @property
    def selected_spot(self) -> Spot | None: ...

    def legal_spots(self, tile: Tile) -> list[Spot]: ...

    def pick_spot(self, spot: Spot) -> None: ...


@dataclass(frozen=True)
class StillPosition:
    """A position nobody enters a move on (a review step): nothing selected, a tap on a spot does nothing."""

    match: Match
    selected_tile: Tile | None = None
    selected_spot: Spot | None = None

    def legal_spots(self, tile: Tile) -> list[Spot]:
        return []

    def pick_spot(self, spot: Spot) -> None:
        return None
