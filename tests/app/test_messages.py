"""What the app says: notices belong to the action that made them, read-only views give no
instructions, the lot's result lasts until the first move, refusals are clear sentences that cite
the engine's rule, and an import says which matches were already there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import history, review

from .hooks import hooks, text
from .test_history import case, import_cases, picked, screen
from .test_state import drive_document, new_match_state, run, shown

CASES = Path(__file__).resolve().parents[1] / "cases"


# ------------------------------------------------------------------ notices
def test_an_import_notice_does_not_follow_to_the_match_end_or_the_table(state):
    unfinished = case("hr-2p-instant-win-62")
    unfinished["rounds"][-1]["moves"].pop()  # Ann's winning 1-4 is still to be played
    import_cases(state, "e61-2p-exact-finish")
    run(state.go(Screen.HISTORY))
    run(state.transfer.import_picked([picked("more.json", unfinished)]))
    assert screen(state)["notice"] == "Matches imported: 1"
    row = next(s for s in state.history.items if s.status == "in-progress")
    run(state.history.open_item(row.id, row.status))
    assert state.screen == Screen.TABLE and "notice" not in screen(state)
    state.entry.pick_tile((1, 4))
    state.entry.pick_spot(((1, 2), "low"))
    run(state.entry.play())  # the match ends: the match-end screen, which shows notices of its own
    assert state.table.match.finished and "winners" in screen(state) and "notice" not in screen(state)
    run(state.go(Screen.HISTORY))
    run(state.transfer.import_picked([picked("again.json", case("e61-2p-seed-layout"))]))
    assert state.shell.notice is not None
    finished = next(s for s in state.history.items if s.status == "finished" and s.id != state.table.match_id)
    run(state.table.open_match(finished.id))  # a finished match opened from elsewhere: its match-end screen
    assert "winners" in screen(state) and "notice" not in screen(state)


def test_an_import_of_matches_already_in_the_history_says_so(state):
    run(state.go(Screen.HISTORY))
    import_cases(state, "hr-2p-seed-layout")
    assert screen(state)["notice"] == "Matches imported: 1"
    run(state.transfer.import_picked([picked("same.json", case("hr-2p-seed-layout"))]))
    assert screen(state)["notice"] == "Already in the history: 1 match; nothing new was imported"
    assert len(state.history.items) == 1
    both = [case("hr-2p-seed-layout"), case("e61-2p-seed-layout")]
    run(state.transfer.import_picked([picked("both.json", both)]))
    assert screen(state)["notice"] == "Matches imported: 1; already in the history: 1"
    assert len(state.history.items) == 2


def test_a_notice_belongs_to_its_action(state):
    import_cases(state, "hr-2p-seed-layout")
    run(state.go(Screen.HISTORY))
    import_cases(state, "e61-2p-seed-layout")
    assert "notice" in screen(state)
    run(state.history.filter_game("exact-61"))  # the next action on the same screen
    assert "notice" not in screen(state)


# ------------------------------------------------------------------ read-only views, the lot
def test_the_review_of_an_empty_table_gives_no_instruction(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    run(state.review.open_review(state.table.match_id))
    words = text(review.view(state))
    assert "The table is empty" in words and "pick" not in words.lower()


def test_the_lot_result_is_shown_until_the_first_move(state, monkeypatch):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    monkeypatch.setattr("secrets.randbelow", lambda n: 0)
    run(state.table.draw_lot())
    assert shown(state)["lot-result"] == "The lot chose Ann to lead"
    state.entry.pick_tile((2, 6))
    assert shown(state)["lot-result"] == "The lot chose Ann to lead"  # a tile picked: still no move
    run(state.entry.play())
    assert "lot-result" not in shown(state)
    assert shown(state)["turn"] == "Bo to play: Ann's tile did not score"


# ------------------------------------------------------------------ refusals
def reveal_state(st: AppModel, name: str, hands_too: bool = False) -> dict:
    """Drive case ``name`` up to the entry of the last round's hands."""
    doc = json.loads((CASES / f"{name}.json").read_text())
    new_match_state(st, doc["variant"], doc["players"], doc.get("partnerships", False))
    hands = doc["rounds"][-1].pop("hands")
    drive_document(st, doc)
    assert st.table.match.status == "reveal"
    return hands


@pytest.mark.parametrize("typed", ["-3", "2.5", "²", "12a"])
def test_a_pip_total_is_a_whole_number_0_or_more(state, typed):
    reveal_state(state, "hr-2p-seed-layout")
    state.reveal.set_total(0, typed)
    run(state.reveal.reveal())
    assert state.shell.error.code == "ui_bad_total" and state.table.match.status == "reveal"
    assert shown(state)["message"] == f'Ann\'s pip total "{typed}": a pip total is a whole number, 0 or more'


def test_a_message_shown_alone_is_a_sentence(state):
    reveal_state(state, "hr-2p-seed-layout")
    run(state.reveal.reveal())  # nothing entered for Ann (Bo went out)
    assert shown(state)["message"] == "Enter Ann's 6 remaining tiles or their pip total"
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Ann")
    run(state.setup.create())
    assert shown(state)["message"] == 'Two players are both called "Ann": give each a different name'


def test_a_message_starting_with_a_name_keeps_it_as_typed(state):
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text())
    doc["players"] = ["ann", "bo"]
    new_match_state(state, doc["variant"], doc["players"])
    doc["rounds"][-1].pop("hands")
    drive_document(state, doc)
    state.reveal.set_total(0, "-3")
    run(state.reveal.reveal())
    assert shown(state)["message"].startswith("ann's pip total")


@pytest.mark.parametrize(
    ("case_name", "rule", "seat", "tiles"),
    [
        # Ann holds 2 tiles, shows 1 (more than a hand holds cannot be entered: ui_hand_full, test_table_side)
        ("e61-pairs-block-draw", "E2", 0, ["0-4"]),
        ("hr-2p-seed-layout", "H2", 0, ["0-0", "3-3", "5-6", "6-6", "3-5"]),  # Ann holds 6, shown 5
    ],
)
def test_a_wrong_hand_count_cites_the_engines_deal_rule_as_the_cli_does(state, case_name, rule, seat, tiles):
    """Exact 61 deals by E2, Horse Race by H2: the app's message cites the engine's rule, like the CLI."""
    hands = reveal_state(state, case_name)
    for other, hand in hands.items():  # the other hands as they were (a blocked round needs them all)
        if int(other) != seat:
            state.reveal.seat = int(other)
            for tile in hand:
                state.reveal.pick(tuple(int(v) for v in tile.split("-")))
    state.reveal.seat = seat
    for tile in tiles:
        state.reveal.pick(tuple(int(v) for v in tile.split("-")))
    run(state.reveal.reveal())
    assert state.table.match.status == "reveal"  # nothing recorded
    name = state.table.match.players[seat]
    held = "6 tiles" if rule == "H2" else "2 tiles"
    assert shown(state)["message"] == (
        f"{rule}: {name} holds {held} by the record (the deal, the draws and "
        f"the placements); the hands show {len(tiles)}"
    )
    if rule == "E2":  # the same rule for the case whose hands show more tiles than Bo holds
        cli = subprocess.run(
            [sys.executable, "-m", "scorekeeper.cli", "replay", str(CASES / "bad-hands-count.json")],
            capture_output=True,
            text=True,
        )
        assert f"hands: {rule}: Bo holds 1 tile by the record" in cli.stdout + cli.stderr


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("2026-02-30", '"2026-02-30" is not a date: the calendar has no such day'),
        ("2026-13-01", '"2026-13-01" is not a date: the calendar has no such day'),
        ("30/02/2026", '"30/02/2026" is not a date: write it as YYYY-MM-DD, e.g. 2025-06-12'),
    ],
)
def test_a_date_filter_that_is_no_date(state, typed, words):
    run(state.go(Screen.HISTORY))
    state.history.set_text("since", typed)
    run(state.history.apply())
    assert text(hooks(history.view(state))["message"]) == words


def test_the_hand_entry_reads_as_a_whole_sentence(state):
    """No trailing "…" (read as text cut off on a phone): what is still to enter, what was entered."""
    reveal_state(state, "hr-4i-block-4-4-4-14")
    assert shown(state)["reveal-seat-0"] == "Ann: 2 tiles to enter"
    state.reveal.seat = 0
    state.reveal.pick((1, 2))
    state.reveal.pick((0, 1))
    assert shown(state)["reveal-seat-0"] == "Ann: 2 of 2 tiles — 0-1 1-2"
    state.reveal.set_total(3, "4")
    assert shown(state)["reveal-seat-3"] == "Di: pip total 4"
    assert "…" not in " ".join(shown(state).values())
