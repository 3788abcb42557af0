"""What players do at the table, and what the engine says about it.

Actions (input): :class:`StartRound`, :class:`Play`, :class:`Draw`,
:class:`Pass`, :class:`Reveal`. A match is the fold of its actions.

Results (output, explanations as data): :class:`ScoreEvent` for every award,
:class:`Turn` for whose move it is and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .layout import ScoringEnd, Spot
from .scoring import to_points
from .tiles import Tile

# Every action's ``time`` (R15): when it was recorded, in seconds since the epoch (UTC); ``None`` when the
# record has no time (a match document, a test). Never compared: two actions alike are equal whenever
# they were recorded. Keyword only: ``Pass(1, time=t)``.


@dataclass(frozen=True, slots=True)
class StartRound:
    """A round begins, led by seat ``starter`` (S3 lot, or S10 the one who went out)."""

    starter: int
    time: float | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Play:
    """Seat ``player`` places ``tile`` at ``spot`` (``None`` for the lead, S4).

    ``drawn`` is true when the tile was just drawn from the stock and is
    played at once (S8); it always ends the turn (H5).

    Under R13 ``muggins`` only (``None`` otherwise and by default):
    ``claim`` is the display points the player called (0 to 999; ``None``:
    claimed exactly what the ends make), and ``muggins`` the seat of the
    opponent who called "Muggins!" on an under-claim before the next tile
    (it takes the missed points for its side). See
    :meth:`Match.call_muggins <scorekeeper.rules.match.Match.call_muggins>`.
    """

    player: int
    tile: Tile
    spot: Spot | None = None
    drawn: bool = False
    claim: int | None = None
    muggins: int | None = None
    time: float | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Draw:
    """Seat ``player`` could not play and drew ``count`` ≥ 1 tiles that did not fit (S8)."""

    player: int
    count: int
    time: float | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Pass:
    """Seat ``player`` cannot play and the stock is empty (S8)."""

    player: int
    time: float | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Misplay:
    """R14 ``misplay: penalty``: the table states that seat ``player``'s move ``move`` of the round
    in play (0-based; a draw or a pass) was made while the player held ``tile``, which fitted an open
    end then (an S8 offence, proven by a later play of ``tile`` or by the revealed hand).

    Recorded by the table's choice "it happened at the table" where S8 would refuse the proof
    (:func:`~scorekeeper.rules.referee.proven_fit`); the proof is then accepted and the round's
    settlement adds the penalty once (:func:`~scorekeeper.rules.settlement.misplay_penalty`).
    """

    player: int
    move: int
    tile: Tile
    time: float | None = field(default=None, compare=False, kw_only=True)


Hand = list[Tile] | int  # revealed tiles, or a pip total


@dataclass(frozen=True, slots=True)
class Reveal:
    """The hands left when the round ended, by seat: tiles or a pip total."""

    hands: dict[int, Hand]
    time: float | None = field(default=None, compare=False, kw_only=True)


Move = Play | Draw | Pass
Action = StartRound | Play | Draw | Pass | Reveal | Misplay


@dataclass(slots=True)
class ScoreEvent:
    """One scoring event, as the replay report lists it.

    Attributes:
        kind: ``"play"`` (a placement, S7; under R13 ``muggins`` its ``raw`` is the
            claim and ``detail`` holds ``claimed`` and ``ends``, raw), ``"muggins"`` (R13:
            the missed points of an under-claim, to the caller's side; ``move`` is the
            play's, ``detail`` ``{"caller": seat, "player": seat}``), ``"domino"`` (the award to the side
            that went out with an "at least" target, H8), ``"settlement"`` (with an
            exact target, Exact 61's or R7's: last tile + opponents − partner as one
            event, E5/E6), ``"block"`` (H7/H9, E7) or ``"misplay"`` (R14 ``penalty``: one
            recorded S8 offence's penalty, applied with the round's settlement; ``detail``
            ``{"rule", "kind", "amount", "points", "offender", "move", "tile", "open", "claim"}``).
        side: side index that scores.
        raw: raw points (a multiple of 5; a settlement may be negative).
        accepted: False when Exact 61 rejected the event (E3); it then
            changed no score.
        move: ``play`` only: 0-based index of the move in the round.
        end_sum: ``play`` only: raw sum of all scoring ends after it.
        hand: Exact 61 ``block`` only: the seat whose hand earns the award.
        parts: ``settlement`` only: ``{"play", "opponents", "partner"}`` raw.
        score_before: the side's raw score before the event.
        detail: how the award was reached, for explanations (see
            :mod:`scorekeeper.rules.settlement`); ``ends`` for a play when
            the match keeps explanations.
    """

    kind: str
    side: int
    raw: int
    accepted: bool = True
    move: int | None = None
    end_sum: int | None = None
    hand: int | None = None
    parts: dict[str, int] | None = None
    score_before: int = 0
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def points(self) -> int:
        """Display points (raw / 5, S7)."""
        return to_points(self.raw)

    @property
    def would_reach(self) -> int:
        """Raw score the side would have with this event (the rejected total for E3)."""
        return self.score_before + self.raw

    @property
    def score_after(self) -> int:
        """The side's raw score after the event: ``score_before + raw`` if accepted, else
        ``score_before`` (E3: a rejected event changes nothing)."""
        return self.score_before + self.raw if self.accepted else self.score_before

    @property
    def points_before(self) -> int:
        """The side's display points before the event (``score_before`` / 5)."""
        return to_points(self.score_before)

    @property
    def points_after(self) -> int:
        """The side's display points after the event (``score_after`` / 5)."""
        return to_points(self.score_after)

    @property
    def would_reach_points(self) -> int:
        """Display points the side would have with this event (``would_reach`` / 5; E3's rejected total)."""
        return to_points(self.would_reach)

    def report(self) -> dict[str, Any]:
        """The event as the replay report's JSON object (match-format.md)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind in ("play", "muggins"):
            out["move"] = self.move
        if "claimed" in self.detail:  # R13: the player's claim and the ends' value, display points
            out["claimed"], out["ends"] = to_points(self.detail["claimed"]), to_points(self.detail["ends"])
        if self.kind == "muggins":
            out["caller"], out["player"] = self.detail["caller"], self.detail["player"]
        if self.kind == "misplay":  # R14: the offence and its proof (the move 0-based, as a play's)
            detail = self.detail
            out["offender"], out["move"], out["claim"] = detail["offender"], detail["move"], detail["claim"]
            out["tile"], out["open"], out["penalty"] = detail["tile"], list(detail["open"]), detail["kind"]
        out["side"] = self.side
        if self.hand is not None:
            out["hand"] = self.hand
        if self.kind == "play":
            out["end_sum"] = self.end_sum
        out["raw"] = self.raw
        out["points"] = self.points
        if self.parts is not None:
            out["parts"] = dict(self.parts)
        out["accepted"] = self.accepted
        return out


class Reason(StrEnum):
    """Why a seat is to move (:attr:`Turn.reason`). A ``StrEnum``: each member equals its text
    (``Reason.LEAD == "lead"``), which is also the suffix of its ``turn.*`` catalog key."""

    LEAD = "lead"  # leads the round (S3 / S10)
    NEXT = "next"  # clockwise after the previous turn ended
    CONTINUE_DOUBLE = "continue-double"  # H4: played a double from hand
    CONTINUE_SCORED = "continue-scored"  # H4: played a scoring tile from hand
    PLAY_DRAWN = "play-drawn"  # S8: drew; the tile that fits must be played
    PASS_AFTER_DRAW = "pass-after-draw"  # S8: drew the last tiles, none fit


class EndedBy(StrEnum):
    """How the previous turn ended (:attr:`Turn.ended_by`, for ``Reason.NEXT``)."""

    NO_SCORE = "no-score"  # a non-double from hand that did not score (H4)
    DRAWN = "drawn"  # a drawn tile ends the turn (H5)
    ONE_TILE = "one-tile"  # Exact 61: one tile a turn (E4)
    PASS = "pass"  # S8 (also R1's pass that ends a continuation)


LEAD, NEXT = Reason.LEAD, Reason.NEXT
CONTINUE_DOUBLE, CONTINUE_SCORED = Reason.CONTINUE_DOUBLE, Reason.CONTINUE_SCORED
PLAY_DRAWN, PASS_AFTER_DRAW = Reason.PLAY_DRAWN, Reason.PASS_AFTER_DRAW


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose move it is and why.

    Attributes:
        seat: the seat to move.
        reason: a :class:`Reason`: ``lead``, ``next``, ``continue-double``,
            ``continue-scored``, ``play-drawn``, ``pass-after-draw``.
        tile: the tile that caused a continuation.
        previous: for ``next``, the seat whose turn ended, and ``ended_by``
            (an :class:`EndedBy`) why: ``"no-score"`` (a non-double that did not score, H4),
            ``"drawn"`` (a drawn tile ends the turn, H5), ``"one-tile"``
            (E4), ``"pass"``.
        stock: tiles in the stock.
        max_draw: the most tiles a :class:`Draw` may say did not fit now:
            the stock, or fewer when fewer tiles off the table miss every
            open end (tiles are conserved; S8 refuses more). Not compared.
        reserve: house rule R3: the last tiles of the stock that are never
            drawn (0 by the games' own rules). Not compared.
        may_stop: house rule R1 ``stop``: the seat continues (H4) and, unable
            to play from hand, ends the turn with a pass instead of drawing.
            Not compared.
        lead_double: house rule R10: the seat leads and the lead is a double;
            a seat with none draws until one comes, or passes when nothing can
            be drawn (the next seat then leads). Not compared.
        may_play: house rule R2: after drawing while able and finding no fit
            before the stock ran out (``pass-after-draw``), the seat may still
            play a tile from hand, or pass. Not compared.

    :attr:`can_draw` and :attr:`can_pass` say which of those moves S8 (and
    R1, R3, R10) allow now (the engine refuses the other with a
    :class:`RuleViolation`). ``can_draw`` with ``max_draw == 0``: the seat
    may draw, but the first tile drawn must fit (a ``Play`` with
    ``drawn=True``, no ``Draw``).
    """

    seat: int
    reason: Reason
    tile: Tile | None = None
    previous: int | None = None
    ended_by: EndedBy | None = None
    stock: int = 0
    max_draw: int = field(default=0, compare=False)
    reserve: int = field(default=0, compare=False)
    may_stop: bool = field(default=False, compare=False)
    lead_double: bool = field(default=False, compare=False)
    may_play: bool = field(default=False, compare=False)

    @property
    def drawable(self) -> int:
        """Tiles of the stock that may still be drawn: the stock less R3's undrawn tiles."""
        return max(0, self.stock - self.reserve)

    @property
    def must(self) -> str:
        """``"drawn"`` (only the drawn tile), ``"pass"`` (only a pass), or ``"any"``."""
        if self.reason == PLAY_DRAWN:
            return "drawn"
        if self.reason == PASS_AFTER_DRAW and not self.may_play:
            return "pass"
        return "any"

    @property
    def can_draw(self) -> bool:
        """Whether the seat may draw now (S8): not for a lead (unless R10's double lead), not again
        once a drawn tile fits, not in a continuation that stops (R1), and only from a stock that has
        tiles that may be drawn (R3)."""
        if self.reason in (PLAY_DRAWN, PASS_AFTER_DRAW) or self.may_stop:
            return False
        if self.reason == LEAD and not self.lead_double:
            return False
        return self.stock > self.reserve

    @property
    def can_pass(self) -> bool:
        """Whether the seat may pass now (S8): not for a lead (unless R10's double lead with nothing to
        draw), and only with nothing left to draw (also right after drawing the last tiles without a
        fit), or to end a continuation that stops (R1)."""
        if self.reason == LEAD and not self.lead_double:
            return False
        return self.may_stop or self.stock <= self.reserve


@dataclass(frozen=True, slots=True)
class PlacementInfo:
    """What a placement did, for the screen right after it.

    ``ends`` are the scoring ends after the placement (S6), ``end_sum``
    their sum, ``raw`` the placement points (S7), ``event`` the score event
    (``None`` when the placement earned nothing or, with an exact target, when
    it was the last tile and joins the settlement, E5). ``joins_settlement`` is
    True for that E5 case: the last tile of a hand in a game whose target is
    exact (Exact 61, or R7 ``exactly``), whose ``raw`` counts in the round's
    settlement instead of scoring now.
    """

    move: int
    tile: Tile
    ends: tuple[ScoringEnd, ...]
    end_sum: int
    raw: int
    event: ScoreEvent | None
    joins_settlement: bool = False
    claimed: int | None = None  # R13: the claim, raw (None: no claim, the ends' value scored)
    called: ScoreEvent | None = None  # R13: the Muggins call's award, if one was made
