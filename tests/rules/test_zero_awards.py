"""An award worth nothing (H8 domino, E61 pairs settlement) scores nothing and is listed nowhere in the report,
but the round keeps it to explain."""

from __future__ import annotations

from scorekeeper.rules import build_report


def test_an_award_worth_nothing_is_explained_but_scores_nothing():
    """Horse Race, 3 players (simulated, seed 25, round 1): Ann goes out, 민준 holds 0-0 and 서연 2 pips:
    2 → 0 raw (H8). No score event (the report lists none), but the round keeps the award to explain it.
    Exact 61 in pairs (seed 1, round 11): last tile 0 + opponents 0 + 9 = 9 → 10 − partner 11 → 10 = 0."""
    from scorekeeper.explain import settlement_words
    from scorekeeper.i18n import Translator
    from tests.simulator import CONFIGS, simulate

    configs = {config.name: config for config in CONFIGS}
    match = simulate(configs["horse-race-3p"], 25).match
    r = match.rounds[0]
    assert r.pips == [0, 2, 0] and r.result == "domino" and r.winners == [2]
    assert [e for e in r.events if e.kind != "play"] == []
    assert [(e.kind, e.side, e.raw, e.detail["total"]) for e in r.settlement] == [("domino", 2, 0, 2)]
    assert settlement_words(Translator("en"), match, r.settlement[0]) == (
        "Domino for Ann: opponents 민준 0 + 서연 2 = 2 → 0 → +0"
    )
    report_round = build_report(match)["rounds"][0]
    assert [e for e in report_round["events"] if e["kind"] != "play"] == []  # the format lists no 0 award

    match = simulate(configs["exact-61-4p-pairs"], 1).match
    r = match.rounds[10]
    assert r.pips == [0, 11, 9, 0] and [e for e in r.events if e.kind != "play"] == []
    assert [(e.kind, e.side, e.raw, e.parts) for e in r.settlement] == [
        ("settlement", 1, 0, {"play": 0, "opponents": 10, "partner": -10})
    ]
    assert settlement_words(Translator("en"), match, r.settlement[0]).endswith("→ 10 = 0 in pips → +0")
