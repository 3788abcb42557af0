"""R12 ``scoring: fives-and-threes`` and the Fives and Threes preset (F1–F6): the scoring function for every
end sum 0 to 40 worked by hand, its two parts in every account, the go and the block, and R3 ``all``."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.account import match_account
from scorekeeper.explain import threes_fives_words
from scorekeeper.i18n import Translator
from scorekeeper.rules import Draw, Match, Pass, Play, RuleViolation, StartRound, load_document
from scorekeeper.rules.scoring import fives_and_threes_points, placement_raw, threes_and_fives
from scorekeeper.rules.settlement import go_award
from scorekeeper.rules.variants import get_variant
from tests.rules.test_house_rules import HOUSE_CASES, at, cli
from tests.simulator import Config, simulate

# By hand: (threes, fives) for each end sum 0..40 — a 3s count where 3 divides it, a 5s count where 5 does.
BY_HAND = {
    0: (0, 0),
    1: (0, 0),
    2: (0, 0),
    3: (1, 0),
    4: (0, 0),
    5: (0, 1),
    6: (2, 0),
    7: (0, 0),
    8: (0, 0),
    9: (3, 0),
    10: (0, 2),
    11: (0, 0),
    12: (4, 0),
    13: (0, 0),
    14: (0, 0),
    15: (5, 3),
    16: (0, 0),
    17: (0, 0),
    18: (6, 0),
    19: (0, 0),
    20: (0, 4),
    21: (7, 0),
    22: (0, 0),
    23: (0, 0),
    24: (8, 0),
    25: (0, 5),
    26: (0, 0),
    27: (9, 0),
    28: (0, 0),
    29: (0, 0),
    30: (10, 6),
    31: (0, 0),
    32: (0, 0),
    33: (11, 0),
    34: (0, 0),
    35: (0, 7),
    36: (12, 0),
    37: (0, 0),
    38: (0, 0),
    39: (13, 0),
    40: (0, 8),
}
POINTS = {
    3: 1,
    5: 1,
    6: 2,
    9: 3,
    10: 2,
    12: 4,
    15: 8,
    18: 6,
    20: 4,
    21: 7,
    24: 8,
    25: 5,
    27: 9,
    30: 16,
    33: 11,
    35: 7,
    36: 12,
    39: 13,
    40: 8,
}  # the brief's and the sources' table; every other sum 0


@pytest.mark.parametrize("end_sum", range(41))
def test_the_scoring_function_for_every_end_sum_to_40(end_sum):
    assert threes_and_fives(end_sum) == BY_HAND[end_sum]
    assert fives_and_threes_points(end_sum) == POINTS.get(end_sum, 0)
    assert placement_raw(end_sum, "fives-and-threes") == 5 * POINTS.get(end_sum, 0)  # raw: 5 to a point


def test_fives_scoring_is_unchanged_and_the_default():
    assert [placement_raw(s) for s in (0, 3, 5, 6, 15, 30)] == [0, 0, 5, 0, 15, 30]
    assert [placement_raw(s, "fives") for s in (0, 3, 5, 6, 15, 30)] == [0, 0, 5, 0, 15, 30]
    assert all(
        get_variant(g).options["scoring"] == "fives" for g in ("horse-race", "exact-61", "all-fives", "merry-go-round")
    )
    with pytest.raises(ValueError):
        placement_raw(15, "sevens")


def test_the_two_parts_in_words():
    en, uk, ko = Translator("en"), Translator("uk"), Translator("ko")
    assert threes_fives_words(en, 15) == "15: 5 × 3 + 3 × 5 → 8"
    assert threes_fives_words(en, 30) == "30: 10 × 3 + 6 × 5 → 16"
    assert threes_fives_words(en, 9) == "9: 3 × 3 → 3"
    assert threes_fives_words(en, 10) == "10: 2 × 5 → 2"
    assert threes_fives_words(en, 7) == ""
    assert threes_fives_words(uk, 15) == threes_fives_words(ko, 15) == "15: 5 × 3 + 3 × 5 → 8"


def test_the_preset_is_data():
    game = get_variant("fives-and-threes")
    assert [game.deal_size(n) for n in (2, 3, 4)] == [7, 5, 5]  # F2 (Taylor/Pagat)
    assert [game.reserve_tiles(n) for n in (2, 3, 4)] == [14, 13, 8]  # R3 all: the whole stock
    assert game.exact and game.target_points == 61  # F6
    assert (game.options["spinners"], game.options["scoring"]) == ("none", "fives-and-threes")
    assert game.house_rules == {} and game.rule("players") == "F1"


def test_nobody_draws_in_fives_and_threes():
    """R3 all: a draw is refused (nothing may be drawn), a knock is the only move of a player who cannot
    play; S8's knock while able to play is still refused."""
    match = Match("fives-and-threes", ["Ann", "Bo"])
    match.apply(StartRound(0))
    match.apply(Play(0, (6, 6)))
    err = pytest.raises(RuleViolation, match.apply, Draw(1, 1)).value
    assert (err.rule, err.code) == ("R3", "draw_reserve")
    match.apply(Pass(1))  # Bo knocks: no 6 (his hand shows it later)
    assert match.turn.reserve == 14 and match.turn.max_draw == 0


def test_the_go_and_the_block():
    assert go_award(1, [0, 1]).raw == 5 and go_award(1, [0, 1]).detail == {"go": 1}
    joined = go_award(0, [0, 1, 0, 1], play_raw=40, joins=True)
    assert (joined.side, joined.raw, joined.parts) == (0, 45, {"play": 40, "go": 5})
    match = load_document((HOUSE_CASES / "f3-2p-ends-go-block.json").read_bytes())
    one, two = match.rounds
    assert [(e.kind, e.points, e.parts) for e in one.settlement] == [("settlement", 3, {"play": 10, "go": 5})]
    assert (two.result, two.winners, two.settlement, two.pips) == ("draw", [], [], [30, 22])


def test_every_account_shows_the_two_parts():
    match = load_document((HOUSE_CASES / "f3-2p-ends-go-block.json").read_bytes(), explain=True)
    text = match_account(match)
    assert "7. Ann plays 0-3 at 0-4 (low end): 6-6: 12 + 0-3: 3 = 15; 15: 5 × 3 + 3 × 5 → 8 → +8 Ann (16)" in text
    assert "3. Ann plays 4-4 at 2-4 (high end): 1-2: 1 + 4-4: 8 = 9; 9: 3 × 3 → 3 → +3 Ann (4)" in text
    assert "Settlement for Ann: last tile +2 + the go +1 → +3 (R12)" in text
    assert "Blocked: nobody scores, the hands left are not counted (R12)" in text
    assert "Round drawn" not in text
    uk = match_account(match, "uk")
    assert "15: 5 × 3 + 3 × 5 → 8" in uk and "Розрахунок — Ann: остання плитка +2 + вихід +1 → +3 (R12)" in uk
    ko = match_account(match, "ko")
    assert "15: 5 × 3 + 3 × 5 → 8" in ko and "막힘: 아무도 점수를 얻지 않고" in ko
    alone = match_account(load_document((HOUSE_CASES / "f3-2p-at-least-go-alone.json").read_bytes(), explain=True))
    assert "Domino for Ann: the go → +1 (R12)" in alone


def test_r12_on_a_rules_md_game_changes_only_the_scoring():
    """Horse Race with R12: a 3 now scores, and a scoring tile lets the player go on (H4); the settlement
    is the go. The seed layout's Ann leads 1-2 … here a lead of 1-2 scores 3 → 1 and Ann continues."""
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"scoring": "fives-and-threes"})
    match.apply(StartRound(0))
    (event,) = match.apply(Play(0, (1, 2)))
    assert (event.end_sum, event.raw, event.points) == (3, 5, 1)
    assert match.turn.seat == 0 and match.turn.reason == "continue-scored"
    (event,) = match.apply(Play(0, (2, 4), at("1-2:high")))
    assert (event.end_sum, event.points) == (5, 1)
    assert match.house_rules == {"scoring": "fives-and-threes"}


def test_replay_referees_the_preset_under_fives_scoring():
    """``replay --house-rules '{"scoring": "fives"}'``: the same moves counted by S7, by hand — Ann m5 20 → 4,
    m7 15 → 3, m9 10 → 2; Bo m2 5 → 1; Ann goes out with 0-1 (10) joined to Bo's 2-2 = 4 → 5: 15 raw, 3 →
    Ann 12; round 2's 6-6 alone makes 12 (nothing); blocked, Bo's 22 < Ann's 30, Bo earns 30 → 6: Bo 7."""
    out = cli(
        "replay", str(HOUSE_CASES / "f3-2p-ends-go-block.json"), "--json", "--house-rules", '{"scoring": "fives"}'
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["house_rules"] == {"scoring": "fives"} and report["scores"] == [12, 7]
    assert [[(e["kind"], e["points"]) for e in r["events"]] for r in report["rounds"]] == [
        [("play", 1), ("play", 4), ("play", 3), ("play", 2), ("settlement", 3)],
        [("block", 6)],
    ]
    assert out.stderr == "house rules: R12 scoring: fives\n"


SEATINGS = [(2, False), (3, False), (4, False), (4, True)]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seating=st.sampled_from(SEATINGS), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_simulated_fives_and_threes_matches(seating, seed):
    """Over simulated preset matches: nobody ever draws (R3 all), no double is a spinner (no branch spot),
    every placement earns what F5's text gives its end sum, every going out is the last tile's points + 1
    as one event (F6), a block scores nothing, and the scores are the accepted events' sum, never past 61."""
    players, pairs = seating
    match = simulate(Config("fives-and-threes", players, pairs), seed, max_rounds=30).match
    totals = [0] * len(match.sides)
    for r in match.rounds:
        assert not any(isinstance(m, Draw) for m in r.moves) and r.stock == 28 - players * (7 if players == 2 else 5)
        assert not any(isinstance(m, Play) and m.spot is not None and "branch" in m.spot[1] for m in r.moves)
        for event in r.events:
            if event.kind == "play":
                s = event.end_sum
                assert event.points == (s // 3 if s % 3 == 0 else 0) + (s // 5 if s % 5 == 0 else 0) > 0
            if event.accepted:
                totals[event.side] += event.points
        if r.result == "domino":
            (go,) = r.settlement
            assert go.kind == "settlement" and go.parts == {"play": r.last_play_raw, "go": 5}
            assert go.points == r.last_play_raw // 5 + 1
        if r.ended == "block":
            assert (r.result, r.winners, r.settlement) == ("draw", [], [])
    assert totals == match.points and all(p <= 61 for p in match.points)
    assert not match.finished or match.points[match.winners[0]] == 61


def test_the_account_and_review_say_ends_of_a_double_that_is_no_spinner():
    """F&T's doubles are crosswise with two ends (R9 ``none``): the account and the review's move words say
    "other end", where a spinner's line says "line B" (Horse Race, R9 ``all``; Ann goes on after scoring, H4)."""
    from scorekeeper.explain import move_words

    for variant, said in (("fives-and-threes", "5-5 (other end)"), ("horse-race", "5-5 (line B)")):
        match = _with_a_double(variant)
        name = match.players[match.rounds[0].moves[1].player]
        assert f"{name} plays 2-5 at {said}" in match_account(match)
        assert move_words(Translator("en"), match, match.rounds[0], 1) == f"{name} plays 2-5 at {said}"
    f3 = _with_a_double("fives-and-threes")
    assert "5-5 (інший кінець)" in match_account(f3, "uk") and "5-5 (다른 쪽 끝)" in match_account(f3, "ko")


def _with_a_double(variant: str) -> Match:
    """Ann leads 5-5 and the next player (whoever the turn names) plays 2-5 at its line B."""
    match = Match(variant, ["Ann", "Bo"])
    match.apply(StartRound(0))
    match.apply(Play(0, (5, 5)))
    match.apply(Play(match.turn.seat, (2, 5), at("5-5:line-b")))
    return match
