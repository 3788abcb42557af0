"""Fixing an entry several moves back from the table screen (issue 9): the score sheet, the fix panel and
its preview, saving, undo and redo of a fix, a fix that breaks a later move, a revealed hand fixed alone.

The match is the shared case ``e61-pairs-settlement`` recorded with one
mistake: Bo's 3-4 (round 1, move 10) entered at the 4-4's branch A instead of
the 3-5's low end. The record stays legal with the mistake (7 more moves and
the hands), only the scores differ: 5 to 3 instead of the case's 14 to 0.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from scorekeeper.app.models.correction import FixKind
from scorekeeper.app.screens import SCREENS
from scorekeeper.rules import DeleteMove, InsertMove
from scorekeeper.rules.document import match_from_document
from scorekeeper.store import open_store
from tests.app.tabs import new_tab

from .hooks import hooks, text
from .live import Live

CASES = Path(__file__).resolve().parents[1] / "cases"
RIGHT = json.loads((CASES / "e61-pairs-settlement.json").read_text())
REPORT = json.loads((CASES / "e61-pairs-settlement.report.json").read_text())


def wrong_record() -> dict:
    doc = json.loads(json.dumps(RIGHT))
    move = doc["rounds"][0]["moves"][9]
    assert move == {"player": 1, "play": "3-4", "at": "3-5:low"}
    move["at"] = "4-4:branch-a"
    return doc


def run(coro):
    return asyncio.run(coro)


def opened(tmp_path):
    store = open_store(tmp_path)
    [match_id] = store.import_documents([wrong_record()])
    tab = new_tab(store, tmp_path)
    run(tab.start())
    assert tab.table.match_id == match_id and tab.table.shown.points == [5, 3]
    return tab


def shown(tab) -> dict[str, str]:
    return {name: text(node) for name, node in hooks(SCREENS[tab.screen](tab)).items()}


def test_a_wrong_spot_is_fixed_from_the_score_sheet(tmp_path):
    tab = opened(tmp_path)
    words = shown(tab)
    assert words["sheet-1-10"] == "10 Bo 3-4"  # the phone's strip: each move of the round, a tap away
    assert words["sheet-1-hands"] == "Hands"
    tab.correction.open_entry(1, 10)
    words = shown(tab)
    assert words["fix-title"] == "Fix round 1, move 10: Bo plays 3-4 at 4-4 (branch A)"
    assert words["fix-selection"] == "3-4 at 4-4 (branch A)"
    assert words["fix-preview"] == "That is what the record already says"
    assert "spot-3-5-low" in words  # the picture is the table before move 10: the 3-4 could join there
    assert "sheet-1-10" not in words  # the strip makes way for the fix
    tab.correction.pick_spot(((3, 5), "low"))
    words = shown(tab)
    assert words["fix-preview"] == "Ann & Cy 5 → 14, Bo & Di 3 → 0; 7 later moves re-checked"
    run(tab.correction.save())
    assert tab.shell.error is None and not tab.correction.open
    assert tab.table.shown.points == REPORT["scores"] == [14, 0]
    assert shown(tab)["notice"] == "Fixed: Ann & Cy 5 → 14, Bo & Di 3 → 0; 7 later moves re-checked"
    # the store keeps the trail: the original entry and the correction, and the export is the right record
    events = tab.services.store.events(tab.table.shown_id)
    assert [e["kind"] for e in events][-1] == "correct"
    assert tab.services.store.export_document(tab.table.shown_id)["rounds"] == RIGHT["rounds"]


def test_undo_takes_a_fix_back_and_redo_brings_it_again(tmp_path):
    tab = opened(tmp_path)
    tab.correction.open_entry(1, 10)
    tab.correction.pick_spot(((3, 5), "low"))
    run(tab.correction.save())
    assert not tab.table.can_redo and "redo" not in shown(tab)
    run(tab.table.undo())
    assert tab.table.shown.points == [5, 3] and tab.table.can_redo
    assert shown(tab)["redo"] == "Redo"
    run(tab.table.redo())
    assert tab.table.shown.points == [14, 0] and not tab.table.can_redo


def test_a_fix_that_breaks_a_later_move_offers_to_keep_the_moves_before_it(tmp_path):
    tab = opened(tmp_path)
    tab.correction.open_entry(1, 10)
    tab.correction.set_kind(FixKind.DELETE)  # "it did not happen": then Cy's 6-6 (move 11) is out of turn
    assert tab.correction.edits() == [DeleteMove(1, 10)]
    preview = tab.correction.preview
    assert preview is not None and not preview.ok and preview.broken is not None
    assert (preview.broken.round, preview.broken.move) == (1, 11)
    words = shown(tab)
    assert words["fix-preview"].startswith("Then round 1, move 11 no longer fits: ")
    assert "fix-save" in words and hooks(SCREENS[tab.screen](tab))["fix-save"].disabled
    assert words["fix-keep"].startswith("Keep the moves before it (")
    assert words["fix-keep"].endswith(f"and enter {preview.dropped_moves} moves again")
    run(tab.correction.save(True))
    r = tab.table.shown.rounds[0]
    assert len(r.moves) == 9 and tab.table.shown.status == "move"  # the table enters the rest again
    assert [m.tile for m in r.moves if hasattr(m, "tile")][-1] == (3, 5)


def test_one_revealed_hand_is_fixed_without_clearing_the_others(tmp_path):
    tab = opened(tmp_path)
    tab.correction.open_entry(1, None)
    assert shown(tab)["fix-title"] == "Fix the hands of round 1"
    assert tab.correction.hand_tiles == {1: [(1, 3)], 2: [(1, 6)], 3: [(0, 5)]}
    tab.correction.select_hand(1)
    tab.correction.pick_hand_tile((1, 3))  # Bo held the 1-6, Cy the 1-3: the two hands were swapped
    tab.correction.pick_hand_tile((1, 6))
    tab.correction.select_hand(2)
    tab.correction.pick_hand_tile((1, 3))
    preview = tab.correction.preview
    assert preview is not None and preview.ok, tab.correction.problem
    run(tab.correction.save())
    hands = tab.table.shown.rounds[0].hands
    assert hands == {0: [], 1: [(1, 6)], 2: [(1, 3)], 3: [(0, 5)]}  # Di's hand as it was


def test_a_forgotten_draw_goes_in_before_the_move(tmp_path):
    tab = opened(tmp_path)
    tab.correction.open_entry(1, 12)
    tab.correction.set_kind(FixKind.INSERT_DRAW)
    assert tab.correction.count == 1
    turn = tab.correction.match.turn
    assert turn is not None and tab.correction.edits() == [InsertMove(1, 12, tab.correction.edits()[0].new)]
    assert tab.correction.edits()[0].new.player == turn.seat == 3  # Di, whose move 12 was


def test_a_placed_tile_tapped_opens_the_fix_of_its_move(tmp_path):
    async def scenario():
        store = open_store(tmp_path)
        store.import_documents([wrong_record()])
        live = await Live.open(store, tmp_path)
        await live.tap("placed-3-4")
        assert (live.state.correction.round_no, live.state.correction.move_no) == (1, 10)
        assert live.texts()["fix-title"] == "Fix round 1, move 10: Bo plays 3-4 at 4-4 (branch A)"

    asyncio.run(scenario())


def test_the_wrong_record_is_legal_and_only_the_scores_differ():
    """The test's premise, checked by the engine."""
    wrong, right = match_from_document(wrong_record()), match_from_document(RIGHT)
    assert wrong.points == [5, 3] and right.points == [14, 0]
