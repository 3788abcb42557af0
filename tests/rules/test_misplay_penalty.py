"""R14 misplay penalty arithmetic (settlement.misplay_penalty), hand-worked."""

from __future__ import annotations

import pytest

from scorekeeper.rules.settlement import misplay_penalty

PAIRS = [0, 1, 0, 1]  # seats 1+3 against 2+4
THREE = [0, 1, 2]


def raw_by_side(awards):
    return {a.side: a.raw for a in awards}


def test_opponents_score_in_partnerships_goes_to_the_other_pair_once():
    # seat 3 (index 2, side 0) passed while able: side 1 scores 2 points = 10 raw, once
    assert raw_by_side(misplay_penalty(2, PAIRS, "opponents-score", 2, 61, 0)) == {1: 10}


def test_opponents_score_with_three_players_each_other_side():
    assert raw_by_side(misplay_penalty(1, THREE, "opponents-score", 5, 61, 0)) == {0: 25, 2: 25}


def test_target_share_rounds_down_at_least_one():
    # 10 % of 61 = 6.1 -> 6 points = 30 raw; 1 % of 61 = 0.61 -> at least 1 point
    assert raw_by_side(misplay_penalty(0, PAIRS, "target-share", 10, 61, 0)) == {1: 30}
    assert raw_by_side(misplay_penalty(0, PAIRS, "target-share", 1, 61, 0)) == {1: 5}


def test_offender_loses_never_below_zero():
    # side 1 has 3 points (15 raw): losing 5 points takes only the 3
    awards = misplay_penalty(3, PAIRS, "offender-loses", 5, 61, 15)
    assert [(a.side, a.raw, a.detail["points"]) for a in awards] == [(1, -15, 3)]
    assert misplay_penalty(3, PAIRS, "offender-loses", 5, 61, 0) == []
    assert raw_by_side(misplay_penalty(3, PAIRS, "offender-loses", 2, 61, 40)) == {1: -10}


def test_detail_names_the_rule_and_an_unknown_kind_is_an_error():
    (award,) = misplay_penalty(0, [0, 1], "opponents-score", 2, 61, 0)
    assert award.detail == {"rule": "R14", "kind": "opponents-score", "amount": 2, "points": 2, "offender": 0}
    with pytest.raises(ValueError):
        misplay_penalty(0, [0, 1], "warn", 2, 61, 0)


def _facts(claims):
    from scorekeeper.rules.referee import TableFacts

    return TableFacts([1, 2], set(), 0, claims, "H2", ["Ann", "Bo"], True)


def test_every_offence_a_revealed_hand_proves_is_listed_with_its_proof():
    from scorekeeper.rules.referee import proven_offences

    # Bo passed at move 2 with 1 and 2 open (mask 0b110) and drew at move 5 with 3 open (0b1000);
    # he shows 1-5 and 3-3: each claim is proven once, by the first tile that fitted it.
    # Ann passed at move 4 with only 4 open and shows 0-0: no offence.
    facts = _facts([[(3, 1 << 4, "pass")], [(1, 0b110, "pass"), (4, 0b1000, "draw")]])
    hands: dict[int, list[tuple[int, int]] | int] = {0: [(0, 0)], 1: [(1, 5), (3, 3)]}
    assert proven_offences(hands, facts) == [(1, 1, "pass", (1, 5), 0b110), (1, 4, "draw", (3, 3), 0b1000)]
    assert proven_offences({0: 0, 1: 9}, facts) == []  # pip totals prove nothing


def test_under_refuse_the_first_offence_is_still_the_s8_refusal():
    from scorekeeper.rules.errors import RuleViolation
    from scorekeeper.rules.referee import check_hands

    facts = _facts([[], [(1, 0b110, "pass"), (4, 0b1000, "draw")]])
    with pytest.raises(RuleViolation) as caught:
        check_hands({0: [(0, 0)], 1: [(1, 5), (3, 3)]}, facts)
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("S8", "held_fitting_tile", 2)
