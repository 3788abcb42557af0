"""Starting the app again (or a new tab): the match last played is resumed, and a match waiting
between rounds shows its last settlement again."""

from __future__ import annotations

import json
import os
from pathlib import Path

from scorekeeper.app import settings
from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.store.paths import DataFolder
from tests.app.tabs import new_tab

from .test_state import drive_document, new_match_state, run, shown

CASES = Path(__file__).resolve().parents[1] / "cases"


def started(tmp_path) -> AppModel:
    """A tab opened on the app (what the start of the app or a new tab does)."""
    state = new_tab(open_app_store(tmp_path), str(tmp_path), lang="en")
    run(state.start())
    return state


def test_the_match_last_played_is_resumed_not_the_last_started(tmp_path):
    tab = started(tmp_path)
    new_match_state(tab, "horse-race", ["Ann", "Bo"])
    first = tab.table.match_id
    run(tab.table.start_round(0))
    new_match_state(tab, "exact-61", ["Cy", "Di"])  # started later, left untouched
    second = tab.table.match_id
    run(tab.table.open_match(first))  # back to the first match, and a tile is played in it
    tab.entry.pick_tile((1, 4))
    run(tab.entry.play())
    assert tab.shell.error is None
    assert json.loads((tmp_path / "settings.json").read_text())["last_match"] == first
    again = started(tmp_path)
    assert again.screen == Screen.TABLE and again.table.match_id == first
    assert [m.tile for m in again.table.match.round.moves] == [(1, 4)]
    # the match last played is finished or gone: the most recently active unfinished one
    settings.save(tmp_path, {settings.LAST_MATCH: "20000101-000000-000000"})
    layout = DataFolder(tmp_path)
    os.utime(layout.match_file(first), (1_000_000_000, 1_000_000_000))
    os.utime(layout.match_file(second), (1_000_000_100, 1_000_000_100))
    assert started(tmp_path).table.match_id == second
    assert settings.last_match(tmp_path) == second  # opened on start: now the one to resume
    settings.save(tmp_path, {settings.LAST_MATCH: "20000101-000000-000000"})
    os.utime(layout.match_file(first), (1_000_000_200, 1_000_000_200))
    assert started(tmp_path).table.match_id == first


def test_opening_a_match_makes_it_the_one_resumed(tmp_path):
    tab = started(tmp_path)
    new_match_state(tab, "horse-race", ["Ann", "Bo"])
    first = tab.table.match_id
    new_match_state(tab, "horse-race", ["Cy", "Di"])
    assert started(tmp_path).table.match_id == tab.table.match_id  # just created: opened, so remembered
    run(tab.table.open_match(first))
    assert started(tmp_path).table.match_id == first


def test_between_rounds_the_last_settlement_is_shown_again_after_a_restart(tmp_path):
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text())
    tab = started(tmp_path)
    new_match_state(tab, doc["variant"], doc["players"])
    drive_document(tab, doc)
    assert tab.table.match.status == "start-round"
    before = shown(tab)["settlement"]
    assert "Domino for Bo" in before and "Ann 42 → 40 → +8" in before
    again = started(tmp_path)
    assert again.table.match_id == tab.table.match_id and shown(again)["settlement"] == before
    assert "start-round" in shown(again)
    run(again.table.start_round(1))  # the next round begins: the settlement has been seen
    assert "settlement" not in shown(again)
    run(again.table.undo())  # taken back: between rounds again, with the settlement
    assert shown(again)["settlement"] == before
