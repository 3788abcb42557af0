"""Whose move it is and why (Turn), after each kind of move: hand-worked from the seed layout."""

from __future__ import annotations

import json

from scorekeeper.rules import Draw, Match, Pass, Play, StartRound, Turn, parse_spot
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
    match = Match("exact-61", ["Ann", "Bo"])
    match.apply(StartRound(1))
    match.apply(Play(1, (1, 4)))  # 5: scores, yet one tile a turn (E4)
    assert match.turn == Turn(0, "next", None, 1, "one-tile", 18)
    match.apply(Draw(0, 18))  # the whole stock, nothing fits: Ann must pass
    assert match.turn == Turn(0, "pass-after-draw", stock=0)
    assert match.turn.must == "pass"
    match.apply(Pass(0))
    assert match.turn == Turn(1, "next", None, 0, "pass", 0)
    match.apply(Play(1, (4, 4), parse_spot("1-4:high")))
    assert match.turn.ended_by == "one-tile" and match.turn.seat == 0
