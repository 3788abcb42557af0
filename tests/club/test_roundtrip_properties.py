"""Standings, the season view and the ratings are pure functions of the results: the results written to JSON
and read back (as an export would carry them) give identical standings, season and ratings; and a season's
view does not depend on the order its events arrive in."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.club import (
    Decided,
    FixtureResult,
    Format,
    Roster,
    SeasonEvent,
    SeasonRules,
    ratings,
    season,
    standings,
)
from tests.club.test_properties import PUB, RULES, events, play


def to_json(results: list[FixtureResult]) -> str:
    return json.dumps(
        [
            {"round": r.round, "table": r.table, "sides": r.sides, "games": r.games, "decided": r.decided.value}
            for r in results
        ]
    )


def from_json(text: str) -> list[FixtureResult]:
    return [
        FixtureResult(
            d["round"],
            d["table"],
            tuple(tuple(side) for side in d["sides"]),
            tuple(tuple(game) for game in d["games"]),
            Decided(d["decided"]),
        )
        for d in json.loads(text)
    ]


def simulated(fmt: Format, rules, event) -> tuple[Roster, list[FixtureResult]]:
    players, rounds, seed = event
    final: list[tuple[Roster, list[FixtureResult]]] = []
    for _ in play(fmt, rules, players, rounds, seed, final=final):
        pass
    return final[0]


@given(events, st.sampled_from([Format.SWISS, Format.ROTATING_PARTNERS, Format.GROUPS]), st.sampled_from([RULES, PUB]))
def test_standings_survive_a_json_round_trip(event, fmt, rules):
    roster, results = simulated(fmt, rules, event)
    back = from_json(to_json(results))
    assert back == results
    assert standings(roster, rules, back) == standings(roster, rules, results)


@given(
    st.lists(events, min_size=1, max_size=4),
    st.sampled_from([Format.SWISS, Format.GROUPS]),
    st.integers(0, 3),
    st.randoms(use_true_random=False),
)
def test_season_and_ratings_survive_a_json_round_trip_and_any_arrival_order(nights, fmt, drop, shuffler):
    rules = SeasonRules(scheme=RULES.scheme, tie_breaks=RULES.tie_breaks, drop_worst=drop, ratings=True)
    season_events = []
    copies = []
    for n, night in enumerate(nights):
        roster, results = simulated(fmt, RULES, night)
        date = f"2026-01-{n + 1:02}"
        season_events.append(SeasonEvent(f"E{n}", date, roster, RULES, tuple(results)))
        copies.append(SeasonEvent(f"E{n}", date, roster, RULES, tuple(from_json(to_json(results)))))
    shuffler.shuffle(copies)
    view = season(season_events, rules)
    assert season(copies, rules) == view
    assert ratings(copies, rules) == ratings(season_events, rules)
    assert [row.place for row in view] == sorted(row.place for row in view)
    for row in view:
        assert sum(e.counted for e in row.events) == max(0, len(row.events) - drop)
        assert row.points == sum(e.points for e in row.events if e.counted)
        kept = sorted(e.points for e in row.events if e.counted)
        gone = sorted(e.points for e in row.events if not e.counted)
        assert not kept or not gone or max(gone) <= min(kept)
