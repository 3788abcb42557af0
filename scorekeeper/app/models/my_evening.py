"""*My evening* on a player's phone: where I sit now (table, partner, opponents, my match's score live),
whether the next round is paired, my place and points in the standings.

The phone joins with the event's viewer link (a viewer: it changes nothing). The player picks their name
from the event's roster once; the phone keeps the choice for itself (``Device.keep_value``, the browser's
storage, under ``scorekeeper.evening.<event id>``), so a reload or the next visit opens straight on it.
The evening follows the event as the projector does (:class:`.projector.Projector`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import flet as ft

from ...club.roster import Status
from ..navigation import Screen
from ..problems import Problem
from .intent import intent
from .projector import Projector
from .projector_board import Board, StandingLine, TableLine
from .shell import Shell

log = logging.getLogger(__name__)

KEPT = "scorekeeper.evening."  # + the event id: the player this phone chose


@dataclass(frozen=True, slots=True)
class Seat:
    """Where the player sits in round ``round``: ``table`` number, ``partner`` (a name, ``None`` in
    singles), ``opponents`` (one name per other side), ``state`` (the table's: playing, finished, paper),
    ``mine`` / ``theirs``: the scores of the player's side and of each other side (``()`` before the
    first move), ``game`` of the fixture."""

    round: int
    table: int
    partner: str | None
    opponents: tuple[str, ...]
    state: str
    mine: int | None = None
    theirs: tuple[int, ...] = ()
    game: int = 1


@dataclass(frozen=True, slots=True)
class Evening:
    """What the phone shows for one player: ``name``, ``status`` (present, absent, withdrawn), ``now``:
    the seat in the current round (``None``: not seated in it), ``bye``: a bye in the current round,
    ``round`` (current round, 0 before the first), ``waiting_next``: the current round is done for the
    player and the next is not paired yet, ``line``: the player's standings line (place, points)."""

    name: str
    status: Status
    round: int
    now: Seat | None
    bye: bool
    waiting_next: bool
    line: StandingLine | None
    of_players: int


def evening_of(board: Board, player_id: str) -> Evening:
    """``player_id``'s evening on ``board`` (a pure function of the board). Raises ``KeyError`` for a
    player not in the event's roster."""
    if player_id not in board.roster.ids():
        raise KeyError(player_id)
    player = board.roster.player(player_id)
    status = board.roster.status(player_id)
    line = next((s for s in board.standings if player_id in s.unit), None)
    seat = next((_seat(board, t, player_id) for t in board.tables if any(player_id in s for s in t.sides)), None)
    bye = any(player_id in unit for unit in board.byes)
    waiting = board.round > 0 and (bye or (seat is not None and seat.state != "playing"))
    return Evening(player.name, status, board.round, seat, bye, waiting, line, len(board.standings))


def _seat(board: Board, table: TableLine, player_id: str) -> Seat:
    mine_at = next(i for i, side in enumerate(table.sides) if player_id in side)
    side = table.sides[mine_at]
    partners = [board.unit_name((p,)) for p in side if p != player_id]
    others = tuple(table.names[i] for i in range(len(table.sides)) if i != mine_at)
    scores = table.scores
    mine = scores[mine_at] if len(scores) == len(table.sides) else None
    theirs = tuple(scores[i] for i in range(len(scores)) if i != mine_at) if mine is not None else ()
    return Seat(board.round, table.number, " & ".join(partners) or None, others, table.state, mine, theirs, table.game)


@dataclass(eq=False)
class MyEvening(ft.Observable):
    """``player_id`` this phone chose (``None``: the roster is shown to pick from), ``evening`` (what the
    screen shows of them), ``choosing``: the roster shown again ("Not me"). The board is the tab's
    :class:`Projector`'s (one read serves both screens)."""

    shell: Shell
    projector: Projector
    player_id: str | None = None
    evening: Evening | None = None
    choosing: bool = False

    @property
    def board(self) -> Board | None:
        return self.projector.board

    @property
    def offered(self) -> bool:
        return self.projector.offered

    async def enter(self) -> Screen | None:
        """The screen is shown: the event read (as the projector reads it), the player this phone kept
        looked up (a player no longer in the roster is forgotten: the roster is shown)."""
        turn_to = await self.projector.enter()
        if turn_to is not None or self.board is None:
            return Screen.HOME
        if self.player_id is None:
            kept = await self.shell.services.device.kept_value(KEPT + self.board.event_id)
            if kept is not None and kept in self.board.roster.ids():
                self.player_id = kept
        self._refresh()
        return None

    @intent
    async def choose(self, player_id: str) -> None:
        """The player picked their name: kept on this phone, their evening shown."""
        board = self.board
        if board is None or player_id not in board.roster.ids():
            self.shell.error = Problem("ui_evening_unknown_player")
            return
        self.player_id = player_id
        self.choosing = False
        await self.shell.services.device.keep_value(KEPT + board.event_id, player_id)
        self._refresh()

    @intent
    async def not_me(self) -> None:
        """Show the roster again to pick another name."""
        self.choosing = True

    async def follow(self) -> None:
        """The projector's board was read again: the evening follows."""
        self._refresh()

    def _refresh(self) -> None:
        """``evening`` from the board, assigned only when it differs (an assignment draws the tab again)."""
        board = self.board
        evening = None
        if board is not None and self.player_id is not None and self.player_id in board.roster.ids():
            evening = evening_of(board, self.player_id)
        if evening != self.evening:
            self.evening = evening
