"""The hands left at a round's end as a tab enters them: tiles tapped, or a pip total typed, per seat."""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...rules import Match, Reveal
from ...rules.tiles import Tile
from ..problems import Problem
from .intent import intent
from .open_match import OpenMatch, last_settlement
from .shell import Shell


@dataclass(eq=False)
class RevealEntry(ft.Observable):
    """``seat``: the player whose hand is being entered; ``tiles``: the tiles tapped per seat;
    ``totals``: the pip total typed per seat (as typed: what the field holds, read stripped).
    One or the other counts for a seat: the last entered."""

    shell: Shell
    table: OpenMatch
    seat: int = 0
    tiles: dict[int, list[Tile]] = field(default_factory=dict)
    totals: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.table.on_show(self.clear)

    @property
    def match(self) -> Match:
        assert self.table.match is not None, "no match is open"
        return self.table.match

    def clear(self) -> None:
        """Nothing entered (another position is shown)."""
        self.tiles = {}
        self.totals = {}
        self.seat = 0

    def select_seat(self, seat: int) -> None:
        """Enter the hand of ``seat`` next."""
        self.seat = seat

    def room(self, seat: int) -> int:
        """How many more tiles ``seat``'s hand can take: the tiles it holds (the engine's tracked
        ``hand_sizes``: deal + draws − placements) less those tapped so far."""
        r = self.match.round
        assert r is not None, "hands are entered at a round's end"
        return r.hand_sizes[seat] - len(self.tiles.get(seat) or [])

    def can_pick(self, tile: Tile) -> bool:
        """Whether tapping ``tile`` does something for :attr:`seat`: take it back (it is in the hand), or
        add it while the hand holds fewer tiles than the player has (never "2 of 1 tiles")."""
        return tile in (self.tiles.get(self.seat) or []) or self.room(self.seat) > 0

    def pick(self, tile: Tile) -> None:
        """Add or remove ``tile`` in the hand being entered for :attr:`seat` (a refusal shown is dropped:
        the hands it was about are being changed). A tile is in one hand only: it leaves another seat's.
        A hand already holding as many tiles as the player has takes no more: the problem
        ``ui_hand_full`` says to take one back first (the picker offers none then)."""
        if not self.can_pick(tile):
            self.shell.error = Problem(
                "ui_hand_full", {"name": self.match.players[self.seat], "count": len(self.tiles.get(self.seat) or [])}
            )
            return
        self.shell.drop_error()
        tiles = {seat: list(hand) for seat, hand in self.tiles.items()}
        for seat, hand in tiles.items():
            if tile in hand and seat != self.seat:
                hand.remove(tile)
        hand = tiles.setdefault(self.seat, [])
        if tile in hand:
            hand.remove(tile)
        else:
            hand.append(tile)
        self.totals = {s: v for s, v in self.totals.items() if s != self.seat}
        self.tiles = tiles

    def set_total(self, seat: int, text: str) -> None:
        """A pip total typed for ``seat`` instead of its tiles: the seat's tapped tiles are dropped
        (one or the other counts, and the last entered is the one the user sees and means). A refusal
        shown (e.g. a total that was no number) is dropped: it was about the text being changed."""
        self.shell.drop_error()
        totals = dict(self.totals)
        totals[seat] = text  # as typed (what the field holds); read stripped
        self.totals = totals
        if text.strip() and self.tiles.get(seat):
            self.tiles = {s: hand for s, hand in self.tiles.items() if s != seat}

    def hands(self) -> dict[int, list[Tile] | int]:
        """The hands as entered, for :class:`Reveal`: tiles, else a pip total; an empty hand is ``[]``.

        Raises :class:`Problem` ``ui_hand_missing`` for a seat with nothing entered, ``ui_bad_total``
        for a total that is not a whole number 0 or more.
        """
        r = self.match.round
        assert r is not None
        hands: dict[int, list[Tile] | int] = {}
        for seat in range(self.match.n):
            tiles = self.tiles.get(seat) or []
            total = self.totals.get(seat, "").strip()
            if r.hand_sizes[seat] == 0:
                hands[seat] = []
            elif tiles:
                hands[seat] = sorted(tiles)
            elif total:
                if not total.isdecimal():  # digits only: "-3", "2.5", "²" are not pip totals
                    raise Problem("ui_bad_total", {"name": self.match.players[seat], "total": total})
                hands[seat] = int(total)
            else:
                raise Problem("ui_hand_missing", {"name": self.match.players[seat], "count": r.hand_sizes[seat]})
        return hands

    @intent
    async def reveal(self) -> None:
        """Settle the round with the entered hands; the engine checks them against the table."""
        await self.table.record(Reveal(self.hands()))
        self.table.settlement = last_settlement(self.match)
        self.table.last_info = None
