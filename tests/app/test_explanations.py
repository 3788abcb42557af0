"""What the table explains: the last placement's words (gone after a draw, in every tab) and the settlement
card between rounds (named for its round, shown when worth nothing, a blocked round's winner's own total)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.app.tabs import tab

from .test_state import drive_document, new_match_state, run, shown

CASES = Path(__file__).resolve().parents[1] / "cases"


def test_after_a_draw_no_tab_shows_the_previous_placements_words(tmp_path):
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    st.entry.pick_tile((2, 6))  # 8: no points, Bo's turn
    run(st.entry.play())
    assert shown(st)["explain"] == "2-6: 2 + 2-6: 6 = 8"  # the lead: both ends count (S6)
    run(st.entry.draw(2))  # Bo draws 2 that do not fit
    assert st.shell.error is None and st.table.match.turn.reason == "play-drawn"
    other = tab(tmp_path)  # another tab (or this one reloaded) shows the same match
    assert "explain" not in shown(other)
    assert "explain" not in shown(st)


def test_the_settlement_card_names_its_round_and_says_settlement_once(state):
    """Newcomer 8: the card was headed "Settlement" and its line began "Settlement for …"."""
    doc = json.loads((CASES / "e61-pairs-settlement.json").read_text())
    new_match_state(state, doc["variant"], doc["players"], doc.get("partnerships", False))
    drive_document(state, {**doc, "rounds": doc["rounds"][:1]})
    card = shown(state)["settlement"]
    assert card.startswith("End of round 1 Settlement for ") and card.count("Settlement") == 1
    state.shell.lang = "uk"
    assert shown(state)["settlement"].startswith("Кінець раунду 1 ")
    state.shell.lang = "ko"
    assert shown(state)["settlement"].startswith("1라운드 종료 ")


def test_a_settlement_worth_nothing_is_still_shown_between_rounds():
    """Horse Race, 3 players (simulated, seed 25): Ann goes out, the others hold 0 and 2 pips: 2 → 0 → +0.
    The table's settlement panel needs something to show (it showed nothing: the award is no score event)."""
    from scorekeeper.app.models.open_match import last_settlement
    from scorekeeper.rules import Match
    from tests.simulator import CONFIGS, simulate

    sim = simulate(next(c for c in CONFIGS if c.name == "horse-race-3p"), 25)
    match = Match(sim.match.variant, sim.match.players, sim.match.partnerships, explain=True)
    for action in sim.actions:
        match.apply(action)
        if match.rounds[0].settled:
            break
    assert match.status == "start-round"
    assert [(e.kind, e.raw, e.detail["total"]) for e in last_settlement(match)] == [("domino", 0, 2)]


def test_a_blocked_round_says_the_winners_own_total():
    """hr-4i-block-4-4-4-14: Ann, Bo and Di hold 4 each, Cy 14. Each lowest hand earns the others'
    4 + 4 + 14 = 22 → 20 → +4 (H9); the words give the winner's own 4, the reason it won."""
    from scorekeeper.explain import settlement_words
    from scorekeeper.i18n import Translator
    from scorekeeper.rules import load_document

    from .test_history import CASES

    match = load_document((CASES / "hr-4i-block-4-4-4-14.json").read_bytes(), explain=True)
    assert [settlement_words(Translator("en"), match, e) for e in match.rounds[0].settlement] == [
        f"Blocked, lowest total wins: {name} 4; the others' 22 → 20 → +4" for name in ("Ann", "Bo", "Di")
    ]
