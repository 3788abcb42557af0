"""Round settlement: who wins a round and what each side earns.

Pure functions over pip totals (raw pips per seat). They return awards as
data; :mod:`scorekeeper.rules.match` applies them to the scores (all
together with an "at least" target, H10; one target-checked event at a time
with an exact one, E3/E7).

:func:`domino_award` and :func:`block_awards` serve every game: the game's
own rules and house rules are their arguments (R4 block award, R5 ties, R6
rounding, R8 the partner's pips). The RULES.md functions below them
(:func:`horse_race_domino`, :func:`horse_race_block`, :func:`exact61_settlement`,
:func:`exact61_block`) are those with the two games' own values.

``detail`` dictionaries explain the arithmetic for the screen and the replay
account; their keys are documented on each function.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .scoring import GO_POINTS, RAW_PER_POINT, round_to_five


@dataclass(frozen=True, slots=True)
class Award:
    """Raw points earned by ``side`` in a settlement.

    ``hand`` is the seat whose hand earns it (Exact 61 block, E7), else None.
    ``parts`` is set for an Exact 61 settlement (E6). ``detail`` explains it.
    """

    side: int
    raw: int
    hand: int | None = None
    parts: dict[str, int] | None = None
    detail: dict[str, Any] | None = None


def count(values: Iterable[int], per_hand: bool = False) -> int:
    """Hand counts as raw points: the combined total rounded once to the nearest 5 (S9), or with
    R6 ``per-hand`` each hand rounded on its own and the results added.

    ``values``: raw pips of the hands counted. Kelley's table (1–2 pips → 0, 3–7 → 1 point, 8–12
    → 2 points, …) is S9's rounding of the combined total: the same numbers. Example: hands 7 and 8:
    15 → 15 combined; 5 + 10 = 15 per hand; hands 2 and 2: 4 → 5 combined, 0 + 0 = 0 per hand.
    """
    if per_hand:
        return sum(round_to_five(value) for value in values)
    return round_to_five(sum(values))


def domino_award(
    finisher: int,
    pips: list[int],
    side_of: list[int],
    *,
    play_raw: int = 0,
    joins: bool = False,
    partner_subtracted: bool = False,
    per_hand: bool = False,
) -> Award:
    """The award of the side that went out (H8, E6; R6, R8), as one event.

    ``pips``: raw pips per seat. The opponents' pips are counted (:func:`count`: combined and
    rounded once, or per hand with R6); with ``partner_subtracted`` (E6, R8) the partner's pips are
    rounded separately and subtracted (the award may be negative, E6 reading); with ``joins``
    (E5/E6) the last tile's placement points ``play_raw`` are part of the same event.

    ``parts`` (raw): ``{"play", "opponents", "partner"}`` when ``joins`` (``partner`` ≤ 0);
    ``{"opponents", "partner"}`` when only the partner is subtracted and there is one; else None.
    ``detail`` (for explanations): without ``joins`` ``{"hands": {seat: pips}, "total", "rounded"}``
    over the opponents (plus ``"partner_hand"``, ``"partner_total"``, ``"partner_rounded"`` when
    subtracted); with ``joins`` ``{"opponent_hands", "opponents_total", "partner_hand",
    "partner_total"}``; with R6 per hand also ``"each"``: ``{seat: rounded}`` of the opponents.
    """
    side = side_of[finisher]
    opponents = {seat: value for seat, value in enumerate(pips) if side_of[seat] != side}
    partner = (
        {seat: value for seat, value in enumerate(pips) if side_of[seat] == side and seat != finisher}
        if partner_subtracted
        else {}
    )
    total, partner_total = sum(opponents.values()), sum(partner.values())
    rounded = count(opponents.values(), per_hand)
    minus = -count(partner.values(), per_hand) if partner else 0
    each = {seat: round_to_five(value) for seat, value in opponents.items()} if per_hand else None
    if joins:
        parts = {"play": play_raw, "opponents": rounded, "partner": minus}
        detail: dict[str, Any] = {
            "opponent_hands": opponents,
            "opponents_total": total,
            "partner_hand": partner,
            "partner_total": partner_total,
        }
        if each is not None:
            detail["opponents_each"] = each
        return Award(side, sum(parts.values()), parts=parts, detail=detail)
    detail = {"hands": opponents, "total": total, "rounded": rounded}
    if each is not None:
        detail["each"] = each
    if not partner:
        return Award(side, rounded, detail=detail)
    detail.update(partner_hand=partner, partner_total=partner_total, partner_rounded=-minus)
    return Award(side, rounded + minus, parts={"opponents": rounded, "partner": minus}, detail=detail)


def go_award(finisher: int, side_of: list[int], *, play_raw: int = 0, joins: bool = False) -> Award:
    """R12 ``fives-and-threes``: the side that went out ("chipped out") earns 1 point for the go
    (:data:`~scorekeeper.rules.scoring.GO_POINTS`, 5 raw); the hands left are not counted.

    With ``joins`` (an exact target: E5/E6's one event, as the pub rule scores the go "at the same time
    as the normal score for the play") the last tile's placement points ``play_raw`` are part of it.
    ``parts`` (raw): ``{"play", "go"}`` when ``joins``, else None. ``detail``: ``{"go": 1}`` (points).
    Example: the last tile makes 6 (2 points, 10 raw): joined 10 + 5 = 15 raw, 3 points.
    """
    go = GO_POINTS * RAW_PER_POINT
    if joins:
        return Award(side_of[finisher], play_raw + go, parts={"play": play_raw, "go": go}, detail={"go": GO_POINTS})
    return Award(side_of[finisher], go, detail={"go": GO_POINTS})


def block_awards(
    pips: list[int],
    side_of: list[int],
    starter: int,
    award: str = "opponents",
    ties: str = "each",
    per_hand: bool = False,
    in_turn: bool = False,
) -> tuple[str, list[int], list[Award]]:
    """A blocked round for every game: ``(result, round winners, awards in the order to apply)``.

    ``award`` (R4): ``"opponents"`` (H7–H9: the side with the lowest total, partners' hands
    combined, earns all other sides' pips), ``"difference"`` (that side earns the other sides' pips
    minus its own, never below 0) or ``"cascade"`` (E7/E8: every hand, lowest first, earns the
    differences to the larger opponent hands; see :func:`exact61_block`). ``ties`` (R5) for a
    lowest total (or lowest hand, cascade) shared by several sides: ``"each"`` (H9 / E7: each earns
    its own award), ``"nobody"`` (no award; the round is a ``"draw"``) or ``"split"`` (not with
    cascade: the tied sides share the award: the pips counted, divided by how many are tied, in
    whole pips, rounded once). ``per_hand`` (R6): each hand's pips rounded on its own before
    adding or subtracting. ``in_turn``: awards ordered clockwise from ``starter`` (an exact target
    applies them one at a time, E7) rather than in side order.

    ``result`` is ``"block"`` or ``"draw"`` (E8, or R5 ``nobody``); awards of 0 raw are included
    for ``opponents``/``difference`` (the caller lists only non-zero ones) and left out for
    ``cascade``. ``detail``: ``{"totals": [per side], "others": int, "rounded": int}`` (plus
    ``"own"`` and ``"difference"`` for ``difference``; ``"award"`` (the award as counted, before
    sharing), ``"shared"`` (sides) and ``"share"`` (pips) with ``split``; ``"each"`` with R6),
    cascade as :func:`exact61_block`.
    """
    if award == "cascade":
        result, winners, awards = exact61_block(pips, side_of, starter, per_hand)
        if ties == "nobody" and result == "draw":
            return "draw", [], []
        return result, winners, awards
    totals = side_totals(pips, side_of)
    lowest = min(totals)
    tied = [side for side, total in enumerate(totals) if total == lowest]
    if len(tied) > 1 and ties == "nobody":
        return "draw", [], []
    shared = len(tied) if ties == "split" else 1
    awards = []
    for side in tied:
        others = [value for seat, value in enumerate(pips) if side_of[seat] != side]
        own = [value for seat, value in enumerate(pips) if side_of[seat] == side]
        counted = count(others, per_hand) if per_hand else sum(others)
        detail: dict[str, Any] = {"totals": totals, "others": sum(others)}
        if award == "difference":
            own_counted = count(own, per_hand) if per_hand else sum(own)
            counted = max(0, counted - own_counted)
            detail.update(own=sum(own), difference=counted)
        if shared > 1:  # R5 split: the award as counted (R4, R6: per hand, already rounded) is shared
            detail.update(award=counted, shared=shared, share=counted // shared)
            counted //= shared
        rounded = counted if per_hand and shared == 1 else round_to_five(counted)
        if per_hand:
            detail["each"] = {seat: round_to_five(value) for seat, value in enumerate(pips)}
        detail["rounded"] = rounded
        awards.append(Award(side, rounded, detail=detail))
    if in_turn:  # E7's order: clockwise from the starter (a side by its first seat from there)
        players = len(pips)
        awards.sort(key=lambda a: min((seat - starter) % players for seat in range(players) if side_of[seat] == a.side))
    return "block", tied, awards


def side_totals(pips: list[int], side_of: list[int]) -> list[int]:
    """Pip total per side: an individual's hand, or both partners' combined (H7)."""
    totals = [0] * (max(side_of) + 1)
    for seat, value in enumerate(pips):
        totals[side_of[seat]] += value
    return totals


def horse_race_domino(finisher: int, pips: list[int], side_of: list[int]) -> Award:
    """H8: the side that went out earns the opponents' pips, combined and rounded once.

    ``pips`` is raw pips per seat. The finisher's own hand (empty) and a
    partner's hand are not counted and nothing is subtracted.
    Example: partner 7, opponents 9 + 8 = 17 → 15 raw (3 points).
    ``detail``: ``{"hands": {seat: pips}, "total": int, "rounded": int}``
    over the opponents' seats. (:func:`domino_award` with H8's values.)
    """
    return domino_award(finisher, pips, side_of)


def horse_race_block(pips: list[int], side_of: list[int]) -> tuple[list[int], list[Award]]:
    """H7/H9: a blocked Horse Race round.

    The side with the lowest pip total wins (partners' hands combined). Every
    side tied for lowest earns one full award: all other sides' pips (the
    other tied winners' included), combined and rounded once; nothing is
    split or subtracted. Returns ``(winning sides, awards in side order)``;
    awards of 0 raw are included (the caller lists only non-zero ones).
    Example: 4, 4, 4, 14 → each of the three lowest earns 22 → 20 raw.
    ``detail``: ``{"totals": [per side], "others": int, "rounded": int}``.
    (:func:`block_awards` with H7–H9's values.)
    """
    _, winners, awards = block_awards(pips, side_of, 0)
    return winners, awards


def exact61_settlement(finisher: int, play_raw: int, pips: list[int], side_of: list[int]) -> Award:
    """E6: going out in Exact 61, as ONE event.

    ``play_raw`` is the last tile's placement points (S7). Opponents' pips
    are combined and rounded once; with partners, the partner's pips are
    rounded separately and subtracted (never combined with the opponents'
    before rounding). The total may be negative (E6 reading).
    Example: 20 + (4 + 5 = 9 → 10) − (7 → 5) = 25 raw.
    ``parts``: ``{"play", "opponents", "partner"}`` raw, ``partner`` ≤ 0.
    ``detail``: ``{"opponent_hands": {seat: pips}, "opponents_total": int,
    "partner_hand": {seat: pips}, "partner_total": int}``.
    (:func:`domino_award` with E6's values.)
    """
    return domino_award(finisher, pips, side_of, play_raw=play_raw, joins=True, partner_subtracted=True)


def exact61_block_order(pips: list[int], starter: int) -> list[int]:
    """E7: seats ordered by pip total, lowest first; ties clockwise from the starter."""
    players = len(pips)
    return sorted(range(players), key=lambda seat: (pips[seat], (seat - starter) % players))


def exact61_block(
    pips: list[int], side_of: list[int], starter: int, per_hand: bool = False
) -> tuple[str, list[int], list[Award]]:
    """E7/E8: a blocked Exact 61 round.

    Each hand, lowest first (ties clockwise from ``starter``), is compared
    only with the *larger* hands of opponents: the differences are summed,
    rounded once (S9) and awarded to the hand's side. A partner's hand is
    never compared; equal hands give nothing. Returns
    ``(result, round winners, awards in the order to apply)`` where result
    is ``"block"`` (one side holds the lowest hand(s)) or ``"draw"`` (the
    lowest total is shared by opponents, E8). Zero awards are left out.
    ``detail``: ``{"pips": int, "differences": {seat: diff}, "total": int,
    "rounded": int}``. With ``per_hand`` (R6) each difference is rounded on
    its own before adding.
    """
    awards = []
    for seat in exact61_block_order(pips, starter):
        mine = pips[seat]
        diffs = {
            other: pips[other] - mine
            for other in range(len(pips))
            if side_of[other] != side_of[seat] and pips[other] > mine
        }
        total = sum(diffs.values())
        rounded = count(diffs.values(), per_hand)
        if rounded:
            awards.append(
                Award(
                    side_of[seat],
                    rounded,
                    hand=seat,
                    detail={"pips": mine, "differences": diffs, "total": total, "rounded": rounded},
                )
            )
    lowest = min(pips)
    lowest_sides = {side_of[seat] for seat, value in enumerate(pips) if value == lowest}
    if len(lowest_sides) == 1:
        return "block", sorted(lowest_sides), awards
    return "draw", [], awards


def misplay_penalty(
    offender: int, side_of: list[int], kind: str, amount: int, target: int, score_raw: int
) -> list[Award]:
    """R14 ``misplay: penalty``: the awards for one proven S8 offence (a draw or pass while able to play).

    ``offender`` is the seat that drew or passed, ``side_of`` each seat's side (partners share one),
    ``kind`` the ``misplay_kind`` value, ``amount`` the ``misplay_amount`` (1 to 50 points, a percent of
    the target under ``target-share``), ``target`` the match target in points, ``score_raw`` the
    offender's side's score in raw points (5 raw to a point).

    Returns raw-point awards, each with ``detail`` ``{"rule": "R14", "kind", "amount", "points",
    "offender"}``: ``opponents-score`` and ``target-share`` one award per other side of ``amount``
    points (``target-share``: ``amount`` % of ``target`` rounded down, at least 1 point);
    ``offender-loses`` one negative award to the offender's side, never below a score of 0 (an empty
    list when it has nothing to lose). Raises ``ValueError`` for a kind R14 does not take (the option's
    check refuses it first, :func:`~scorekeeper.rules.house.check_house_rules`).
    """
    own = side_of[offender]
    if kind == "target-share":
        points = max(1, target * amount // 100)
    elif kind in ("opponents-score", "offender-loses"):
        points = amount
    else:
        raise ValueError(f"misplay_kind {kind!r}")
    detail = {"rule": "R14", "kind": kind, "amount": amount, "points": points, "offender": offender}
    if kind == "offender-loses":
        lost = min(points * RAW_PER_POINT, max(0, score_raw))
        return [Award(own, -lost, detail={**detail, "points": lost // RAW_PER_POINT})] if lost else []
    others = sorted({side for side in side_of if side != own})
    return [Award(side, points * RAW_PER_POINT, detail=detail) for side in others]
