"""``rotating partners``: tables of four, two sides of two, individual standings, new partners each round.

The present players are ranked by the standings; ``n mod 4`` of them have a
bye (fewest byes had, lowest-ranked first). The rest, at ranks 0..k−1 among
the seated, are paired in two maximum-weight matchings
(:mod:`scorekeeper.club.matching`):

1. partners, minimising (earlier partnerships, (block distance)², (i mod 4 + j mod 4 − 3)²)
   with block = rank // 4: a repeated partner only when no pairing avoids one,
   and otherwise the top four's 1st with 4th and 2nd with 3rd, and so on;
2. the partnerships into tables, minimising (earlier meetings as opponents,
   (difference of the partners' rank sums)²): the blocks of four meet.

Tables are numbered by their best-ranked player.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .errors import PairingError
from .matching import min_cost_pairs
from .results import FixtureResult
from .roster import Roster, Unit
from .rounds import Pairing, Table, bye_counts, check_pairing, fair_byes, next_round
from .scheme import ClubRules
from .swiss import ranked_present


def partner_counts(history: Sequence[Pairing]) -> tuple[Counter[frozenset[str]], Counter[frozenset[str]]]:
    """How often two players were partners, and how often opponents, in ``history``."""
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    for pairing in history:
        for table in pairing.tables:
            for i, side in enumerate(table.sides):
                partners.update(frozenset((a, b)) for j, a in enumerate(side) for b in side[j + 1 :])
                for other in table.sides[i + 1 :]:
                    opponents.update(frozenset((a, b)) for a in side for b in other)
    return partners, opponents


def pair_rotating(
    roster: Roster, rules: ClubRules, history: Sequence[Pairing], results: Sequence[FixtureResult]
) -> Pairing:
    """The next round of rotating partners.

    Raises:
        PairingError: those of :func:`~scorekeeper.club.rounds.next_round`; ``singles_only``
            (an event of fixed partnerships); ``too_few`` (fewer than four present).
    """
    if roster.partnerships:
        raise PairingError(
            "singles_only",
            "rotating partners pairs single players; this event has fixed "
            "partnerships: choose round-robin, Swiss or free",
        )
    round_no = next_round(history, results)
    ranked = [unit for unit, _ in ranked_present(roster, rules, results)]
    if len(ranked) < 4:
        raise PairingError(
            "too_few",
            f"rotating partners needs four or more present, {len(ranked)} present; check in more players",
            present=len(ranked),
        )
    byes = fair_byes(ranked, len(ranked) % 4, bye_counts(history))
    seated = [unit[0] for unit in ranked if unit not in byes]
    rank = {pid: i for i, pid in enumerate(seated)}
    partnered, opposed = partner_counts(history)

    def partner_cost(a: str, b: str) -> tuple[int, ...]:
        i, j = rank[a], rank[b]
        return (partnered[frozenset((a, b))], (i // 4 - j // 4) ** 2, (i % 4 + j % 4 - 3) ** 2)

    sides = [(a, b) for a, b in min_cost_pairs(seated, partner_cost)]

    def table_cost(x: Unit, y: Unit) -> tuple[int, ...]:
        return (
            sum(opposed[frozenset((a, b))] for a in x for b in y),
            (sum(rank[p] for p in x) - sum(rank[p] for p in y)) ** 2,
        )

    tables = min_cost_pairs(sides, table_cost)
    tables.sort(key=lambda t: min(rank[p] for side in t for p in side))
    pairing = Pairing(
        round_no, tuple(Table(i, t) for i, t in enumerate(tables, 1)), tuple(sorted(byes, key=ranked.index))
    )
    check_pairing(roster, pairing, byes_allowed=True)
    return pairing
