"""``swiss``: each round paired by the standings, no rematch where one can be avoided, a fair bye.

The present units are ranked by the standings (points, the club's
tie-breaks, seed, id); with an odd count a *bye* node joins. The round is a
maximum-weight perfect matching (:mod:`scorekeeper.club.matching`) minimising,
in this order:

1. byes already had by the unit given the bye (a second bye only when everyone has had one);
2. rematches (each earlier meeting of two units counts);
3. the bye's rank: the lowest-ranked eligible unit gets it;
4. Σ (points difference)² over the tables: equals meet equals;
5. Σ (rank difference)² over the tables: neighbours in the standings meet (1–2, 3–4, ...).

Round 1 (all on 0 points) is therefore 1–2, 3–4, ... by seed. This is a
club's "Swiss by standings", not FIDE's Dutch system (which splits score
groups in halves).

In a field of more than 24 units the matching first offers each unit only
the 12 above and below it in the ranking (and the bye node everyone):
networkx's matching takes time cubic in the field, and pairs so far apart
are not wanted. If that leaves anyone unpaired, a rematch or a second bye,
the round is matched again with everyone a candidate, so wishes 1 and 2 hold
exactly; wishes 3–5 are met within the window.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import PairingError
from .matching import min_cost_pairs
from .results import FixtureResult
from .roster import Roster, Unit
from .rounds import Pairing, Table, bye_counts, check_pairing, met_counts, next_round
from .scheme import ClubRules
from .standings import standings

BYE: Unit = ()  # the bye's node in the matching: no unit is empty
WINDOW = 12  # in a field of more than 2 × WINDOW, first try opponents at most this many places apart


def ranked_present(roster: Roster, rules: ClubRules, results: Sequence[FixtureResult]) -> list[tuple[Unit, int]]:
    """The present units best first, with their points."""
    present = set(roster.present_units())
    return [(row.unit, row.points) for row in standings(roster, rules, results) if row.unit in present]


def pair_swiss(
    roster: Roster, rules: ClubRules, history: Sequence[Pairing], results: Sequence[FixtureResult]
) -> Pairing:
    """The next Swiss round (see the module doc for the order of the wishes).

    Raises:
        PairingError: those of :func:`~scorekeeper.club.rounds.next_round`; ``too_few``
            (fewer than two units present). ResultError: bad results (the standings').
    """
    round_no = next_round(history, results)
    ranked = ranked_present(roster, rules, results)
    if len(ranked) < 2:
        raise PairingError(
            "too_few",
            f"a Swiss round needs two or more present, {len(ranked)} present; check in the players first",
            present=len(ranked),
        )
    position = {unit: i for i, (unit, _) in enumerate(ranked)}
    points = dict(ranked)
    met = met_counts(history)
    had = bye_counts(history)
    nodes = [unit for unit, _ in ranked] + ([BYE] if len(ranked) % 2 else [])
    last = len(ranked) - 1

    def cost(a: Unit, b: Unit) -> tuple[int, ...]:
        if b == BYE:
            return (had[a], 0, last - position[a], 0, 0)
        return (0, met[frozenset((a, b))], 0, (points[a] - points[b]) ** 2, (position[a] - position[b]) ** 2)

    pairs = min_cost_pairs(nodes, cost, window=WINDOW, anyone=BYE) if len(nodes) > 2 * WINDOW else []
    fewest_byes = min(had[unit] for unit, _ in ranked)
    if (
        len(pairs) * 2 < len(nodes)
        or any(met[frozenset(pair)] for pair in pairs)
        or any(b == BYE and had[a] > fewest_byes for a, b in pairs)
    ):
        # everyone a candidate: a second bye or a rematch only if none can be avoided
        pairs = min_cost_pairs(nodes, cost)
    tables: list[tuple[Unit, ...]] = []
    byes: tuple[Unit, ...] = ()
    for a, b in pairs:
        if b == BYE:
            byes = (a,)
        else:
            tables.append((a, b))
    pairing = Pairing(round_no, tuple(Table(i, sides) for i, sides in enumerate(tables, 1)), byes)
    check_pairing(roster, pairing, byes_allowed=True)
    return pairing
