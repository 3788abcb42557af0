"""View logic in-process: the state's intents over a real store in a temp folder, and the
screens built from it (walked for their test hooks). No browser, no Flet session."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import home, new_match, table
from scorekeeper.explain import placement_words
from scorekeeper.i18n import Translator
from scorekeeper.rules import parse_spot, parse_tile
from tests.app.tabs import new_tab

from .hooks import hooks, text

CASES = Path(__file__).resolve().parents[1] / "cases"


def run(coro):
    return asyncio.run(coro)


def new_match_state(st: AppModel, variant: str, names: list[str], partnerships: bool = False) -> AppModel:
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_form(variant=variant, count=len(names), partnerships=partnerships)
    for seat, name in enumerate(names):
        st.setup.set_name(seat, name)
    run(st.setup.create())
    assert st.shell.error is None and st.screen == Screen.TABLE
    return st


def shown(st: AppModel) -> dict[str, str]:
    """Hook → its visible text on the current screen."""
    from scorekeeper.app.screens import SCREENS

    return {name: text(node) for name, node in hooks(SCREENS[st.screen](st)).items()}


def test_seating_rules_come_from_the_engine(state):
    state.setup.set_form(variant="horse-race", count=2)
    assert state.setup.seating_rule() == (False, False)
    state.setup.set_form(count=4)
    assert state.setup.seating_rule() == (True, False)  # H1: individuals or partnerships
    state.setup.set_form(variant="exact-61")
    assert state.setup.seating_rule() == (True, True)  # E1: always partnerships with 4
    assert state.setup.partnerships is True


def test_new_match_screen_hooks(state):
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_form(variant="horse-race", count=4)
    ids = hooks(new_match.view(state))
    assert {
        "game-horse-race",
        "game-exact-61",
        "players-2",
        "players-3",
        "players-4",
        "name-0",
        "name-1",
        "name-2",
        "name-3",
        "partnerships",
        "create-match",
    } <= set(ids)
    state.setup.set_form(count=2)
    ids = hooks(new_match.view(state))
    assert "partnerships" not in ids and "name-2" not in ids  # H1: no partnerships with 2


def test_same_names_refused_with_a_message(state):
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Ann")
    run(state.setup.create())
    assert state.shell.error.code == "same_names" and state.screen == Screen.NEW_MATCH
    assert shown(state)["message"] == 'Two players are both called "Ann": give each a different name'


def test_horse_race_seed_case_through_the_intents(state):
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text())
    report = json.loads((CASES / "hr-2p-seed-layout.report.json").read_text())
    new_match_state(state, doc["variant"], doc["players"])
    assert set(shown(state)) >= {"lot", "starter-0", "starter-1", "score-0", "score-1"}
    round_ = doc["rounds"][0]
    run(state.table.start_round(round_["starter"]))
    assert shown(state)["turn"] == "Ann leads the round"
    events = {e["move"]: e for e in report["rounds"][0]["events"] if e["kind"] == "play"}
    points = [0, 0]
    previous = None
    for index, move in enumerate(round_["moves"]):
        if "play" in move:
            tile = parse_tile(move["play"])
            state.entry.pick_tile(tile)
            if "at" in move:
                spot = parse_spot(move["at"])
                if len(state.entry.legal_spots(tile)) == 1:  # a single legal spot is chosen by itself
                    assert state.entry.selected_spot == spot
                state.entry.pick_spot(spot)
            if move.get("drawn") and not (previous and "draw" in previous):
                run(state.entry.draw(0))  # the first tile drawn fits
            assert state.entry.can_play()
            run(state.entry.play())
            assert state.shell.error is None, state.shell.error
            last = state.table.match.round.moves[-1]
            assert last.drawn == bool(move.get("drawn"))
            if index in events:
                points[events[index]["side"]] += events[index]["points"]
        elif "draw" in move:
            run(state.entry.draw(move["draw"]))
        else:
            run(state.entry.pass_turn())
        assert state.table.match.points == points
        screen = shown(state)
        assert [int(screen["score-0"]), int(screen["score-1"])] == points
        previous = move
        if index == 5:  # 1-2 on 1-1's line B: "1-2: 2 + 3-4: 3 = 5 → +1 Bo (2)"
            assert screen["explain"] == "3-4: 3 + 1-2: 2 = 5 → +1 Bo (2)"
            assert screen["end-sum"] == "End sum: 5"
        if index == 3:  # the drawn 4-4 scores 10 yet ends Ann's turn (H5)
            assert screen["turn"] == "Bo to play: a drawn tile ends Ann's turn"
    assert state.table.match.status == "reveal"
    assert shown(state)["round-end"] == "Bo went out (domino)"
    state.reveal.seat = 0
    for tile in round_["hands"]["0"]:
        state.reveal.pick(parse_tile(tile))
    run(state.reveal.reveal())
    assert state.shell.error is None
    assert state.table.match.points == report["scores"]
    screen = shown(state)
    assert "Domino for Bo" in screen["settlement"] and "Ann 42 → 40 → +8" in screen["settlement"]
    assert "Bo" in screen["start-round"]  # S10: Bo went out and leads next


def test_refusals_become_messages_not_exceptions(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((1, 4))
    run(state.entry.play())
    state.entry.pick_tile((4, 6))
    run(state.entry.play())
    run(state.entry.pass_turn())  # S8: the stock has 14 tiles
    assert state.shell.error.code in ("pass_with_stock", "skipped_continuation", "wrong_player")
    assert shown(state)["message"].startswith(state.shell.error.rule + ":")
    assert len(state.table.match.round.moves) == 2  # nothing recorded by the refusal


def test_unexpected_error_is_a_translated_message(state, monkeypatch):
    new_match_state(state, "horse-race", ["Ann", "Bo"])

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(state.services.store, "record", broken)
    run(state.table.start_round(0))
    assert state.shell.error.code == "unexpected"
    assert "nothing was recorded" in shown(state)["message"]


def test_undo_and_resume_at_the_same_move(state, tmp_path):
    new_match_state(state, "exact-61", ["Ann", "Bo"])
    run(state.table.start_round(1))
    for tile in ((1, 4), (4, 4)):
        state.entry.pick_tile(tile)
        run(state.entry.play())
    assert len(state.table.match.round.moves) == 2
    run(state.table.undo())
    assert len(state.table.match.round.moves) == 1 and state.table.match.turn.seat == 0
    # the app is closed and started again: the unfinished match opens at the same move
    again = new_tab(state.services.store, str(tmp_path), lang="en")
    run(again.start())
    assert again.screen == Screen.TABLE and again.table.match_id == state.table.match_id
    assert [m.tile for m in again.table.match.round.moves] == [(1, 4)]
    assert shown(again)["turn"] == "Ann to play: one tile a turn"


def test_lot_is_a_fair_random_choice(state, monkeypatch):
    new_match_state(state, "horse-race", ["Ann", "Bo", "Cy"])
    picked = []
    monkeypatch.setattr("secrets.randbelow", lambda n: picked.append(n) or 2)
    run(state.table.draw_lot())
    assert picked == [3] and state.table.match.round.starter == 2
    assert shown(state)["lot-result"] == "The lot chose Cy to lead"


def test_picker_offers_only_unseen_fitting_tiles(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    assert all(state.entry.pickable(t) for t in [(0, 0), (6, 6), (1, 4)])  # any lead
    state.entry.pick_tile((1, 4))
    run(state.entry.play())
    assert not state.entry.pickable((1, 4))  # on the table
    assert state.entry.pickable((4, 6)) and not state.entry.pickable((2, 3))  # fits a 1 or a 4 only
    ids = hooks(table.view(state))
    assert "tile-1-4" not in ids and ids["tile-2-3"].disabled and not ids["tile-4-6"].disabled
    assert {
        "spot-1-4-low",
        "spot-1-4-high",
        "end-1-4-low",
        "end-1-4-high",
        "play",
        "draw",
        "pass",
        "undo",
        "stock",
        "hand-0",
        "hand-1",
        "end-sum",
        "turn",
    } <= set(ids)
    state.entry.pick_spot(((1, 4), "high"))
    assert state.entry.dimmed((1, 2)) and not state.entry.dimmed((4, 5))  # 1-2 fits the 1 only
    assert state.entry.pickable((1, 2))  # still offered: tapping it chooses it instead of the spot


def veiled(control) -> float | None:
    """The opacity of the white veil over a picker tile (None: not veiled)."""
    box = control.content
    return box.foreground_decoration.bgcolor if box.foreground_decoration is not None else None


def test_a_chosen_spot_is_let_go_by_tapping_it_again_or_a_tile_that_does_not_fit(state):
    """Newcomer report 4: a spot stayed chosen, the tiles that did not fit it looked unavailable."""
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((1, 4))
    run(state.entry.play())  # Ann continues (5 scored): open ends 1 (low) and 4 (high)
    high, low = ((1, 4), "high"), ((1, 4), "low")
    state.entry.pick_spot(high)
    ids = hooks(table.view(state))
    assert shown(state)["selection"] == (
        "Open spot 1-4 (high end): pick a tile that fits, or tap the spot again to let go of it"
    )
    assert not ids["tile-1-2"].disabled and veiled(ids["tile-1-2"]) is not None  # dimmed, still tappable
    assert veiled(ids["tile-4-5"]) is None and ids["tile-2-3"].disabled  # fits it / fits nowhere
    state.entry.pick_tile((1, 2))  # does not fit the high end: chosen, and its only spot with it
    assert state.entry.selected_tile == (1, 2) and state.entry.selected_spot == low
    state.entry.pick_spot(low)  # a spot chosen by itself, tapped: confirmed, not let go
    assert state.entry.selected_spot == low and shown(state)["selection"] == "1-2 at 1-4 (low end)"
    state.entry.pick_spot(low)  # the chosen spot tapped again: let go, the tile stays
    assert state.entry.selected_tile == (1, 2) and state.entry.selected_spot is None
    assert shown(state)["selection"] == "1-2: tap where it joins"
    state.entry.pick_spot(high)  # a spot the tile does not fit: the tile is dropped
    assert state.entry.selected_tile is None and state.entry.selected_spot == high
    state.entry.pick_spot(high)
    assert state.entry.selected_spot is None and shown(state)["selection"].startswith("Pick the tile played")


def test_a_refused_play_keeps_the_entry_and_says_how_to_let_go_of_the_spot(state, monkeypatch):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((4, 4))
    run(state.entry.play())  # 8: not scoring, Bo's turn; the spinner offers line A and line B
    state.entry.pick_tile((4, 6))
    state.entry.pick_spot(((4, 4), "line-a"))
    assert shown(state)["selection"] == "4-6 at 4-4 (line A) (tap the spot again to choose another)"

    def refuse(*_args):
        from scorekeeper.rules import RuleViolation

        raise RuleViolation("S8", "drawn_lead", name="Bo")

    monkeypatch.setattr(state.services.store, "record", refuse)
    run(state.entry.play())
    assert state.shell.error is not None and state.table.match.round.moves[-1].tile == (4, 4)  # nothing recorded
    assert state.entry.selected_tile == (4, 6) and state.entry.selected_spot == ((4, 4), "line-a")
    assert "message" in shown(state) and shown(state)["selection"].endswith("(tap the spot again to choose another)")
    state.entry.pick_spot(((4, 4), "line-a"))
    assert state.entry.selected_tile == (4, 6) and state.entry.selected_spot is None and state.shell.error is None


def test_language_is_remembered_and_used_everywhere(state, tmp_path):
    run(state.set_language("ko"))
    again = new_tab(state.services.store, str(tmp_path))
    run(again.start())
    assert again.shell.lang == "ko"
    screen = {name: text(node) for name, node in hooks(home.view(again)).items()}
    assert screen["new-match"] == "새 경기"
    new_match_state(again, "horse-race", ["민준", "서연"])
    run(again.table.start_round(0))
    assert shown(again)["turn"] == "민준 선공"
    again.entry.pick_tile((1, 4))
    run(again.entry.play())
    words = placement_words(Translator("ko"), again.table.match, again.table.last_info)
    assert shown(again)["explain"] == words and "민준" in words and words.startswith("1-4: 1 + 1-4: 4 = 5 → ")


def test_screens_without_match_fall_back_home(state):
    assert state.screen == Screen.HOME
    ids = hooks(home.view(state))
    assert {"new-match", "settings"} <= set(ids)


def drive_document(st: AppModel, doc: dict, on_move=None) -> None:
    """Enter a whole match document through the intents a player would use."""
    for round_no, round_ in enumerate(doc["rounds"]):
        if st.table.match.required_starter is not None:
            assert "start-round" in shown(st)
        run(st.table.start_round(round_["starter"]))
        assert st.shell.error is None, st.shell.error
        previous = None
        for index, move in enumerate(round_["moves"]):
            if "play" in move:
                tile = parse_tile(move["play"])
                st.entry.pick_tile(tile)
                if "at" in move:
                    st.entry.pick_spot(parse_spot(move["at"]))
                if move.get("drawn") and not (previous and "draw" in previous):
                    run(st.entry.draw(0))
                run(st.entry.play())
            elif "draw" in move:
                run(st.entry.draw(move["draw"]))
            else:
                run(st.entry.pass_turn())
            assert st.shell.error is None, (round_no, index, st.shell.error)
            if on_move:
                on_move(round_no, index, st)
            previous = move
        if "hands" in round_ and st.table.match.status == "reveal":
            for seat, hand in round_["hands"].items():
                st.reveal.seat = int(seat)
                if isinstance(hand, int):
                    st.reveal.set_total(int(seat), str(hand))
                else:
                    for tile in hand:
                        st.reveal.pick(parse_tile(tile))
            run(st.reveal.reveal())
            assert st.shell.error is None, (round_no, "hands", st.shell.error)


LEGAL_CASES = sorted(
    p.name[:-5]
    for p in CASES.glob("*.json")
    if not p.name.startswith("bad-") and not p.name.endswith((".report.json", ".expected.json"))
)


@pytest.mark.parametrize("case", LEGAL_CASES)
def test_every_legal_case_through_the_screens(state, case):
    doc = json.loads((CASES / f"{case}.json").read_text())
    report = json.loads((CASES / f"{case}.report.json").read_text())
    new_match_state(state, doc["variant"], doc["players"], doc.get("partnerships", False))
    drive_document(state, doc)
    assert state.table.match.points == report["scores"]
    screen = shown(state)
    assert [int(screen[f"score-{side}"]) for side in range(len(report["sides"]))] == report["scores"]
    if report["finished"]:
        winners = " & ".join(report["sides"][s] for s in report["winners"])
        assert screen["winners"] == f"Winner: {winners}"


def test_exact_61_rejection_is_explained(state):
    doc = json.loads((CASES / "e61-2p-exact-finish.json").read_text())
    new_match_state(state, doc["variant"], doc["players"])
    seen = {}

    def look(round_no, index, st):
        if round_no == 2 and index == 6:
            seen["explain"] = shown(st)["explain"]
            seen["score"] = st.table.match.points[0]

    drive_document(state, doc, look)
    # the placement would take Ann over 61: rejected whole, the score stays (E3)
    assert seen["explain"].endswith(f"→ Ann would reach {seen['score'] + 4}: rejected, score stays {seen['score']}")
    assert "= 20 →" in seen["explain"]


def test_undo_is_offered_between_rounds_and_takes_back_the_settlement(state):
    doc = json.loads((CASES / "e61-2p-seed-layout.json").read_text())
    new_match_state(state, doc["variant"], doc["players"])
    drive_document(state, doc)
    assert state.table.match.status == "start-round" and state.table.match.points == [9, 4]
    assert "undo" in shown(state)
    run(state.table.undo())  # takes back the revealed hands: the settlement is undone
    assert state.table.match.status == "reveal" and state.table.match.points == [7, 4]
    assert "undo" in shown(state) and "confirm" in shown(state)


def test_a_view_that_fails_shows_a_message_not_a_traceback(state, monkeypatch):
    from dataclasses import replace

    from scorekeeper.app import main as app_main
    from scorekeeper.app.screen_table import ScreenTable

    def broken(st):
        raise KeyError("boom")

    monkeypatch.setattr(
        state,
        "screens",
        ScreenTable(
            *(replace(entry, view=broken) if entry.screen == Screen.HOME else entry for entry in state.screens)
        ),
    )
    body = app_main.screen_body(state)
    assert "nothing was recorded" in text(body) and "home" in hooks(body)


def test_the_tabs_copy_always_keeps_the_engines_explanations(state, tmp_path):
    """Created, reloaded from the store, refolded by an undo: the tab's copy keeps each placement's
    explanation (``explain=True``), which the screen shows as the engine worded it."""
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    for tile, spot in (((1, 4), None), ((1, 1), ((1, 4), "low")), ((4, 4), ((1, 4), "high"))):
        state.entry.pick_tile(tile)
        if spot:
            state.entry.pick_spot(spot)
        run(state.entry.play())
    assert state.table.match.explain and sorted(state.table.match.round.placements) == [0, 1, 2]
    assert shown(state)["explain"] == "1-1: 2 + 4-4: 8 = 10 → +2 Ann (3)"
    other = new_tab(state.services.store, str(tmp_path), lang="en")
    run(other.start())
    assert other.table.match.explain and shown(other)["explain"] == "1-1: 2 + 4-4: 8 = 10 → +2 Ann (3)"
    run(state.table.undo())
    assert state.table.match.explain and shown(state)["explain"] == "1-4: 4 + 1-1: 2 = 6"


def test_undo_with_nothing_to_undo_is_a_message(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.undo())
    assert state.shell.error.code == "nothing_to_undo"
    assert shown(state)["message"] == "Nothing to undo: no entry of this match is left to take back"


def test_typing_a_name_re_renders_nothing(state):
    """A re-render per key sent the name field's value back while the user typed on ("Bo" became "B" in CI)."""
    run(state.go(Screen.NEW_MATCH))
    changes = []
    listener = lambda *args: changes.append(args)  # noqa: E731 - kept: Flet holds listeners weakly
    state.setup.subscribe(listener)
    for typed in ("B", "Bo"):
        state.setup.set_name(1, typed)
    assert changes == [] and state.setup.names[1] == "Bo"
    assert state.setup.players()[1] == "Bo"
