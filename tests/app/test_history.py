"""History, review, match end, import and export: pure data first, then the screens in-process."""

from __future__ import annotations

import asyncio
import json
from datetime import date, timedelta
from pathlib import Path

import pytest

from scorekeeper.app import files
from scorekeeper.app.models import history as history_model
from scorekeeper.app.models.app import AppModel
from scorekeeper.app.models.review_steps import Review, review_steps
from scorekeeper.app.navigation import Screen
from scorekeeper.app.parts.match_end import match_end_view
from scorekeeper.app.parts.progress import points_at, score_progress
from scorekeeper.app.screens import history, review
from scorekeeper.app.store_access import open_app_store
from scorekeeper.i18n import LANGUAGES
from scorekeeper.rules.document import match_from_document

from .hooks import hooks, text

CASES = Path(__file__).resolve().parents[1] / "cases"


def run(coro):
    return asyncio.run(coro)


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def folded(name: str):
    return match_from_document(case(name), explain=True)


def picked(name: str, doc) -> files.PickedFile:
    return files.PickedFile(name, json.dumps(doc).encode())


def import_cases(st: AppModel, *names: str, meta: dict | None = None) -> None:
    docs = [case(n) | ({"meta": meta[n]} if meta and n in meta else {}) for n in names]
    run(st.transfer.import_picked([picked("cases.json", docs)]))
    assert st.shell.notice is not None and st.shell.notice.ok, st.shell.notice


def screen(st: AppModel) -> dict[str, str]:
    from scorekeeper.app.screens import SCREENS

    return {name: text(node) for name, node in hooks(SCREENS[st.screen](st)).items()}


# ------------------------------------------------------------------ the scores over a match
def test_progress_goes_negative_with_the_exact_61_settlement():
    """e61-pairs-negative: +1 at move 1, Bo & Di +1 (move 8) and +3 (move 16), then a −15 raw settlement."""
    match = folded("e61-pairs-negative")
    progress = score_progress(match)
    assert progress.steps == len(match.actions) == 19  # start, 17 moves, the reveal
    assert progress.series[0] == ((0, 0), (2, 1), (19, -2))
    assert progress.series[1] == ((0, 0), (9, 1), (17, 4))
    assert (progress.low, progress.high) == (-2, 61)
    assert [points_at(progress, 0, s) for s in (0, 1, 2, 18, 19)] == [0, 0, 1, 1, -2]


def test_progress_over_several_rounds_with_rejections():
    """e61-2p-exact-finish: 34 and 58 after rounds 1-2; round 3's +4 and settlement are rejected (E3)."""
    match = folded("e61-2p-exact-finish")
    progress = score_progress(match)
    assert progress.steps == len(match.actions)
    rejected = [c for c in progress.changes if not c.accepted]
    assert [(c.round_no, c.side, c.points) for c in rejected] == [(3, 0, 58), (3, 0, 58)]
    ends = [
        points
        for step, points in progress.series[0]
        if step in (progress.round_steps[1] - 1, progress.round_steps[2] - 1)
    ]
    assert ends == [34, 58]  # after the reveals of rounds 1 and 2
    assert progress.series[0][-1][1] == 61 and progress.series[1][-1][1] == 11
    assert len(progress.round_steps) == 4 and progress.round_steps[0] == 1


def test_progress_past_61_widens_the_chart():
    match = folded("hr-2p-instant-win-62")
    progress = score_progress(match)
    assert progress.series[0][-1] == (progress.steps, 62) and progress.high == 62
    assert progress.steps == 9 + 9 + 4  # two settled rounds, then 3 moves and the match is over (H6)


# ------------------------------------------------------------------ review steps
def test_review_steps_and_navigation():
    match = folded("e61-2p-exact-finish")
    steps = review_steps(list(match.actions))
    assert [s.kind for s in steps[:3]] == ["start", "move", "move"]
    assert steps[-1].kind == "reveal" and steps[-1].round_no == 4
    assert [s.moves for s in steps if s.kind == "start"] == [10, 10, 12, 9]
    rv = Review.of("x", match, list(match.actions))
    assert rv.index == 0 and rv.previous_move() is None and rv.previous_round() is None
    second = rv.at(rv.next_round())
    assert second.step.kind == "start" and second.step.round_no == 2 and second.index == 12  # 1 + 10 + 1
    later = second.at(second.index + 3)
    assert later.previous_round() == second.index  # back to this round's start first
    assert second.previous_round() == 0
    last = rv.at(10_000)
    assert last.index == len(steps) - 1 and last.next_move() is None and last.next_round() is None
    assert last.match.points == [61, 11] and last.match.finished


def test_review_shows_the_table_at_a_known_move(state):
    """e61-2p-seed-layout, move 6 (Bo's 1-5 on the spinner's branch): ends 3 + 2 + 5 = 10, +2 Bo."""
    import_cases(state, "e61-2p-seed-layout")
    match_id = state.history.items[0].id
    run(state.review.open_review(match_id))
    assert state.screen == Screen.REVIEW
    run(state.review.go(6))  # step 0 is the round's start: step 6 is move 6
    shown = screen(state)
    assert shown["review-step"] == "Round 1 of 1 · move 6 of 9"
    assert shown["review-move"] == "Bo plays 1-5 at 1-1 (branch A)"
    assert shown["review-explain"].endswith("= 10 → +2 Bo (3)")
    assert {shown["end-3-4-low"], shown["end-1-2-high"], shown["end-1-5-high"]} == {"3", "2", "5"}
    assert (shown["score-0"], shown["score-1"]) == ("4", "3")  # Ann 1+2+1, Bo 1+2 (the case's report)
    assert shown["review-turn"] == "Ann to play: one tile a turn"
    assert "Ann 4" in shown["chart"] and "Bo 3" in shown["chart"]
    state.shell.width = 1280  # a wide window: the picture beside the step, the same words and numbers
    # (a phone's Export is an icon beside the step controls, a wide window's a labelled button)
    assert {k: v for k, v in screen(state).items() if k not in ("table", "export")} == {
        k: v for k, v in shown.items() if k not in ("table", "export")
    }
    state.shell.width = 390
    ids = hooks(review.view(state))
    assert not ids["review-prev"].disabled and not ids["review-next"].disabled
    assert ids["review-next-round"].disabled  # one round only
    run(state.review.go(state.review.review.next_move()))
    assert screen(state)["review-move"] == "Ann plays 5-5 at 1-5 (high end)"
    run(state.review.go(len(state.review.review.steps) - 1))
    last = screen(state)
    assert last["review-step"] == "Round 1 of 1: hands left and settlement"
    assert "Settlement for Ann" in last["review-explain"]
    assert (last["score-0"], last["score-1"]) == ("9", "4")


# ------------------------------------------------------------------ match end
def test_match_end_screen_with_chart(state):
    doc = case("hr-2p-instant-win-62")
    last = doc["rounds"][-1]["moves"].pop()  # the winning 1-4 is played on the screen
    import_cases_doc(state, doc)
    summary = state.history.items[0]
    assert summary.status == "in-progress"
    run(state.history.open_item(summary.id, summary.status))
    assert state.screen == Screen.TABLE and state.table.match.points == [60, 0]
    state.entry.pick_tile((1, 4))
    state.entry.pick_spot(((1, 2), "low"))
    assert last == {"player": 0, "play": "1-4", "at": "1-2:low"}
    run(state.entry.play())
    assert state.table.match.finished
    shown = screen(state)
    assert shown["winners"] == "Winner: Ann" and shown["final-scores"] == "Final scores: Ann\u00a062, Bo\u00a00"
    assert "Ann 62" in shown["chart"] and "Bo 0" in shown["chart"]
    assert {"review", "export", "history", "new-match", "undo", "score-0", "score-1"} <= set(shown)
    run(state.table.undo())  # the finishing tile taken back: the table again
    assert "play" in screen(state) and "chart" not in screen(state)


def import_cases_doc(st: AppModel, doc: dict) -> None:
    run(st.transfer.import_picked([picked("match.json", doc)]))
    assert st.shell.notice.ok, st.shell.notice


# ------------------------------------------------------------------ history
def test_history_filters_newest_first_and_opening(state):
    today = date.today()
    old = (today - timedelta(days=30)).isoformat()
    import_cases(
        state,
        "hr-2p-seed-layout",
        "e61-2p-exact-finish",
        "e61-pairs-negative",
        meta={"e61-2p-exact-finish": {"started": f"{old}T12:00:00.000Z", "ended": f"{old}T13:00:00.000Z"}},
    )
    run(state.go(Screen.HISTORY))
    assert state.screen == Screen.HISTORY and len(state.history.items) == 3
    assert state.history.items[-1].variant == "exact-61" and state.history.items[-1].status == "finished"  # oldest last
    shown = screen(state)
    assert shown["history-count"] == "Matches: 3"
    finished = state.history.items[-1]
    assert "Winner: Ann" in shown[f"history-item-{finished.id}"]
    row = shown[f"history-item-{finished.id}"]
    assert "Ann\u00a061" in row and "Bo\u00a011" in row  # a score is never parted from its name
    run(state.history.filter_game("exact-61"))
    assert [s.variant for s in state.history.items] == ["exact-61", "exact-61"]
    run(state.history.filter_status(True))
    assert [s.id for s in state.history.items] == [finished.id]
    run(state.history.filter_status(None))
    run(state.history.filter_game(None))
    state.history.set_text("player", "di")  # whole names, any case: only the partnership match has Di
    run(state.history.apply())
    assert [s.players for s in state.history.items] == [("Ann", "Bo", "Cy", "Di")]
    state.history.set_text("player", "")
    state.history.set_text("since", (today - timedelta(days=1)).isoformat())
    run(state.history.apply())
    assert finished.id not in {s.id for s in state.history.items} and len(state.history.items) == 2
    state.history.set_text("since", "")
    state.history.set_text("until", old)
    run(state.history.apply())
    assert [s.id for s in state.history.items] == [finished.id]
    state.history.set_text("until", "12/06/2025")
    run(state.history.apply())
    assert state.shell.error.code == "ui_bad_date" and "YYYY-MM-DD" in screen(state)["message"]
    state.history.set_text("until", "")
    run(state.history.apply())
    assert state.shell.error is None and len(state.history.items) == 3
    run(state.history.open_item(finished.id, "finished"))  # finished: the review
    assert state.screen == Screen.REVIEW and state.review.review.match_id == finished.id
    run(state.go(Screen.HISTORY))
    unfinished = next(s for s in state.history.items if s.status == "in-progress")
    run(state.history.open_item(unfinished.id, "in-progress"))  # in progress: resume on the table
    assert state.screen == Screen.TABLE and state.table.match_id == unfinished.id


def test_long_history_is_shown_page_by_page_and_settings_return_to_it(state, monkeypatch):
    monkeypatch.setattr(history_model, "PAGE", 2)
    import_cases(state, "hr-2p-seed-layout", "e61-2p-seed-layout", "hr-3p-openings")
    run(state.go(Screen.HISTORY))
    rows = [k for k in screen(state) if k.startswith("history-item-")]
    assert len(rows) == 2 and screen(state)["history-more"] == "Show more (1 left)"
    run(state.history.show_more())
    assert len([k for k in screen(state) if k.startswith("history-item-")]) == 3
    assert "history-more" not in screen(state)
    run(state.go(Screen.SETTINGS))
    run(state.set_language("uk"))
    assert "back" in screen(state)
    run(state.go(state.shell.settings_from))
    assert state.screen == Screen.HISTORY and screen(state)["history-count"] == "Партій: 3"


def test_statistics_on_the_history_screen(state):
    import_cases(state, "e61-2p-exact-finish", "hr-2p-instant-win-62", "hr-2p-seed-layout")
    run(state.go(Screen.HISTORY))
    assert "stats" not in screen(state)  # a phone shows the matches first
    state.history.show_tab("stats")
    shown = screen(state)
    assert "history-count" not in shown
    # each game apart (points per round compare only within one): Horse Race first (the engine's order),
    # Ann 62 in the 3 rounds of hr-2p-instant-win-62 = 20.7 per round, Bo 0; both have the seed match in
    # progress; Exact 61: Ann 61 in 4 rounds = 15.2, Bo 11 = 2.8
    assert [
        shown[k] for k in ("stats-rules-0", "stats-0-0", "stats-0-1", "stats-rules-1", "stats-1-0", "stats-1-1")
    ] == ["Horse Race", "Ann 1 1 20.7 1", "Bo 1 0 0.0 1", "Exact 61 Five Up", "Ann 1 1 15.2 0", "Bo 1 0 2.8 0"]
    assert len([k for k in shown if k.startswith("stats-")]) == 6
    state.shell.width = 1280  # a wide window: the statistics beside the list
    assert {"stats", "stats-0-0", "history-count", "import"} <= set(screen(state))


def test_damaged_match_is_listed_with_its_problem(state, tmp_path):
    import_cases(state, "hr-2p-seed-layout")
    match_id = state.history.items[0].id
    store = state.services.store
    store.close()
    (tmp_path / "matches" / f"{match_id}.json").write_text('{"events": {"1": {')  # cut off
    state.services.store = open_app_store(tmp_path)
    run(state.go(Screen.HISTORY))
    row = hooks(history.view(state))[f"history-item-{match_id}"]
    assert row.disabled and "Damaged: " in text(row) and "could not be read" in text(row)


# ------------------------------------------------------------------ import and export
def test_a_refused_import_changes_nothing_and_says_why(state):
    import_cases(state, "hr-2p-seed-layout")
    before = [s.id for s in state.services.store.list_matches()]
    bad = case("bad-skipped-continuation")
    run(state.transfer.import_picked([picked("good.json", case("e61-2p-seed-layout")), picked("bad.json", bad)]))
    assert [s.id for s in state.services.store.list_matches()] == before  # the good one was not imported either
    words = text(hooks(history.view(state))["notice"])
    expected = json.loads((CASES / "bad-skipped-continuation.expected.json").read_text())
    assert words.startswith("bad.json refused, nothing imported: ")
    assert f"round {expected['round']}, move {expected['move']}: " in words
    assert any(f"{rule}: " in words for rule in expected["rules"])
    run(state.transfer.import_picked([files.PickedFile("junk.json", b"{not json")]))
    assert not state.shell.notice.ok and "junk.json refused" in text(hooks(history.view(state))["notice"])
    assert [s.id for s in state.services.store.list_matches()] == before


def test_the_apps_import_is_bounded_and_summarised_as_the_clis(state, monkeypatch):
    """Issue 21: the app's import shares the store's path (scorekeeper.store.intake): a list past the
    bound is refused whole, before any document is read, and many refusals are counted, not listed."""
    from scorekeeper.store import transfer

    seen = []
    real = transfer.read_document
    monkeypatch.setattr(transfer, "read_document", lambda doc: seen.append(1) or real(doc))
    run(state.go(Screen.HISTORY))
    run(state.transfer.import_picked([files.PickedFile("zeros.json", b"[" + b"0," * 999_999 + b"0]")]))
    words = text(hooks(history.view(state))["notice"])
    assert not state.shell.notice.ok and seen == []
    assert words == (
        "zeros.json refused, nothing imported: the file holds 1,000,000 documents; one import takes "
        "at most 50,000 matches: import it in parts"
    )
    run(state.transfer.import_picked([picked("good.json", case("e61-2p-seed-layout")), picked("zeros.json", [0] * 30)]))
    words = text(hooks(history.view(state))["notice"])
    assert words.startswith("zeros.json (document 1) and 29 more documents refused, nothing imported: ")
    assert state.history.items == [] and seen == [1]  # only the real document reached the engine
    state.shell.lang = "uk"
    assert text(hooks(history.view(state))["notice"]).startswith(
        "zeros.json (document 1) та ще 29 документів відхилено, нічого не імпортовано: "
    )


def test_import_from_the_file_chooser(state, monkeypatch):
    async def chooser():
        return [picked("two.json", [case("hr-2p-seed-layout"), case("e61-2p-seed-layout")])]

    monkeypatch.setattr(files, "pick_json_files", chooser)
    run(state.go(Screen.HISTORY))
    run(state.transfer.import_files())
    assert screen(state)["notice"] == "Matches imported: 2" and len(state.history.items) == 2


def test_export_offers_the_match_document(state, monkeypatch):
    import_cases(state, "e61-2p-exact-finish")
    match_id = state.history.items[0].id
    saved = []

    async def save(name, data):
        saved.append((name, data))
        return None  # the browser: a download

    monkeypatch.setattr(files, "save_bytes", save)
    run(state.review.open_review(match_id))
    run(state.transfer.export_match(match_id))
    name, data = saved[0]
    assert name == f"scorekeeper-{match_id}.json"
    doc = json.loads(data)
    assert doc["rounds"] == case("e61-2p-exact-finish")["rounds"] and doc["meta"]["id"] == match_id
    assert screen(state)["notice"] == f"Saved as the download {name}"

    async def broken(name, data):
        raise OSError("no space left")

    monkeypatch.setattr(files, "save_bytes", broken)
    run(state.transfer.export_match(match_id))
    # the exception's own (English) words go to the log, not into a translated sentence
    assert not state.shell.notice.ok and screen(state)["notice"] == "The match could not be saved; try again"


# ------------------------------------------------------------------ every language
@pytest.mark.parametrize("lang", LANGUAGES)
def test_new_screens_are_worded_in_every_language(state, lang):
    import_cases(state, "hr-2p-instant-win-62", "e61-pairs-negative")
    state.shell.lang = lang
    run(state.go(Screen.HISTORY))
    finished = next(s for s in state.history.items if s.status == "finished")
    worded = [text(history.view(state))]
    run(state.review.open_review(finished.id))
    for index in (0, 1, 8):  # a round start, the lead, the reveal of round 1
        run(state.review.go(index))
        worded.append(text(review.view(state)))
    run(state.table.open_match(finished.id))
    worded.append(text(match_end_view(state)))
    for words in worded:
        assert "ui." not in words and "error." not in words
    if lang != "en":
        assert "Round" not in " ".join(worded) and "Matches" not in " ".join(worded)


def test_review_of_a_match_with_nothing_recorded(state):
    run(state.go("new-match"))
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Bo")
    run(state.setup.create())
    run(state.go(Screen.HISTORY))
    match_id = state.history.items[0].id
    assert f"history-review-{match_id}" in screen(state)  # in progress: resumed by a tap, reviewed by its button
    run(state.review.open_review(match_id))
    assert state.screen == Screen.REVIEW and state.shell.error is None
    assert "Nothing has been recorded in this match yet" in text(review.view(state))


def test_typing_in_a_history_filter_re_renders_nothing_until_it_is_applied(state):
    """A re-render per key sent the field's value back while the user typed on, losing keys (newcomer report)."""
    import_cases(state, "hr-2p-seed-layout", "e61-pairs-negative")
    run(state.go(Screen.HISTORY))
    changes = []
    listener = lambda *args: changes.append(args)  # noqa: E731 - kept: Flet holds listeners weakly
    state.history.subscribe(listener)
    for typed in ("D", "Di", "Di "):
        state.history.set_text("player", typed)
    assert changes == []  # nothing re-rendered, nothing written back to the field
    assert state.history.filter["player"] == "" and len(state.history.items) == 2
    run(state.history.apply_typed())  # leaving the field applies it
    assert state.history.filter["player"] == "Di "
    assert [s.players for s in state.history.items] == [("Ann", "Bo", "Cy", "Di")]
    changes.clear()
    run(state.history.apply_typed())  # left again with nothing new typed: nothing re-read
    assert changes == []
    state.history.set_text("since", "2026-02-30")
    run(state.history.filter_game("exact-61"))  # any other filter choice applies what is typed too
    assert state.shell.error.code == "ui_no_such_date" and "2026-02-30" in screen(state)["message"]


def test_a_player_with_only_unfinished_matches_has_no_average(state):
    """Issue 12 item 8: no finished round is no average, "—", not "0.0" (as if every round was lost)."""
    import_cases(state, "e61-2p-exact-finish", "hr-pairs-shared-win", "e61-pairs-negative")
    run(state.go(Screen.HISTORY))
    state.history.show_tab("stats")
    shown = screen(state)
    assert shown["stats-rules-1"] == "Exact 61 Five Up"
    rows = {shown[k].split()[0]: shown[k] for k in shown if k.startswith("stats-1-")}
    # e61-pairs-negative (in progress) seats Ann, Bo, Cy, Di; Cy and Di play no finished Exact 61 match
    assert rows["Cy"] == rows["Di"].replace("Di", "Cy") == "Cy 0 0 — 1"
    assert rows["Ann"] == "Ann 1 1 15.2 1"  # 61 points in the 4 rounds of e61-2p-exact-finish


def test_the_import_notice_is_drawn_with_the_imported_match_already_in_the_list(tmp_path):
    """The notice was set before the list was read again, so the tab was drawn once with "Matches imported"
    above the old list (a browser test's tap on the first row then opened the match played last)."""
    from .live import Live

    store = open_app_store(tmp_path)
    store.create_match("horse-race", ["Ann", "Bo", "Cy"], False)

    async def scenario():
        tab = await Live.open(store, tmp_path)
        await tab.state.go(Screen.HISTORY)
        await tab.settle()
        assert sum(name.startswith("history-item-") for name in tab.hooks()) == 1
        seen: list[tuple[str, int]] = []  # (the notice's words, rows listed) as drawn before each message sent
        send = tab.connection.send_message

        def state() -> tuple[str, int]:
            texts = tab.texts()
            return texts.get("notice", ""), sum(name.startswith("history-item-") for name in texts)

        def watched(message) -> None:  # the tree a message is sent for is in place once it is sent
            seen.append(state())
            send(message)

        tab.connection.send_message = watched  # type: ignore[method-assign]
        await tab.state.transfer.import_picked([picked("finish.json", case("e61-2p-exact-finish"))])
        await tab.settle()
        drawn = [*seen[1:], state()]  # what each message drew
        assert drawn[-1] == ("Matches imported: 1", 2)
        assert all(rows == 2 for notice, rows in drawn if notice), drawn

    run(scenario())
