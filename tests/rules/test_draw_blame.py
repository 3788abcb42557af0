"""Regression tests for engine bugs found by the simulation-based tests (docs/engine.md)."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Draw, Match, Play, RuleViolation, StartRound, build_report, parse_spot


def _horse_race_after_bos_draw() -> Match:
    """Ann leads 1-2; Bo cannot play (open 1 and 2), draws 1 tile and plays the drawn 2-3;
    Ann plays 3-4 (1 + 4 = 5, scores, continues) and 4-6 (1 + 6 = 7, turn over)."""
    match = Match("horse-race", ["Ann", "Bo"])
    for action in [StartRound(0), Play(0, (1, 2)), Draw(1, 1), Play(1, (2, 3), parse_spot("1-2:high"), drawn=True),
                   Play(0, (3, 4), parse_spot("2-3:high")), Play(0, (4, 6), parse_spot("3-4:high"))]:
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


def _case(name: str) -> dict:
    import json

    from tests.conftest import CASES

    return json.loads((CASES / name).read_text())


@pytest.mark.parametrize("key", ["²", "٣", "1" * 5000])
def test_hands_key_that_only_looks_like_a_number_is_refused(key):
    """"²".isdigit() is True but int("²") raises ValueError; so does int() of 5000 digits.
    Before the fix both escaped as a ValueError (a traceback in the CLI)."""
    import json

    from scorekeeper.rules import load_document

    doc = _case("hr-2p-seed-layout.json")
    doc["rounds"][0]["hands"] = {"0": [], key: 3}
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("S2", "hands_key", "hands")


@pytest.mark.parametrize("name", ["\ud800", "Ann\nBo", "Ann\u2028Bo", "\x00", " "])
def test_name_that_is_not_one_line_of_text_is_refused(name):
    """A lone surrogate cannot be written as UTF-8 (the CLI crashed printing the report) and
    a line break in a name would split the one-line refusal messages that quote it."""
    import json

    from scorekeeper.rules import load_document

    doc = _case("hr-2p-seed-layout.json")
    doc["players"][0] = name
    with pytest.raises(RuleViolation) as caught:
        load_document(json.dumps(doc))
    assert caught.value.rule == "" and "\n" not in caught.value.message
    with pytest.raises(RuleViolation):
        Match("horse-race", [name, "Bo"])


@pytest.mark.parametrize("name", ["Оксана", "민준", "Zoë 👨‍👩‍👧", "Ann-Marie O'Neil"])
def test_ordinary_names_are_accepted(name):
    assert Match("exact-61", [name, "Bo"]).players[0] == name


def test_an_award_worth_nothing_is_explained_but_scores_nothing():
    """Horse Race, 3 players (simulated, seed 25, round 1): Ann goes out, 민준 holds 0-0 and 서연 2 pips:
    2 → 0 raw (H8). No score event (the report lists none), but the round keeps the award to explain it.
    Exact 61 in pairs (seed 1, round 11): last tile 0 + opponents 0 + 9 = 9 → 10 − partner 11 → 10 = 0."""
    from scorekeeper.explain import settlement_words
    from scorekeeper.i18n import Translator
    from scorekeeper.rules.simulator import CONFIGS, simulate

    configs = {config.name: config for config in CONFIGS}
    match = simulate(configs["horse-race-3p"], 25).match
    r = match.rounds[0]
    assert r.pips == [0, 2, 0] and r.result == "domino" and r.winners == [2]
    assert [e for e in r.events if e.kind != "play"] == []
    assert [(e.kind, e.side, e.raw, e.detail["total"]) for e in r.settlement] == [("domino", 2, 0, 2)]
    assert settlement_words(Translator("en"), match, r.settlement[0]) == (
        "Domino for Ann: opponents 민준 0 + 서연 2 = 2 → 0 → +0")
    report_round = build_report(match)["rounds"][0]
    assert [e for e in report_round["events"] if e["kind"] != "play"] == []  # the format lists no 0 award

    match = simulate(configs["exact-61-4p-pairs"], 1).match
    r = match.rounds[10]
    assert r.pips == [0, 11, 9, 0] and [e for e in r.events if e.kind != "play"] == []
    assert [(e.kind, e.side, e.raw, e.parts) for e in r.settlement] == [
        ("settlement", 1, 0, {"play": 0, "opponents": 10, "partner": -10})]
    assert settlement_words(Translator("en"), match, r.settlement[0]).endswith("→ 10 = 0 in pips → +0")
