"""Properties of simulated matches (all seven seatings): what must hold in every match.

Each example plays a whole match with real hidden hands (tests.simulator)
and checks it against facts the simulator knows and the engine does not (the hands,
the stock), against an independent layout model, and against the rules' arithmetic.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import (
    ALL_TILES,
    Match,
    Play,
    RuleViolation,
    build_report,
    load_document,
    match_to_document,
)
from tests.rules.helpers import SIMULATED, reference_layout, state_of
from tests.simulator import CONFIGS, simulate

TARGET = 305  # 61 points in raw points (H3, E3)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
CONFIG_IDS = [c.name for c in CONFIGS]


class Watcher:
    """Checks every accepted action against the hidden truth and the independent layout model."""

    def __init__(self) -> None:
        self.placements: list = []
        self.round_no = 0
        self.checked = 0

    def __call__(self, table, match: Match, action) -> None:
        r = match.round
        if len(match.rounds) != self.round_no:
            self.round_no, self.placements = len(match.rounds), []
        # Tiles are conserved: table + hands + stock are the 28 distinct tiles.
        everything = list(r.layout.tiles) + [t for hand in table.hands for t in hand] + list(table.stock)
        assert sorted(everything) == sorted(ALL_TILES)
        # The engine tracks what it cannot see correctly: hand sizes and the stock.
        assert r.hand_sizes == [len(hand) for hand in table.hands]
        assert r.stock == len(table.stock)
        if isinstance(action, Play):
            self.placements.append((action.tile, action.spot))
            end_sum, spots = reference_layout(self.placements)
            assert r.layout.end_sum == end_sum
            assert r.layout.open_spots == spots
            assert sum(end.value for end in r.layout.scoring_ends()) == end_sum
        if match.rules.exact:  # E3: a score never passes 61
            assert all(raw <= TARGET for raw in match.scores)
        self.checked += 1


def check_awards(match: Match) -> None:
    """Every award is a multiple of 5; the scores are the sum of the accepted events."""
    totals = [0] * len(match.sides)
    for r in match.rounds:
        for event in r.events:
            assert event.raw % 5 == 0, event
            assert event.raw != 0, event  # zero awards are not listed
            if event.kind != "settlement":
                assert event.raw > 0, event
            if event.accepted:
                totals[event.side] += event.raw
    assert totals == match.scores
    assert match.points == [raw // 5 for raw in match.scores]


def check_horse_race_end(match: Match) -> None:
    """H6/H10: the match ends at the first placement or settlement that reaches 61, and only then."""
    scores = [0] * len(match.sides)
    rounds = match.rounds
    for number, r in enumerate(rounds, start=1):
        plays = [e for e in r.events if e.kind == "play"]
        settlement = [e for e in r.events if e.kind != "play"]
        assert r.events == plays + settlement  # placements first, then the settlement
        for index, event in enumerate(plays):
            scores[event.side] += event.raw
            if scores[event.side] >= TARGET:
                assert number == len(rounds) and index == len(plays) - 1 and not settlement
                assert r.result == "match-end" and r.winners == [event.side]
                assert event.move == len(r.moves) - 1  # nothing placed after it
                assert match.finished and match.winners == [event.side]
                return
        for event in settlement:  # H10: applied together
            scores[event.side] += event.raw
        reached = [side for side, raw in enumerate(scores) if raw >= TARGET]
        if reached:
            assert number == len(rounds)
            assert match.finished and match.winners == reached
            return
    assert not match.finished and match.winners == []


def check_exact_61_end(match: Match) -> None:
    """E3/E9: an event is rejected exactly when it would pass 61; the first exact 61 ends the match."""
    scores = [0] * len(match.sides)
    events = [(number, e) for number, r in enumerate(match.rounds, start=1) for e in r.events]
    for index, (number, event) in enumerate(events):
        new = scores[event.side] + event.raw
        assert event.accepted == (new <= TARGET), event
        if event.accepted:
            scores[event.side] = new
            if new == TARGET:
                assert index == len(events) - 1 and number == len(match.rounds)
                assert match.finished and match.winners == [event.side]
                return
    assert not match.finished and match.winners == []


def check_export_replay(match: Match, document: dict) -> None:
    """Export then replay gives the same report; the writer agrees with the simulator's record."""
    exported = match_to_document(match)
    assert exported == document
    replayed = load_document(json.dumps(exported, ensure_ascii=False).encode())
    assert build_report(replayed) == build_report(match)
    assert match_to_document(replayed) == exported


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SIMULATED
@given(seed=SEEDS)
def test_simulated_match_properties(config, seed):
    watcher = Watcher()
    sim = simulate(config, seed, observe=watcher)
    match = sim.match
    assert watcher.checked == len(sim.actions) == len(match.actions)
    check_awards(match)
    if match.rules.exact:
        check_exact_61_end(match)
    else:
        check_horse_race_end(match)
    check_export_replay(match, sim.document)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@SIMULATED
@given(seed=SEEDS, data=st.data())
def test_undo_then_redo_gives_the_same_state(config, seed, data):
    sim = simulate(config, seed, max_rounds=3)
    actions = sim.actions
    for _ in range(3):
        cut = data.draw(st.integers(min_value=1, max_value=len(actions)), label="actions kept")
        match = Match.replay(config.variant, sim.document["players"], config.partnerships, actions[:cut])
        before = state_of(match)
        undone = match.undo()
        assert undone is actions[cut - 1]
        assert state_of(match) == state_of(
            Match.replay(config.variant, sim.document["players"], config.partnerships, actions[: cut - 1])
        )
        match.apply(undone)
        assert state_of(match) == before
        # A match cut anywhere (a round in progress included) exports and replays to the same
        # state, except right after a round ended: a record must then give the hands.
        text = json.dumps(match_to_document(match))
        if match.status == "reveal":
            with pytest.raises(RuleViolation) as refused:
                load_document(text)
            assert (refused.value.round_no, refused.value.move_no) == (len(match.rounds), "hands")
        else:
            assert state_of(load_document(text)) == before


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_simulator_covers_every_ending(config):
    """The simulated matches reach dominoes, blocks and match ends in every seating (so the
    properties above are exercised on all of them)."""
    results, finished, draws = set(), 0, 0
    for seed in range(40):
        sim = simulate(config, seed)
        results |= {r.result for r in sim.match.rounds}
        finished += sim.match.finished
        draws += any(isinstance(a, Play) and a.drawn for a in sim.actions)
    assert {"domino", "block"} <= results
    assert finished >= 30 and draws == 40
