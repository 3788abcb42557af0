"""Fixing a recorded entry several moves back: the move (or a round's hands) chosen, what it becomes, the
engine's preview of the effect, and saving it as one correction (docs/engine.md, "Fixing the record").

While a fix is open the table shows the position just before the move being
fixed (a :class:`~.position.Position`): its open spots, the tiles that were
in hand, so the right tile and spot are chosen as a move is entered. Every
change of the fix is previewed by the engine on this tab's own copy of the
match (nothing is written): the score of each side before and after, how
many later moves were re-checked, or the first later move the fix makes
illegal, with the choice to keep the moves before it. Saving is one
``correct`` event in the store; Undo takes it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import flet as ft

from ...rules import Draw, Match, Pass, Play, RuleViolation
from ...rules.fix import (
    DeleteMove,
    Edit,
    FixPreview,
    InsertMove,
    ReplaceHands,
    ReplaceMove,
    hands_index,
    move_index,
    preview_fix,
)
from ...rules.layout import Spot
from ...rules.moves import Reveal
from ...rules.tiles import Tile
from ..problems import Problem
from .intent import intent
from .open_match import OpenMatch
from .shell import Notice, Shell


class FixKind(StrEnum):
    """What the move being fixed becomes (or what the fix does to it)."""

    PLAY = "play"  # another tile, spot or drawn mark
    DRAW = "draw"  # it was a draw of ``count`` tiles that did not fit
    PASS = "pass"  # it was a pass
    DELETE = "delete"  # it did not happen
    INSERT_DRAW = "insert-draw"  # a draw of ``count`` tiles was forgotten before it
    HANDS = "hands"  # a round's revealed hands


@dataclass(eq=False)
class Correction(ft.Observable):
    """The fix being composed on a tab: ``round_no`` and ``move_no`` (from 1, as the score sheet counts;
    ``move_no`` ``None`` for the round's hands), ``kind`` (:class:`FixKind`), the new move's
    ``selected_tile`` / ``selected_spot`` / ``drawn`` or ``count``, the hands by seat (``hand_tiles`` or
    ``hand_totals`` as typed, ``hand_seat`` being entered), and the engine's ``preview``. ``sheet_open``:
    the whole score sheet (every round) is shown. Nothing is open while ``round_no`` is ``None``."""

    shell: Shell
    table: OpenMatch
    round_no: int | None = None
    move_no: int | None = None
    kind: FixKind = FixKind.PLAY
    selected_tile: Tile | None = None
    selected_spot: Spot | None = None
    drawn: bool = False
    count: int | None = None
    hand_seat: int = 0
    hand_tiles: dict[int, list[Tile]] = field(default_factory=dict)
    hand_totals: dict[int, str] = field(default_factory=dict)
    preview: FixPreview | None = None
    problem: RuleViolation | None = None  # a fix that cannot even be placed (said in the panel)
    sheet_open: bool = False
    _before: Match | None = None  # the position just before the move (or the hands) being fixed

    def __post_init__(self) -> None:
        self.table.on_show(self._position_changed)
        self.table.on_open(self._match_opened)

    # ------------------------------------------------------------ the position (read by the table's views)
    @property
    def open(self) -> bool:
        """A fix is being composed."""
        return self.round_no is not None

    @property
    def match(self) -> Match:
        """The position just before the move being fixed (the table's picture draws it)."""
        assert self._before is not None, "no fix is open"
        return self._before

    @property
    def recorded(self) -> Match:
        """The match as recorded now (this tab's copy)."""
        return self.table.shown

    def legal_spots(self, tile: Tile) -> list[Spot]:
        """Where ``tile`` could have joined at the position before the move."""
        r = self.match.round
        return r.layout.spots_for(tile) if r is not None else []

    def pickable(self, tile: Tile) -> bool:
        """A tile that could have been played at that position: not yet on the table, and it fits
        (any tile leads)."""
        r = self.match.round
        if r is None or tile in r.layout.on_table:
            return False
        return not r.layout.tiles or bool(r.layout.spots_for(tile))

    # ------------------------------------------------------------ choosing what to fix
    def show_sheet(self) -> None:
        """Show the whole score sheet (every round, its moves and hands), or hide it again."""
        self.sheet_open = not self.sheet_open

    def close_sheet(self) -> None:
        """The tab is back (a reload, a phone waking): it shows the table, not the sheet left open (a reload
        keeps Flet's session, so the sheet stayed open over the table's entry)."""
        self.sheet_open = False

    def open_entry(self, round_no: int, move_no: int | None) -> None:
        """Open the fix of a score-sheet entry: move ``move_no`` of round ``round_no``, or its hands (``None``)."""
        if move_no is None:
            self.open_hands(round_no)
        else:
            self.open_move(round_no, move_no)

    def open_tile(self, tile: Tile) -> None:
        """Open the fix of the move that placed ``tile`` in the current round (a tap on it in the picture)."""
        match = self.recorded
        r = match.round
        if r is None:
            return
        for number, move in enumerate(r.moves, start=1):
            if type(move) is Play and move.tile == tile:
                self.open_move(r.number, number)
                return

    def open_move(self, round_no: int, move_no: int) -> None:
        """Start fixing move ``move_no`` of round ``round_no``: it is shown as recorded, ready to change."""
        match = self.recorded
        index = move_index(match, round_no, move_no)
        move = match.actions[index]
        self._start(
            round_no,
            move_no,
            Match.replay(
                match.variant,
                match.players,
                match.partnerships,
                match.actions[:index],
                explain=True,
                house_rules=match.house_rules,
            ),
        )
        if type(move) is Play:
            self.kind, self.selected_tile, self.selected_spot, self.drawn = (
                FixKind.PLAY,
                move.tile,
                move.spot,
                move.drawn,
            )
        elif type(move) is Draw:
            self.kind, self.count = FixKind.DRAW, move.count
        else:
            self.kind = FixKind.PASS
        self._update()

    def open_hands(self, round_no: int) -> None:
        """Start fixing the hands revealed at the end of round ``round_no`` (one hand or several)."""
        match = self.recorded
        index = hands_index(match, round_no)
        reveal = match.actions[index]
        assert type(reveal) is Reveal
        self._start(
            round_no,
            None,
            Match.replay(
                match.variant,
                match.players,
                match.partnerships,
                match.actions[:index],
                explain=True,
                house_rules=match.house_rules,
            ),
        )
        self.kind = FixKind.HANDS
        self.hand_tiles = {seat: list(hand) for seat, hand in reveal.hands.items() if isinstance(hand, list) and hand}
        self.hand_totals = {seat: str(hand) for seat, hand in reveal.hands.items() if isinstance(hand, int)}
        r = self.match.round
        assert r is not None
        self.hand_seat = next((s for s in range(self.match.n) if r.hand_sizes[s] > 0), 0)
        self._update()

    def _start(self, round_no: int, move_no: int | None, before: Match) -> None:
        self.shell.drop_error()
        self._before = before
        self.round_no, self.move_no = round_no, move_no
        self.sheet_open = False
        self.selected_tile = self.selected_spot = None
        self.drawn, self.count, self.preview, self.problem = False, None, None, None
        self.hand_tiles, self.hand_totals = {}, {}

    def close(self) -> None:
        """Leave the fix without saving anything."""
        self.round_no = self.move_no = None
        self._before = None
        self.preview = self.problem = None

    def _position_changed(self) -> None:
        """Another position is shown (a move recorded, another tab wrote): a fix begun for the old
        record is dropped, as an entry is."""
        if self.open:
            self.close()

    def _match_opened(self) -> None:
        """A match is opened on the table (new, resumed, a phone's link): it starts with the whole sheet
        closed, over its deal and "Who leads?" as a fresh table (it stays open across that match's moves)."""
        self.sheet_open = False

    # ------------------------------------------------------------ what the move becomes
    def set_kind(self, kind: FixKind) -> None:
        """The move becomes a play, a draw, a pass, is deleted, or a draw goes in before it."""
        self.kind = kind
        if kind in (FixKind.DRAW, FixKind.INSERT_DRAW) and self.count is None:
            self.count = 1
        self._update()

    def pick_tile(self, tile: Tile) -> None:
        """The tile that was really played; its only spot is chosen by itself."""
        self.kind = FixKind.PLAY
        self.selected_tile = tile
        spots = self.legal_spots(tile)
        if self.selected_spot not in spots:
            self.selected_spot = spots[0] if len(spots) == 1 else None
        self._update()

    def pick_spot(self, spot: Spot) -> None:
        """The open spot where the tile really joined (a tap on the picture)."""
        if self.kind != FixKind.PLAY:
            return
        self.selected_spot = spot
        if self.selected_tile is not None and spot not in self.legal_spots(self.selected_tile):
            self.selected_tile = None
        self._update()

    def toggle_drawn(self) -> None:
        """The tile came straight from the stock (S8), or not."""
        self.drawn = not self.drawn
        self._update()

    def set_count(self, count: int) -> None:
        """Tiles drawn that did not fit (the draw, or the forgotten draw)."""
        self.count = count
        self._update()

    def max_draw(self) -> int:
        """The most tiles the player on turn could have drawn at that position (S8: the stock)."""
        turn = self.match.turn
        return turn.max_draw if turn is not None else 0

    # ------------------------------------------------------------ the hands
    def select_hand(self, seat: int) -> None:
        """Enter ``seat``'s hand next."""
        self.hand_seat = seat

    def pick_hand_tile(self, tile: Tile) -> None:
        """Add or remove ``tile`` in :attr:`hand_seat`'s hand (it leaves another seat's hand)."""
        tiles = {seat: [t for t in hand if t != tile] for seat, hand in self.hand_tiles.items()}
        if tile not in self.hand_tiles.get(self.hand_seat, []):
            tiles.setdefault(self.hand_seat, []).append(tile)
        self.hand_tiles = tiles
        self.hand_totals = {s: v for s, v in self.hand_totals.items() if s != self.hand_seat}
        self._update()

    def set_hand_total(self, seat: int, text: str) -> None:
        """A pip total typed for ``seat`` instead of its tiles (as typed; read stripped)."""
        self.hand_totals = {**self.hand_totals, seat: text}
        if text.strip():
            self.hand_tiles = {s: hand for s, hand in self.hand_tiles.items() if s != seat}
        self._update()

    # ------------------------------------------------------------ the edit and its effect
    def edits(self) -> list[Edit] | None:
        """The fix as the engine's edits, or ``None`` while it is not complete (no tile or spot yet)."""
        if self.round_no is None:
            return None
        r, m = self.round_no, self.move_no
        turn = self.match.turn
        if self.kind == FixKind.HANDS:
            hands = self._hands()
            return [ReplaceHands(r, hands)] if hands is not None else None
        if m is None or turn is None:
            return None
        if self.kind == FixKind.DELETE:
            return [DeleteMove(r, m)]
        if self.kind == FixKind.INSERT_DRAW:
            return [InsertMove(r, m, Draw(turn.seat, self.count or 1))]
        if self.kind == FixKind.DRAW:
            return [ReplaceMove(r, m, Draw(turn.seat, self.count or 1))]
        if self.kind == FixKind.PASS:
            return [ReplaceMove(r, m, Pass(turn.seat))]
        lead = not self.match.round.layout.tiles if self.match.round is not None else False
        if self.selected_tile is None or (self.selected_spot is None and not lead):
            return None
        spot = None if lead else self.selected_spot
        claim, muggins = self._claim_kept(r, m, self.selected_tile, spot)
        return [ReplaceMove(r, m, Play(turn.seat, self.selected_tile, spot, self.drawn, claim, muggins))]

    def _claim_kept(self, round_no: int, move_no: int, tile: Tile, spot: Spot | None) -> tuple[int | None, int | None]:
        """The recorded play's claim and Muggins call (R13), kept when the fix leaves its tile and spot as they
        were (only "drawn" changed): what was called at the table still stands. A fix to another tile or spot
        makes other ends, so the old claim is not carried over (the play is then claimed exactly)."""
        recorded = self.recorded
        index = move_index(recorded, round_no, move_no)
        old = recorded.actions[index] if index < len(recorded.actions) else None
        if type(old) is Play and old.tile == tile and old.spot == spot:
            return old.claim, old.muggins
        return None, None

    def _hands(self) -> dict[int, list[Tile] | int] | None:
        r = self.match.round
        assert r is not None
        hands: dict[int, list[Tile] | int] = {}
        for seat in range(self.match.n):
            total = self.hand_totals.get(seat, "").strip()
            if r.hand_sizes[seat] == 0:
                hands[seat] = []
            elif self.hand_tiles.get(seat):
                hands[seat] = sorted(self.hand_tiles[seat])
            elif total.isdecimal():
                hands[seat] = int(total)
            else:
                return None
        return hands

    def _update(self) -> None:
        """Ask the engine what the fix would do (on this tab's copy; nothing is written)."""
        edits = self.edits()
        self.problem = None
        if edits is None:
            self.preview = None
            return
        try:
            self.preview = preview_fix(self.recorded, edits)
        except RuleViolation as err:  # cannot be placed (e.g. the same as recorded is fine; this is not)
            self.preview, self.problem = None, err

    def unchanged(self) -> bool:
        """The fix says what the record already says (nothing to save)."""
        p = self.preview
        return p is not None and p.ok and p.match is not None and p.match.actions == self.recorded.actions

    # ------------------------------------------------------------ saving
    @intent
    async def save(self, keep_before_broken: bool = False) -> None:
        """Save the fix as one correction (refused by the engine: nothing is written, the panel says why).

        With ``keep_before_broken`` a fix that makes a later move illegal keeps the moves before that
        move; the table enters the rest again. Raises the problem ``ui_fix_incomplete`` when no tile or
        spot is chosen yet.
        """
        edits = self.edits()
        if edits is None:
            raise Problem("ui_fix_incomplete")
        preview = self.preview
        result = await self.table.fix(edits, keep_before_broken)
        changes = ", ".join(c.text() for c in result.changes if c.changed) or self.shell.t("ui.fix_no_score_change")
        self.close()
        self.shell.notice = Notice(
            "ui.fixed", {"changes": changes, "count": preview.rechecked if preview is not None else 0}
        )
