"""Round settlement: who wins a round and what each side earns.

Pure functions over pip totals (raw pips per seat). They return awards as
data; :mod:`scorekeeper.rules.match` applies them to the scores (all
together in Horse Race, H10; one target-checked event at a time in
Exact 61, E3/E7).

``detail`` dictionaries explain the arithmetic for the screen and the replay
account; their keys are documented on each function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .scoring import round_to_five


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
    over the opponents' seats.
    """
    side = side_of[finisher]
    opponents = {seat: value for seat, value in enumerate(pips) if side_of[seat] != side}
    total = sum(opponents.values())
    rounded = round_to_five(total)
    return Award(side, rounded, detail={"hands": opponents, "total": total, "rounded": rounded})


def horse_race_block(pips: list[int], side_of: list[int]) -> tuple[list[int], list[Award]]:
    """H7/H9: a blocked Horse Race round.

    The side with the lowest pip total wins (partners' hands combined). Every
    side tied for lowest earns one full award: all other sides' pips (the
    other tied winners' included), combined and rounded once; nothing is
    split or subtracted. Returns ``(winning sides, awards in side order)``;
    awards of 0 raw are included (the caller lists only non-zero ones).
    Example: 4, 4, 4, 14 → each of the three lowest earns 22 → 20 raw.
    ``detail``: ``{"totals": [per side], "others": int, "rounded": int}``.
    """
    totals = side_totals(pips, side_of)
    lowest = min(totals)
    winners = [side for side, total in enumerate(totals) if total == lowest]
    awards = []
    for side in winners:
        others = sum(totals) - totals[side]
        rounded = round_to_five(others)
        awards.append(Award(side, rounded, detail={"totals": totals, "others": others, "rounded": rounded}))
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
    """
    side = side_of[finisher]
    opponents = {seat: v for seat, v in enumerate(pips) if side_of[seat] != side}
    partner = {seat: v for seat, v in enumerate(pips) if side_of[seat] == side and seat != finisher}
    opp_total = sum(opponents.values())
    partner_total = sum(partner.values())
    parts = {"play": play_raw, "opponents": round_to_five(opp_total), "partner": -round_to_five(partner_total)}
    detail = {
        "opponent_hands": opponents, "opponents_total": opp_total,
        "partner_hand": partner, "partner_total": partner_total,
    }
    return Award(side, sum(parts.values()), parts=parts, detail=detail)


def exact61_block_order(pips: list[int], starter: int) -> list[int]:
    """E7: seats ordered by pip total, lowest first; ties clockwise from the starter."""
    players = len(pips)
    return sorted(range(players), key=lambda seat: (pips[seat], (seat - starter) % players))


def exact61_block(pips: list[int], side_of: list[int], starter: int) -> tuple[str, list[int], list[Award]]:
    """E7/E8: a blocked Exact 61 round.

    Each hand, lowest first (ties clockwise from ``starter``), is compared
    only with the *larger* hands of opponents: the differences are summed,
    rounded once (S9) and awarded to the hand's side. A partner's hand is
    never compared; equal hands give nothing. Returns
    ``(result, round winners, awards in the order to apply)`` where result
    is ``"block"`` (one side holds the lowest hand(s)) or ``"draw"`` (the
    lowest total is shared by opponents, E8). Zero awards are left out.
    ``detail``: ``{"pips": int, "differences": {seat: diff}, "total": int,
    "rounded": int}``.
    """
    awards = []
    for seat in exact61_block_order(pips, starter):
        mine = pips[seat]
        diffs = {other: pips[other] - mine for other in range(len(pips))
                 if side_of[other] != side_of[seat] and pips[other] > mine}
        total = sum(diffs.values())
        rounded = round_to_five(total)
        if rounded:
            awards.append(Award(side_of[seat], rounded, hand=seat, detail={
                "pips": mine, "differences": diffs, "total": total, "rounded": rounded}))
    lowest = min(pips)
    lowest_sides = {side_of[seat] for seat, value in enumerate(pips) if value == lowest}
    if len(lowest_sides) == 1:
        return "block", sorted(lowest_sides), awards
    return "draw", [], awards
