"""Every refusal of the club engine: a ClubError with its code and values, an English line naming what to do."""

from __future__ import annotations

import pytest

from scorekeeper.club import (
    ClubError,
    ClubRules,
    Criterion,
    Decided,
    FixtureLength,
    FixtureResult,
    Format,
    LengthKind,
    PairingError,
    Player,
    PointsScheme,
    ResultError,
    Roster,
    SetupError,
    check_result,
    pair_round,
    standings,
)

RULES = ClubRules()
BEST_OF_3 = FixtureLength(LengthKind.BEST_OF, 3)


def roster_of(count: int) -> Roster:
    return Roster.of([Player(f"p{n}", f"P{n}") for n in range(1, count + 1)])


def refused(error_type: type[ClubError], call) -> ClubError:
    with pytest.raises(error_type) as caught:
        call()
    assert isinstance(caught.value, ClubError)
    assert str(caught.value).startswith(caught.value.code + ": ")
    return caught.value


def test_pairing_before_the_last_round_is_complete():
    roster = roster_of(5)
    first = pair_round(Format.SWISS, roster, RULES, [], [])
    results = [FixtureResult(1, 1, first.tables[0].sides, ((61, 0),))]  # table 2 and the bye missing
    error = refused(PairingError, lambda: pair_round(Format.SWISS, roster, RULES, [first], results))
    assert (error.code, error.params) == ("round_incomplete", {"round": 1, "missing": [2, 0]})
    assert "table(s) 2" in error.text and "pair round 2" in error.text


def test_a_result_naming_other_sides_than_the_table():
    roster = roster_of(4)
    first = pair_round(Format.SWISS, roster, RULES, [], [])
    results = [
        FixtureResult(1, 1, (("p1",), ("p3",)), ((61, 0),)),
        FixtureResult(1, 2, first.tables[1].sides, ((61, 0),)),
    ]
    error = refused(PairingError, lambda: pair_round(Format.SWISS, roster, RULES, [first], results))
    assert (error.code, error.params) == ("result_sides_differ", {"round": 1, "table": 1})


@pytest.mark.parametrize(
    ("tables", "byes", "change", "code", "params"),
    [
        (
            [[("p1",), ("p2",)], [("p2",), ("p3",)]],
            [],
            None,
            "player_twice",
            {"player": "p2", "places": ("table 1", "table 2")},
        ),
        ([[("p1",), ("p9",)]], [], None, "unknown_player", {"player": "p9"}),
        ([[("p1",), ("p2",)]], [], "withdraw", "withdrawn_player", {"player": "p2"}),
        ([[("p1",), ("p2",)]], [], "check_out", "absent_player", {"player": "p2"}),
        ([[("p1",), ("p3",)]], [("p2",)], None, "no_byes", {"byes": (("p2",),)}),
        ([[("p1",)]], [], None, "table_sides", {"table": 1}),
    ],
)
def test_free_tables_are_checked(tables, byes, change, code, params):
    roster = roster_of(4)
    if change:
        roster = getattr(roster, change)("p2")
    error = refused(PairingError, lambda: pair_round(Format.FREE, roster, RULES, [], [], tables=tables, byes=byes))
    assert (error.code, error.params) == (code, params)


def test_free_tables_that_pass():
    pairing = pair_round(Format.FREE, roster_of(5), RULES, [], [], tables=[[("p3",), ("p1",), ("p5",)]])
    assert [t.sides for t in pairing.tables] == [(("p3",), ("p1",), ("p5",))]  # p2, p4 sit out: no bye


def test_tables_only_for_free():
    error = refused(
        PairingError, lambda: pair_round(Format.SWISS, roster_of(4), RULES, [], [], tables=[[("p1",), ("p2",)]])
    )
    assert error.code == "tables_not_free"
    assert refused(PairingError, lambda: pair_round(Format.FREE, roster_of(4), RULES, [], [])).code == "tables_missing"


def test_a_late_entry_cannot_join_a_round_robin():
    roster = roster_of(4)
    first = pair_round(Format.ROUND_ROBIN, roster, RULES, [], [])
    results = [FixtureResult(1, t.number, t.sides, ((61, 0),)) for t in first.tables]
    late = roster.enter(Player("p5", "P5"))
    error = refused(PairingError, lambda: pair_round(Format.ROUND_ROBIN, late, RULES, [first], results))
    assert (error.code, error.params) == ("round_robin_closed", {"units": [("p5",)]})


def test_cut_throat_and_rotating_are_for_singles():
    pairs = Roster.of([Player(p, p) for p in "abcd"], partnerships=(("a", "b"), ("c", "d")))
    for fmt in (Format.GROUPS, Format.ROTATING_PARTNERS):
        assert refused(PairingError, lambda fmt=fmt: pair_round(fmt, pairs, RULES, [], [])).code == "singles_only"


def test_pairs_events_seat_partnerships():
    pairs = Roster.of([Player(p, p) for p in "abcd"], partnerships=(("a", "b"), ("c", "d")))
    error = refused(
        PairingError, lambda: pair_round(Format.FREE, pairs, RULES, [], [], tables=[[("a", "c"), ("b", "d")]])
    )
    assert error.code == "not_a_partnership"


@pytest.mark.parametrize(
    ("result", "code"),
    [
        (FixtureResult(0, 1, (("p1",), ("p2",)), ((61, 0), (61, 0))), "round_number"),
        (FixtureResult(1, 0, (("p1",), ("p2",)), ((61, 0), (61, 0))), "table_number"),
        (FixtureResult(1, 1, (("p1",),), ((61,), (61,))), "sides"),
        (FixtureResult(1, 1, (("p1",), ("p1",)), ((61, 0), (61, 0))), "player_twice"),
        (FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0), (61,))), "scores_per_game"),
        (FixtureResult(1, 1, (("p1",), ("p2",)), ((61, -1), (61, 0))), "scores_per_game"),
        (FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0),)), "fixture_games"),
        (FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0), (0, 61))), "fixture_games"),
        (FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0), (61, 0), (0, 61))), "game_after_decided"),
        (FixtureResult(1, 3, (("p1",),), (), Decided.BYE), "bye_shape"),
    ],
)
def test_results_that_do_not_fit_best_of_three(result, code):
    assert refused(ResultError, lambda: check_result(result, BEST_OF_3)).code == code


def test_best_of_three_results_that_fit():
    for games in (((61, 0), (61, 0)), ((61, 0), (0, 61), (61, 0)), ((50, 50), (61, 0), (0, 61))):
        check_result(FixtureResult(1, 1, (("p1",), ("p2",)), games), BEST_OF_3)


@pytest.mark.parametrize(
    ("results", "code", "params"),
    [
        ([FixtureResult(1, 1, (("p1",), ("p9",)), ((61, 0),))], "unknown_player", {"player": "p9"}),
        (
            [FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0),)), FixtureResult(1, 2, (("p3",), ("p2",)), ((61, 0),))],
            "player_twice_in_round",
            {"player": "p2"},
        ),
        (
            [FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0),)), FixtureResult.bye(1, ("p1",))],
            "player_twice_in_round",
            {"player": "p1"},
        ),
        (
            [FixtureResult(1, 1, (("p1",), ("p2",)), ((61, 0),)), FixtureResult(1, 1, (("p3",), ("p4",)), ((61, 0),))],
            "table_twice",
            {},
        ),
    ],
)
def test_standings_refuse_results_that_contradict_each_other(results, code, params):
    error = refused(ResultError, lambda: standings(roster_of(4), RULES, results))
    assert error.code == code
    assert params.items() <= error.params.items()


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: Roster.of([Player("a", "Ann"), Player("a", "Ann")]), "duplicate_player"),
        (lambda: Roster.of([Player("a", "Ann")], partnerships=(("a", "b"),)), "unknown_player"),
        (
            lambda: Roster.of(
                [Player("a", "A"), Player("b", "B"), Player("c", "C")], partnerships=(("a", "b"), ("b", "c"))
            ),
            "player_in_two_partnerships",
        ),
        (lambda: Roster.of([Player("a", "A")], partnerships=(("a",),)), "partnership_size"),
        (lambda: roster_of(2).withdraw("p1").check_in("p1"), "withdrawn"),
        (lambda: roster_of(2).check_in("p7"), "unknown_player"),
        (lambda: FixtureLength(LengthKind.BEST_OF, 4), "fixture_length"),
        (lambda: FixtureLength(LengthKind.ONE_GAME, 3), "fixture_length"),
        (lambda: PointsScheme(win=-1), "negative_points"),
        (lambda: ClubRules(tie_breaks=(Criterion.BUCHHOLZ, Criterion.BUCHHOLZ)), "tie_break"),
        (lambda: ClubRules(tie_breaks=(Criterion.POINTS,)), "tie_break"),
    ],
)
def test_setup_refusals(make, code):
    assert refused(SetupError, make).code == code


def test_two_players_of_one_name_are_two_people():
    roster = Roster.of([Player("a1", "Ann"), Player("a2", "Ann")])
    assert roster.player("a2").name == "Ann" and roster.seed("a2") == 2
