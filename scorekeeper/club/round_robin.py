"""``round-robin``: everyone meets everyone once, by Berger tables (singles or fixed pairs as units).

The entrants are fixed by round 1 (the units paired or given a bye then, in
seed order); with an odd count a dummy joins and whoever meets it has a bye.
Round ``r`` of ``n`` slots (``n`` even, ``m = n − 1``): table 1 seats slot
``n`` against slot ``a = 1 + (r − 1)·n/2`` (mod ``m``, in 1..m), slot ``a``
first in odd rounds; table ``k`` seats ``a + (k − 1)`` against ``a − (k − 1)``
(mod ``m``). For 4: round 1 1–4, 2–3; round 2 4–3, 1–2; round 3 2–4, 3–1 —
the FIDE Berger tables. A unit away (absent or withdrawn) in a round leaves
its opponent a bye.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import PairingError
from .results import FixtureResult
from .roster import Roster, Unit
from .rounds import Pairing, Table, check_pairing, next_round


def berger_round(slots: int, round_no: int) -> list[tuple[int, int]]:
    """Round ``round_no`` (1-based) of the Berger tables for ``slots`` (even) entrants: 1-based slot pairs,
    table 1 first, the first slot of each pair seated first."""
    m = slots - 1

    def wrap(x: int) -> int:
        return (x - 1) % m + 1

    a = wrap(1 + (round_no - 1) * (slots // 2))
    pairs = [(a, slots) if round_no % 2 else (slots, a)]
    pairs += [(wrap(a + k), wrap(a - k)) for k in range(1, slots // 2)]
    return pairs


def entrants(roster: Roster, history: Sequence[Pairing]) -> list[Unit]:
    """The round-robin's units in seed order: those of round 1, or those present before it."""
    units = list(history[0].units()) if history else list(roster.present_units())
    return sorted(units, key=lambda u: (roster.unit_seed(u), u))


def pair_round_robin(roster: Roster, history: Sequence[Pairing], results: Sequence[FixtureResult]) -> Pairing:
    """The next round of the Berger tables.

    Raises:
        PairingError: those of :func:`~scorekeeper.club.rounds.next_round`; ``too_few``
            (fewer than two units); ``round_robin_over`` (every round has been paired);
            ``round_robin_closed`` (a unit present now that was not in round 1: a
            round-robin's entrants are fixed when it starts).
    """
    round_no = next_round(history, results)
    units = entrants(roster, history)
    if len(units) < 2:
        raise PairingError(
            "too_few",
            f"a round-robin needs two or more entrants, {len(units)} present; check in the players first",
            present=len(units),
        )
    late = [u for u in roster.present_units() if u not in units]
    if late:
        raise PairingError(
            "round_robin_closed",
            f"{late!r} joined after round 1; a round-robin's entrants are "
            "fixed when it starts: check them out, or start a new event",
            units=late,
        )
    slots: list[Unit | None] = [*units, None] if len(units) % 2 else list(units)
    rounds = len(slots) - 1
    if round_no > rounds:
        raise PairingError(
            "round_robin_over",
            f"all {rounds} rounds of the round-robin have been paired; the event is over",
            rounds=rounds,
        )
    present = set(roster.present_units())
    tables: list[tuple[Unit, ...]] = []
    byes: list[Unit] = []
    for first, second in berger_round(len(slots), round_no):
        here = [u for u in (slots[first - 1], slots[second - 1]) if u is not None and u in present]
        if len(here) == 2:
            tables.append(tuple(here))
        else:
            byes.extend(here)
    pairing = Pairing(
        round_no, tuple(Table(i, sides) for i, sides in enumerate(tables, 1)), tuple(sorted(byes, key=units.index))
    )
    check_pairing(roster, pairing, byes_allowed=True)
    return pairing
