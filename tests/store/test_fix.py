"""Fixes as events (MatchStore.preview_fix / fix / correct), undo of a fix, redo after undo.

A fix is one appended ``correct`` event holding where, the old and the new entry; nothing
is rewritten. Resume (reopening), history, stats and export see the corrected match; a
refused fix writes nothing; undo of a fix restores the match exactly, and redo brings it back.
"""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.rules import Draw, Match, Pass, Play, RuleViolation, StartRound, build_report
from scorekeeper.rules.document import match_from_document
from scorekeeper.rules.fix import DeleteMove, InsertMove, ReplaceHands, ReplaceMove, preview_fix
from scorekeeper.store import NothingToRedo, StaleView, open_store
from scorekeeper.store.events import fold_log
from tests.conftest import CASES
from tests.rules.helpers import state_of
from tests.rules.test_fix import other_moves, pick, positions
from tests.simulator import CONFIGS, simulate

RIGHT_10 = Play(1, (1, 3), ((1, 1), "branch-b"))


def seed_layout_doc(wrong_spot: bool) -> dict:
    """hr-2p-seed-layout; with ``wrong_spot`` Bo's 1-3 (move 10) is at 3-4:low: Bo 18, not 19
    (worked by hand in tests/rules/test_fix.py)."""
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    if wrong_spot:
        doc["rounds"][0]["moves"][9]["at"] = "3-4:low"
    return doc


def record(store, doc: dict) -> str:
    match = match_from_document(doc)
    match_id = store.create_match(match.variant, match.players, match.partnerships)
    for action in match.actions:
        store.record(match_id, action)
    return match_id


def snapshot(store, match_id: str) -> dict:
    """Everything the app and the CLI read of a match."""
    match = store.open_match(match_id)
    return {
        "state": state_of(match),
        "document": match_to_doc(store, match_id),
        "actions": store.actions(match_id),
        "summary": store.summary(match_id).scores,
    }


def match_to_doc(store, match_id: str) -> dict:
    doc = store.export_document(match_id)
    doc.pop("meta")
    return doc


def test_fix_is_one_event_seen_by_resume_history_stats_and_export(data_dir):
    store = open_store(data_dir)
    match_id = record(store, seed_layout_doc(wrong_spot=True))
    assert store.summary(match_id).scores == (3, 18)
    version = store.version(match_id)
    wrong_seq = store.actions(match_id)[10][0]  # start-round is action 0: move 10 is action 10
    preview = store.preview_fix(match_id, ReplaceMove(1, 10, RIGHT_10))
    assert store.version(match_id) == version  # a preview writes nothing
    assert [c.text() for c in preview.changes] == ["Ann 3 → 3", "Bo 18 → 19"] and preview.rechecked == 2
    done = store.fix(match_id, ReplaceMove(1, 10, RIGHT_10), expected_version=version)
    assert done.version == version + 1 and [c.text() for c in done.changes] == ["Ann 3 → 3", "Bo 18 → 19"]
    log = store.events(match_id)
    assert len(log) == version + 1
    assert log[-1]["kind"] == "correct" and log[-1]["changes"] == [
        {
            "op": "replace",
            "target": wrong_seq,
            "round": 1,
            "move": 10,
            "old": {"kind": "move", "move": {"player": 1, "play": "1-3", "at": "3-4:low"}},
            "new": {"kind": "move", "move": {"player": 1, "play": "1-3", "at": "1-1:branch-b"}},
        }
    ]
    assert log[wrong_seq]["move"]["at"] == "3-4:low"  # the original entry is still there
    right = match_from_document(seed_layout_doc(wrong_spot=False))
    assert build_report(store.open_match(match_id)) == build_report(right)
    assert match_to_doc(store, match_id) == seed_layout_doc(wrong_spot=False)
    assert store.summary(match_id).scores == (3, 19)
    assert {p.name: p.unfinished for p in store.stats()} == {"Ann": 1, "Bo": 1}
    store.close()
    reopened = open_store(data_dir)  # resume: the fold of the log, with the correction
    assert reopened.summary(match_id).scores == (3, 19)
    assert build_report(reopened.open_match(match_id)) == build_report(right)
    assert reopened.list_matches()[0].scores == (3, 19)


def test_refused_fix_writes_nothing_and_names_the_later_move(data_dir):
    store = open_store(data_dir)
    match_id = record(store, seed_layout_doc(wrong_spot=False))
    before = snapshot(store, match_id)
    size = store.layout.match_file(match_id).stat().st_size
    # Without Ann's 2-6 (move 11), Bo's 0-3 (move 12) comes right after Bo's 1-3 (sum 8: no score, the
    # turn passed to Ann): the wrong player (S3), move 11 of the corrected record.
    with pytest.raises(RuleViolation) as caught:
        store.fix(match_id, DeleteMove(1, 11))
    assert (caught.value.rule, caught.value.round_no, caught.value.move_no) == ("S3", 1, 11)
    preview = store.preview_fix(match_id, DeleteMove(1, 11))
    assert (preview.broken.round, preview.broken.move) == (1, 12)  # as the table numbers it now
    assert store.layout.match_file(match_id).stat().st_size == size
    assert snapshot(store, match_id) == before
    with pytest.raises(StaleView):
        store.fix(match_id, ReplaceMove(1, 10, RIGHT_10), expected_version=3)
    assert snapshot(store, match_id) == before


def test_undo_of_a_fix_restores_exactly_and_redo_brings_it_back(data_dir):
    store = open_store(data_dir)
    match_id = record(store, seed_layout_doc(wrong_spot=True))
    before = snapshot(store, match_id)
    store.fix(match_id, ReplaceMove(1, 10, RIGHT_10))
    fixed = snapshot(store, match_id)
    assert store.undo_target(match_id)["kind"] == "correct" and store.redo_target(match_id) is None
    store.undo(match_id)
    assert snapshot(store, match_id) == before  # the hands of round 1 were kept too
    assert store.redo_target(match_id)["kind"] == "correct"
    store.redo(match_id)
    assert snapshot(store, match_id) == fixed
    with pytest.raises(NothingToRedo):
        store.redo(match_id)
    store.undo(match_id)  # the fix again
    store.undo(match_id)  # then the reveal, as ever
    assert store.open_match(match_id).status == "reveal"
    store.redo(match_id)
    store.redo(match_id)
    assert snapshot(store, match_id) == fixed
    kinds = [e["kind"] for e in store.events(match_id)[-7:]]
    assert kinds == ["correct", "undo", "redo", "undo", "undo", "redo", "redo"]
    store.close()
    assert snapshot(open_store(data_dir), match_id) == fixed


def test_redo_is_gone_once_something_new_is_recorded(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (2, 6)))
    store.undo(match_id)
    assert store.redo_target(match_id) == {"seq": 2, "kind": "move", "move": {"player": 0, "play": "2-6"}}
    store.record(match_id, Play(0, (1, 4)))
    assert store.redo_target(match_id) is None
    with pytest.raises(NothingToRedo):
        store.redo(match_id)
    store.undo(match_id)
    store.redo(match_id)  # the redone move keeps its event's seq
    assert store.actions(match_id) == [(1, StartRound(0)), (4, Play(0, (1, 4)))]


def test_keep_the_moves_before_the_first_broken_one(data_dir):
    store = open_store(data_dir)
    match_id = record(store, seed_layout_doc(wrong_spot=False))
    before = snapshot(store, match_id)
    seqs = [s for s, _ in store.actions(match_id)]
    done = store.fix(match_id, DeleteMove(1, 11), keep_before_broken=True)
    assert done.kept and done.preview.dropped_moves == 1
    match = store.open_match(match_id)
    assert len(match.round.moves) == 10 and match.status == "move" and match.turn.seat == 0
    event = store.events(match_id)[-1]
    assert event["changes"][0]["op"] == "delete" and event["dropped"] == [seqs[12], seqs[13]]  # 0-3, hands
    assert [c.text() for c in done.changes] == ["Ann 3 → 3", "Bo 19 → 8"]  # no 0-3 (3), no domino (8)
    store.record(match_id, Play(0, (2, 6), ((1, 2), "high")))  # the table enters the rest again
    store.undo(match_id)
    store.undo(match_id)  # the fix: everything it dropped comes back
    assert snapshot(store, match_id) == before


def test_insert_the_forgotten_draw_then_fix_the_inserted_move(data_dir):
    store = open_store(data_dir)
    doc = seed_layout_doc(wrong_spot=False)
    del doc["rounds"][0]["moves"][2]  # the draw of 2 before Ann's drawn 4-4
    doc["rounds"][0]["hands"]["0"] = ["0-0", "3-3", "5-6", "6-6"]  # 2 fewer tiles by this record
    match_id = record(store, doc)
    with pytest.raises(RuleViolation) as caught:  # the draw alone: Ann's hands now hold 2 tiles too many
        store.fix(match_id, InsertMove(1, 3, Draw(0, 2)))
    assert (caught.value.rule, caught.value.code, caught.value.move_no) == ("H2", "hand_count", "hands")
    # one fix: the draw and Ann's hand as shown
    done = store.fix(
        match_id, [InsertMove(1, 3, Draw(0, 2)), ReplaceHands(1, {0: [(0, 0), (3, 3), (5, 6), (6, 6), (3, 5), (2, 3)]})]
    )
    assert match_to_doc(store, match_id) == seed_layout_doc(wrong_spot=False)
    inserted = store.actions(match_id)[3]
    assert inserted == (done.seq, Draw(0, 2))  # the inserted move is the correction's event
    with pytest.raises(RuleViolation) as caught:  # the inserted draw is move 3 now, fixed in its turn
        store.fix(match_id, ReplaceMove(1, 3, Draw(0, 1)))
    assert caught.value.code == "hand_count"  # one tile drawn: Ann's 6 tiles shown are one too many
    with pytest.raises(ValueError):
        store.fix(match_id, [InsertMove(1, 1, Pass(0)), InsertMove(1, 2, Pass(0))])


def test_first_form_corrections_and_old_undos_still_read():
    head = {
        "seq": 0,
        "time": "2025-06-12T15:30:12.123Z",
        "kind": "create",
        "format": "scorekeeper-log/1",
        "id": "20250612-153012-a1b2c3",
        "variant": "horse-race",
        "players": ["Ann", "Bo"],
        "partnerships": False,
        "source": "app",
    }
    t = "2025-06-12T15:30:20.004Z"
    events = [
        head,
        {"seq": 1, "time": t, "kind": "start-round", "starter": 0},
        {"seq": 2, "time": t, "kind": "move", "move": {"player": 0, "play": "2-6"}},
        {"seq": 3, "time": t, "kind": "move", "move": {"player": 1, "play": "6-6", "at": "2-6:high"}},
        {
            "seq": 4,
            "time": t,
            "kind": "correct",
            "target": 2,
            "replacement": {"kind": "move", "move": {"player": 0, "play": "3-6"}},
        },
        {"seq": 5, "time": t, "kind": "undo", "target": 3},
    ]  # the first undo named the last action
    _, state, match = fold_log(events, explain=False)
    assert state.actions == [(1, StartRound(0)), (2, Play(0, (3, 6)))] and match.points == [0, 0]
    assert state.undo_target().seq == 2  # the correction can no longer be restored exactly: the move goes


@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
def test_fixes_of_simulated_matches_through_the_store(data_dir, config):
    """Random fixes of a simulated match: the store does what the engine previews, a refused fix
    changes nothing, undo restores exactly, redo gives the fixed match again."""
    store = open_store(data_dir)
    seed = CONFIGS.index(config) * 101
    sim = simulate(config, seed)
    match_id = store.create_match(config.variant, sim.document["players"], config.partnerships)
    for action in sim.actions:
        store.record(match_id, action)
    rng = random.Random(seed)
    for _ in range(6):
        match = store.open_match(match_id)
        before = snapshot(store, match_id)
        round_no, move_no, move, spots, on_table = pick(rng, positions(match))
        edit = rng.choice(
            [
                DeleteMove(round_no, move_no),
                ReplaceMove(round_no, move_no, rng.choice(other_moves(rng, move, spots, on_table, match.n))),
            ]
        )
        expected = preview_fix(
            Match.replay(match.variant, match.players, match.partnerships, match.actions, explain=True), edit
        )
        keep = rng.random() < 0.5
        try:
            done = store.fix(match_id, edit, keep_before_broken=keep)
        except RuleViolation as err:
            assert err.message == expected.refusal.message and not (keep and expected.broken)
            assert snapshot(store, match_id) == before
            continue
        want = expected.result(keep)
        assert state_of(done.match) == state_of(want) == state_of(store.open_match(match_id))
        fixed = snapshot(store, match_id)
        store.undo(match_id)
        assert snapshot(store, match_id) == before
        store.redo(match_id)
        assert snapshot(store, match_id) == fixed
    store.close()
    reopened = open_store(data_dir)
    assert state_of(reopened.open_match(match_id)) == state_of(
        Match.replay(
            config.variant, sim.document["players"], config.partnerships, [a for _, a in reopened.actions(match_id)]
        )
    )


@pytest.mark.parametrize("how", ["replace", "delete"])
def test_a_false_old_entry_is_damage_as_a_false_rename_is(data_dir, capsys, how):
    """Issue 21: with the checksum removed (the documented hand repair), a correction whose ``old`` is not
    the action it names was read, and ``log`` — the dispute trail — said "deletes Bo passes" of an event
    that was "Bo plays 1-3". Now the file is damage, set aside, as a rename with false ``old`` names is."""
    from scorekeeper.cli import main
    from scorekeeper.store.events import LogError

    store = open_store(data_dir)
    match_id = record(store, seed_layout_doc(wrong_spot=True))
    if how == "replace":
        store.fix(match_id, ReplaceMove(1, 10, RIGHT_10))
    else:  # Bo's 1-3 at 3-4:low (move 10) taken out; the moves after it no longer fit and are dropped
        store.fix(match_id, DeleteMove(1, 10), keep_before_broken=True)
    events = store.events(match_id)
    change = events[-1]["changes"][0]
    assert change["op"] == how and change["old"] == {
        "kind": "move",
        "move": {"player": 1, "play": "1-3", "at": "3-4:low"},
    }
    fold_log(events, explain=False)  # as written: it reads
    store.close()
    change["old"] = {"kind": "move", "move": {"player": 1, "pass": True}}  # "Bo passes": not what event 11 was
    with pytest.raises(LogError, match="old entry is not what event 11 holds"):
        fold_log(events, explain=False)
    path = data_dir / "matches" / f"{match_id}.json"
    path.write_bytes(json.dumps({"events": {str(i + 1): e for i, e in enumerate(events)}}).encode())  # no crc32
    code = main(["--data-dir", str(data_dir), "log", match_id])
    out, err = capsys.readouterr()
    assert code == 2 and "passes" not in out and "old entry is not what event 11 holds" in err
    assert not path.exists() and len(list((data_dir / "damaged").glob(f"{match_id}.*.json"))) == 1
