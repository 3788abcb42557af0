"""R13 on the table: the claim's quick buttons for a scoring play and the Muggins button after an under-claim."""

from __future__ import annotations

import asyncio

from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREENS

from .hooks import hooks, text


def run(coro):
    return asyncio.run(coro)


def shown(st) -> dict[str, str]:
    return {name: text(node) for name, node in hooks(SCREENS[st.screen](st)).items()}


def muggins_match(state, names=("Ann", "Bo")):
    run(state.go(Screen.NEW_MATCH))
    run(state.setup.set_house("claims", "muggins"))
    for seat, name in enumerate(names):
        state.setup.set_name(seat, name)
    run(state.setup.create())
    assert state.screen == Screen.TABLE and state.table.match.house_rules == {"claims": "muggins"}
    run(state.table.start_round(0))


def test_a_scoring_play_offers_its_claims_and_an_under_claim_a_muggins_call(state):
    muggins_match(state)
    state.entry.pick_tile((5, 5))  # the ends make 10 = 2 points
    ids = shown(state)
    assert {"claim-2", "claim-1", "claim-0"} <= set(ids) and ids["claim"].startswith("Claimed:")
    state.entry.pick_claim(1)
    run(state.entry.play())
    assert state.shell.error is None and state.table.match.scores == [5, 0]
    ids = shown(state)
    assert ids["muggins-1"] == "Muggins! Bo" and "muggins-0" not in ids
    assert "Ann claimed 1, the ends made 2" in " ".join(ids.values())
    run(state.entry.call_muggins(1))
    assert state.shell.error is None and state.table.match.scores == [5, 5]
    ids = shown(state)
    assert "muggins-1" not in ids
    assert "muggins, Bo +1" in " ".join(ids.values())
    assert [e["kind"] for e in state.services.store.events(state.table.match_id)][-1] == "correct"


def test_an_exact_claim_leaves_no_call_and_a_non_scoring_play_no_claim(state):
    muggins_match(state)
    state.entry.pick_tile((6, 1))  # 7: nothing
    assert "claim" not in shown(state)
    state.entry.pick_tile((5, 5))
    run(state.entry.play())  # no claim chosen: the ends' value
    assert state.table.match.scores == [10, 0] and "muggins-1" not in shown(state)


def test_a_fix_that_keeps_the_tile_and_spot_keeps_the_claim_and_the_call(state):
    """The fix panel rebuilds the play: what was called at the table (a claim of 1, Bo's Muggins) stays with it."""
    muggins_match(state)
    state.entry.pick_tile((5, 5))
    state.entry.pick_claim(1)
    run(state.entry.play())
    run(state.entry.call_muggins(1))
    assert state.table.match.scores == [5, 5]
    state.correction.open_entry(1, 1)
    (edit,) = state.correction.edits()
    assert (edit.new.claim, edit.new.muggins) == (1, 1) and state.correction.unchanged()
    state.correction.toggle_drawn()  # only "drawn" changes: the claim and the call stay
    (edit,) = state.correction.edits()
    assert edit.new.drawn and (edit.new.claim, edit.new.muggins) == (1, 1)
