"""R14 ``misplay: penalty`` connected to a match: the offence recorded (a Misplay action, the store's
``misplay`` event, a round's ``"misplays"``), the proof then accepted, the penalty applied once with the
round's settlement to the right side; under ``refuse`` nothing changes; a correction that removes the
offending draw removes the penalty (docs/house-rules.md, R14)."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.document import load_document, match_to_document
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.fix import DeleteMove, ReplaceMove, apply_fix, preview_fix
from scorekeeper.rules.moves import Misplay, Play
from tests.rules.helpers import SIMULATED
from tests.simulator import CONFIGS, Config, simulate

# Hand-worked (Exact 61 for two): Ann leads 0-1 (ends 0 and 1); Bo draws 1 tile that does not fit and
# plays the next drawn tile 1-3 on the 1; Ann plays 0-4 on the 0 (ends 4 and 3); Bo plays 0-3 from hand
# on the 3. The 0-3 fitted the 0 when Bo drew (move 2): S8 proves the draw wrong.
MOVES = [
    {"player": 0, "play": "0-1"},
    {"player": 1, "draw": 1},
    {"player": 1, "play": "1-3", "at": "0-1:high", "drawn": True},
    {"player": 0, "play": "0-4", "at": "0-1:low"},
    {"player": 1, "play": "0-3", "at": "1-3:high"},
]
OFFENCE = {"player": 1, "move": 1, "tile": "0-3"}


def document(house: dict[str, object], misplays: list[dict[str, object]] | None = None) -> str:
    rnd: dict[str, object] = {"starter": 0, "moves": MOVES}
    if misplays is not None:
        rnd["misplays"] = misplays
    doc = {"format": "scorekeeper-match/1", "variant": "exact-61", "players": ["Ann", "Bo"]}
    return json.dumps({**doc, "partnerships": False, "house_rules": house, "rounds": [rnd]})


@pytest.mark.parametrize("house", [{}, {"misplay": "refuse"}, {"misplay": "penalty"}])
def test_the_proof_is_refused_with_the_same_words_until_the_offence_is_recorded(house):
    with pytest.raises(RuleViolation) as caught:
        load_document(document(house))
    err = caught.value
    assert (err.rule, err.code, err.round_no, err.move_no) == ("S8", "held_fitting_tile", 1, 2)
    assert (err.params["tile"], err.params["later"]) == ("0-3", "5")


def test_under_penalty_the_recorded_offence_lets_the_round_stand_with_its_proof():
    match = load_document(document({"misplay": "penalty"}, [OFFENCE]), explain=True)
    (r,) = match.rounds
    assert len(r.moves) == 5 and r.misplays == [{**OFFENCE, "open": [0, 1], "claim": "draw"}]
    assert match.scores == [0, 0]  # the penalty comes with the settlement, not before
    assert json.loads(document({"misplay": "penalty"}, [OFFENCE]))["rounds"] == match_to_document(match)["rounds"]


@pytest.mark.parametrize(
    ("misplay", "code"),
    [
        ({"player": 1, "move": 1, "tile": "0-3"}, "misplay_refused"),  # under refuse: no offence to record
        ({"player": 0, "move": 1, "tile": "0-3"}, "misplay_unproven"),  # move 2 is Bo's draw, not Ann's
        ({"player": 1, "move": 1, "tile": "5-6"}, "misplay_unproven"),  # 5-6 fitted neither 0 nor 1
        ({"player": 1, "move": 0, "tile": "0-3"}, "misplay_unproven"),  # move 1 is a play
    ],
)
def test_an_offence_the_record_does_not_prove_is_refused(misplay, code):
    house = {"misplay": "refuse"} if code == "misplay_refused" else {"misplay": "penalty"}
    with pytest.raises(RuleViolation) as caught:
        load_document(document(house, [misplay]))
    assert caught.value.code == code and caught.value.rule == "R14"


def test_a_correction_that_removes_the_offending_draw_removes_the_offence():
    match = load_document(document({"misplay": "penalty"}, [OFFENCE]))
    # Bo did not draw: the 1-3 came from his hand (move 2 deleted, move 3 a play from hand)
    edits = [DeleteMove(1, 2), ReplaceMove(1, 3, Play(1, (1, 3), match.rounds[0].moves[2].spot))]
    preview = preview_fix(match, edits)
    assert preview.ok and [(s.op, s.round, s.move) for s in preview.plan.steps][-1] == ("delete", 1, 2)
    fixed = apply_fix(match, edits)
    assert fixed.rounds[0].misplays == [] and not any(type(a) is Misplay for a in fixed.actions)
    assert len(fixed.rounds[0].moves) == 4
    # a correction elsewhere keeps it: Ann's 0-4 was 4-0 at the same end (the same tile)
    kept = apply_fix(match, ReplaceMove(1, 4, match.rounds[0].moves[3]))
    assert kept.rounds[0].misplays == match.rounds[0].misplays


# ---------------------------------------------------------------- simulated matches
PENALTY_KINDS = {"opponents-score": 2, "offender-loses": 2, "target-share": 10}


def with_house(config: Config, **house: object) -> Config:
    return Config(config.variant, config.players, config.partnerships, (*config.house_rules, *house.items()))


@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1), chance=st.integers(0, 60))
@SIMULATED
def test_under_refuse_nothing_changes(config, seed, chance):
    plain, refuse = (
        simulate(config, seed, cheat=chance),
        simulate(with_house(config, misplay="refuse"), seed, cheat=chance),
    )
    doc = copy.deepcopy(refuse.document)
    doc.pop("house_rules", None)  # refuse is every game's own value: no header
    assert doc == plain.document and refuse.misplays == 0
    assert (None if plain.refusal is None else (plain.refusal.rule, plain.refusal.code, plain.refusal.params)) == (
        None if refuse.refusal is None else (refuse.refusal.rule, refuse.refusal.code, refuse.refusal.params)
    )


@given(
    config=st.sampled_from([c for c in CONFIGS if c.variant == "horse-race"]),
    seed=st.integers(0, 2**32 - 1),
    chance=st.integers(0, 60),
    kind=st.sampled_from(sorted(PENALTY_KINDS)),
)
@SIMULATED
def test_under_penalty_each_proven_offence_costs_exactly_one_penalty(config, seed, chance, kind):
    house = {"misplay": "penalty", "misplay_kind": kind, "misplay_amount": PENALTY_KINDS[kind]}
    sim = simulate(with_house(config, **house), seed, cheat=chance)
    match = sim.match
    assert match is not None and sim.refusal is None  # the table played on: nothing refused
    per_offence = 1 if kind == "offender-loses" else len(match.sides) - 1
    points = 6 if kind == "target-share" else 2  # 10 % of 61 rounded down; or the amount
    for r in match.rounds:
        events = [e for e in r.events if e.kind == "misplay"]
        if not r.settled or r.ended == "match-end":  # no settlement: nothing scored (docs)
            assert events == []
            continue
        if kind == "offender-loses":  # never below 0: a side with nothing loses nothing
            assert len(events) <= len(r.misplays)
        else:
            assert len(events) == per_offence * len(r.misplays)
        for event in events:
            offender = event.detail["offender"]
            assert event.detail["points"] * 5 == abs(event.raw) and abs(event.raw) <= points * 5
            if kind == "offender-loses":
                assert event.side == match.side_of[offender] and event.raw < 0
            else:
                assert event.side != match.side_of[offender] and event.raw == points * 5
    scored = [0] * len(match.sides)
    for r in match.rounds:
        for e in r.events:
            scored[e.side] += e.raw if e.accepted else 0
    assert scored == match.scores
    again = load_document(json.dumps(sim.document))  # the document says it all: the same match
    assert again.scores == match.scores and match_to_document(again) == sim.document
    assert sum(len(r.misplays) for r in match.rounds) == sim.misplays


def test_a_simulated_offence_is_penalised_once_to_the_other_pair():
    """Horse Race in pairs, seed 0, the cheat at the first chance: Di (seat 3, side 1) drew at move 2
    holding 0-4 with 3 and 4 open; the round stands and side 0 scores 2 points (10 raw) once."""
    config = with_house(Config("horse-race", 4, True), misplay="penalty")
    sim = simulate(config, 0, cheat=0)
    match = sim.match
    assert match is not None and sim.misplays == 1
    (event,) = [e for r in match.rounds for e in r.events if e.kind == "misplay"]
    report = event.report()
    assert {k: report[k] for k in ("offender", "move", "claim", "tile", "open", "side", "raw", "points")} == {
        "offender": 3,
        "move": 1,
        "claim": "draw",
        "tile": "0-4",
        "open": [3, 4],
        "side": 0,
        "raw": 10,
        "points": 2,
    }
