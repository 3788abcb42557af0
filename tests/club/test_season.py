"""The season view: three events worked by hand, with 0, 1, 2 and 5 worst results dropped.

Players a, b, c; the season's scheme: a win 2, a draw 1, a loss 0, a bye 2; one game a fixture;
tie-breaks head-to-head, then points difference.

    E1 (2026-01-10): a 61–40 b, c bye.  Points a 2, b 0, c 2; difference a +21, b −21.
    E2 (2026-01-17): b 61–50 c, a bye.  Points a 2, b 2, c 0; difference b +11, c −11.
    E3 (2026-01-24): c 61–55 a; b entered but not at a table (no result: not a zero).
                     Points a 0, c 2; difference a −6, c +6.

Dropping none: a 4, c 4, b 2. a and c are level; head-to-head: they met in E3, c won: c 2, a 0.
    c 1st (head-to-head), a 2nd, b 3rd. Differences: a 21 − 6 = 15, c −11 + 6 = −5, b −21 + 11 = −10.
Dropping 1: a drops E3 (0) → 4; b drops E1 (0) → 2; c drops E2 (0) → 4. a and c level; their only
    meeting is in E3, dropped for a: head-to-head 0 each; difference a 21 + 0 = 21, c 0 + 6 = 6.
    a 1st (points difference), c 2nd, b 3rd.
Dropping 2: a drops E3 (0) and E1 (2, earlier than E2's 2) → E2: 2, difference 0; b drops both → 0;
    c drops E2 (0) and E1 (2, earlier than E3) → E3: 2, difference +6. c 1st (difference), a 2nd, b 3rd.
Dropping 5: every result dropped: all 0 and level on everything: a shared 1st, listed a, b, c.
"""

from __future__ import annotations

import random

import pytest

from scorekeeper.club import (
    ClubRules,
    Criterion,
    FixtureResult,
    Player,
    PointsScheme,
    Roster,
    SeasonEvent,
    SeasonRules,
    SetupError,
    season,
)

ROSTER = Roster.of([Player("a", "Ann"), Player("b", "Bo"), Player("c", "Cy")])
EVENT_RULES = ClubRules(scheme=PointsScheme(win=3, draw=1, loss=0, bye=0))  # replaced by the season's scheme


def game(table: int, x: str, y: str, sx: int, sy: int) -> FixtureResult:
    return FixtureResult(1, table, ((x,), (y,)), ((sx, sy),))


EVENTS = (
    SeasonEvent("E1", "2026-01-10", ROSTER, EVENT_RULES, (game(1, "a", "b", 61, 40), FixtureResult.bye(1, ("c",)))),
    SeasonEvent("E2", "2026-01-17", ROSTER, EVENT_RULES, (game(1, "b", "c", 61, 50), FixtureResult.bye(1, ("a",)))),
    SeasonEvent("E3", "2026-01-24", ROSTER, EVENT_RULES, (game(1, "c", "a", 61, 55),)),
)


def rules(drop: int) -> SeasonRules:
    return SeasonRules(
        scheme=PointsScheme(win=2, draw=1, loss=0, bye=2),
        tie_breaks=(Criterion.HEAD_TO_HEAD, Criterion.POINTS_DIFFERENCE),
        drop_worst=drop,
    )


def summary(drop: int) -> list[tuple[int, str, int, int, Criterion | None]]:
    return [(r.place, r.unit[0], r.points, r.points_difference, r.placed_by) for r in season(EVENTS, rules(drop))]


def test_nothing_dropped_head_to_head_decides():
    assert summary(0) == [
        (1, "c", 4, -5, Criterion.HEAD_TO_HEAD),
        (2, "a", 4, 15, Criterion.HEAD_TO_HEAD),
        (3, "b", 2, -10, Criterion.POINTS),
    ]
    rows = {r.unit: r for r in season(EVENTS, rules(0))}
    assert (rows[("c",)].head_to_head, rows[("a",)].head_to_head) == (2, 0)
    assert [(e.event_id, e.points) for e in rows[("b",)].events] == [("E1", 0), ("E2", 2)]  # E3: no result


def test_one_dropped_a_meeting_in_a_dropped_event_does_not_count():
    assert summary(1) == [
        (1, "a", 4, 21, Criterion.POINTS_DIFFERENCE),
        (2, "c", 4, 6, Criterion.POINTS_DIFFERENCE),
        (3, "b", 2, 11, Criterion.POINTS),
    ]
    rows = {r.unit: r for r in season(EVENTS, rules(1))}
    assert rows[("a",)].head_to_head == 0 and rows[("c",)].head_to_head == 0
    assert [(e.event_id, e.counted) for e in rows[("a",)].events] == [("E1", True), ("E2", True), ("E3", False)]
    assert [(e.event_id, e.counted) for e in rows[("c",)].events] == [("E1", True), ("E2", False), ("E3", True)]


def test_two_dropped_equal_results_drop_the_earlier_event():
    assert summary(2) == [
        (1, "c", 2, 6, Criterion.POINTS_DIFFERENCE),
        (2, "a", 2, 0, Criterion.POINTS_DIFFERENCE),
        (3, "b", 0, 0, Criterion.POINTS),
    ]
    rows = {r.unit: r for r in season(EVENTS, rules(2))}
    assert [e.event_id for e in rows[("a",)].events if e.counted] == ["E2"]
    assert [e.event_id for e in rows[("c",)].events if e.counted] == ["E3"]


def test_dropping_more_than_played_leaves_everyone_level():
    view = season(EVENTS, rules(5))
    assert [(r.place, r.unit[0], r.points, r.shared, r.placed_by) for r in view] == [
        (1, "a", 0, True, None),
        (1, "b", 0, True, None),
        (1, "c", 0, True, None),
    ]


@pytest.mark.parametrize("drop", [0, 1, 2])
def test_the_order_events_and_results_arrive_in_does_not_matter(drop):
    rng = random.Random(drop)
    events = [SeasonEvent(e.event_id, e.date, e.roster, e.rules, tuple(reversed(e.results))) for e in EVENTS]
    rng.shuffle(events)
    assert season(events, rules(drop)) == season(EVENTS, rules(drop))


def test_partnerships_are_the_season_units_in_events_of_pairs():
    pairs = Roster.of([Player(p, p.upper()) for p in "abcd"], partnerships=(("a", "b"), ("c", "d")))
    night = SeasonEvent(
        "P1", "2026-02-01", pairs, ClubRules(), (FixtureResult(1, 1, (("a", "b"), ("c", "d")), ((61, 30),)),)
    )
    view = season([night], rules(0))
    assert [(r.unit, r.points, r.points_difference) for r in view] == [(("a", "b"), 2, 31), (("c", "d"), 0, -31)]


def test_refusals():
    with pytest.raises(SetupError) as caught:
        SeasonRules(drop_worst=-1)
    assert (caught.value.code, caught.value.params) == ("drop_worst", {"value": -1})
    with pytest.raises(SetupError) as caught:
        season([EVENTS[0], EVENTS[0]], rules(0))
    assert (caught.value.code, caught.value.params) == ("event_twice", {"event": "E1"})
    with pytest.raises(SetupError) as caught:
        SeasonRules(tie_breaks=(Criterion.POINTS,))
    assert caught.value.code == "tie_break"


@pytest.mark.parametrize("date", ["2026-1-10", "10/01/2026", "2026-13-01", "2026-01-32", "２０２６-01-10", ""])
def test_an_event_date_is_yyyy_mm_dd(date):
    with pytest.raises(SetupError) as caught:
        SeasonEvent("E9", date, ROSTER, EVENT_RULES, ())
    assert (caught.value.code, caught.value.params) == ("event_date", {"event": "E9"})


@pytest.mark.parametrize("event_id", ["", "x" * 101])
def test_an_event_id_is_bounded(event_id):
    with pytest.raises(SetupError) as caught:
        SeasonEvent(event_id, "2026-01-10", ROSTER, EVENT_RULES, ())
    assert caught.value.code == "event_id" and caught.value.params["limit"] == 100


def test_drop_worst_is_bounded():
    with pytest.raises(SetupError) as caught:
        SeasonRules(drop_worst=1001)
    assert caught.value.code == "drop_worst"
    assert SeasonRules(drop_worst=1000).drop_worst == 1000
