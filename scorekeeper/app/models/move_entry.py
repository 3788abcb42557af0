"""The next move as a tab enters it: the tile and the open spot selected, the drawn mark, the draw count."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from ...rules import Draw, Match, Pass, Play, Status
from ...rules.layout import Spot
from ...rules.tiles import Tile
from .intent import intent
from .open_match import OpenMatch
from .shell import Shell


@dataclass(eq=False)
class MoveEntry(ft.Observable):
    """What is being entered for the turn shown on ``table``: ``selected_tile``, ``selected_spot`` (the
    open spot it joins), ``spot_tapped`` (the spot was tapped, not chosen by itself as the tile's only
    one), ``drawn`` (the tile comes straight from the stock, S8), ``drawing`` (the draw-count question
    is open). A :class:`~.position.Position`: the table's views draw it."""

    shell: Shell
    table: OpenMatch
    selected_tile: Tile | None = None
    selected_spot: Spot | None = None
    spot_tapped: bool = False
    drawn: bool = False
    drawing: bool = False
    claim: int | None = None  # R13: the points the player called (None: the ends' value)

    def __post_init__(self) -> None:
        self.table.on_show(self.clear)

    @property
    def match(self) -> Match:
        """The match on the table (this tab's copy)."""
        assert self.table.match is not None, "no match is open"
        return self.table.match

    def clear(self) -> None:
        """Nothing selected (another position is shown)."""
        self.selected_tile = None
        self.selected_spot = None
        self.spot_tapped = False
        self.drawn = False
        self.drawing = False
        self.claim = None

    # ------------------------------------------------------------ choosing
    def legal_spots(self, tile: Tile) -> list[Spot]:
        """Open spots where ``tile`` may join (the engine's ``spots_for``)."""
        r = self.match.round
        return r.layout.spots_for(tile) if r is not None else []

    def pickable(self, tile: Tile) -> bool:
        """Whether the picker offers ``tile``: not on the table, and it fits an open spot (any tile may lead).

        A tile that fits elsewhere but not the selected spot stays offered (dimmed, see
        :meth:`dimmed`): tapping it chooses it and lets go of that spot.
        """
        r = self.match.round
        if r is None or tile in r.layout.on_table:
            return False
        return not r.layout.tiles or bool(r.layout.spots_for(tile))

    def dimmed(self, tile: Tile) -> bool:
        """True for an offered tile that does not fit the spot chosen first (a spot, no tile yet):
        the picker dims it. Once a tile is chosen nothing is dimmed (a pick then rebuilds two tiles, not all)."""
        return (
            self.selected_spot is not None
            and self.selected_tile is None
            and self.pickable(tile)
            and self.selected_spot not in self.legal_spots(tile)
        )

    def pick_tile(self, tile: Tile) -> None:
        """Select (or unselect) a tile; a single legal spot is chosen by itself.

        A selected spot the tile does not fit is let go (the tile is what the user chose last).
        """
        self.shell.drop_error()
        self.claim = None
        if self.selected_tile == tile:
            self.selected_tile = None
            return
        self.selected_tile = tile
        spots = self.legal_spots(tile)
        if self.selected_spot not in spots:
            self.selected_spot = spots[0] if len(spots) == 1 else None
            self.spot_tapped = False

    def pick_spot(self, spot: Spot) -> None:
        """Select an open spot, or let go of it when it is the one selected by a tap (the tile stays
        selected); a selected tile that does not fit the new spot is dropped.

        A spot chosen by itself (the tile's only spot) and then tapped is kept: the tap confirms it.
        """
        self.shell.drop_error()
        self.claim = None
        if spot == self.selected_spot and self.spot_tapped:
            self.selected_spot = None
            self.spot_tapped = False
            return
        self.selected_spot = spot
        self.spot_tapped = True
        if self.selected_tile is not None and spot not in self.legal_spots(self.selected_tile):
            self.selected_tile = None

    def must_play_drawn(self) -> bool:
        """True when the turn's only move is the drawn tile that fits (S8)."""
        turn = self.match.turn
        return turn is not None and turn.must == "drawn"

    def toggle_drawn(self) -> None:
        """Mark the next placement as a tile just drawn from the stock (its first draw fitted)."""
        self.drawn = not self.drawn

    def can_play(self) -> bool:
        """A tile is selected and, unless it is the lead, its spot too."""
        r = self.table.match.round if self.table.match else None
        if r is None or self.match.status != Status.MOVE or self.selected_tile is None:
            return False
        return self.selected_spot is not None or not r.layout.tiles

    def claim_choices(self) -> list[int]:
        """R13 ``muggins``: the quick claims for the selected placement, in display points: the ends'
        value, one less, 0 (``[]`` when the match counts the ends itself or the placement scores nothing)."""
        if self.match.rules.options["claims"] != "muggins" or not self.can_play():
            return []
        assert self.selected_tile is not None
        points = self.match.placement_points(self.selected_tile, self.selected_spot)
        return sorted({points, max(points - 1, 0), 0}, reverse=True) if points else []

    def pick_claim(self, points: int) -> None:
        """Choose the claim the player called (R13); the same choice again lets go of it."""
        self.claim = None if self.claim == points else points

    def open_draw(self) -> None:
        """Show (or hide) the question "how many tiles did not fit?"."""
        self.shell.drop_error()
        self.drawing = not self.drawing

    # ------------------------------------------------------------ recording
    @intent
    async def play(self) -> None:
        """Record the selected placement; keep its scoring ends and award for the explanation."""
        turn = self.match.turn
        assert turn is not None and self.selected_tile is not None
        tile, spot = self.selected_tile, self.selected_spot
        drawn = self.drawn or self.must_play_drawn()
        claim = self.claim if self.claim_choices() else None
        await self.table.record(Play(turn.seat, tile, spot, drawn, claim))
        self.claim = None
        self.table.last_info = self.table.last_placement()

    @intent
    async def call_muggins(self, seat: int) -> None:
        """Seat ``seat`` calls "Muggins!" on the last play's under-claim (R13), stored as a correction."""
        await self.table.call_muggins(seat)
        self.table.last_info = self.table.last_placement()

    @intent
    async def draw(self, count: int) -> None:
        """``count`` drawn tiles did not fit (S8). 0: the first drawn tile fits, so mark the next play as drawn."""
        self.drawing = False
        if count == 0:
            self.drawn = True
            return
        turn = self.match.turn
        assert turn is not None
        await self.table.record(Draw(turn.seat, count))
        self.table.last_info = None  # as after a pass, and as another tab or a reload shows it

    @intent
    async def pass_turn(self) -> None:
        """The player cannot play and the stock is empty (S8)."""
        turn = self.match.turn
        assert turn is not None
        await self.table.record(Pass(turn.seat))
        self.table.last_info = None
