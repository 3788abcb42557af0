"""``groups``: tables of 3 or 4 by the standings, for cut-throat games (every player for themselves).

How ``n`` present players split (:func:`split_tables`, tables of 4 preferred):
as many players seated as possible, then as many tables of 4 as possible —
6 = 3+3, 7 = 4+3, 8 = 4+4, 9 = 3+3+3, 10 = 4+3+3, 11 = 4+4+3, 12 = 4+4+4,
13 = 4+3+3+3, and so on (every n ≥ 6 seats everyone). Where no split seats
everyone the rest have byes: 5 = 4 + 1 bye (and 3 or 4 players are one
table). Tables are listed largest first and filled in standings order (the
top players at table 1); the byes go to the players with the fewest byes,
lowest-ranked first. ``sizes=(3,)`` plays threes only (7 = 3+3 + 1 bye).
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import PairingError
from .results import FixtureResult
from .roster import Roster
from .rounds import Pairing, Table, bye_counts, check_pairing, fair_byes, next_round
from .scheme import ClubRules
from .swiss import ranked_present


def split_tables(players: int, sizes: Sequence[int] = (4, 3)) -> tuple[int, ...]:
    """Table sizes for ``players``: the most seated, then the most tables of ``sizes[0]``, largest first.

    Raises:
        PairingError: ``group_sizes`` (sizes other than 3 and 4, or none).
    """
    if not sizes or any(s not in (3, 4) for s in sizes) or len(set(sizes)) != len(sizes):
        raise PairingError(
            "group_sizes",
            f"tables of {list(sizes)} cannot be grouped; choose tables of 3, of 4, or of 3 and 4",
            sizes=list(sizes),
        )
    first, *rest = sizes
    for seated in range(players, -1, -1):
        for count in range(seated // first, -1, -1):
            left = seated - count * first
            if not rest and left == 0:
                return (first,) * count
            if rest and left % rest[0] == 0:
                return tuple(sorted((first,) * count + (rest[0],) * (left // rest[0]), reverse=True))
    return ()


def pair_groups(
    roster: Roster,
    rules: ClubRules,
    history: Sequence[Pairing],
    results: Sequence[FixtureResult],
    *,
    sizes: Sequence[int] = (4, 3),
) -> Pairing:
    """The next round of cut-throat tables.

    Raises:
        PairingError: those of :func:`~scorekeeper.club.rounds.next_round` and of
            :func:`split_tables`; ``singles_only`` (an event of fixed pairs); ``too_few``
            (fewer players present than the smallest table).
    """
    if roster.partnerships:
        raise PairingError(
            "singles_only",
            "groups are cut-throat tables of single players; this event has fixed "
            "partnerships: choose round-robin, Swiss or free",
        )
    round_no = next_round(history, results)
    ranked = [unit for unit, _ in ranked_present(roster, rules, results)]
    layout = split_tables(len(ranked), sizes)
    if not layout:
        raise PairingError(
            "too_few",
            f"{len(ranked)} present cannot fill a table of {min(sizes)}; check in more players",
            present=len(ranked),
            smallest=min(sizes),
        )
    byes = fair_byes(ranked, len(ranked) - sum(layout), bye_counts(history))
    seated = [unit for unit in ranked if unit not in byes]
    tables = []
    start = 0
    for number, size in enumerate(layout, 1):
        tables.append(Table(number, tuple(seated[start : start + size])))
        start += size
    pairing = Pairing(round_no, tuple(tables), tuple(sorted(byes, key=ranked.index)))
    check_pairing(roster, pairing, byes_allowed=True)
    return pairing
