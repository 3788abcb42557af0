"""Ratings with openskill (Weng–Lin Plackett–Luce), checked against the model's formulas worked here.

Two newcomers (mu 25, sigma 25/3) meet and a wins. Before the update sigma² grows by tau²:
s² = (25/3)² + (25/300)²; c = √(2·(s² + β²)) with β = 25/6; each has probability ½ of winning, so
    mu_a = 25 + s²/c · ½,  mu_b = 25 − s²/c · ½    (27.6354 and 22.3646)
    sigma = √(s² · (1 − s²/c² · γ · ¼)), γ = √s² / c   (8.0659 for both)
"""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from scorekeeper.club import (
    ClubRules,
    FixtureResult,
    Player,
    Roster,
    SeasonEvent,
    SeasonRules,
    ratings,
)
from scorekeeper.club.ratings import BETA, MU, SIGMA, TAU, model

ON = SeasonRules(ratings=True)
S2 = SIGMA**2 + TAU**2
C = math.sqrt(2 * (S2 + BETA**2))


def roster(*ids: str, partnerships: tuple[tuple[str, ...], ...] = ()) -> Roster:
    return Roster.of([Player(p, p.upper()) for p in ids], partnerships=partnerships)


def one(event_id: str, date: str, ros: Roster, *results: FixtureResult) -> SeasonEvent:
    return SeasonEvent(event_id, date, ros, ClubRules(), results)


def fixture(round_no: int, table: int, *sides_and_scores: tuple[tuple[str, ...], int]) -> FixtureResult:
    sides = tuple(s for s, _ in sides_and_scores)
    return FixtureResult(round_no, table, sides, (tuple(score for _, score in sides_and_scores),))


def test_off_unless_the_club_turns_them_on():
    event = one("E1", "2026-01-01", roster("a", "b"), fixture(1, 1, (("a",), 61), (("b",), 20)))
    assert ratings([event], SeasonRules()) is None


def test_one_game_between_newcomers_follows_the_model_by_hand():
    event = one("E1", "2026-01-01", roster("a", "b"), fixture(1, 1, (("a",), 61), (("b",), 20)))
    table = ratings([event], ON)
    assert table is not None
    a, b = table
    assert (a.player, a.place, a.fixtures, b.player, b.place) == ("a", 1, 1, "b", 2)
    assert a.mu == pytest.approx(MU + S2 / C / 2, abs=1e-9) == pytest.approx(27.6354, abs=1e-4)
    assert b.mu == pytest.approx(MU - S2 / C / 2, abs=1e-9)
    sigma = math.sqrt(S2 * (1 - S2 / C**2 * (math.sqrt(S2) / C) / 4))
    assert a.sigma == pytest.approx(sigma, abs=1e-9) == pytest.approx(b.sigma, abs=1e-12)
    assert a.ordinal == pytest.approx(a.mu - 3 * a.sigma)


def test_a_drawn_fixture_moves_nobody_apart_and_a_bye_changes_nothing():
    event = one(
        "E1",
        "2026-01-01",
        roster("a", "b", "c"),
        fixture(1, 1, (("a",), 40), (("b",), 40)),
        FixtureResult.bye(1, ("c",)),
    )
    table = ratings([event], ON)
    assert table is not None
    assert [(r.player, r.place) for r in table] == [("a", 1), ("b", 1)]  # c never sat at a table: no rating
    assert table[0].mu == pytest.approx(MU) and table[1].mu == pytest.approx(MU)
    assert table[0].sigma < SIGMA


def test_partnerships_and_cut_throat_tables_are_teams():
    pairs = one(
        "P1",
        "2026-01-01",
        roster("a", "b", "c", "d", partnerships=(("a", "b"), ("c", "d"))),
        fixture(1, 1, (("a", "b"), 61), (("c", "d"), 30)),
    )
    cut = one("G1", "2026-01-08", roster("e", "f", "g"), fixture(1, 1, (("e",), 30), (("f",), 61), (("g",), 10)))
    table = ratings([cut, pairs], ON)
    assert table is not None
    by = {r.player: r for r in table}
    assert by["a"].mu == pytest.approx(by["b"].mu) and by["a"].mu > MU > by["c"].mu == pytest.approx(by["d"].mu)
    # one game, sides in seat order e f g: f won it; e (30) places second on points, g (10) third
    m = model()
    [[e], [f], [g]] = m.rate([[m.rating()], [m.rating()], [m.rating()]], ranks=[1.0, 0.0, 2.0])
    assert (by["e"].mu, by["f"].mu, by["g"].mu) == (e.mu, f.mu, g.mu)
    assert by["f"].mu > by["e"].mu > by["g"].mu


def test_updates_follow_event_date_then_round_then_table_whatever_the_arrival():
    ros = roster("a", "b", "c", "d")
    early = one(
        "E1", "2026-01-01", ros, fixture(2, 1, (("a",), 61), (("c",), 0)), fixture(1, 1, (("a",), 0), (("b",), 61))
    )
    late = one(
        "E2", "2026-02-01", ros, fixture(1, 2, (("b",), 0), (("d",), 61)), fixture(1, 1, (("a",), 61), (("c",), 0))
    )
    m = model()
    r = {p: m.rating() for p in "abcd"}
    for winner, loser in (("b", "a"), ("a", "c"), ("a", "c"), ("d", "b")):  # E1 r1, E1 r2, E2 t1, E2 t2
        [[r[winner]], [r[loser]]] = m.rate([[r[winner]], [r[loser]]], ranks=[0.0, 1.0])
    for events in ([early, late], [late, early]):
        table = ratings(events, ON)
        assert table is not None
        assert {x.player: (x.mu, x.sigma) for x in table} == {p: (v.mu, v.sigma) for p, v in r.items()}
        assert [x.ordinal for x in table] == sorted((x.ordinal for x in table), reverse=True)


def test_many_random_events_are_reproducible():
    rng = random.Random(7)
    ids = [f"p{n}" for n in range(8)]
    ros = roster(*ids)
    events = []
    for e in range(5):
        results = []
        for t in range(1, 5):
            x, y = rng.sample(ids, 2)
            results.append(FixtureResult(t, 1, ((x,), (y,)), ((61, rng.randrange(61)),)))
        events.append(one(f"E{e}", f"2026-03-0{e + 1}", ros, *results))
    first = ratings(events, ON)
    rng.shuffle(events)
    assert ratings(events, ON) == first
    assert first is not None and sum(r.fixtures for r in first) == 2 * 20


def test_the_club_engine_imports_without_openskill():
    """openskill is imported only when ratings are computed (a build without it still pairs and ranks)."""
    script = (
        "import sys; sys.modules['openskill'] = None\n"
        "import scorekeeper.club as club\n"
        "assert club.ratings([], club.SeasonRules()) is None\n"
        "try:\n    club.ratings([], club.SeasonRules(ratings=True))\nexcept ImportError:\n    print('lazy')\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "lazy"
