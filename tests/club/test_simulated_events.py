"""Properties over events whose matches the engine's simulator plays (tests/simulator.py): every fixture is a
real Horse Race match (two players for Swiss, 3 or 4 at a cut-throat table, 2 × 2 for rotating partners)
played to the end, and its result is the match's final points per side. Checked: every player plays at most
once a round and everyone present plays or sits out on a bye; Swiss has no rematch while one can be avoided
(by brute force) and gives byes to different players while possible; the standings, the season view and the
ratings are a pure function of the results (identical after the results go through JSON and back)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.club import (
    FixtureResult,
    Format,
    Pairing,
    Player,
    Roster,
    SeasonEvent,
    SeasonRules,
    Table,
    pair_round,
    ratings,
    season,
    standings,
)
from scorekeeper.club.rounds import bye_counts, met_counts
from tests.club.test_properties import RULES, fewest_rematches, present
from tests.club.test_roundtrip_properties import from_json, to_json
from tests.rules.helpers import SIMULATED
from tests.simulator import Config, simulate


def played(table: Table, seed: int) -> FixtureResult:
    """The table's fixture, one game: a simulated Horse Race match of its seats, side by side."""
    seats = len(table.players())
    pairs = len(table.sides) == 2 and seats == 4
    match = simulate(Config("horse-race", seats, pairs), seed).match
    assert match is not None and match.status == "finished"
    # the engine's sides are seats 0 & 2 and 1 & 3 for partnerships: side s of the match is side s of the table
    return FixtureResult(0, table.number, table.sides, (tuple(match.points),))


def run(fmt: Format, players: int, rounds: int, seed: int) -> tuple[Roster, list[Pairing], list[FixtureResult]]:
    """Pair and play ``rounds`` rounds (fewer if the format runs out); each round is checked as it is paired."""
    roster = Roster.of([Player(f"p{n:02}", f"P{n}") for n in range(1, players + 1)])
    history: list[Pairing] = []
    results: list[FixtureResult] = []
    for _ in range(rounds):
        pairing = pair_round(fmt, roster, RULES, history, results)
        seated = [p for t in pairing.tables for p in t.players()] + [p for u in pairing.byes for p in u]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        assert set(seated) == {p for u in present(roster) for p in u}  # everyone present plays or has a bye
        had = bye_counts(history)
        if pairing.byes and pairing.tables:
            assert max(had[u] for u in pairing.byes) <= min(had[(p,)] for t in pairing.tables for p in t.players())
        if fmt is Format.SWISS:
            met = met_counts(history)
            assert sum(met[frozenset(t.sides)] for t in pairing.tables) == fewest_rematches(
                sorted(present(roster)), history
            )
        history.append(pairing)
        results += pairing.bye_results()
        for t in pairing.tables:
            r = played(t, seed * 1000 + pairing.round * 50 + t.number)
            results.append(FixtureResult(pairing.round, r.table, r.sides, r.games))
    return roster, history, results


@SIMULATED
@given(st.integers(3, 8), st.integers(2, 4), st.integers(0, 2**16))
def test_a_swiss_of_simulated_matches(players, rounds, seed):
    roster, _, results = run(Format.SWISS, players, rounds, seed)
    assert standings(roster, RULES, from_json(to_json(results))) == standings(roster, RULES, results)


@SIMULATED
@given(st.sampled_from([Format.GROUPS, Format.ROTATING_PARTNERS]), st.integers(8, 11), st.integers(0, 2**16))
def test_cut_throat_and_rotating_partners_of_simulated_matches(fmt, players, seed):
    roster, _, results = run(fmt, players, 3, seed)
    rules = SeasonRules(scheme=RULES.scheme, tie_breaks=RULES.tie_breaks, drop_worst=1, ratings=True)
    night = SeasonEvent("E1", "2026-01-01", roster, RULES, tuple(results))
    again = SeasonEvent("E1", "2026-01-01", roster, RULES, tuple(from_json(to_json(results))))
    assert standings(roster, RULES, again.results) == standings(roster, RULES, results)
    assert season([again], rules) == season([night], rules)
    table = ratings([again], rules)
    assert table == ratings([night], rules)
    assert table is not None
    assert sum(r.fixtures for r in table) == sum(len(r.players()) for r in results if r.table)
