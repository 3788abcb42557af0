"""Small standings cases by hand: a cut-throat table of three, a shared place, a pub league's 5–4 fixture."""

from __future__ import annotations

from fractions import Fraction

from scorekeeper.club import (
    ClubRules,
    Criterion,
    Decided,
    FixtureLength,
    FixtureResult,
    LengthKind,
    LoserBonus,
    Player,
    PointsScheme,
    Roster,
    standings,
)

ABC = Roster.of([Player(p, p.upper()) for p in "abc"])
CUT_THROAT = FixtureResult(1, 1, (("a",), ("b",), ("c",)), ((61, 40, 20),))


def test_a_cut_throat_table_of_three():
    """a 61, b 40, c 20 in one game: a wins (2 points); b and c lose, and against each other neither won a
    game: a drawn meeting. Points difference, opponent by opponent: a (61−40)+(61−20) = 62,
    b (40−61)+(40−20) = −1, c (20−61)+(20−40) = −61. Buchholz: a 0 + 0 = 0, b a 2 + c 0 = 2, c 2.
    Level on points, head-to-head (1 each, the drawn meeting) and Buchholz (2): b and c share 2nd."""
    rows = standings(ABC, ClubRules(tie_breaks=(Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ)), [CUT_THROAT])
    got = [
        (
            r.place,
            r.unit,
            r.points,
            r.points_for,
            r.points_against,
            r.points_difference,
            r.buchholz,
            r.head_to_head,
            r.placed_by,
            r.shared,
        )
        for r in rows
    ]
    assert got == [
        (1, ("a",), 2, 61, 60, 62, 0, None, Criterion.POINTS, False),
        (2, ("b",), 0, 40, 81, -1, 2, 1, None, True),
        (2, ("c",), 0, 20, 101, -61, 2, 1, None, True),
    ]
    by_difference = standings(ABC, ClubRules(tie_breaks=(Criterion.POINTS_DIFFERENCE,)), [CUT_THROAT])
    assert [(r.place, r.unit[0], r.placed_by) for r in by_difference] == [
        (1, "a", Criterion.POINTS),
        (2, "b", Criterion.POINTS_DIFFERENCE),
        (3, "c", Criterion.POINTS_DIFFERENCE),
    ]


def test_a_pub_fixture_of_nine_lost_five_four():
    """All 9 games counted, a win 2, a loss 0, per-game points on, the loser's bonus point for losing by one
    game: a wins 5–4 (2 + 5 = 7), b loses 4–5 (0 + 1 + 4 = 5). Lost 3–6 earns no bonus (0 + 3 = 3)."""
    rules = ClubRules(
        scheme=PointsScheme(win=2, loss=0, loser_bonus=LoserBonus(points=1, within=1), per_game=True),
        length=FixtureLength(LengthKind.ALL_COUNTED, 9),
    )
    five_four = tuple([(61, 30)] * 5 + [(30, 61)] * 4)
    six_three = tuple([(61, 30)] * 6 + [(30, 61)] * 3)
    roster = Roster.of([Player(p, p) for p in "abcd"])
    rows = standings(
        roster,
        rules,
        [
            FixtureResult(1, 1, (("a",), ("b",)), five_four),
            FixtureResult(1, 2, (("c",), ("d",)), six_three, Decided.PAPER),
        ],
    )
    assert {r.unit[0]: (r.points, r.games_won, r.games_lost) for r in rows} == {
        "a": (7, 5, 4),
        "b": (5, 4, 5),
        "c": (8, 6, 3),
        "d": (3, 3, 6),
    }


def test_sonneborn_berger_counts_half_a_drawn_opponent():
    """Round 1 a beats b, c draws d (61–61: a drawn game, a drawn fixture). Round 2 a draws c, b beats d.
    Points: a 2+1 = 3, b 0+2 = 2, c 1+1 = 2, d 1+0 = 1. SB: a = b 2 + ½·c 2 = 3; b = d 1; c = ½·d 1 + ½·a 3 = 2;
    d = ½·c 2 = 1."""
    roster = Roster.of([Player(p, p) for p in "abcd"])
    results = [
        FixtureResult(1, 1, (("a",), ("b",)), ((61, 10),)),
        FixtureResult(1, 2, (("c",), ("d",)), ((61, 61),)),
        FixtureResult(2, 1, (("a",), ("c",)), ((50, 50),)),
        FixtureResult(2, 2, (("b",), ("d",)), ((61, 0),)),
    ]
    rows = standings(roster, ClubRules(tie_breaks=(Criterion.SONNEBORN_BERGER,)), results)
    assert [(r.unit[0], r.points, r.sonneborn_berger) for r in rows] == [
        ("a", 3, Fraction(3)),
        ("c", 2, Fraction(2)),
        ("b", 2, Fraction(1)),
        ("d", 1, Fraction(1)),
    ]
    assert rows[1].placed_by is Criterion.SONNEBORN_BERGER


def test_a_bye_is_scored_as_the_club_says_and_is_not_a_fixture():
    rules = ClubRules(scheme=PointsScheme(bye=1))
    rows = standings(ABC, rules, [FixtureResult.bye(1, ("c",))])
    row = next(r for r in rows if r.unit == ("c",))
    assert (row.points, row.byes, row.played, row.won, row.buchholz) == (1, 1, 0, 0, 0)
