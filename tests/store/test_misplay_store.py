"""R14: a recorded offence is a ``misplay`` event of its own in the match log (docs/store.md): written,
read back after the store is opened again, undone, exported in the document (the round's
``"misplays"``), said by ``scorekeeper log``; a correction that removes the offending draw deletes it."""

from __future__ import annotations

import json

from scorekeeper.cli.audit import audit_lines
from scorekeeper.rules.document import load_document, match_to_document, parse_move
from scorekeeper.rules.fix import DeleteMove, ReplaceMove
from scorekeeper.rules.moves import Misplay, Play, StartRound
from scorekeeper.store import open_store
from tests.rules.test_misplay_match import MOVES


def record_offence(store) -> str:
    match_id = store.create_match("exact-61", ["Ann", "Bo"], False, {"misplay": "penalty"})
    store.record(match_id, StartRound(0))
    for move in MOVES[:4]:
        store.record(match_id, parse_move(move))
    store.record(match_id, Misplay(1, 1, (0, 3)))  # the table's choice: it happened at the table
    store.record(match_id, parse_move(MOVES[4]))  # the proof now stands
    return match_id


def test_a_misplay_is_its_own_event_read_back_and_exported(tmp_path):
    store = open_store(tmp_path / "data")
    match_id = record_offence(store)
    store.close()
    again = open_store(tmp_path / "data")
    events = again.events(match_id)
    (misplay,) = [e for e in events if e["kind"] == "misplay"]
    assert {k: misplay[k] for k in ("player", "move", "tile")} == {"player": 1, "move": 1, "tile": "0-3"}
    match = again.open_match(match_id)
    assert match.rounds[0].misplays == [{"player": 1, "move": 1, "tile": "0-3", "open": [0, 1], "claim": "draw"}]
    doc = again.export_document(match_id)
    assert doc["rounds"][0]["misplays"] == [{"player": 1, "move": 1, "tile": "0-3"}]
    assert match_to_document(load_document(json.dumps(doc))) == match_to_document(match)
    line = [e for e in audit_lines(events) if e["kind"] == "misplay"][0]["text"]
    assert line == "round 1: misplay: Bo drew or passed at move 2 holding 0-3 (R14 penalty)"
    again.close()


def test_undo_of_the_proof_then_of_the_offence(tmp_path):
    store = open_store(tmp_path / "data")
    match_id = record_offence(store)
    store.undo(match_id)  # the proof (Bo's 0-3)
    store.undo(match_id)  # the offence
    match = store.open_match(match_id)
    assert match.rounds[0].misplays == [] and len(match.rounds[0].moves) == 4
    store.close()


def test_a_correction_that_removes_the_offending_draw_deletes_the_offence(tmp_path):
    store = open_store(tmp_path / "data")
    match_id = record_offence(store)
    spot = store.open_match(match_id).rounds[0].moves[2].spot
    result = store.fix(match_id, [DeleteMove(1, 2), ReplaceMove(1, 3, Play(1, (1, 3), spot))])
    assert result.match.rounds[0].misplays == []
    (correct,) = [e for e in store.events(match_id) if e["kind"] == "correct"]
    deleted = [c for c in correct["changes"] if c["op"] == "delete"]
    assert [c["old"]["kind"] for c in deleted] == ["move", "misplay"]
    store.close()
    again = open_store(tmp_path / "data")  # the log folds as written
    assert again.open_match(match_id).rounds[0].misplays == []
    again.close()


def test_an_exported_offence_is_imported_as_its_own_event(tmp_path):
    source = open_store(tmp_path / "a")
    match_id = record_offence(source)
    doc = source.export_document(match_id)
    source.close()
    target = open_store(tmp_path / "b")
    (imported,) = target.import_documents([doc])
    assert [e["kind"] for e in target.events(imported)].count("misplay") == 1
    assert target.open_match(imported).rounds[0].misplays == [
        {"player": 1, "move": 1, "tile": "0-3", "open": [0, 1], "claim": "draw"}
    ]
    target.close()
