"""Table-side usability (issue 12): what a family's first evening with the app ran into, in-process."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from scorekeeper.app.models.app import AppModel
from scorekeeper.rules import parse_tile

from .hooks import hooks, text
from .test_state import drive_document, new_match_state, shown

CASES = Path(__file__).resolve().parents[1] / "cases"


def run(coro):
    return asyncio.run(coro)


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def to_the_hands(st: AppModel, name: str) -> dict:
    """Play the case ``name`` through the screens up to its first round's end (the hands not entered)."""
    doc = case(name)
    new_match_state(st, doc["variant"], doc["players"], doc.get("partnerships", False))
    first = dict(doc["rounds"][0])
    hands = first.pop("hands")
    drive_document(st, doc | {"rounds": [first]})
    assert st.table.match.status == "reveal"
    return hands


# ------------------------------------------------------------------ item 10: no more tiles than a hand holds
def test_a_hand_takes_no_more_tiles_than_the_player_holds(state):
    hands = to_the_hands(state, "e61-2p-seed-layout")
    assert hands == {"0": [], "1": ["6-6"]}  # Bo holds one tile
    state.reveal.select_seat(1)
    state.reveal.pick(parse_tile("6-6"))
    screen = hooks(_table(state))
    assert text(screen["reveal-seat-1"]) == "Bo: 1 of 1 tile — 6-6"
    # the hand is full: the picker offers only Bo's own tile (to take it back)
    offered = {name for name, node in screen.items() if name.startswith("tile-") and not node.disabled}
    assert offered == {"tile-6-6"}
    state.reveal.pick(parse_tile("0-6"))  # a tap that gets through anyway is refused, nothing added
    assert state.reveal.tiles[1] == [parse_tile("6-6")]
    assert state.shell.error.code == "ui_hand_full"
    assert "Bo holds 1 tile and it is entered" in shown(state)["message"]
    state.reveal.pick(parse_tile("6-6"))  # taken back: every unseen tile is offered again
    screen = hooks(_table(state))
    assert not screen["tile-0-6"].disabled and text(screen["reveal-seat-1"]) == "Bo: 1 tile to enter"
    state.reveal.pick(parse_tile("6-6"))
    run(state.reveal.reveal())
    assert state.shell.error is None and state.table.match.status == "start-round"


def _table(st: AppModel):
    from scorekeeper.app.screens import SCREENS

    return SCREENS[st.screen](st)
