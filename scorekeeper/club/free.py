"""``free``: the organiser forms the tables by hand (a casual club night); the results still count.

Nothing is computed: the tables are checked (nobody twice, nobody unknown,
absent or withdrawn; no byes: whoever is not seated sits the round out and
scores nothing) and numbered in the order given.
"""

from __future__ import annotations

from collections.abc import Sequence

from .results import FixtureResult
from .roster import Roster, Unit
from .rounds import Pairing, Table, check_pairing, next_round


def pair_free(
    roster: Roster,
    history: Sequence[Pairing],
    results: Sequence[FixtureResult],
    tables: Sequence[Sequence[Unit]],
    byes: Sequence[Unit] = (),
) -> Pairing:
    """The organiser's ``tables`` (each a sequence of sides) as the next round, numbered from 1.

    Raises:
        PairingError: those of :func:`~scorekeeper.club.rounds.next_round` and
            :func:`~scorekeeper.club.rounds.check_pairing` (``byes`` given: ``no_byes``).
    """
    round_no = next_round(history, results)
    # a fixed pair named in either order is the roster's partnership (the unit the standings rank)
    teams = {frozenset(team): team for team in roster.partnerships}

    def unit(side: Sequence[str]) -> Unit:
        return teams.get(frozenset(side), tuple(side))

    pairing = Pairing(
        round_no,
        tuple(Table(i, tuple(unit(side) for side in sides)) for i, sides in enumerate(tables, 1)),
        tuple(unit(u) for u in byes),
    )
    check_pairing(roster, pairing, byes_allowed=False)
    return pairing
