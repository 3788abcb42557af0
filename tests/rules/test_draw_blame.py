"""Which move a refusal blames after an honest draw: a bad play is refused at the play (S4), and only a
fitting tile placed legally proves the earlier draw wrong (S8)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Draw, Match, Play, RuleViolation, StartRound, parse_spot


def _horse_race_after_bos_draw() -> Match:
    """Ann leads 1-2; Bo cannot play (open 1 and 2), draws 1 tile and plays the drawn 2-3;
    Ann plays 3-4 (1 + 4 = 5, scores, continues) and 4-6 (1 + 6 = 7, turn over)."""
    match = Match("horse-race", ["Ann", "Bo"])
    for action in [
        StartRound(0),
        Play(0, (1, 2)),
        Draw(1, 1),
        Play(1, (2, 3), parse_spot("1-2:high"), drawn=True),
        Play(0, (3, 4), parse_spot("2-3:high")),
        Play(0, (4, 6), parse_spot("3-4:high")),
    ]:
        match.apply(action)
    return match


def test_tile_on_the_table_is_refused_at_the_play_not_blamed_on_an_earlier_draw():
    """Bo's draw at move 2 (open 1 and 2) was honest: a 1-2 he 'plays' at move 6 is already
    on the table, so it proves nothing about his hand. Before the fix the engine reported
    S8 at move 2 ("drew while holding 1-2")."""
    match = _horse_race_after_bos_draw()
    with pytest.raises(RuleViolation) as caught:
        match.apply(Play(1, (1, 2), parse_spot("1-2:low")))
    assert (caught.value.rule, caught.value.code) == ("S4", "tile_on_table")
    assert (caught.value.round_no, caught.value.move_no) == (1, 6)


def test_misplaced_tile_is_refused_at_the_play():
    """1-5 fits Bo's claim (open 1 at his draw) but is put on a 6 spot: the S4 fault is at
    this move; whether Bo held 1-5 at move 2 is not proven by an illegal placement."""
    match = _horse_race_after_bos_draw()
    with pytest.raises(RuleViolation) as caught:
        match.apply(Play(1, (1, 5), parse_spot("4-6:high")))
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("S4", "value_mismatch", 6)


def test_fitting_tile_placed_legally_still_proves_the_draw_wrong():
    match = _horse_race_after_bos_draw()
    with pytest.raises(RuleViolation) as caught:
        match.apply(Play(1, (1, 5), parse_spot("1-2:low")))
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("S8", "held_fitting_tile", 2)
