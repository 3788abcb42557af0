"""Groups of 3 and 4 for cut-throat tables (7, 10, 13 players), and rotating partners for 8 over 3 rounds."""

from __future__ import annotations

import pytest

from scorekeeper.club import (
    ClubRules,
    FixtureResult,
    Format,
    Pairing,
    PairingError,
    Player,
    Roster,
    pair_round,
    split_tables,
    standings,
)

RULES = ClubRules()


def roster_of(count: int) -> Roster:
    return Roster.of([Player(f"p{n:02}", f"P{n}") for n in range(1, count + 1)])


def seats(pairing: Pairing) -> list[list[int]]:
    """The tables as seed numbers (``p07`` → 7)."""
    return [[int(pid[1:]) for pid in table.players()] for table in pairing.tables]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (3,)),
        (4, (4,)),
        (5, (4,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (3, 3, 3)),
        (10, (4, 3, 3)),
        (11, (4, 4, 3)),
        (12, (4, 4, 4)),
        (13, (4, 3, 3, 3)),
        (14, (4, 4, 3, 3)),
    ],
)
def test_how_players_split_into_tables_of_4_and_3(players, sizes):
    assert split_tables(players) == sizes


def test_threes_only_leave_the_rest_byes():
    assert split_tables(7, (3,)) == (3, 3)
    assert split_tables(13, (3,)) == (3, 3, 3, 3)
    assert split_tables(2) == ()


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        # round 1: everyone on 0, so by seed; largest tables first
        (7, [[1, 2, 3, 4], [5, 6, 7]]),
        (10, [[1, 2, 3, 4], [5, 6, 7], [8, 9, 10]]),
        (13, [[1, 2, 3, 4], [5, 6, 7], [8, 9, 10], [11, 12, 13]]),
    ],
)
def test_groups_round_one_by_seed(players, expected):
    pairing = pair_round(Format.GROUPS, roster_of(players), RULES, [], [])
    assert seats(pairing) == expected
    assert pairing.byes == ()


def test_groups_round_two_by_standings():
    """7 players: in round 1 the last seat of each table wins (p04 at table 1, p07 at table 2): both on 2
    points, level on head-to-head (0) and Buchholz (0), so p04 first by seed. On 0 points: head-to-head
    counts the losers of one table as level with each other (no games won each: a draw, 1 point a
    meeting), so p01, p02, p03 (two meetings: 2) before p05, p06 (one: 1). Round 2 seats 4, 7, 1, 2 |
    3, 5, 6."""
    roster = roster_of(7)
    first = pair_round(Format.GROUPS, roster, RULES, [], [])
    results = [FixtureResult(1, t.number, t.sides, (tuple([40] * (len(t.sides) - 1) + [61]),)) for t in first.tables]
    assert [row.unit[0] for row in standings(roster, RULES, results)][:2] == ["p04", "p07"]
    second = pair_round(Format.GROUPS, roster, RULES, [first], results)
    assert seats(second) == [[4, 7, 1, 2], [3, 5, 6]]


def test_five_players_are_a_table_of_four_and_a_fair_bye():
    """Round 1: the bye goes to the lowest-ranked, p05. Round 2: p05 has had one, so the next lowest-ranked
    without one (all on 0 points after a drawn table: by seed) has it: p04."""
    roster = roster_of(5)
    first = pair_round(Format.GROUPS, roster, RULES, [], [])
    assert (seats(first), first.byes) == ([[1, 2, 3, 4]], (("p05",),))
    results = [*first.bye_results(), FixtureResult(1, 1, first.tables[0].sides, ((50, 50, 50, 50),))]
    second = pair_round(Format.GROUPS, roster, RULES, [first], results)
    # points: p05 2 (the bye), the table's four 1 each (a drawn game: a draw)
    assert (seats(second), second.byes) == ([[5, 1, 2, 3]], (("p04",),))


def test_rotating_partners_for_eight_over_three_rounds():
    """Round 1 by seed: 1+4 v 2+3 and 5+8 v 6+7. Each round the first side of every table wins, so
    round 2's order is 1, 4, 5, 8 (2 points) then 2, 3, 6, 7: partners 1+8 v 4+5, 2+7 v 3+6 — nobody
    partners anyone twice over the three rounds."""
    roster = roster_of(8)
    history: list[Pairing] = []
    results: list[FixtureResult] = []
    partners: list[frozenset[str]] = []
    for _ in range(3):
        pairing = pair_round(Format.ROTATING_PARTNERS, roster, RULES, history, results)
        assert pairing.byes == ()
        players = [p for table in pairing.tables for p in table.players()]
        assert sorted(players) == sorted(roster.ids())
        partners += [frozenset(side) for table in pairing.tables for side in table.sides]
        history.append(pairing)
        results += [FixtureResult(pairing.round, t.number, t.sides, ((61, 30),)) for t in pairing.tables]
    assert [[[int(p[1:]) for p in side] for side in t.sides] for t in history[0].tables] == [
        [[1, 4], [2, 3]],
        [[5, 8], [6, 7]],
    ]
    assert [[[int(p[1:]) for p in side] for side in t.sides] for t in history[1].tables] == [
        [[1, 8], [4, 5]],
        [[2, 7], [3, 6]],
    ]
    assert len(partners) == 12 and len(set(partners)) == 12
    rows = standings(roster, RULES, results)
    assert all(row.played == 3 for row in rows)  # individual standings: every player a row


def test_rotating_partners_nine_players_one_bye():
    pairing = pair_round(Format.ROTATING_PARTNERS, roster_of(9), RULES, [], [])
    assert pairing.byes == (("p09",),)
    assert len(pairing.tables) == 2


@pytest.mark.parametrize(
    ("fmt", "count", "code"),
    [
        (Format.GROUPS, 2, "too_few"),
        (Format.ROTATING_PARTNERS, 3, "too_few"),
        (Format.SWISS, 1, "too_few"),
        (Format.ROUND_ROBIN, 1, "too_few"),
    ],
)
def test_too_few_players_are_refused(fmt, count, code):
    with pytest.raises(PairingError) as refused:
        pair_round(fmt, roster_of(count), RULES, [], [])
    assert refused.value.code == code
