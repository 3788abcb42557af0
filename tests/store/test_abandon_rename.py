"""Issue 12 item 6: abandoning a match and fixing players' names, as events appended to the match's log.

An abandon keeps the match in the history as abandoned (not offered to resume, no more entries) until an
undo takes it back; a rename fixes names for the whole match (history, statistics by player, review, the
exported document, the log's lines) until an undo takes it back. Each is checked when read back from disk.
"""

from __future__ import annotations

import pytest

from scorekeeper.cli.audit import audit_lines
from scorekeeper.rules import Draw, Play, RuleViolation, StartRound
from scorekeeper.store import ABANDONED, FINISHED, IN_PROGRESS, MatchDamaged, StaleView, StoreError, open_store
from scorekeeper.store.events import LogError, create_event, fold_log, now, time_text
from tests.store.conftest import record_case, without_meta
from tests.store.test_damage import crash, tables, write_tables


@pytest.fixture
def store(data_dir):
    return open_store(data_dir)


def reopened(store, data_dir, after_crash=False):
    """The same folder opened again (after a clean close, or as after a crash: every file re-read)."""
    store.close()
    if after_crash:
        crash(data_dir)
    return open_store(data_dir)


# ------------------------------------------------------------------ abandon
@pytest.mark.parametrize("after_crash", [False, True], ids=["clean-close", "crash"])
def test_an_abandoned_match_stays_in_the_history_and_is_not_offered_to_resume(store, data_dir, after_crash):
    kept = record_case(store, "hr-3p-openings")  # in progress: Оксана 10, Тарас 5, Ірина 5 after 3 rounds
    given_up = record_case(store, "hr-2p-seed-layout")
    scores = store.summary(given_up).scores
    version = store.version(given_up)

    summary = store.abandon(given_up, expected_version=version)
    assert summary.status == ABANDONED and summary.winners == () and summary.scores == scores
    assert summary.ended is not None and summary.events == version + 1
    assert store.version(given_up) == version + 1
    assert store.events(given_up)[-1]["kind"] == "abandon"

    store = reopened(store, data_dir, after_crash)
    assert [s.id for s in store.unfinished_matches()] == [kept]
    assert store.summary(given_up).status == ABANDONED
    assert store.summary(given_up).ended == summary.ended
    assert [s.id for s in store.list_matches(status=ABANDONED)] == [given_up]
    assert {s.id for s in store.list_matches()} == {kept, given_up}
    assert store.list_matches(finished=False)[0].id == kept and len(store.list_matches(finished=False)) == 1


def test_an_abandoned_match_takes_no_entries_until_the_abandon_is_undone(store):
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (1, 3)))
    turn = 1
    store.abandon(match_id)
    version = store.version(match_id)
    for write in (
        lambda: store.record(match_id, Draw(turn, 1)),
        lambda: store.rename(match_id, {0: "Anna"}),
        lambda: store.abandon(match_id),
    ):
        with pytest.raises(StoreError) as refused:
            write()
        assert refused.value.code == "match_abandoned" and "undo the abandon" in refused.value.message
    assert store.version(match_id) == version  # nothing written

    store.undo(match_id)
    assert store.summary(match_id).status == IN_PROGRESS and store.summary(match_id).ended is None
    assert [s.id for s in store.unfinished_matches()] == [match_id]
    store.redo(match_id)
    assert store.summary(match_id).status == ABANDONED
    store.undo(match_id)
    store.record(match_id, Draw(turn, 1))  # in progress again: the table goes on
    assert store.summary(match_id).status == IN_PROGRESS


def test_a_finished_match_cannot_be_abandoned(store):
    match_id = record_case(store, "e61-2p-exact-finish")
    version = store.version(match_id)
    with pytest.raises(StoreError) as refused:
        store.abandon(match_id)
    assert refused.value.code == "match_finished"
    assert store.version(match_id) == version and store.summary(match_id).status == FINISHED


def test_abandon_checks_the_version_shown(store):
    match_id = record_case(store, "hr-2p-seed-layout")
    with pytest.raises(StaleView):
        store.abandon(match_id, expected_version=store.version(match_id) - 1)
    assert store.summary(match_id).status == IN_PROGRESS


def test_statistics_count_an_abandoned_match_apart(store):
    """Ann and Bo: one finished Exact 61 match (Ann won, 4 rounds) and one abandoned Horse Race match."""
    finished = record_case(store, "e61-2p-exact-finish")
    given_up = record_case(store, "hr-2p-seed-layout")
    before = {p.name: p.to_json() for p in store.stats()}
    assert before["Ann"]["unfinished"] == 1 and before["Ann"]["abandoned"] == 0
    store.abandon(given_up)
    after = {p.name: p.to_json() for p in store.stats()}
    for name in ("Ann", "Bo"):
        assert after[name]["unfinished"] == 0 and after[name]["abandoned"] == 1
        # the finished match alone counts for matches, wins, rounds and points
        assert {k: after[name][k] for k in ("matches", "wins", "rounds", "points")} == {
            k: before[name][k] for k in ("matches", "wins", "rounds", "points")
        }
    assert after["Ann"]["matches"] == 1 and after["Ann"]["wins"] == 1 and after["Ann"]["rounds"] == 4
    assert store.summary(finished).status == FINISHED


def test_an_abandoned_match_exports_and_imports_as_abandoned(store, data_dir, tmp_path):
    match_id = record_case(store, "hr-2p-seed-layout")
    store.abandon(match_id)
    doc = store.export_document(match_id)
    assert doc["meta"]["ended"] is None and doc["meta"]["abandoned"] == time_text(store.summary(match_id).ended)
    elsewhere = open_store(tmp_path / "elsewhere")
    [copy] = elsewhere.import_documents([doc])
    assert copy == match_id
    assert elsewhere.summary(copy).status == ABANDONED
    assert elsewhere.summary(copy).ended == store.summary(match_id).ended
    assert elsewhere.unfinished_matches() == []
    assert elsewhere.export_document(copy) == doc
    elsewhere.undo(copy)  # the abandon came along as an event: it can be taken back there too
    assert elsewhere.summary(copy).status == IN_PROGRESS


# ------------------------------------------------------------------ rename
def test_a_rename_changes_the_names_everywhere(store, data_dir):
    finished = record_case(store, "e61-2p-exact-finish")  # Ann beat Bo
    other = record_case(store, "hr-2p-seed-layout")
    doc_before = store.export_document(finished)
    version = store.version(finished)

    match = store.rename(finished, {1: "  Bohdan "}, expected_version=version)
    assert match.players == ["Ann", "Bohdan"] and match.side_names == ["Ann", "Bohdan"]
    assert store.version(finished) == version + 1
    event = store.events(finished)[-1]
    assert {k: event[k] for k in ("kind", "players", "old")} == {
        "kind": "rename",
        "players": ["Ann", "Bohdan"],
        "old": ["Ann", "Bo"],
    }

    assert store.summary(finished).players == ("Ann", "Bohdan") and store.summary(finished).status == FINISHED
    assert store.summary(other).players == ("Ann", "Bo")  # only that match
    stats = {p.name: p for p in store.stats()}
    assert stats["Bohdan"].matches == 1 and stats["Bohdan"].unfinished == 0
    assert stats["Bo"].matches == 0 and stats["Bo"].unfinished == 1
    assert [s.id for s in store.list_matches(player="bohdan")] == [finished]
    doc = store.export_document(finished)
    assert doc["players"] == ["Ann", "Bohdan"]
    assert without_meta(doc) == {**without_meta(doc_before), "players": ["Ann", "Bohdan"]}
    assert [line["text"] for line in audit_lines(store.events(finished))][-1] == "Bo → Bohdan"

    store = reopened(store, data_dir, after_crash=True)
    assert store.open_match(finished).players == ["Ann", "Bohdan"]
    assert store.summary(finished).players == ("Ann", "Bohdan")
    assert store.recent_player_names()[:3] == ["Ann", "Bo", "Bohdan"]

    store.undo(finished)
    assert store.open_match(finished).players == ["Ann", "Bo"] and store.summary(finished).players == ("Ann", "Bo")
    assert store.export_document(finished) == doc_before
    assert store.undo_target(finished)["kind"] == "reveal"  # the rename is gone: undo would now take back the hands
    store.redo(finished)
    assert store.summary(finished).players == ("Ann", "Bohdan")
    lines = [line["text"] for line in audit_lines(store.events(finished))][-2:]
    assert lines == [
        f"takes back event {version} (the rename: Bo → Bohdan)",
        f"brings back event {version} (the rename: Bo → Bohdan)",
    ]


def test_the_log_words_each_move_with_the_names_of_its_time(store):
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (1, 3)))
    store.rename(match_id, {0: "Anna", 1: "Bob"})
    store.record(match_id, Play(1, (3, 4), ((1, 3), "high")))
    texts = [line["text"] for line in audit_lines(store.events(match_id))]
    assert texts == [
        "horse-race: Ann, Bo (app)",
        "round 1 starts: Ann leads",
        "round 1, move 1: Ann leads 1-3",
        "Ann → Anna, Bo → Bob",
        "round 1, move 2: Bob plays 3-4 at 1-3:high",
    ]
    assert store.undo_target(match_id)["kind"] == "move"
    store.undo(match_id)
    assert store.undo_target(match_id)["kind"] == "rename"  # then the rename: one change at a time
    store.undo(match_id)
    assert store.open_match(match_id).players == ["Ann", "Bo"]


@pytest.mark.parametrize(
    ("names", "error", "code"),
    [
        ({1: "ann"}, RuleViolation, "same_names"),
        ({0: "Bo", 1: "Ann"}, None, None),  # a swap is fine: no two alike
        ({1: "   "}, RuleViolation, "name_blank"),
        ({1: "Bo\nBo"}, RuleViolation, "name_character"),
        ({1: "Bo"}, StoreError, "nothing_to_rename"),
        ({2: "Cy"}, ValueError, None),
        ({-1: "Cy"}, ValueError, None),
    ],
)
def test_a_rename_is_refused_for_a_bad_name_and_writes_nothing(store, names, error, code):
    match_id = record_case(store, "hr-2p-seed-layout")
    version = store.version(match_id)
    if error is None:
        assert store.rename(match_id, names).players == ["Bo", "Ann"]
        return
    with pytest.raises(error) as refused:
        store.rename(match_id, names)
    if code is not None:
        assert refused.value.code == code
    assert store.version(match_id) == version and store.summary(match_id).players == ("Ann", "Bo")


def test_a_rename_keeps_what_can_be_redone_no_longer(store):
    """A rename is a change like any other: what an undo took back before it cannot be redone after it."""
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.undo(match_id)
    assert store.redo_target(match_id) is not None
    store.rename(match_id, {1: "Bob"})
    assert store.redo_target(match_id) is None


# ------------------------------------------------------------------ checked when read
def _log(*events):
    head = create_event("20250612-153012-a1b2c3", "horse-race", ["Ann", "Bo"], False, "app", now())
    stamp = time_text(now())
    return [head, *({"seq": i, "time": stamp, **e} for i, e in enumerate(events, start=1))]


START = {"kind": "start-round", "starter": 0}
RENAME = {"kind": "rename", "players": ["Ann", "Bob"], "old": ["Ann", "Bo"]}
BAD_LOGS = {
    "rename of names not in effect": ([START, {**RENAME, "old": ["Ann", "Cy"]}], "not the ones in effect"),
    "rename to a name with a newline": ([{**RENAME, "players": ["Ann", "B\no"]}], "malformed"),
    "rename to the same names": ([{**RENAME, "players": ["Ann", "Bo"]}], "changes no name"),
    "rename to two alike": ([{**RENAME, "players": ["Ann", "ANN"]}], "same name"),
    "rename of three seats": (
        [{**RENAME, "players": ["Ann", "Bo", "Cy"], "old": ["Ann", "Bo", "Di"]}],
        "not the ones in effect",
    ),
    "rename with names not text": ([{**RENAME, "players": ["Ann", 7]}], "2 to 4 names"),
    "rename without old": ([{"kind": "rename", "players": ["Ann", "Bob"]}], "missing: old"),
    "abandon with a field": ([{"kind": "abandon", "reason": "late"}], "unknown: 'reason'"),
    "a move after an abandon": (
        [START, {"kind": "abandon"}, {"kind": "move", "move": {"player": 0, "play": "1-4"}}],
        "follows the abandon of event 2",
    ),
    "a second abandon": ([{"kind": "abandon"}, {"kind": "abandon"}], "follows the abandon"),
    "a rename after an abandon": ([{"kind": "abandon"}, RENAME], "follows the abandon"),
    "a redo after an abandon": (
        [START, {"kind": "undo", "target": 1}, {"kind": "abandon"}, {"kind": "redo", "target": 2}],
        "follows the abandon",
    ),
    "an undo of a rename not last": ([RENAME, START, {"kind": "undo", "target": 1}], "not the last"),
}


@pytest.mark.parametrize("case", BAD_LOGS)
def test_a_rename_or_abandon_that_does_not_fit_is_damage(case):
    events, words = BAD_LOGS[case]
    with pytest.raises(LogError) as damaged:
        fold_log(_log(*events), explain=False)
    assert words in str(damaged.value)


def test_logs_that_fit_fold_to_the_names_and_abandon_in_effect():
    _, state, match = fold_log(
        _log(START, RENAME, {"kind": "undo", "target": 2}, {"kind": "redo", "target": 3}, {"kind": "abandon"}),
        explain=False,
    )
    assert match.players == ["Ann", "Bob"] and state.abandoned is not None and state.abandoned["seq"] == 5
    _, state, match = fold_log(_log(START, {"kind": "abandon"}, {"kind": "undo", "target": 2}), explain=False)
    assert state.abandoned is None and len(match.actions) == 1


def test_a_forged_rename_in_a_match_file_sets_that_match_aside(store, data_dir):
    victim = store.create_match("horse-race", ["Ann", "Bo"], False)
    other = record_case(store, "hr-2p-seed-layout")
    store.rename(victim, {1: "Bob"})
    store.close()
    path = data_dir / "matches" / f"{victim}.json"
    data = tables(path)
    event = next(e for e in data["events"].values() if e["kind"] == "rename")
    event["old"] = ["Ann", "Cyril"]  # not who sat there (and a size the open notices)
    write_tables(path, data)
    crash(data_dir)
    store = open_store(data_dir)
    assert store.summary(victim).status == "damaged"
    assert "renames players who are not the ones in effect" in store.problems[0]
    with pytest.raises(MatchDamaged):
        store.open_match(victim)
    assert store.summary(other).status == IN_PROGRESS
