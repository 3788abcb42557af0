"""House rules (the house options) and presets (All Fives, Merry-Go-Round): hand-computed positions for each option,
the house-rule cases (tests/house_cases) replayed both ways, refusals naming the option's rule id."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import (
    Draw,
    Match,
    Pass,
    Play,
    Reveal,
    RuleViolation,
    StartRound,
    build_report,
    load_document,
    match_to_document,
    parse_spot,
)
from scorekeeper.rules.house import OPTIONS, house_rules_for_seating, house_rules_text
from scorekeeper.rules.settlement import block_awards, count, domino_award
from scorekeeper.rules.variants import GAMES, get_variant, house_rule_menu
from tests.conftest import CASES

HOUSE_CASES = Path(__file__).resolve().parents[1] / "house_cases"
LEGAL = sorted(p for p in HOUSE_CASES.glob("*.json") if (HOUSE_CASES / (p.stem + ".report.json")).exists())
BAD = sorted(p for p in HOUSE_CASES.glob("bad-*.json") if not p.name.endswith(".expected.json"))


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True, timeout=20)


def refusal(match: Match, action) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        match.apply(action)
    return caught.value


def at(text: str):
    return parse_spot(text)


# ------------------------------------------------------------------ cases
def test_house_cases_found():
    assert [p.stem for p in LEGAL] == [
        "e61-2p-at-least-going-out-alone",
        "f3-2p-at-least-go-alone",
        "f3-2p-ends-go-block",
        "f3-2p-target-20-rejects-the-go",
        "hr-2p-clock-leader-wins",
        "hr-2p-clock-level-one-more-round",
        "hr-2p-clock-lower-target",
        "hr-2p-continuation-draw",
        "hr-2p-continuation-stop",
        "hr-2p-exactly-going-out-joins",
        "hr-2p-misplay-penalty",
        "hr-2p-muggins-claims",
        "hr-4i-split-per-hand",
        "hr-pairs-domino-partner-subtracted",
        "hr-pairs-exactly-tie-from-starter",
        "hr-pairs-misplay-offender-loses",
    ]
    assert len(BAD) == 7


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.stem)
def test_house_case_replays_to_its_hand_worked_report(path):
    """Each house case's hand-worked report is what ``build_report`` gives and what ``replay --json``
    prints, ``"house_rules"`` included (one report, built in one place: issue 26), as the shared
    acceptance runner compares it."""
    expected = json.loads((HOUSE_CASES / (path.stem + ".report.json")).read_text())
    match = load_document(path.read_bytes())
    assert expected.get("house_rules", {}) == match.house_rules
    assert build_report(match) == expected
    out = cli("replay", str(path), "--json")
    assert out.returncode == 0 and json.loads(out.stdout) == expected
    assert out.stderr == (f"house rules: {house_rules_text(match.house_rules)}\n" if match.house_rules else "")


def test_replay_json_carries_the_house_rules_in_effect():
    """``replay --json`` names the house rules it refereed under after ``"variant"``: the stop reading's
    ``{"continuation": "stop"}`` (R1); none for the draw reading, whose header's ``"draw"`` is Horse
    Race's own rule, nor for a record of the game's own rules, whose report is as before; and
    ``--house-rules`` replaces them (R7 target 101: the seed layout replays the same,
    Ann 3, Bo 19, its hand-worked report)."""
    stop = cli("replay", str(HOUSE_CASES / "hr-2p-continuation-stop.json"), "--json")
    printed = json.loads(stop.stdout)
    assert list(printed)[:4] == ["format", "variant", "house_rules", "sides"]
    assert printed["house_rules"] == {"continuation": "stop"} and printed["scores"] == [5, 8]
    draw = json.loads(cli("replay", str(HOUSE_CASES / "hr-2p-continuation-draw.json"), "--json").stdout)
    assert "house_rules" not in draw
    own = cli("replay", str(CASES / "hr-2p-seed-layout.json"), "--json")
    assert json.loads(own.stdout) == json.loads((CASES / "hr-2p-seed-layout.report.json").read_text())
    assert own.stderr == ""
    target = cli("replay", str(CASES / "hr-2p-seed-layout.json"), "--json", "--house-rules", '{"target": 101}')
    printed = json.loads(target.stdout)
    assert printed.pop("house_rules") == {"target": 101}
    assert printed == json.loads(own.stdout) and printed["scores"] == [3, 19]


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_bad_house_case_is_refused_naming_the_rule(path):
    expected = json.loads((HOUSE_CASES / (path.stem + ".expected.json")).read_text())
    out = cli("replay", str(path), "--json")
    assert out.returncode == 2 and out.stdout == ""
    if expected["round"] is not None:
        assert f"round {expected['round']}, move {expected['move']}" in out.stderr
    assert any(f"{rule}:" in out.stderr for rule in expected["rules"]), out.stderr
    with pytest.raises(RuleViolation) as caught:
        load_document(path.read_bytes())
    assert (caught.value.round_no, caught.value.move_no) == (expected["round"], expected["move"])
    assert caught.value.rule in expected["rules"]


def test_the_two_continuation_readings_replayed_both_ways():
    """The seed deal where Ann continues after 1-1 holding no 1 or 4 with 14 tiles in the stock (H4):
    the record of the draw reading (she draws 2 and plays the drawn 4-4) stands under ``draw`` and is
    refused at move 3 under ``stop`` (R1); the record of the stop reading (she passes; Bo plays) stands
    under ``stop`` — Ann 5 (1 + 3 + the domino's 1), Bo 8, worked out by hand in the case — and is
    refused at move 3 under the game's own rules (S8: a pass with tiles in the stock)."""
    draw_doc = (CASES / "hr-2p-seed-layout.json").read_text()
    stop_doc = (HOUSE_CASES / "hr-2p-continuation-stop.json").read_text()
    draw_report = json.loads((CASES / "hr-2p-seed-layout.report.json").read_text())
    assert build_report(load_document(draw_doc)) == draw_report
    out = cli("replay", str(CASES / "hr-2p-seed-layout.json"), "--house-rules", '{"continuation": "stop"}')
    assert out.returncode == 2 and "round 1, move 3: R1:" in out.stderr
    out = cli("replay", str(HOUSE_CASES / "hr-2p-continuation-stop.json"), "--house-rules", "{}")
    assert out.returncode == 2 and "round 1, move 3: S8:" in out.stderr
    out = cli("replay", str(HOUSE_CASES / "hr-2p-continuation-stop.json"))
    assert out.returncode == 0
    assert "House rules: R1 Stuck while continuing: the turn simply ends" in out.stdout
    assert "Scores: Ann 5, Bo 8" in out.stdout
    assert "3. Ann passes: nothing to play from hand, the turn ends (R1)" in out.stdout
    stop = load_document(stop_doc)
    assert stop.points == [5, 8] and stop.rounds[0].stock == 14  # nothing was drawn


def test_a_stopping_continuation_is_a_turn_that_ends_with_a_pass():
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"continuation": "stop"})
    match.apply(StartRound(0))
    match.apply(Play(0, (1, 4)))  # 5: scores, continues
    match.apply(Play(0, (1, 1), at("1-4:low")))  # a double: continues
    turn = match.turn
    assert (turn.seat, turn.reason, turn.may_stop, turn.can_pass) == (0, "continue-double", True, True)
    err = refusal(match, Draw(0, 1))
    assert (err.rule, err.code) == ("R1", "continuation_no_draw")
    err = refusal(match, Play(1, (4, 6), at("1-4:high")))
    assert (err.rule, err.code) == ("R1", "skipped_continuation_stop")
    match.apply(Pass(0))
    assert (match.turn.seat, match.turn.reason) == (1, "next")
    assert match.turn.can_draw and not match.turn.can_pass  # Bo plays or draws as usual (S8)
    assert match.round.stops == {2}  # move 3 ended the continuation (R1): a screen says so, not a plain pass


def test_a_stop_with_tiles_in_the_stock_is_no_blocking_pass():
    """R1 stop: Ann's pass (14 in the stock) ends her turn; Bo draws the 14 and passes: no block."""
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"continuation": "stop"})
    match.apply(StartRound(0))
    match.apply(Play(0, (6, 6)))
    assert match.turn.may_stop
    match.apply(Pass(0))
    match.apply(Draw(1, 14))
    assert match.turn.reason == "pass-after-draw" and match.turn.stock == 0
    match.apply(Pass(1))
    assert match.round.ended is None and match.turn.seat == 0 and not match.turn.may_stop
    assert match.round.stops == {1}  # Ann's pass ended her turn (R1); Bo's after the draw is a plain pass


def test_with_an_empty_stock_both_readings_pass_the_same():
    """Bo draws 13 and plays the drawn 1-6, emptying the stock; Ann's 1-1 continues (a double) but
    nothing is left to draw: under draw and under stop she passes, Bo passes, the round is blocked."""
    states = []
    for rules in ({}, {"continuation": "stop"}):
        match = Match("horse-race", ["Ann", "Bo"], house_rules=rules)
        for action in (
            StartRound(0),
            Play(0, (6, 6)),
            Play(0, (2, 6), at("6-6:line-a")),
            Draw(1, 13),
            Play(1, (1, 6), at("6-6:line-b"), drawn=True),
            Play(0, (1, 1), at("1-6:low")),
        ):
            match.apply(action)
        assert match.turn.reason == "continue-double" and match.turn.stock == 0 and not match.turn.may_stop
        match.apply(Pass(0))
        match.apply(Pass(1))
        states.append((match.round.ended, match.scores, match.round.stock, match.round.stops))
    assert states[0] == states[1] == ("block", [0, 0], 0, set())  # plain passes both: nothing to draw


# ------------------------------------------------------------------ R2
def test_drawing_while_able_is_allowed_and_proves_nothing():
    """Exact 61, 2 players: Ann leads 1-4 (5, 1 point). Bo holds 4-4 yet draws 1 tile (2-3, which does
    not fit) and plays the drawn 1-2; later Bo plays the 4-4 from hand. Under S8 that proves the draw
    was made while able (refused at move 2, S8); with R2 ``allowed`` it stands."""
    moves = [
        StartRound(0),
        Play(0, (1, 4)),
        Draw(1, 1),
        Play(1, (1, 2), at("1-4:low"), drawn=True),
        Play(0, (2, 6), at("1-2:high")),
        Play(1, (4, 4), at("1-4:high")),
    ]
    allowed = Match.replay("exact-61", ["Ann", "Bo"], False, moves, house_rules={"draw_when_able": "allowed"})
    assert allowed.points == [3, 0] and allowed.round.stock == 16  # 1-4: 5; 2-6 on 1-2: 4 + 6 = 10
    with pytest.raises(RuleViolation) as caught:
        Match.replay("exact-61", ["Ann", "Bo"], False, moves)
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("S8", "held_fitting_tile", 2)


def test_after_drawing_the_stock_while_able_a_tile_from_hand_may_still_go():
    match = Match("exact-61", ["Ann", "Bo"], house_rules={"draw_when_able": "allowed"})
    match.apply(StartRound(0))
    match.apply(Play(0, (0, 0)))
    match.apply(Draw(1, 18))  # the whole stock, nothing with a 0 in it
    assert match.turn.reason == "pass-after-draw" and match.turn.may_play
    match.apply(Play(1, (0, 5), at("0-0:line-a")))  # from hand: the 0-0 end double 0 + 5 = 5
    assert match.points == [0, 1]


# ------------------------------------------------------------------ R3
def test_the_last_tiles_of_the_stock_are_never_drawn():
    """Exact 61, 2 players, reserve 2: Ann leads 0-0; of the 18 in the stock Bo may draw 16."""
    match = Match("exact-61", ["Ann", "Bo"], house_rules={"reserve": 2})
    match.apply(StartRound(0))
    match.apply(Play(0, (0, 0)))
    assert match.turn.max_draw == 16 and match.turn.reserve == 2
    err = refusal(match, Draw(1, 17))
    assert (err.rule, err.code, err.params["stock"]) == ("R3", "draw_past_reserve", 16)
    err = refusal(match, Pass(1))
    assert (err.rule, err.code) == ("R3", "pass_with_drawable")
    match.apply(Draw(1, 16))
    assert match.turn.reason == "pass-after-draw" and match.turn.stock == 2
    match.apply(Pass(1))
    err = refusal(match, Draw(0, 1))
    assert (err.rule, err.code) == ("R3", "draw_reserve")
    match.apply(Pass(0))
    assert match.round.ended == "block" and match.round.stock == 2  # blocked with the 2 left


# ------------------------------------------------------------------ R4, R5, R6, R8: settlement arithmetic
def test_block_award_readings_on_one_position():
    """Three players hold 4, 9 and 12 pips. Opponents (H7): Ann earns 9 + 12 = 21 → 20. Difference:
    21 − 4 = 17 → 15. Cascade (E7): Ann (9 − 4) + (12 − 4) = 13 → 15, Bo 12 − 9 = 3 → 5."""
    seats = [0, 1, 2]

    def awards(kind):
        return [(a.side, a.raw) for a in block_awards([4, 9, 12], seats, 0, kind)[2] if a.raw]

    assert awards("opponents") == [(0, 20)]
    assert awards("difference") == [(0, 15)]
    assert awards("cascade") == [(0, 15), (1, 5)]


def test_tie_readings_on_the_h9_position():
    """H9's four players with 4, 4, 4 and 14. Each: three awards of 22 → 20. Nobody: a draw, no award.
    Split: 22 shared by 3 = 7 whole pips → 5 each."""
    pips, seats = [4, 4, 4, 14], [0, 1, 2, 3]
    result, winners, awards = block_awards(pips, seats, 0, "opponents", "each")
    assert (result, winners, [a.raw for a in awards]) == ("block", [0, 1, 2], [20, 20, 20])
    assert block_awards(pips, seats, 0, "opponents", "nobody") == ("draw", [], [])
    result, winners, awards = block_awards(pips, seats, 0, "opponents", "split")
    assert (result, winners, [a.raw for a in awards]) == ("block", [0, 1, 2], [5, 5, 5])
    # the cascade's own tie (E8: the lowest shared by opponents) with R5 nobody: no award at all
    assert block_awards([3, 3, 10], [0, 1, 2], 0, "cascade", "nobody") == ("draw", [], [])
    assert [a.raw for a in block_awards([3, 3, 10], [0, 1, 2], 0, "cascade", "each")[2]] == [5, 5]


def test_per_hand_rounding_is_kelleys_table_on_each_hand():
    """Kelley's table is S9's rounding: 1–2 → 0, 3–7 → 5, 8–12 → 10. Per hand it applies to each
    hand: hands 2 and 2 give 0 (combined: 4 → 5); 7 and 8 give 5 + 10 = 15 (combined 15 → 15)."""
    assert [count([p]) for p in range(13)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10]
    assert (count([2, 2]), count([2, 2], per_hand=True)) == (5, 0)
    assert (count([7, 8]), count([7, 8], per_hand=True)) == (15, 15)
    award = domino_award(0, [0, 2, 2], [0, 1, 2], per_hand=True)
    assert award.raw == 0


def test_partner_pips_ignored_or_subtracted():
    """H8's example: partner 7, opponents 9 and 8. Ignored: 17 → 15 (3 points). Subtracted (E6):
    15 − (7 → 5) = 10 (2 points)."""
    pips, seats = [0, 9, 7, 8], [0, 1, 0, 1]
    assert domino_award(0, pips, seats).raw == 15
    assert domino_award(0, pips, seats, partner_subtracted=True).raw == 10


# ------------------------------------------------------------------ R7
def test_a_house_target_at_least_ends_the_match_at_once():
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"target": 1})
    assert match.rules.target_points == 1 and match.rules.rule("target") == "R7"
    match.apply(StartRound(0))
    match.apply(Play(0, (1, 4)))  # 5 raw: 1 point, the target
    assert match.finished and match.winners == [0]
    err = refusal(match, Play(0, (4, 4), at("1-4:high")))
    assert err.rule == "R7"


def test_a_house_target_exactly_rejects_an_overshoot():
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"target": 1, "target_mode": "exactly"})
    match.apply(StartRound(0))
    [event] = match.apply(Play(0, (5, 5)))  # 10 raw: 2 points would pass 1
    assert not event.accepted and match.scores == [0, 0] and not match.finished
    [event] = match.apply(Play(0, (0, 5), at("5-5:line-a")))  # 5-5 end double 10 + 0 = 10: rejected again
    assert not event.accepted
    match.apply(Play(0, (4, 5), at("5-5:line-b")))  # 0 + 4 = 4: no score, the turn ends
    match.apply(Play(1, (0, 1), at("0-5:low")))  # 1 + 4 = 5: 1 point exactly
    assert match.finished and match.winners == [1]


# ------------------------------------------------------------------ the readings of issue 26
def test_going_out_joins_its_award_exactly_when_the_target_is_exact():
    """Reading 1 (R7): with ``exactly`` the tile that empties a hand and its domino award are one event
    (E5/E6), in every game; with ``at-least`` that tile scores alone and may end the match at once (H6).
    Horse Race's seed layout with target 11 exactly: Bo on 8 goes out with 0-3 (15 → 3) and Ann holds
    42 → 40: one settlement 15 + 40 = 55 raw (11 points), 8 + 11 = 19 > 11, rejected whole; Bo stays 8
    and the match goes on (the tile alone would have made 11 and won). Exact 61 with target 12 at least:
    Ann on 7 goes out with 0-1 (25 → 5): 12 at once, ``match-end`` (joined it was 25 + 110 = 135 → 34)."""
    for game in GAMES:
        assert get_variant(game, {"target_mode": "exactly"}).joins_settlement
        assert not get_variant(game, {"target_mode": "at-least"}).joins_settlement
    assert get_variant("merry-go-round").joins_settlement and not get_variant("all-fives").joins_settlement
    hr = load_document((HOUSE_CASES / "hr-2p-exactly-going-out-joins.json").read_bytes())
    last = hr.rounds[0].events[-1]
    assert (last.kind, last.side, last.raw, last.parts, last.accepted) == (
        "settlement",
        1,
        55,
        {"play": 15, "opponents": 40, "partner": 0},
        False,
    )
    assert hr.points == [3, 8] and not hr.finished and hr.required_starter == 1
    e61 = load_document((HOUSE_CASES / "e61-2p-at-least-going-out-alone.json").read_bytes())
    assert [(e.kind, e.move, e.raw) for e in e61.rounds[0].events][-1] == ("play", 9, 25)
    assert (e61.rounds[0].result, e61.points, e61.winners) == ("match-end", [12, 0], [0])


def test_a_domino_with_the_partner_subtracted_shows_its_parts():
    """Reading 2 (R8, match-format.md ``events[].parts``): H8's example, opponents 9 + 8 = 17 → 15, partner
    Cy 7 → 5 subtracted: a ``domino`` event of 10 raw with ``parts`` ``{"opponents": 15, "partner": -5}``;
    the account says both steps (the opponents' +3 before the partner's 5)."""
    from scorekeeper.account import match_account

    match = load_document((HOUSE_CASES / "hr-pairs-domino-partner-subtracted.json").read_bytes(), explain=True)
    domino = match.rounds[0].events[-1]
    assert (domino.kind, domino.raw, domino.parts) == ("domino", 10, {"opponents": 15, "partner": -5})
    assert domino.report()["parts"] == {"opponents": 15, "partner": -5}
    assert match.points == [4, 5]
    assert (
        "Domino for Ann & Cy: opponents Bo 9 + Di 8 = 17 → 15 → +3 − partner Cy 7 → 5 = 10 in pips → +2"
        in match_account(match, "en")
    )
    ignored = load_document((CASES / "hr-pairs-domino-partner7.json").read_bytes())
    assert ignored.rounds[0].events[-1].parts is None  # H8's own domino: no parts


def test_tied_block_awards_under_an_exact_target_go_clockwise_from_the_starter():
    """Reading 3 (R5/R7): with ``exactly`` tied sides' block awards are checked one at a time clockwise
    from the round's starter (E7's order). hr-pairs-shared-win with target exactly 61: both pairs on 59,
    tied 12 against 12 in the round 하은 (seat 3) led: 서연 & 하은 (side 1) first, 59 + 2 = 61, they win;
    민준 & 지호's award is not applied. In side order side 0 would have won. With ``at-least`` both apply
    together (H10) and are listed in side order."""
    pairs = [0, 1, 0, 1]
    order = [a.side for a in block_awards([2, 5, 10, 7], pairs, 3, in_turn=True)[2]]
    assert order == [1, 0]
    assert [a.side for a in block_awards([2, 5, 10, 7], pairs, 3)[2]] == [0, 1]
    assert [a.side for a in block_awards([4, 4, 14, 4], [0, 1, 2, 3], 2, in_turn=True)[2]] == [3, 0, 1]
    match = load_document((HOUSE_CASES / "hr-pairs-exactly-tie-from-starter.json").read_bytes())
    last = match.rounds[-1]
    assert last.starter == 3 and [(e.side, e.raw) for e in last.events if e.kind == "block"] == [(1, 10)]
    assert (match.points, match.winners, match.finished) == ([59, 61], [1], True)
    at_least = load_document((CASES / "hr-pairs-shared-win.json").read_bytes())
    assert [e.side for e in at_least.rounds[-1].events if e.kind == "block"] == [0, 1]
    assert at_least.winners == [0, 1]


def test_split_with_per_hand_rounding_shares_the_hands_as_rounded():
    """Reading 4 (R5 + R6): ``split`` shares the award as ``per-hand`` counts it, each hand already
    rounded: hands 10, 37, 10 → 35 + 10 = 45, shared by 2 = 22 → 20 each (not 47 / 2 = 23 → 25, which is
    ``nearest``'s). H9's 4, 4, 4, 14: 5 + 5 + 15 = 25 shared by 3 = 8 → 10 each (``nearest``: 22 / 3 = 7
    → 5)."""
    seats = [0, 1, 2]
    _, tied, awards = block_awards([10, 37, 10], seats, 0, "opponents", "split", per_hand=True)
    assert (tied, [(a.side, a.raw) for a in awards]) == ([0, 2], [(0, 20), (2, 20)])
    assert awards[0].detail is not None and (awards[0].detail["award"], awards[0].detail["share"]) == (45, 22)
    assert [a.raw for a in block_awards([10, 37, 10], seats, 0, "opponents", "split")[2]] == [25, 25]
    four = [0, 1, 2, 3]
    assert [a.raw for a in block_awards([4, 4, 14, 4], four, 0, "opponents", "split", per_hand=True)[2]] == [10] * 3
    from scorekeeper.account import match_account

    match = load_document((HOUSE_CASES / "hr-4i-split-per-hand.json").read_bytes(), explain=True)
    assert match.points == [2, 6, 0, 13]
    assert "Blocked, tied for the lowest: Ann 4; the award 25 shared by 3: 8 → 10 → +2 (R5)" in match_account(
        match, "en"
    )


# ------------------------------------------------------------------ R9, R11: the layout
def test_first_double_only_is_a_spinner():
    """All Fives (R9 first): 1-4 led, 1-1 (the first double: the spinner), 4-4 crosswise on 1-4's high
    end, no spinner. 4-4 has its two lines and no branches, even once both are filled."""
    match = Match("all-fives", ["Ann", "Bo"])
    match.apply(StartRound(0))
    plays = [(0, (1, 4), None), (1, (1, 1), "1-4:low"), (0, (4, 4), "1-4:high"), (1, (3, 4), "4-4:line-b")]
    sums = []
    for seat, tile, spot in plays:
        match.apply(Play(seat, tile, at(spot) if spot else None))
        sums.append(match.round.layout.end_sum)
    assert sums == [5, 6, 10, 5]  # 1-4: 5; 1-1 2 + 4; 2 + 8; 2 + 3 (4-4 internal counts nothing)
    spots = match.round.layout.open_spots
    assert ((4, 4), "branch-a") not in spots and ((1, 1), "line-b") in spots
    err = refusal(match, Play(0, (4, 6), at("4-4:branch-a")))
    assert (err.rule, err.code) == ("R9", "not_spinner")
    match.apply(Play(0, (1, 2), at("1-1:line-b")))  # the spinner's lines both filled: its branches open
    assert {((1, 1), "branch-a"), ((1, 1), "branch-b")} <= set(match.round.layout.open_spots)


def test_no_spinners_at_all():
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"spinners": "none"})
    match.apply(StartRound(0))
    match.apply(Play(0, (6, 6)))  # 12: no score, a double: Ann continues
    match.apply(Play(0, (1, 6), at("6-6:line-a")))  # 1 + ... 6-6 one line filled: 12 + 1 = 13
    match.apply(Play(1, (2, 6), at("6-6:line-b")))  # 6-6 internal: 1 + 2 = 3
    assert match.round.layout.end_sum == 3
    err = refusal(match, Play(0, (3, 6), at("6-6:branch-a")))
    assert (err.rule, err.code) == ("R9", "not_spinner")


def test_merry_go_round_fills_the_spinner_first():
    """Merry-Go-Round (R10 a double leads, R11 its four sides first): 5-5 led; 1-5 on line A; the 1
    end waits until the four sides are filled; it still counts: 10 + 1 = 11."""
    match = Match("merry-go-round", ["Ann", "Bo"])
    match.apply(StartRound(0))
    err = refusal(match, Play(0, (1, 4)))
    assert (err.rule, err.code) == ("R10", "lead_not_double")
    match.apply(Play(0, (5, 5)))  # 10: 2 points
    match.apply(Play(1, (1, 5), at("5-5:line-a")))
    assert match.round.layout.end_sum == 11
    err = refusal(match, Play(0, (1, 2), at("1-5:low")))
    assert (err.rule, err.code) == ("R11", "spinner_sides_first")
    match.apply(Play(0, (2, 5), at("5-5:line-b")))  # 1 + 2 = 3
    match.apply(Play(1, (3, 5), at("5-5:branch-a")))  # 1 + 2 + 3 = 6
    match.apply(Play(0, (4, 5), at("5-5:branch-b")))  # 1 + 2 + 3 + 4 = 10: 2 points
    assert match.round.layout.end_sum == 10 and match.points == [4, 0]
    match.apply(Play(1, (1, 2), at("1-5:low")))  # every end open now: 2 + 2 + 3 + 4 = 11
    assert match.round.layout.end_sum == 11


# ------------------------------------------------------------------ R10
def test_a_double_lead_is_drawn_for_and_proved():
    """R10: a starter without a double draws until one comes and leads it (drawn); a draw made while
    holding a double is refused at the reveal (held_double, R10)."""
    match = Match("exact-61", ["Ann", "Bo"], house_rules={"lead": "double"})
    match.apply(StartRound(0))
    assert match.turn.lead_double and match.turn.can_draw
    match.apply(Draw(0, 2))
    match.apply(Play(0, (3, 3), None, drawn=True))
    assert match.round.layout.end_sum == 6
    match.apply(Play(1, (3, 6), at("3-3:line-a")))  # 6 + 6 = 12
    match.apply(Play(0, (3, 4), at("3-3:line-b")))  # 6 + 4 = 10: 2 points
    assert match.points == [2, 0]
    with pytest.raises(RuleViolation) as caught:  # Ann plays the 6-6 from hand: she held it when drawing
        Match.replay(
            "exact-61",
            ["Ann", "Bo"],
            False,
            [*match.actions, Play(1, (4, 5), at("3-4:high")), Play(0, (6, 6), at("3-6:high"))],
            house_rules={"lead": "double"},
        )
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("R10", "held_double", 1)


words_en = (
    "R10: Ann leads, and the lead is a double (house rule R10): without one, Ann draws until a double "
    "comes and passes only when nothing is left to draw"
)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", words_en),
        (
            "uk",
            "R10: Ann починає, а починають дублем (домашнє правило R10): хто не має дубля, добирає, доки не "
            "прийде дубль, і пропускає лише тоді, коли добирати вже нічого",
        ),
        (
            "ko",
            "R10: Ann 선공은 더블로 시작합니다 (하우스 규칙 R10): 더블이 없으면 더블이 나올 때까지 뽑고, 더 뽑을 "
            "타일이 없을 때만 넘깁니다",
        ),
    ],
)
def test_a_double_lead_pass_with_tiles_to_draw_is_refused_under_r10(lang, words):
    """Issue 26: under ``lead: double`` a starter who passes first while the stock can be drawn was refused
    naming S8, "may lead any tile; a lead never passes" — which R10 contradicts. The refusal names R10 and
    says what it says, in the engine's text and in each catalog; a lead pass once nothing can be drawn
    stands (the next seat leads)."""
    from scorekeeper.explain import violation_words
    from scorekeeper.i18n import Translator

    match = Match("horse-race", ["Ann", "Bo"], house_rules={"lead": "double"})
    match.apply(StartRound(0))
    err = refusal(match, Pass(0))
    assert (err.rule, err.code, err.round_no, err.move_no) == ("R10", "pass_on_double_lead", 1, 1)
    assert "any tile" not in err.message and "never passes" not in err.message
    assert err.message == "round 1, move 1: " + words_en  # str(): the English catalog's words
    assert violation_words(Translator(lang), err) == words
    match.apply(Draw(0, 14))  # the stock drawn out without a double (21 tiles are no double): Ann passes
    match.apply(Pass(0))
    assert (match.turn.seat, match.turn.reason) == (1, "lead")
    match.apply(Pass(1))  # Bo holds no double either and nothing is left to draw: the pass stands
    assert match.round.ended == "block"  # both passed with nothing to draw (S8)


# ------------------------------------------------------------------ document, menu, presets
def test_house_rules_in_the_document_header():
    match = Match("horse-race", ["Ann", "Bo"], house_rules={"reserve": 2, "continuation": "draw"})
    doc = match_to_document(match)
    assert list(doc) == ["format", "variant", "players", "partnerships", "house_rules", "rounds"]
    assert doc["house_rules"] == {"reserve": 2}  # the game's own value is no house rule
    assert "house_rules" not in match_to_document(Match("horse-race", ["Ann", "Bo"]))
    assert load_document(json.dumps(doc)).house_rules == {"reserve": 2}


@pytest.mark.parametrize(
    ("rules", "rule", "code"),
    [
        ({"reserve": 3}, "R3", "house_rule_value"),
        ({"reserve": True}, "R3", "house_rule_value"),
        ({"target": 0}, "R7", "house_rule_value"),
        ({"misplay": "warn"}, "R14", "house_rule_value"),
        ({"misplay_kind": "opponents"}, "R14", "house_rule_value"),
        ({"misplay_amount": 0}, "R14", "house_rule_value"),
        ({"misplay_amount": 51}, "R14", "house_rule_value"),
        ({"misplay_amount": "2"}, "R14", "house_rule_value"),
        ({"colour": "red"}, "", "unknown_house_rule"),
        ({"block_award": "cascade", "block_ties": "split"}, "R5", "house_rules_conflict"),
        ({"spinners": "none", "spinner_fill": "all-four-first"}, "R11", "house_rules_conflict"),
        ([], "", "house_rules_object"),
    ],
)
def test_bad_house_rules_are_refused_naming_the_option(rules, rule, code):
    with pytest.raises(RuleViolation) as caught:
        Match("horse-race", ["Ann", "Bo"], house_rules=rules)
    assert (caught.value.rule, caught.value.code) == (rule, code)


def test_misplay_options_are_taken_at_their_bounds_and_the_games_own_left_out():
    from scorekeeper.rules.house import check_house_rules

    own = get_variant("horse-race").options
    chosen = {"misplay": "penalty", "misplay_kind": "target-share", "misplay_amount": 50}
    assert check_house_rules(chosen, own, True, "horse-race") == chosen
    assert check_house_rules({"misplay_amount": 1}, own, True, "horse-race") == {"misplay_amount": 1}
    assert check_house_rules({"misplay": "refuse", "misplay_amount": 2}, own, True, "horse-race") == {}


def test_continuation_is_refused_where_the_turn_never_continues():
    with pytest.raises(RuleViolation) as caught:
        Match("exact-61", ["Ann", "Bo"], house_rules={"continuation": "stop"})
    assert (caught.value.rule, caught.value.code) == ("R1", "house_rule_not_here")


def test_the_menu_offers_each_option_with_the_games_own_value():
    names = [o.name for o in house_rule_menu("horse-race")]
    assert names == [o.name for o in OPTIONS]
    assert "continuation" not in [o.name for o in house_rule_menu("exact-61")]
    own = {o.name: o.default for o in house_rule_menu("exact-61")}
    assert (own["target_mode"], own["block_award"], own["partner_pips"]) == ("exactly", "cascade", "subtracted")
    assert {o.name: o.default for o in house_rule_menu("all-fives")}["spinners"] == "first"


def test_r8_is_offered_only_to_a_match_in_partnerships():
    """R8 counts the partner's pips at a domino: a match without partners has none to count."""
    alone = [o.name for o in house_rule_menu("horse-race", partnerships=False)]
    assert alone == [o.name for o in OPTIONS if o.name != "partner_pips"]
    assert "partner_pips" in [o.name for o in house_rule_menu("horse-race", partnerships=True)]
    chosen = {"reserve": 2, "partner_pips": "subtracted"}
    assert house_rules_for_seating(chosen, partnerships=False) == {"reserve": 2}
    assert house_rules_for_seating(chosen, partnerships=True) == chosen


def test_presets_are_data_with_their_deal():
    assert GAMES == ("horse-race", "exact-61", "all-fives", "merry-go-round", "fives-and-threes")
    all_fives, mgr = get_variant("all-fives"), get_variant("merry-go-round")
    assert [all_fives.deal_size(n) for n in (2, 3, 4)] == [9, 7, 5]
    assert [mgr.stock_size(n) for n in (2, 3, 4)] == [14, 7, 0]
    assert not all_fives.exact and mgr.exact
    with pytest.raises(RuleViolation) as caught:
        Match("merry-go-round", ["Ann", "Bo", "Cy", "Di"])
    assert (caught.value.rule, caught.value.code) == ("M1", "four_in_pairs")


def test_every_existing_case_exports_without_a_house_rules_header():
    for path in sorted(CASES.glob("*.json")):
        if path.name.startswith("bad-") or path.name.endswith(".report.json") or "expected" in path.name:
            continue
        match = load_document(path.read_bytes())
        assert match.house_rules == {} and "house_rules" not in match_to_document(match)


def test_a_reveal_after_a_house_block():
    """R3 reserve 2 then a blocked round: Bo drew 16 without a 0, so he holds all 21 tiles without a 0
    (147 pips); Ann 4 of the 0-x (10 pips: 0-1 … 0-4). E7: Ann earns 147 − 10 = 137 → 135 raw."""
    match = Match("exact-61", ["Ann", "Bo"], house_rules={"reserve": 2})
    for action in (StartRound(0), Play(0, (0, 0)), Draw(1, 16), Pass(1), Pass(0)):
        match.apply(action)
    match.apply(Reveal({0: 10, 1: 147}))
    assert [(e.side, e.raw) for e in match.round.events if e.kind == "block"] == [(0, 135)]
