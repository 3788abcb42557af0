"""A worked round-robin of 4 fixed pairs by hand: Berger tables, 3 rounds, all 3 games counted.

The club's rules (a pub league's): all 3 games of a fixture counted; a win 2, a draw 1, a loss 0, and the
loser's bonus point for a fixture lost 1–2 (lost by one game); tie-breaks games won, then points
difference, then head-to-head. Pairs P1..P4 (seeds 1..4).

Berger tables for 4: round 1 P1–P4, P2–P3; round 2 P4–P3, P1–P2; round 3 P2–P4, P3–P1.

    round 1  P1–P4 61–50 40–61 61–55: P1 2–1 (P1 2, P4 0+1 bonus), diff P1 11−21+6 = −4
             P2–P3 61–30 61–45 61–50: P2 3–0 (P2 2, P3 0),        diff P2 31+16+11 = 58
    round 2  P4–P3 61–58 50–61 61–40: P4 2–1 (P4 2, P3 0+1),      diff P4 3−11+21 = 13
             P1–P2 61–20 45–61 59–61: P2 2–1 (P2 2, P1 0+1),      diff P1 41−16−2 = 23
    round 3  P2–P4 61–57 30–61 52–61: P4 2–1 (P4 2, P2 0+1),      diff P2 4−31−9 = −36
             P3–P1 40–61 35–61 44–61: P1 3–0 (P1 2, P3 0),        diff P1 21+26+17 = 64

Points: P1 2+1+2 = 5, P2 2+2+1 = 5, P4 1+2+2 = 5, P3 0+1+0 = 1.
Games won: P1 2+1+3 = 6, P2 3+2+1 = 6, P4 1+2+2 = 5, P3 0+1+0 = 1 → P4 third on games won.
Points difference: P1 −4+23+64 = 83, P2 58−23−36 = −1 → P1 first on points difference.
P4 4+13+36 = 53, P3 −58−13−64 = −135 (the four add up to 0).
"""

from __future__ import annotations

import pytest

from scorekeeper.club import (
    ClubRules,
    Criterion,
    FixtureLength,
    FixtureResult,
    Format,
    LengthKind,
    LoserBonus,
    Pairing,
    PairingError,
    Player,
    PointsScheme,
    Roster,
    berger_round,
    pair_round,
    standings,
)

P1, P2, P3, P4 = ("a1", "a2"), ("b1", "b2"), ("c1", "c2"), ("d1", "d2")
RULES = ClubRules(
    scheme=PointsScheme(win=2, draw=1, loss=0, loser_bonus=LoserBonus(points=1, within=1)),
    length=FixtureLength(LengthKind.ALL_COUNTED, 3),
    tie_breaks=(Criterion.GAMES_WON, Criterion.POINTS_DIFFERENCE, Criterion.HEAD_TO_HEAD),
)
SCORES = {  # (round, table): the games, side by side as the table seats them
    (1, 1): ((61, 50), (40, 61), (61, 55)),
    (1, 2): ((61, 30), (61, 45), (61, 50)),
    (2, 1): ((61, 58), (50, 61), (61, 40)),
    (2, 2): ((61, 20), (45, 61), (59, 61)),
    (3, 1): ((61, 57), (30, 61), (52, 61)),
    (3, 2): ((40, 61), (35, 61), (44, 61)),
}


def test_berger_tables_for_four_and_six():
    assert [berger_round(4, r) for r in (1, 2, 3)] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert [berger_round(6, r) for r in range(1, 6)] == [  # FIDE's table for 5-6 players
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ]


def test_four_fixed_pairs_round_robin_by_hand():
    roster = Roster.of([Player(pid, pid.upper()) for pid in (*P1, *P2, *P3, *P4)], partnerships=(P1, P2, P3, P4))
    history: list[Pairing] = []
    results: list[FixtureResult] = []
    for expected in ([(P1, P4), (P2, P3)], [(P4, P3), (P1, P2)], [(P2, P4), (P3, P1)]):
        pairing = pair_round(Format.ROUND_ROBIN, roster, RULES, history, results)
        assert [table.sides for table in pairing.tables] == expected
        assert pairing.byes == ()
        history.append(pairing)
        results += [
            FixtureResult(pairing.round, t.number, t.sides, SCORES[pairing.round, t.number]) for t in pairing.tables
        ]

    rows = standings(roster, RULES, results)
    got = [
        (r.place, r.unit, r.points, r.won, r.lost, r.games_won, r.games_lost, r.points_difference, r.placed_by)
        for r in rows
    ]
    assert got == [
        (1, P1, 5, 2, 1, 6, 3, 83, Criterion.POINTS_DIFFERENCE),
        (2, P2, 5, 2, 1, 6, 3, -1, Criterion.POINTS_DIFFERENCE),
        (3, P4, 5, 2, 1, 5, 4, 53, Criterion.GAMES_WON),
        (4, P3, 1, 0, 3, 1, 8, -135, Criterion.POINTS),
    ]


def test_a_pair_away_leaves_its_opponent_a_bye_and_the_schedule_ends():
    roster = Roster.of([Player(pid, pid) for pid in (*P1, *P2, *P3, *P4)], partnerships=(P1, P2, P3, P4))
    history: list[Pairing] = []
    results: list[FixtureResult] = []
    for round_no in (1, 2, 3):
        if round_no == 2:
            roster = roster.check_out("c2")  # P3 away for round 2: P4, its opponent then, has a bye
        if round_no == 3:
            roster = roster.check_in("c2")
        pairing = pair_round(Format.ROUND_ROBIN, roster, RULES, history, results)
        if round_no == 2:
            assert [t.sides for t in pairing.tables] == [(P1, P2)]
            assert pairing.byes == (P4,)
        history.append(pairing)
        results += [
            *pairing.bye_results(),
            *(FixtureResult(pairing.round, t.number, t.sides, ((61, 0), (61, 0), (61, 0))) for t in pairing.tables),
        ]
    row_p4 = next(r for r in standings(roster, RULES, results) if r.unit == P4)
    assert (row_p4.played, row_p4.byes) == (2, 1)
    with pytest.raises(PairingError) as refused:
        pair_round(Format.ROUND_ROBIN, roster, RULES, history, results)
    assert (refused.value.code, refused.value.params) == ("round_robin_over", {"rounds": 3})
