"""Fixes from the app-layer code review (docs/app.md): each test fails without its fix."""

from __future__ import annotations

import errno

from scorekeeper.app import settings
from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import Play, RuleViolation, StartRound
from tests.app.tabs import new_tab

from .test_state import new_match_state, run, shown


def tab(tmp_path, announced: list | None = None) -> AppModel:
    announce = (lambda match_id, version: announced.append((match_id, version))) if announced is not None else None
    st = new_tab(open_app_store(tmp_path), str(tmp_path), lang="en", width=390, announce=announce)
    run(st.start())
    return st


# ------------------------------------------------------------------ 1: the store's write stands
def test_a_settings_file_that_cannot_be_written_does_not_hide_a_stored_move(tmp_path, monkeypatch):
    announced: list = []
    st = tab(tmp_path, announced)

    def disk_full(data_dir, values):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings, "save", disk_full)
    new_match_state(st, "horse-race", ["Ann", "Bo"])  # created and opened although not remembered
    assert st.shell.error is None and st.screen == Screen.TABLE
    created = st.services.store.version(st.table.match_id)
    run(st.table.start_round(0))
    assert st.shell.error is None and "message" not in shown(st)
    assert announced[-1] == (st.table.match_id, created + 1)  # the other tabs are told of the round's start
    st.entry.pick_tile((1, 4))
    run(st.entry.play())
    assert st.shell.error is None and "message" not in shown(st)
    assert announced[-1] == (st.table.match_id, created + 2)
    stored = [action for _, action in st.services.store.actions(st.table.match_id)]
    assert stored == [StartRound(0), Play(0, (1, 4), None, False)]
    assert st.table.match.points == [1, 0]  # 1-4 leads: end sum 5, 1 point (H4)


# ------------------------------------------------------------------ 7: the version after a disagreement
def test_after_a_disagreement_the_tab_keeps_the_version_of_the_copy_it_reloaded(tmp_path, monkeypatch):
    """The tab's fold refuses what the store accepted (cannot happen, but the store is the truth), and
    another tab writes before this one re-reads: the tab shows that later position at its version,
    and its next move is recorded (not refused as stale)."""
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    copy = st.table.match

    def disagree(action):
        st.services.store.record(st.table.match_id, Play(0, (4, 5), ((1, 4), "high"), False))  # another tab, meanwhile
        raise RuleViolation("S3", "wrong_player", name="Ann", who="Bo")

    st.entry.pick_tile((1, 4))
    monkeypatch.setattr(copy, "apply", disagree)
    run(st.entry.play())
    assert st.shell.error is None and st.table.match is not copy
    assert st.table.version == st.services.store.version(st.table.match_id)
    assert [m.tile for m in st.table.match.round.moves] == [(1, 4), (4, 5)]
    play_ok = st.table.version + 1
    st.entry.pick_tile((5, 5))
    st.entry.pick_spot(((4, 5), "high"))
    run(st.entry.play())
    assert st.shell.error is None, st.shell.error
    assert st.services.store.version(st.table.match_id) == play_ok
    assert [m.tile for m in st.table.match.round.moves] == [(1, 4), (4, 5), (5, 5)]


# ------------------------------------------------------------------ 2: a bad date never locks the history
def test_a_bad_date_in_the_history_filter_opens_the_history_anyway(tmp_path):

    from scorekeeper.app.navigation import Screen

    from .test_history import import_cases

    st = tab(tmp_path)
    import_cases(st, "hr-2p-seed-layout")
    run(st.go(Screen.HISTORY))
    st.history.set_text("until", "2026-02-30")
    run(st.history.apply_typed())  # leaving the field applies what was typed
    assert st.screen == Screen.HISTORY and st.shell.error.code == "ui_no_such_date"
    assert shown(st)["message"] == '"2026-02-30" is not a date: the calendar has no such day'
    assert len(st.history.items) == 1 and st.history.filter["until"] == ""  # listed without it; not kept
    run(st.go(Screen.HOME))
    run(st.go(Screen.HISTORY))
    assert st.screen == Screen.HISTORY and st.shell.error is None
    st.history.set_text("since", "12/06/2025")  # applied: the list is read without it as well
    run(st.history.apply())
    assert st.shell.error.code == "ui_bad_date" and st.history.filter["since"] == "" and len(st.history.items) == 1
    run(st.go(Screen.HOME))
    run(st.go(Screen.HISTORY))
    assert st.screen == Screen.HISTORY and st.shell.error is None
    run(st.go(Screen.HOME))
    st.history.filter = {**st.history.filter, "until": "31.12.2025"}  # however a bad date got in: History opens
    run(st.go(Screen.HISTORY))
    assert st.screen == Screen.HISTORY and st.shell.error.code == "ui_bad_date" and st.history.filter["until"] == ""


# ------------------------------------------------------------------ 8: a typed pip total counts
def test_a_pip_total_typed_after_tapping_tiles_is_the_one_that_counts(tmp_path):
    """Ann's hand in the case (0-0 3-3 5-6 6-6 3-5 2-3) holds 42 pips: Bo's domino is worth 40 raw, 8 points
    (H8: 42 rounded to the nearest 5). One tile tapped by mistake, then the total typed: the total counts."""
    from .test_messages import reveal_state

    st = tab(tmp_path)
    reveal_state(st, "hr-2p-seed-layout")
    st.reveal.seat = 0
    st.reveal.pick((0, 0))
    st.reveal.set_total(0, "42")
    assert st.reveal.tiles.get(0, []) == [] and st.reveal.hands() == {0: 42, 1: []}
    assert shown(st)["reveal-seat-0"] == "Ann: pip total 42"
    run(st.reveal.reveal())
    assert st.shell.error is None, st.shell.error
    assert [(e.kind, e.side, e.raw, e.points) for e in st.table.settlement] == [("domino", 1, 40, 8)]


# ------------------------------------------------------------------ 5: the screens ask the engine
def test_the_table_asks_the_engine_when_draw_and_pass_are_allowed(tmp_path, monkeypatch):
    """Ann continues after 1-4 with 14 tiles in the stock: Draw offered, Pass not (S8). The buttons
    follow the engine's ``Turn.can_draw`` / ``can_pass``, not a rule of their own."""
    from scorekeeper.app.screens import table
    from scorekeeper.rules.moves import Turn

    from .hooks import hooks

    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    buttons = hooks(table.view(st))
    assert buttons["draw"].disabled and buttons["pass"].disabled  # a lead neither draws nor passes
    st.entry.pick_tile((1, 4))
    run(st.entry.play())
    buttons = hooks(table.view(st))
    assert not buttons["draw"].disabled and buttons["pass"].disabled and "drawn" in buttons
    monkeypatch.setattr(Turn, "can_draw", property(lambda self: False))
    monkeypatch.setattr(Turn, "can_pass", property(lambda self: True))
    buttons = hooks(table.view(st))
    assert buttons["draw"].disabled and not buttons["pass"].disabled and "drawn" not in buttons


def test_the_distance_to_61_and_the_running_totals_are_the_engines(tmp_path, monkeypatch):
    """Exact 61: a side at -3 points is exactly 64 from 61 (E3, E6); the scoreboard says what the engine
    counts (``Match.points_to_target``), the chart's points are the events' ``points_after``."""
    from scorekeeper.app.parts.progress import score_progress
    from scorekeeper.rules import Match
    from scorekeeper.rules.moves import ScoreEvent

    st = tab(tmp_path)
    new_match_state(st, "exact-61", ["Ann", "Bo"])
    st.table.match.scores[1] = -15
    assert shown(st)["distance-1"] == "exactly 64 to go" and shown(st)["distance-0"] == "exactly 61 to go"
    monkeypatch.setattr(Match, "points_to_target", lambda self, side: 0 if side else 5)
    assert shown(st)["distance-1"] == "61 reached" and shown(st)["distance-0"] == "exactly 5 to go"
    run(st.table.start_round(0))
    st.entry.pick_tile((1, 4))
    run(st.entry.play())  # 5: +1 for Ann
    assert score_progress(st.table.match).series[0][-1][1] == 1
    monkeypatch.setattr(ScoreEvent, "points_after", property(lambda self: 42))
    assert score_progress(st.table.match).series[0][-1][1] == 42


def test_the_e5_words_come_from_the_engines_mark():
    """e61-2p-exact-finish, round 1, move 9: the last tile 0-1 makes 25, which joins the settlement (E5)."""
    import dataclasses
    from pathlib import Path

    from scorekeeper.explain import placement_words
    from scorekeeper.i18n import Translator
    from scorekeeper.rules import load_document

    cases = Path(__file__).resolve().parents[1] / "cases"
    match = load_document((cases / "e61-2p-exact-finish.json").read_bytes(), explain=True)
    last = match.rounds[0].placements[9]
    t = Translator("en")
    assert placement_words(t, match, last).endswith("= 25 → 25 pips join the settlement (last tile)")
    unmarked = dataclasses.replace(last, joins_settlement=False)
    assert placement_words(t, match, unmarked).endswith("= 25")


# ------------------------------------------------------------------ 4: no English for uk/ko users
LATIN_WORD = r"[A-Za-z]{3,}"


def test_a_name_that_is_not_one_line_is_refused_in_the_users_language(tmp_path):
    from scorekeeper.app.navigation import Screen

    st = tab(tmp_path)
    run(st.set_language("uk"))
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_name(0, "Ann\tLee")
    st.setup.set_name(1, "Bo")
    run(st.setup.create())
    assert st.shell.error.code == "name_character" and st.screen == Screen.NEW_MATCH
    assert shown(st)["message"] == ("Ім'я \"Ann<U+0009>Lee\" містить U+0009: в імені не може бути невидимих, "
                                    "керівних чи приватних символів; вилучіть його")


def test_a_write_that_fails_is_said_in_the_users_language(tmp_path, monkeypatch):
    from scorekeeper.store.matchfile import MatchLog

    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.set_language("ko"))

    def disk_full(self, events):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(MatchLog, "append", disk_full)
    run(st.table.start_round(0))
    assert st.shell.error.code == "save_failed" and st.shell.error.params["reason"] == "No space left on device"
    assert st.shell.error.params["cause"] == "ENOSPC"  # the system's words are English: said from the errno name
    assert shown(st)["message"] == ("데이터 폴더에 쓰지 못했습니다 (디스크 공간 부족): 아무것도 기록되지 "
                                    "않았습니다 — 남은 공간과 폴더를 확인한 뒤 다시 시도하세요")

    def too_many_files(self, events):  # an errno the catalog has no words for: its name, not English
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(MatchLog, "append", too_many_files)
    run(st.set_language("uk"))
    run(st.table.start_round(0))
    assert shown(st)["message"] == ("Не вдалося записати в теку даних (системна помилка EMFILE): нічого не "
                                    "записано — перевірте вільне місце й теку, тоді спробуйте ще раз")
    monkeypatch.undo()
    assert list(st.services.store.actions(st.table.match_id)) == []  # nothing recorded, as the message says


def test_a_file_that_is_not_json_and_a_damaged_match_are_said_in_the_users_language(tmp_path):
    import re

    from scorekeeper.app.files import PickedFile
    from scorekeeper.app.navigation import Screen
    from scorekeeper.app.screens import history

    from .hooks import hooks, text
    from .test_history import import_cases

    st = tab(tmp_path)
    import_cases(st, "hr-2p-seed-layout")
    run(st.set_language("uk"))
    run(st.go(Screen.HISTORY))
    run(st.transfer.import_picked([PickedFile("cut.json", b'{"format": "scorekeeper-match/1",\n "players": [')]))
    assert st.shell.notice.error.code == "not_json_at" and st.shell.notice.error.params == {"line": 2, "column": 14}
    words = shown(st)["notice"]
    assert "(рядок 2, позиція 14)" in words and not re.search(LATIN_WORD, words.replace("cut.json", "")
                                                                .replace("JSON", ""))
    match_id = st.history.items[0].id
    st.services.store.close()
    (tmp_path / "matches" / f"{match_id}.json").write_text('{"events": {"1": {')  # cut off
    st.services.store = open_app_store(tmp_path)
    run(st.go(Screen.HISTORY))
    row = text(hooks(history.view(st))[f"history-item-{match_id}"])
    status = row.split("\n")[-1] if "\n" in row else row
    assert "Пошкоджено: її файл не вдалося прочитати, його відкладено в теку damaged/" in status
    assert "could not be read" not in row
    run(st.table.open_match(match_id))  # opened from elsewhere (e.g. a stale link): the store's error, translated
    assert st.shell.error.code == "match_damaged"
    assert shown(st)["message"].startswith(f"Партію {match_id} не вдалося прочитати")


# ------------------------------------------------------------------ 9: after a draw, the same in every tab
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


def test_the_draw_panel_offers_no_more_misses_than_the_set_holds(tmp_path):
    """6-6 led, 1-6 and 2-6 on its lines: only 10 tiles off the table miss 1, 2 and 6, so the draw panel
    offers 0 to 10 tiles that did not fit although the stock holds 14 (the engine's ``Turn.max_draw``, S8)."""
    from scorekeeper.app.screens import table

    from .hooks import hooks

    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    for tile, spot in (((6, 6), None), ((1, 6), ((6, 6), "line-a")), ((2, 6), ((6, 6), "line-b"))):
        st.entry.pick_tile(tile)
        if spot is not None and st.entry.selected_spot != spot:
            st.entry.pick_spot(spot)
        run(st.entry.play())
    assert st.table.match.round.stock == 14
    st.entry.open_draw()
    counts = sorted(int(name.rsplit("-", 1)[1]) for name in hooks(table.view(st)) if name.startswith("draw-count-"))
    assert counts == list(range(11))


def test_a_settlement_worth_nothing_is_still_shown_between_rounds():
    """Horse Race, 3 players (simulated, seed 25): Ann goes out, the others hold 0 and 2 pips: 2 → 0 → +0.
    The table's settlement panel needs something to show (it showed nothing: the award is no score event)."""
    from scorekeeper.app.models.open_match import last_settlement
    from scorekeeper.rules import Match
    from scorekeeper.rules.simulator import CONFIGS, simulate

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
        f"Blocked, lowest total wins: {name} 4; the others' 22 → 20 → +4" for name in ("Ann", "Bo", "Di")]
