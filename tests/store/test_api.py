"""The store's public API: recording, undo, corrections, history, stats, import/export."""

from __future__ import annotations

import json
import os
from datetime import date, datetime, timedelta

import pytest

from scorekeeper.rules import Draw, Pass, Play, Reveal, RuleViolation, StartRound, build_report
from scorekeeper.rules.fix import ReplaceHands, ReplaceMove
from scorekeeper.store import (
    ImportRefused,
    MatchNotFound,
    NothingToUndo,
    StoreClosed,
    StoreError,
    open_store,
)
from scorekeeper.store.paths import is_match_id
from tests.store.conftest import case_doc, case_match, case_report, record_case, without_meta


def test_record_validates_first_then_stores(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    assert is_match_id(match_id)
    assert store.record(match_id, StartRound(0)).seq == 1
    result = store.record(match_id, Play(0, (1, 4)))  # 1 + 4 = 5: one point, Ann continues (H4)
    assert result.seq == 2
    assert [(e.kind, e.side, e.raw, e.points) for e in result.events] == [("play", 0, 5, 1)]
    assert result.match.points == [1, 0]
    assert result.match.turn.seat == 0 and result.match.turn.reason == "continue-scored"
    size = store.layout.match_file(match_id).stat().st_size
    with pytest.raises(RuleViolation) as caught:
        store.record(match_id, Play(1, (1, 1), ((1, 4), "low")))  # Bo moves while Ann must continue
    assert caught.value.rule == "H4"
    assert store.layout.match_file(match_id).stat().st_size == size  # nothing written
    assert [e["seq"] for e in store.events(match_id)] == [0, 1, 2]
    assert store.open_match(match_id).points == [1, 0]


def test_create_match_refuses_bad_seating_and_writes_nothing(data_dir):
    store = open_store(data_dir)
    with pytest.raises(RuleViolation) as caught:
        store.create_match("horse-race", ["A", "B", "C", "D", "E"], False)
    assert caught.value.rule == "H1"
    with pytest.raises(RuleViolation) as caught:
        store.create_match("exact-61", ["A", "B", "C", "D"], False)
    assert caught.value.rule == "E1"
    with pytest.raises(RuleViolation):
        store.create_match("horse-race", ["Ann", "  "], False)
    assert list(store.layout.matches.iterdir()) == []
    assert store.list_matches() == []


def test_event_log_schema(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (1, 4)))
    store.undo(match_id)
    events = store.events(match_id)
    assert [e["kind"] for e in events] == ["create", "start-round", "move", "undo"]
    assert events[0]["format"] == "scorekeeper-log/1" and events[0]["players"] == ["Ann", "Bo"]
    assert events[1]["starter"] == 0
    assert events[2]["move"] == {"player": 0, "play": "1-4"}
    assert events[3]["target"] == 2
    times = [datetime.fromisoformat(e["time"].replace("Z", "+00:00")) for e in events]
    assert times == sorted(times)
    # the file on disk is plain TinyDB JSON holding the same events
    raw = json.loads(store.layout.match_file(match_id).read_text(encoding="utf-8"))
    assert sorted(raw["events"].values(), key=lambda e: e["seq"]) == events


def test_undo_appends_and_refolds(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    with pytest.raises(NothingToUndo):
        store.undo(match_id)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (1, 4)))
    match = store.undo(match_id)
    assert match.points == [0, 0] and match.status == "move" and match.turn.reason == "lead"
    assert store.record(match_id, Play(0, (2, 3))).events[0].points == 1  # 2 + 3 = 5
    match = store.undo(match_id)
    match = store.undo(match_id)
    assert match.status == "start-round" and match.rounds == []
    with pytest.raises(NothingToUndo):
        store.undo(match_id)
    assert [e["kind"] for e in store.events(match_id)] == [
        "create",
        "start-round",
        "move",
        "undo",
        "move",
        "undo",
        "undo",
    ]
    store.close()
    reopened = open_store(data_dir)
    assert reopened.open_match(match_id).rounds == []
    assert reopened.actions(match_id) == []


def test_undo_of_the_finishing_move_reopens_the_match(data_dir):
    store = open_store(data_dir)
    match_id = record_case(store, "hr-2p-instant-win-62")
    summary = store.summary(match_id)
    assert summary.status == "finished" and summary.scores == (62, 0) and summary.winners == (0,)
    assert summary.ended is not None
    store.undo(match_id)  # the 1-4 that made 62 (H6)
    summary = store.summary(match_id)
    assert summary.status == "in-progress" and summary.scores == (60, 0) and summary.ended is None
    store.close()
    reopened = open_store(data_dir)  # the index was written at the status change
    assert reopened.summary(match_id).status == "in-progress"
    assert [s.id for s in reopened.unfinished_matches()] == [match_id]


def test_correction_of_revealed_hands(data_dir):
    # hr-3p-openings round 1: Tarás goes out; Oksana holds 1-6 1-4 5-5 = 22, Iryna 6-6 0-0 = 12:
    # 34 -> 35 -> 7 points (H8). Entered wrongly as 22 and 17 (39 -> 40 -> 8), then corrected.
    match = case_match("hr-3p-openings")
    store = open_store(data_dir)
    match_id = store.create_match(match.variant, match.players, False)
    first_reveal = next(i for i, a in enumerate(match.actions) if type(a) is Reveal)
    for action in match.actions[:first_reveal]:
        store.record(match_id, action)
    wrong = store.record(match_id, Reveal({0: 22, 1: 0, 2: 17}))
    assert [(e.kind, e.side, e.points) for e in wrong.events] == [("domino", 1, 8)]
    later = match.actions[first_reveal + 1 : first_reveal + 4]
    for action in later:
        store.record(match_id, action)
    right = match.actions[first_reveal]
    assert type(right) is Reveal
    fixed = store.fix(match_id, ReplaceHands(1, right.hands))  # the path of the app's and the CLI's fix
    assert [(e.kind, e.side, e.points) for e in fixed.match.rounds[0].events if e.kind != "play"] == [("domino", 1, 7)]
    assert fixed.match.scores[1] == 3 * 5 + 7 * 5  # the 2-4 that went out (15) and the award
    assert store.open_match(match_id).points == [0, 10, 0]
    log = store.events(match_id)
    assert log[-1]["kind"] == "correct" and log[-1]["changes"] == [
        {
            "op": "replace",
            "target": wrong.seq,
            "round": 1,
            "move": "hands",
            "old": {"kind": "reveal", "hands": {"0": 22, "1": 0, "2": 17}},
            "new": {"kind": "reveal", "hands": {"0": ["1-6", "1-4", "5-5"], "1": [], "2": ["6-6", "0-0"]}},
        }
    ]
    assert log[wrong.seq]["hands"] == {"0": 22, "1": 0, "2": 17}  # the original entry stays readable
    assert store.actions(match_id)[first_reveal] == (wrong.seq, match.actions[first_reveal])
    store.close()
    reopened = open_store(data_dir)
    assert reopened.open_match(match_id).points == [0, 10, 0]


def test_correction_that_breaks_a_later_move_is_refused(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (2, 6)))  # 8: no score, turn over
    store.record(match_id, Play(1, (6, 6), ((2, 6), "high")))
    size = store.layout.match_file(match_id).stat().st_size
    with pytest.raises(RuleViolation) as caught:  # with 1-4 led, 6-6 at 2-6:high has no tile to join
        store.fix(match_id, ReplaceMove(1, 1, Play(0, (1, 4))))
    assert (caught.value.round_no, caught.value.move_no) == (1, 2)
    with pytest.raises(StoreError) as same:  # the record says that already
        store.fix(match_id, ReplaceMove(1, 1, Play(0, (2, 6))))
    assert same.value.code == "nothing_to_fix"
    with pytest.raises(RuleViolation):  # no move 9 in round 1
        store.fix(match_id, ReplaceMove(1, 9, Play(0, (1, 4))))
    assert store.layout.match_file(match_id).stat().st_size == size
    assert store.open_match(match_id).round.layout.tiles == [(2, 6), (6, 6)]


def test_every_case_recorded_live_exports_the_same_document(data_dir):
    from scorekeeper.rules import load_document, match_to_document
    from tests.store.conftest import LEGAL_CASES

    store = open_store(data_dir)
    for path in LEGAL_CASES:
        match_id = record_case(store, path.stem)
        exported = store.export_document(match_id)
        assert exported["meta"]["id"] == match_id
        assert without_meta(exported) == match_to_document(case_match(path.stem))
        assert build_report(load_document(json.dumps(exported))) == case_report(path.stem)


def test_history_filters_and_order(data_dir):
    store = open_store(data_dir)
    a = record_case(store, "hr-2p-instant-win-62")  # Ann, Bo: finished
    b = record_case(store, "hr-3p-openings")  # Оксана, Тарас, Ірина: in progress
    c = record_case(store, "e61-2p-exact-finish")  # Ann, Bo: finished
    assert [s.id for s in store.list_matches()] == [c, b, a]
    assert [s.id for s in store.list_matches(player="ann")] == [c, a]
    assert [s.id for s in store.list_matches(player="ТАРАС")] == [b]
    assert [s.id for s in store.list_matches(player="An")] == []  # whole names only
    assert [s.id for s in store.list_matches(variant="exact-61")] == [c]
    assert [s.id for s in store.list_matches(finished=True)] == [c, a]
    assert [s.id for s in store.list_matches(finished=False)] == [b]
    assert [s.id for s in store.unfinished_matches()] == [b]
    today = datetime.now().astimezone().date()
    assert len(store.list_matches(since=today, until=today)) == 3
    assert store.list_matches(since=today + timedelta(days=1)) == []
    assert store.list_matches(until=today - timedelta(days=1)) == []
    started_b = store.summary(b).started
    assert [s.id for s in store.list_matches(since=started_b)] == [c, b]
    s = store.summary(c)
    assert (s.variant, s.players, s.sides, s.scores, s.winners, s.rounds) == (
        "exact-61",
        ("Ann", "Bo"),
        ("Ann", "Bo"),
        (61, 11),
        (0,),
        4,
    )
    assert store.summary(b).scores == (9, 10, 12) and store.summary(b).status == "in-progress"
    assert store.recent_player_names() == ["Ann", "Bo", "Оксана", "Тарас", "Ірина"]
    assert store.recent_player_names(limit=3) == ["Ann", "Bo", "Оксана"]
    with pytest.raises(MatchNotFound):
        store.summary("20250101-000000-abcdef")


def test_stats_hand_computed(data_dir):
    store = open_store(data_dir)
    record_case(store, "hr-2p-instant-win-62")  # Ann 62, Bo 0, 3 rounds, Ann wins
    record_case(store, "e61-2p-exact-finish")  # Ann 61, Bo 11, 4 rounds, Ann wins
    record_case(store, "hr-2p-seed-layout")  # in progress: Ann 3, Bo 19
    stats = {p.name: p for p in store.stats()}
    ann, bo = stats["Ann"], stats["Bo"]
    assert (ann.matches, ann.wins, ann.rounds, ann.points, ann.unfinished) == (2, 2, 7, 123, 1)
    assert (bo.matches, bo.wins, bo.rounds, bo.points, bo.unfinished) == (2, 0, 7, 11, 1)
    assert ann.average_points_per_round == pytest.approx(123 / 7)
    assert bo.average_points_per_round == pytest.approx(11 / 7)
    assert [p.name for p in store.stats()] == ["Ann", "Bo"]


def test_stats_partnership_shared_win(data_dir):
    store = open_store(data_dir)
    store.import_documents([case_doc("hr-pairs-shared-win")])  # both pairs reach 61 together (H10)
    stats = {p.name: p for p in store.stats()}
    assert {name: (p.matches, p.wins, p.points) for name, p in stats.items()} == {
        "민준": (1, 1, 61),
        "서연": (1, 1, 61),
        "지호": (1, 1, 61),
        "하은": (1, 1, 61),
    }


def test_import_is_all_or_nothing(data_dir):
    store = open_store(data_dir)
    good = case_doc("hr-2p-seed-layout")
    bad = case_doc("bad-pass-with-stock")
    with pytest.raises(ImportRefused) as caught:
        store.import_documents([good, json.dumps(bad)])
    assert caught.value.index == 1
    assert caught.value.violation.rule == "S8"
    assert "round 1, move 3" in caught.value.message
    with pytest.raises(ImportRefused) as caught:
        store.import_documents([b"{not json"])
    assert caught.value.index == 0
    assert store.list_matches() == [] and list(store.layout.matches.iterdir()) == []


def test_import_keeps_id_and_times_and_is_idempotent(data_dir, tmp_path):
    store = open_store(data_dir)
    match_id = record_case(store, "e61-2p-exact-finish")
    exported = store.export_document(match_id)
    assert store.import_documents([exported]) == [match_id]  # the same match: not imported twice
    assert len(store.list_matches()) == 1
    store.close()
    other = open_store(tmp_path / "other")
    assert other.import_documents([json.dumps(exported)]) == [match_id]
    s = other.summary(match_id)
    assert s.source == "import" and s.status == "finished"
    assert (s.started.isoformat(timespec="milliseconds"), s.ended.isoformat(timespec="milliseconds")) == (
        exported["meta"]["started"].replace("Z", "+00:00"),
        exported["meta"]["ended"].replace("Z", "+00:00"),
    )
    assert other.export_document(match_id) == exported
    # a different match under an id already taken gets a new id
    changed = dict(exported, players=["Ann", "Cy"])
    [new_id] = other.import_documents([changed])
    assert new_id != match_id and is_match_id(new_id)


def test_store_is_one_per_folder(data_dir, tmp_path, monkeypatch):
    store = open_store(data_dir)
    assert open_store(str(data_dir)) is store
    assert open_store(data_dir / "sub" / "..") is store
    store.close()
    with pytest.raises(StoreClosed):
        store.list_matches()
    assert open_store(data_dir) is not store
    monkeypatch.setenv("SCOREKEEPER_DATA", str(tmp_path / "from-env"))
    assert open_store().root == (tmp_path / "from-env").resolve()
    monkeypatch.delenv("SCOREKEEPER_DATA")
    import platformdirs

    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(tmp_path / "platform"))
    assert open_store().root == (tmp_path / "platform").resolve()


def test_stale_temp_files_are_swept(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.close()
    stale = store.layout.matches / f".{match_id}.json.1234-abcd.tmp"
    stale.write_text('{"events": {"1": ')  # what a write cut off by a crash leaves
    index_stale = store.layout.index / ".00.json.1-2.tmp"
    index_stale.write_text("")
    store = open_store(data_dir)
    assert not stale.exists() and not index_stale.exists()
    assert store.problems == []
    assert store.open_match(match_id).status == "start-round"


def test_failed_write_records_nothing(data_dir, monkeypatch):
    from scorekeeper.store import atomic

    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    real = atomic.write_atomic

    def disk_full(path, data, sync_folder=True):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic, "write_atomic", disk_full)
    with pytest.raises(StoreError) as caught:
        store.record(match_id, Play(0, (1, 4)))
    assert "No space left on device" in caught.value.message
    monkeypatch.setattr(atomic, "write_atomic", real)
    match = store.open_match(match_id)
    assert match.round.moves == [] and match.points == [0, 0]  # the fold was not left ahead of the file
    assert store.record(match_id, Play(0, (1, 4))).seq == 2
    assert [e["kind"] for e in store.events(match_id)] == ["create", "start-round", "move"]


def test_ordinary_moves_do_not_write_the_index(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    shard = store.layout.shard_file(match_id[-2:])
    store.record(match_id, StartRound(0))
    before = shard.read_bytes()
    store.record(match_id, Play(0, (2, 6)))
    store.record(match_id, Play(1, (6, 6), ((2, 6), "high")))
    assert shard.read_bytes() == before
    assert store.summary(match_id).events == 4  # the live summary is current
    store.close()  # close brings the index up to date
    entry = next(iter(json.loads(shard.read_text())["matches"].values()))
    assert entry["events"] == 4 and entry["file_size"] == store.layout.match_file(match_id).stat().st_size


def test_summary_refreshed_from_the_log_when_the_index_lags(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (1, 4)))
    # As after a crash: the index entry was last written at the round start.
    store._dirty.clear()
    store.close()
    shard = store.layout.shard_file(match_id[-2:])
    assert next(iter(json.loads(shard.read_text())["matches"].values()))["scores"] == [0, 0]
    store = open_store(data_dir)
    assert store.summary(match_id).scores == (1, 0) and store.summary(match_id).events == 3
    assert store.problems == []


def test_second_process_is_refused_while_the_folder_is_open(data_dir):
    import subprocess
    import sys

    open_store(data_dir)
    code = (
        "import sys\nfrom scorekeeper.store import open_store, StoreBusy\n"
        "try:\n    open_store(sys.argv[1], read_only=False)\nexcept StoreBusy as e:\n"
        "    print(e.message); sys.exit(3)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(data_dir)], capture_output=True, text=True, timeout=30, cwd=os.getcwd()
    )
    assert out.returncode == 3, out.stderr
    assert "another Scorekeeper program is using the data folder" in out.stdout


def test_moves_of_every_kind_round_trip_through_the_log(data_dir):
    # hr-4i-block-4-4-4-14 has draws, drawn plays, passes and a blocked round's reveal.
    match = case_match("hr-4i-block-4-4-4-14")
    kinds = {type(a) for a in match.actions}
    assert {StartRound, Play, Draw, Pass, Reveal} <= kinds
    store = open_store(data_dir)
    match_id = record_case(store, "hr-4i-block-4-4-4-14")
    store.close()
    store = open_store(data_dir)
    assert [a for _, a in store.actions(match_id)] == match.actions
    assert build_report(store.open_match(match_id)) == case_report("hr-4i-block-4-4-4-14")


def test_dates_filter_uses_local_day(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    started = store.summary(match_id).started
    local_day = started.astimezone().date()
    assert isinstance(local_day, date)
    assert [s.id for s in store.list_matches(since=local_day, until=local_day)] == [match_id]


@pytest.mark.parametrize(
    "action",
    [
        StartRound(True),
        StartRound("0"),
        Play("0", (1, 4)),
        Play(0, (5, 7)),
        Reveal([1, 2]),
        Draw(0, "2"),
        "play 1-4",
        None,
    ],
)
def test_malformed_actions_are_refused_and_nothing_is_written(data_dir, action):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    if not isinstance(action, StartRound):
        store.record(match_id, StartRound(0))
    size = store.layout.match_file(match_id).stat().st_size
    with pytest.raises(RuleViolation):
        store.record(match_id, action)
    assert store.layout.match_file(match_id).stat().st_size == size


def test_crash_between_log_and_index_write_is_repaired(data_dir):
    from scorekeeper.store.matchfile import MatchLog

    store = open_store(data_dir)
    match_id = record_case(store, "hr-2p-instant-win-62")
    last = store.actions(match_id)[-1][0]
    seq = store.summary(match_id).events
    store.close()
    # As if the app crashed after logging an undo of the winning move, before updating the index:
    log = MatchLog(store.layout.match_file(match_id))
    log.append([{"seq": seq, "time": "2030-01-01T00:00:00.000Z", "kind": "undo", "target": last}])
    log.close()
    (data_dir / "index" / "closed-cleanly").unlink()
    store = open_store(data_dir)
    assert store.problems == []
    summary = store.summary(match_id)
    assert (summary.status, summary.scores, summary.events) == ("in-progress", (60, 0), seq + 1)


def test_a_stale_screen_cannot_record_or_undo(data_dir):
    """Two screens on one match: the one that did not see the other's move is refused
    (StaleView, nothing written) instead of recording a move for the wrong position."""
    from scorekeeper.store import StaleView

    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    seen = store.record(match_id, StartRound(0)).version
    assert seen == store.version(match_id) == 2
    # Screen A records Ann's lead 1-2 (3: no score, turn over); screen B still shows version 2.
    result = store.record(match_id, Play(0, (1, 2)), expected_version=seen)
    assert result.version == store.version(match_id) == 3
    size = store.layout.match_file(match_id).stat().st_size
    with pytest.raises(StaleView) as caught:
        store.record(match_id, Play(1, (2, 6), ((1, 2), "high")), expected_version=seen)
    assert caught.value.version == 3
    with pytest.raises(StaleView):
        store.undo(match_id, expected_version=seen)
    assert store.layout.match_file(match_id).stat().st_size == size
    assert store.open_match(match_id).round.moves == [Play(0, (1, 2))]
    # With the current version both go through; an undo raises the version too.
    store.record(match_id, Play(1, (2, 6), ((1, 2), "high")), expected_version=3)
    store.undo(match_id, expected_version=4)
    assert store.version(match_id) == 5
    assert store.open_match(match_id).round.moves == [Play(0, (1, 2))]


def test_importing_the_same_document_twice_keeps_one_match(data_dir):
    """A case file (no meta id) imported twice, or twice in one go, is one match in the
    history; a different match with the same players is still imported."""
    store = open_store(data_dir)
    doc = case_doc("hr-2p-instant-win-62")
    first = store.import_documents([doc])
    again = store.import_documents([json.dumps(doc), doc])
    assert again == first * 2
    assert len(store.list_matches()) == 1
    other = case_doc("hr-2p-seed-layout")  # Ann and Bo again, other moves
    assert store.import_documents([other]) != first
    assert len(store.list_matches()) == 2
    assert [s.wins for s in store.stats() if s.name == "Ann"] == [1]
