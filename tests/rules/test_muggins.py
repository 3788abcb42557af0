"""R13 ``claims``: under ``muggins`` the player calls their points; an under-claim stands unless an
opponent calls Muggins before the next tile; an over-claim is refused (docs/house-rules.md, R13)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.account import match_account
from scorekeeper.rules import Match, Play, RuleViolation, StartRound, build_report, load_document, match_to_document
from scorekeeper.rules.document import move_to_json, parse_move
from tests.rules.helpers import SIMULATED
from tests.simulator import Config, simulate

MUGGINS = {"claims": "muggins"}


def opened(players=("Ann", "Bo"), partnerships=False, variant="horse-race") -> Match:
    match = Match(variant, list(players), partnerships, explain=True, house_rules=MUGGINS)
    match.apply(StartRound(0))
    return match


def test_an_under_claim_stands_until_an_opponent_calls_muggins():
    # Ann leads 5-5: the ends make 10 raw = 2 points; she claims 1 and scores 1 (5 raw).
    match = opened()
    (event,) = match.apply(Play(0, (5, 5), None, False, 1))
    assert (event.kind, event.side, event.raw, event.detail) == ("play", 0, 5, {"claimed": 5, "ends": 10})
    assert match.scores == [5, 0]
    # Bo calls Muggins before the next tile: he takes the missed point.
    play, called = match.call_muggins(1)
    assert (called.kind, called.side, called.raw, called.move, called.detail) == (
        "muggins",
        1,
        5,
        0,
        {"caller": 1, "player": 0},
    )
    assert match.scores == [5, 5] and match.points == [1, 1]
    assert match.actions[-1] == Play(0, (5, 5), None, False, 1, 1)
    # Ann goes on after her double (H4): the turn is unchanged by the call.
    assert match.turn is not None and match.turn.seat == 0


def test_a_claim_of_nothing_leaves_every_point_to_the_caller():
    match = opened()
    assert match.apply(Play(0, (5, 5), None, False, 0)) == ()
    match.call_muggins(1)
    assert match.scores == [0, 10]


def test_an_exact_claim_scores_as_automatic_and_leaves_nothing_to_call():
    match = opened()
    (event,) = match.apply(Play(0, (5, 5), None, False, 2))
    assert event.raw == 10 and match.scores == [10, 0]
    with pytest.raises(RuleViolation) as err:
        match.call_muggins(1)
    assert (err.value.rule, err.value.code) == ("R13", "muggins_none")
    assert match.scores == [10, 0]


def test_an_over_claim_is_refused_with_the_ends_value():
    match = opened()
    with pytest.raises(RuleViolation) as err:
        match.apply(Play(0, (5, 5), None, False, 3))
    assert (err.value.rule, err.value.code) == ("R13", "claim_over")
    assert err.value.params["claimed"] == 3 and err.value.params["ends"] == 2
    assert "the ends make 2" in str(err.value)
    assert match.actions == [StartRound(0)] and match.round is not None and not match.round.layout.tiles
    # a claim on a play that scores nothing can only be 0 (6-1: 7, nothing)
    with pytest.raises(RuleViolation) as err:
        match.apply(Play(0, (6, 1), None, False, 1))
    assert (err.value.code, err.value.params["ends"]) == ("claim_over", 0)
    assert match.apply(Play(0, (6, 1), None, False, 0)) == ()


def test_a_call_after_the_next_tile_is_refused():
    match = opened()
    match.apply(Play(0, (5, 5), None, False, 1))  # a double: Ann goes on (H4)
    spot = match.round.layout.spots_for((5, 1))[0]
    match.apply(Play(0, (5, 1), spot))  # the next tile
    before = list(match.scores)
    with pytest.raises(RuleViolation) as err:
        match.call_muggins(1)
    assert (err.value.rule, err.value.code) == ("R13", "muggins_too_late")
    assert match.scores == before and len(match.actions) == 3


def test_in_partnerships_only_the_other_side_calls_and_it_scores():
    match = opened(("Ann", "Bo", "Cy", "Di"), partnerships=True)
    match.apply(Play(0, (5, 5), None, False, 1))
    with pytest.raises(RuleViolation) as err:
        match.call_muggins(2)  # Cy is Ann's partner
    assert (err.value.code, err.value.params["who"]) == ("muggins_none", "Cy")
    match.call_muggins(3)  # Di: side 1 (Bo & Di) takes the missed point
    assert match.scores == [5, 5]


def test_claims_are_refused_without_the_house_rule():
    match = Match("horse-race", ["Ann", "Bo"])
    match.apply(StartRound(0))
    with pytest.raises(RuleViolation) as err:
        match.apply(Play(0, (5, 5), None, False, 1))
    assert (err.value.rule, err.value.code) == ("R13", "claims_automatic")


def test_bad_claims_and_callers_are_refused():
    match = opened()
    for claim in (-1, 1000):
        with pytest.raises(RuleViolation) as err:
            match.apply(Play(0, (5, 5), None, False, claim))
        assert err.value.code == "claim_bad"
    for caller in (0, 2, -1):
        with pytest.raises(RuleViolation) as err:
            match.apply(Play(0, (5, 5), None, False, 1, caller))
        assert err.value.code == "muggins_none"


def test_claims_and_calls_are_written_and_read_back():
    play = Play(0, (5, 5), None, False, 1, 1)
    assert move_to_json(play) == {"player": 0, "play": "5-5", "claim": 1, "muggins": 1}
    assert parse_move(move_to_json(play)) == play
    with pytest.raises(RuleViolation) as err:
        parse_move({"player": 0, "play": "5-5", "claim": "1"})
    assert err.value.params["what"] == "claim"
    match = opened()
    match.apply(Play(0, (5, 5), None, False, 1))
    match.call_muggins(1)
    again = load_document(json.dumps(match_to_document(match)))
    assert again.scores == [5, 5] and again.house_rules == MUGGINS


def exact_claims(match: Match, actions: list) -> Match:
    """``actions`` of an automatic match refolded under muggins, every play claimed exactly."""
    auto = match.fresh(explain=True)
    out = Match(match.variant, match.players, match.partnerships, house_rules={**match.house_rules, **MUGGINS})
    for action in actions:
        auto.apply(action)
        if isinstance(action, Play):
            r = auto.round
            info = r.placements[len(r.moves) - 1]
            claim = None if info.joins_settlement else info.raw // 5
            action = Play(action.player, action.tile, action.spot, action.drawn, claim)
        out.apply(action)
    return out


CONFIGS = [
    Config("horse-race", 2),
    Config("horse-race", 4, True),
    Config("exact-61", 3),
    Config("exact-61", 4, True),
    Config("all-fives", 2),
]


@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
@SIMULATED
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_exact_claims_score_as_the_automatic_match(config, seed):
    sim = simulate(config, seed, max_rounds=25)
    assert sim.match is not None
    muggins = exact_claims(sim.match, sim.actions)
    assert muggins.scores == sim.match.scores
    assert muggins.winners == sim.match.winners and muggins.finished == sim.match.finished
    assert [[(e.kind, e.side, e.raw, e.accepted) for e in r.events] for r in muggins.rounds] == [
        [(e.kind, e.side, e.raw, e.accepted) for e in r.events] for r in sim.match.rounds
    ]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "Ann claimed 1, the ends made 2: muggins, Bo +1 → +1 Ann (1)"),
        ("uk", "Ann: заявка 1, кінці дали 2: маґінс, Bo +1 → +1 Ann (1)"),
        ("ko", "Ann 신고 1, 끝의 합 2: 머긴스, Bo +1 → +1 Ann (1)"),
    ],
)
def test_the_account_and_the_report_tell_the_claim_and_the_call(lang, words):
    match = opened()
    match.apply(Play(0, (5, 5), None, False, 1))
    match.call_muggins(1)
    account = match_account(match, lang)
    assert words in account
    events = build_report(match)["rounds"][0]["events"]
    assert events[0]["claimed"] == 1 and events[0]["ends"] == 2 and events[0]["points"] == 1
    assert {k: events[1][k] for k in ("kind", "move", "caller", "player", "side", "points")} == {
        "kind": "muggins",
        "move": 0,
        "caller": 1,
        "player": 0,
        "side": 1,
        "points": 1,
    }
    assert match.round is not None and match.round.settlement == []  # a call is no settlement
