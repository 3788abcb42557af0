"""What the engine tells a screen so that the screen holds no rule: whether a draw or a pass is
allowed now (S8), how far a side is from the target (H3/E3), a score event's points before and
after, and the E5 case of a placement (Exact 61's last tile joins the settlement)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import Draw, Match, Pass, Play, RuleViolation, StartRound, load_document
from scorekeeper.rules.moves import ScoreEvent
from scorekeeper.rules.variants import get_variant
from tests.conftest import CASES
from tests.rules.helpers import SIMULATED
from tests.simulator import CONFIGS, simulate


def accepted(match: Match, action) -> bool:
    """Whether the engine accepts ``action`` now (then taken back: the match is unchanged)."""
    try:
        match.apply(action)
    except RuleViolation:
        return False
    match.undo()
    return True


# ------------------------------------------------------------------ S8: draw and pass
def test_draw_and_pass_by_hand_through_the_seed_layout():
    """hr-2p: Ann leads (no draw, no pass), continues with stock 14 (draw), draws 2 (must play the drawn
    tile: neither again). Exact 61: Ann draws the whole stock without a fit: she may only pass."""
    match = Match("horse-race", ["Ann", "Bo"])
    match.apply(StartRound(0))
    assert (match.turn.can_draw, match.turn.can_pass) == (False, False)  # a lead never draws or passes
    match.apply(Play(0, (1, 4)))
    assert (match.turn.can_draw, match.turn.can_pass) == (True, False)  # stock 14
    match.apply(Draw(0, 2))
    assert match.turn.reason == "play-drawn" and (match.turn.can_draw, match.turn.can_pass) == (False, False)
    e61 = Match("exact-61", ["Ann", "Bo", "Cy"])
    e61.apply(StartRound(2))
    e61.apply(Play(2, (1, 4)))
    assert (e61.turn.can_draw, e61.turn.can_pass) == (True, False)
    e61.apply(Draw(0, 13))  # the whole stock: 13 of the 15 tiles that miss 1 and 4
    assert e61.turn.stock == 0 and (e61.turn.can_draw, e61.turn.can_pass) == (False, True)
    e61.apply(Pass(0))
    assert e61.turn.reason == "next" and (e61.turn.can_draw, e61.turn.can_pass) == (False, True)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
@SIMULATED
@given(seed=st.integers(0, 2**32 - 1))
def test_can_draw_and_can_pass_agree_with_what_the_engine_accepts(config, seed):
    """At every move of a simulated match: a draw of one to ``max_draw`` non-fitting tiles is accepted
    exactly when ``can_draw`` (and no more), ``can_pass`` iff a pass is accepted."""
    sim = simulate(config, seed, max_rounds=3)
    match = Match(sim.match.variant, sim.match.players, sim.match.partnerships)
    checked = 0
    for action in sim.actions:
        if match.status == "move":
            turn = match.turn
            # can_draw: S8 lets the seat draw; a Draw of k non-fitting tiles also needs k <= max_draw
            assert (turn.can_draw and turn.max_draw >= 1) == accepted(match, Draw(turn.seat, 1)), turn
            if turn.can_draw:
                assert turn.max_draw == 0 or accepted(match, Draw(turn.seat, turn.max_draw)), turn
                assert not accepted(match, Draw(turn.seat, turn.max_draw + 1)), turn
            assert turn.can_pass == accepted(match, Pass(turn.seat)), (turn, len(match.actions))
            checked += 1
        match.apply(action)
    assert checked == sim.moves


# ------------------------------------------------------------------ H3/E3: the target
@pytest.mark.parametrize(
    ("variant", "raw", "reached", "to_go"),
    [
        ("horse-race", 0, False, 61),
        ("horse-race", 300, False, 1),
        ("horse-race", 305, True, 0),
        ("horse-race", 310, True, 0),  # H6: 62 wins too
        ("exact-61", 0, False, 61),
        ("exact-61", 300, False, 1),
        ("exact-61", 305, True, 0),
        ("exact-61", -15, False, 64),  # E6's settlement may take a side below 0
    ],
)
def test_the_target_and_the_distance_to_it(variant, raw, reached, to_go):
    rules = get_variant(variant)
    assert rules.target_raw == 305 and rules.target_points == 61
    assert rules.reached(raw) is reached
    assert rules.points_to_target(raw) == to_go
    match = Match(variant, ["Ann", "Bo"])
    match.scores[1] = raw
    assert match.points_to_target(1) == to_go and match.points_to_target(0) == 61


def test_a_score_event_gives_points_before_and_after():
    won = ScoreEvent("play", 0, 15, True, score_before=290)  # 58 + 3 = 61
    assert (won.points_before, won.points_after, won.score_after) == (58, 61, 305)
    rejected = ScoreEvent("play", 0, 20, False, score_before=290)  # E3: 58 + 4 = 62 rejected
    assert (rejected.points_before, rejected.points_after, rejected.would_reach_points) == (58, 58, 62)
    settlement = ScoreEvent("settlement", 1, -25, True, score_before=10)  # E6: 2 - 5 = -3
    assert (settlement.points_after, settlement.score_after) == (-3, -15)


# ------------------------------------------------------------------ E5: the last tile joins the settlement
def test_the_last_tile_of_an_exact_61_hand_joins_the_settlement():
    """e61-2p-exact-finish, round 1: the last tile 0-1 (move 9) makes an end sum of 25, which is no
    event of its own but the settlement's ``play`` part (E5/E6); the placements before it are not marked.
    Horse Race never marks a placement (its last tile scores at once)."""
    match = load_document((CASES / "e61-2p-exact-finish.json").read_bytes(), explain=True)
    first = match.rounds[0]
    marked = {i: info for i, info in first.placements.items() if info.joins_settlement}
    assert list(marked) == [9]
    last = marked[9]
    assert (last.tile, last.end_sum, last.raw, last.event) == ((0, 1), 25, 25, None)
    settlement = next(e for e in first.events if e.kind == "settlement")
    assert settlement.parts["play"] == last.raw == 25
    hr = load_document((CASES / "hr-2p-seed-layout.json").read_bytes(), explain=True)
    assert not any(info.joins_settlement for r in hr.rounds for info in r.placements.values())
