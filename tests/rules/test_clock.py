"""R15 ``clock``: a time limit for the match, read from the recorded times (docs/house-rules.md, R15).

The rounds are the seed layout of ``tests/cases/hr-2p-seed-layout`` (hand-worked in
``tests/cases/README.md``: Ann leads 1-4, Bo goes out with 0-3; Ann 3, Bo 19) and the same round with the
seats swapped (Bo leads, Ann goes out: Ann 19, Bo 3). Played seed, swapped, seed the scores are Ann
3 / 22 / 25 and Bo 19 / 22 / 41 (round 3's plays give Bo 1, 1, 2, 3, 1, 3: 23, 24, 26, 29, 30, 33).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.account import match_account
from scorekeeper.rules import Match, RuleViolation, StartRound, build_report, match_from_document
from scorekeeper.rules.clock import ClockCall, clock_state, mm_ss
from scorekeeper.rules.document import parse_hands, parse_move
from scorekeeper.rules.moves import Action, Reveal
from tests.rules.helpers import SIMULATED
from tests.simulator import Config, simulate

SEED = json.loads((Path(__file__).parents[1] / "cases" / "hr-2p-seed-layout.json").read_text())["rounds"][0]
T0 = 1_780_000_000.0  # a fixed moment (2026): the engine reads no clock
GAP = 150.0  # seconds between two recorded actions


def round_actions(swapped: bool) -> list[Action]:
    """One round: the seed layout's moves and hands (seats swapped if asked), start-round first."""

    def seat(s: int) -> int:
        return 1 - s if swapped else s

    moves = []
    for move in SEED["moves"]:
        moved = parse_move({**move, "player": seat(move["player"])})
        moves.append(moved)
    hands = {str(seat(int(k))): v for k, v in SEED["hands"].items()}
    return [StartRound(seat(SEED["starter"])), *moves, Reveal(parse_hands(hands, 2))]


def timed(actions: list[Action], start: float = T0, gap: float = GAP) -> list[Action]:
    """``actions`` stamped ``gap`` seconds apart from ``start``."""
    return [dataclasses.replace(a, time=start + gap * i) for i, a in enumerate(actions)]


THREE_ROUNDS = round_actions(False) + round_actions(True) + round_actions(False)  # 14 actions a round


def folded(house: dict, actions: list[Action]) -> Match:
    match = Match("horse-race", ["Ann", "Bo"], explain=True, house_rules=house)
    for action in actions:
        if match.finished:
            break
        match.apply(action)
    return match


def test_no_clock_is_the_games_own_rule():
    match = folded({}, timed(THREE_ROUNDS))
    state = clock_state(match, T0 + 10_000)
    assert (state.on, state.remaining, state.expired, state.called) == (False, 0, False, None)
    assert match.points == [25, 41] and not match.finished and match.clock_called is None


def test_time_called_mid_round_leader_wins():
    # 20 minutes: the first tile (action 1) at T0 + 150 starts the clock, the limit falls at T0 + 1350, the
    # 9th move of round 1 (action 9, Bo's 0-5) is the first action at or after it: time is called there.
    actions = timed(THREE_ROUNDS)
    match = folded({"clock": 20}, actions[:9])
    assert match.clock_start == T0 + 150 and match.clock_called is None
    state = clock_state(match, T0 + 1349.5)
    assert (state.remaining, state.expired) == (1, False)
    assert clock_state(match, T0 + 1200).remaining == 150 and mm_ss(150) == "02:30"
    assert clock_state(match, T0 + 1350).expired  # the limit passed: the next action calls time
    match.apply(actions[9])
    assert match.clock_called == ClockCall(1, 9, T0 + 1350)
    assert not match.finished  # the round in play is finished first
    for action in actions[10:14]:
        match.apply(action)
    # Round 1 settled: Ann 3, Bo 19: Bo is ahead and wins.
    assert match.finished and match.winners == [1] and match.points == [3, 19]
    assert match.rounds[0].clock == {"rule": "leader-wins", "winners": [1]}
    report = build_report(match)
    assert report["rounds"][0]["clock"] == {"rule": "leader-wins", "winners": [1], "called": {"round": 1, "move": 9}}
    assert report["winners"] == [1] and report["finished"]
    assert "Time called (R15): Bo is ahead and wins" in match_account(match)
    assert "Час вийшов (R15): попереду Bo — перемога" in match_account(match, "uk")
    with pytest.raises(RuleViolation) as refused:
        match.apply(actions[14])
    assert (refused.value.rule, refused.value.code) == ("R15", "match_over")  # the clock's end won it
    # finished: the clock shows what was left at the last action (none: time was called)
    assert clock_state(match, T0 + 99_999).remaining == 0


def test_level_plays_one_more_round():
    # 45 minutes: limit at T0 + 150 + 2700 = T0 + 2850 = action 19 (round 2, its 5th move).
    match = folded({"clock": 45}, timed(THREE_ROUNDS))
    assert match.clock_called == ClockCall(2, 5, T0 + 2850)
    assert match.rounds[1].clock == {"rule": "leader-wins", "winners": []}  # 22 - 22: one more round
    assert match.rounds[2].clock == {"rule": "leader-wins", "winners": [1]}  # 25 - 41
    assert match.finished and match.winners == [1] and match.points == [25, 41]
    assert "Time called (R15): the sides are level, one more round" in match_account(match)


def test_lower_target_play_goes_on_to_it():
    # 45 minutes, lower to 31: after round 2 (22 - 22) nobody has 31; in round 3 Bo's last tile 0-3 makes
    # 30 + 3 = 33 ≥ 31: H6, the match ends at once (match-end), Ann 25.
    house = {"clock": 45, "clock_end": "lower-target", "clock_target": 31}
    match = folded(house, timed(THREE_ROUNDS))
    assert match.rounds[1].clock == {"rule": "lower-target", "target": 31, "reached": [], "winners": []}
    assert match.rules.target_points == 31
    assert match.finished and match.winners == [1] and match.points == [25, 33]
    assert match.rounds[2].result == "match-end"
    assert "Time called (R15): the target is now 31" in match_account(match)
    # the fold starts again from the game's target: undo, fresh() and the house rules are unchanged
    assert match.house_rules == {"clock": 45, "clock_end": "lower-target"}  # 31: the option's own value
    assert match.fresh().rules.target_points == 61


def test_lower_target_reached_at_the_settlement():
    # 90 minutes: limit at T0 + 150 + 5400 = action 37 (round 3, its 9th move); at round 3's settlement Bo
    # has 41 ≥ 31, Ann 25: Bo wins.
    house = {"clock": 90, "clock_end": "lower-target", "clock_target": 31}
    match = folded(house, timed(THREE_ROUNDS))
    assert match.clock_called == ClockCall(3, 9, T0 + 5550)
    assert match.rounds[2].clock == {"rule": "lower-target", "target": 31, "reached": [1], "winners": [1]}
    assert match.finished and match.winners == [1] and match.points == [25, 41]


def test_the_call_is_taken_back_with_its_action():
    actions = timed(THREE_ROUNDS)
    match = folded({"clock": 20}, actions[:10])
    assert match.clock_called is not None
    match.undo()
    assert match.clock_called is None and match.clock_start == T0 + 150


def test_a_record_without_times_never_calls_time():
    match = folded({"clock": 20}, THREE_ROUNDS)
    assert match.clock_start is None and match.clock_called is None and match.points == [25, 41]
    state = clock_state(match, T0)
    assert (state.remaining, state.expired) == (1200, False)


def test_refused_together():
    for house, rule in (
        ({"clock": 30, "clock_end": "lower-target", "target_mode": "exactly"}, "R15"),
        ({"clock": 30, "clock_end": "lower-target", "clock_target": 51, "target": 51}, "R15"),
    ):
        with pytest.raises(RuleViolation) as refused:
            Match("horse-race", ["Ann", "Bo"], house_rules=house)
        assert (refused.value.rule, refused.value.code) == (rule, "house_rules_conflict")
    with pytest.raises(RuleViolation) as refused:
        Match("horse-race", ["Ann", "Bo"], house_rules={"clock": 7})
    assert (refused.value.rule, refused.value.code) == ("R15", "house_rule_value")


@given(st.integers(0, 7200), st.integers(0, 7200))
def test_remaining_time_only_falls(a, b):
    match = folded({"clock": 60}, timed(THREE_ROUNDS[:5]))
    early, late = sorted((a, b))
    first, second = clock_state(match, T0 + early), clock_state(match, T0 + late)
    assert second.remaining <= first.remaining <= 3600
    assert first.remaining == max(0, min(3600, int(-(-(T0 + 150 + 3600 - (T0 + early)) // 1))))
    assert second.expired == (T0 + late >= T0 + 150 + 3600)


def test_replay_referees_the_clock_from_the_documents_times(tmp_path, capsys):
    """``replay --house-rules`` with a clock: the document's times call time where they say (the level case's
    record under a 20-minute clock: called at round 1, move 9, Bo wins; round 2 is refused, naming R15)."""
    from scorekeeper.cli import main

    case = Path(__file__).parents[1] / "house_cases" / "hr-2p-clock-level-one-more-round.json"
    assert main(["replay", str(case), "--json", "--house-rules", '{"clock": 20}']) != 0
    assert "round 2, move 1: R15" in capsys.readouterr().err
    assert main(["replay", str(case), "--json", "--house-rules", "{}"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["scores"], report["finished"]) == ([25, 41], False)  # without the clock: play goes on


def test_a_rounds_times_are_checked():
    case = json.loads((Path(__file__).parents[1] / "house_cases" / "hr-2p-clock-leader-wins.json").read_text())
    for bad in (case["rounds"][0]["times"][:-1], ["yesterday"] * 14, 5):
        doc = {**case, "rounds": [{**case["rounds"][0], "times": bad}]}
        with pytest.raises(RuleViolation) as refused:
            match_from_document(doc)
        assert (refused.value.code, refused.value.params["what"], refused.value.round_no) == (
            "malformed",
            "round_times",
            1,
        )


PROPERTY_CONFIGS = [
    Config("horse-race", 2),
    Config("horse-race", 4, True),
    Config("exact-61", 3),
    Config("all-fives", 2),
]


@pytest.mark.parametrize("config", PROPERTY_CONFIGS, ids=[c.name for c in PROPERTY_CONFIGS])
@SIMULATED
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    minutes=st.sampled_from([20, 30, 45]),
    lower=st.booleans(),
    gaps=st.lists(st.integers(1, 240), min_size=1, max_size=8),
)
def test_simulated_matches_end_by_the_clock_as_the_rule_says(config, seed, minutes, lower, gaps):
    """Over simulated matches with times: time is called by the first action at or after the limit, and the
    match ends by the clock only after a round settled at or after the called one, as ``clock_end`` says."""
    sim = simulate(config, seed, max_rounds=25)
    house = {"clock": minutes}
    if lower and config.variant in ("horse-race", "all-fives"):  # lower-target needs an "at least" target
        house.update(clock_end="lower-target", clock_target=31)
    times, at = [], T0
    for i in range(len(sim.actions)):
        at += gaps[i % len(gaps)]
        times.append(at)
    actions = [dataclasses.replace(a, time=t) for a, t in zip(sim.actions, times, strict=True)]
    match = Match(config.variant, sim.match.players, config.partnerships, house_rules=house)
    for action in actions:
        if match.finished:
            break
        match.apply(action)
    first_play = next(i for i, a in enumerate(actions) if type(a).__name__ == "Play")
    limit = times[first_play] + minutes * 60
    called = next((i for i, t in enumerate(times) if t >= limit), None)
    if called is None or called >= len(match.actions):
        assert match.clock_called is None
        return
    assert match.clock_called is not None and match.clock_called.time == times[called]
    ended = [r for r in match.rounds if r.clock is not None]
    assert all(r.number >= match.clock_called.round for r in ended)
    for r in ended[:-1]:  # every clock end but the last played on (leader-wins: level)
        assert r.clock is not None and r.clock["winners"] == [] and r.clock["rule"] == "leader-wins"
    if house.get("clock_end") == "lower-target":
        assert len(ended) <= 1  # the target is lowered once
    if ended and ended[-1].clock is not None and ended[-1].clock["winners"]:
        clock = ended[-1].clock
        assert match.finished and match.winners == clock["winners"] and ended[-1] is match.rounds[-1]
        top = max(match.scores[s] for s in (clock.get("reached") or range(len(match.scores))))
        assert all(match.scores[s] == top for s in clock["winners"])
        if clock["rule"] == "leader-wins":
            assert len(clock["winners"]) == 1 and match.scores.count(top) == 1
        else:
            assert all(match.points[s] >= 31 for s in clock["reached"])
