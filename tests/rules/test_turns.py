"""Whose move it is and why (Turn), after each kind of move: hand-worked from the seed layout."""

from __future__ import annotations

import json

from scorekeeper.rules import Draw, Match, Pass, Play, RuleViolation, StartRound, Turn, parse_spot
from scorekeeper.rules.document import parse_move
from tests.conftest import CASES


def test_horse_race_turns_through_the_seed_layout():
    """hr-2p-seed-layout: Ann leads 1-4 (5: scores, continues), 1-1 (a double, continues),
    draws 2 (stock 14 → 12) and plays the drawn 4-4 (scores 10 but ends the turn, H5)."""
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text())
    match = Match("horse-race", ["Ann", "Bo"])
    match.apply(StartRound(0))
    assert match.turn == Turn(0, "lead", stock=14)
    expected = [
        Turn(0, "continue-scored", (1, 4), stock=14),
        Turn(0, "continue-double", (1, 1), stock=14),
        Turn(0, "play-drawn", stock=12),
        Turn(1, "next", None, 0, "drawn", 11),
        Turn(1, "continue-scored", (3, 4), stock=11),  # 3-4 at 4-4:line-b: 2 + 3 = 5
    ]
    for raw, turn in zip(doc["rounds"][0]["moves"], expected, strict=False):
        match.apply(parse_move(raw))
        assert match.turn == turn
    assert match.turn.must == "any"


def test_exact_61_turns_end_after_one_tile_and_after_a_pass():
    match = Match("exact-61", ["Ann", "Bo", "Cy"])
    match.apply(StartRound(2))
    match.apply(Play(2, (1, 4)))  # 5: scores, yet one tile a turn (E4)
    assert match.turn == Turn(0, "next", None, 2, "one-tile", 13)
    match.apply(Draw(0, 13))  # the whole stock (13 of the 15 tiles that miss 1 and 4), nothing fits: Ann passes
    assert match.turn == Turn(0, "pass-after-draw", stock=0)
    assert match.turn.must == "pass"
    match.apply(Pass(0))
    assert match.turn == Turn(1, "next", None, 0, "pass", 0)
    match.apply(Play(1, (4, 4), parse_spot("1-4:high")))
    assert match.turn.ended_by == "one-tile" and match.turn.seat == 2


def test_a_draw_of_more_misses_than_the_set_holds_is_refused():
    """6-6 led, 1-6 and 2-6 on its lines: open ends 1, 2, 6 (and 6-6's branches). Off the table only
    10 tiles miss all three (0-0 0-3 0-4 0-5 3-3 3-4 3-5 4-4 4-5 5-5), so 11 tiles that did not fit
    cannot have been drawn (S8) although the stock holds 14; 10 can, and leaves 4."""
    match = Match("horse-race", ["Ann", "Bo"])
    match.apply(StartRound(0))
    for tile, spot in (((6, 6), None), ((1, 6), ((6, 6), "line-a")), ((2, 6), ((6, 6), "line-b"))):
        match.apply(Play(match.turn.seat, tile, spot))
    assert match.turn == Turn(0, "next", None, 1, "no-score", 14)
    assert match.turn.max_draw == 10 and match.turn.can_draw  # the draw panel offers 0 to 10
    try:
        match.apply(Draw(0, 11))
    except RuleViolation as err:
        assert (err.rule, err.code, err.params["misses"], err.params["ends"]) == (
            "S8",
            "draw_impossible",
            10,
            "1, 2, 6",
        )
    else:
        raise AssertionError("11 misses accepted")
    assert match.round.stock == 14 and len(match.round.moves) == 3  # state unchanged
    match.apply(Draw(0, 10))
    assert match.round.stock == 4 and match.turn.reason == "play-drawn"
