"""A stored event kind is one declared entry (scorekeeper.store.events.KINDS), and nothing else.

The recipe "Adding a stored event kind" (docs/store.md) says which files a new kind touches. This test
declares a throwaway kind, ``note`` (a line about the match: "Bo arrived late"), in the test only, with
:func:`~scorekeeper.store.events.register`, and checks that with no other edit it is written, checked on
reading, read back after the store is opened again, taken back by undo and brought back by redo, carried
in an exported document's ``meta`` and appended again by an import; and that without its entry a file
holding it is damage, as any unknown kind is.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from scorekeeper.rules import Match, Play, RuleViolation, StartRound
from scorekeeper.store import ImportRefused, open_store
from scorekeeper.store.events import KINDS, EventKind, LogError, LogState, check_event, register

TEXT = "Bo arrived late"


def _check_note(event: dict[str, Any]) -> None:
    if type(event["text"]) is not str or not 0 < len(event["text"]) <= 200:
        raise LogError(f"event {event['seq']}: a note is one line of 1 to 200 characters")


def _take(state: LogState, event: dict[str, Any]) -> object:
    before = state.kept.get("note")
    state.kept["note"] = event["text"]
    return before


def _give_back(state: LogState, event: dict[str, Any], before: object) -> None:
    if before is None:
        state.kept.pop("note", None)
    else:
        state.kept["note"] = before


def _export(state: LogState) -> dict[str, Any]:
    return {"note": state.kept["note"]} if "note" in state.kept else {}


def _imported(meta: Mapping[str, Any], match: Match) -> list[dict[str, Any]]:
    text = meta.get("note")
    if text is None:
        return []
    if type(text) is not str or not 0 < len(text) <= 200:
        raise RuleViolation("", "malformed", what="meta", key="note")  # its words: the catalog's "meta" line
    return [{"kind": "note", "text": text}]


NOTE = EventKind(
    "note",
    "change",
    frozenset(("text",)),
    check=_check_note,
    flat=True,
    take=_take,
    give_back=_give_back,
    export=_export,
    imported=_imported,
)


@pytest.fixture
def note_kind():
    """The ``note`` kind, declared for one test only."""
    register(NOTE)
    try:
        yield NOTE
    finally:
        del KINDS["note"]


def _match(store) -> str:
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (2, 6)))
    return match_id


def test_a_kind_declared_in_the_test_is_written_and_read_back(data_dir, note_kind):
    store = open_store(data_dir)
    match_id = _match(store)
    version = store.version(match_id)
    store.append_change(match_id, {"kind": "note", "text": TEXT}, expected_version=version)
    [raw] = [
        e
        for e in json.loads(store.layout.match_file(match_id).read_text("utf-8"))["events"].values()
        if e["kind"] == "note"
    ]
    assert list(raw) == ["seq", "time", "kind", "text"] and raw["seq"] == version and raw["text"] == TEXT
    assert store.version(match_id) == version + 1 and store.undo_target(match_id)["kind"] == "note"
    store.close()
    again = open_store(data_dir)  # read from the file: checked and folded as the table says
    assert again.problems == [] and again.summary(match_id).status == "in-progress"
    assert again.events(match_id)[-1] == raw and again.export_document(match_id)["meta"]["note"] == TEXT
    again.undo(match_id)  # a change like any other: undo takes it back, redo brings it back
    assert "note" not in again.export_document(match_id)["meta"]
    again.redo(match_id)
    assert again.export_document(match_id)["meta"]["note"] == TEXT
    assert again.open_match(match_id).points == [0, 0]  # the record of play is as it was


def test_the_kind_survives_an_export_and_an_import(tmp_path, note_kind):
    source = open_store(tmp_path / "a")
    match_id = _match(source)
    source.append_change(match_id, {"kind": "note", "text": TEXT})
    doc = source.export_document(match_id)
    source.close()
    target = open_store(tmp_path / "b")
    [imported] = target.import_documents([doc])
    assert imported == match_id  # the id kept, as for any import
    assert [e["kind"] for e in target.events(imported)] == ["create", "start-round", "move", "note"]
    assert target.export_document(imported) == doc
    target.close()
    assert open_store(tmp_path / "b").export_document(imported)["meta"]["note"] == TEXT
    bad = dict(doc, meta={**doc["meta"], "id": None, "note": 7})
    with pytest.raises(ImportRefused) as caught:  # the kind's import refuses what it cannot hold
        open_store(tmp_path / "b").import_documents([bad])
    assert caught.value.refusals[0].violation.params == {"what": "meta", "key": "note"}


def test_what_the_kind_refuses_is_not_written(data_dir, note_kind):
    store = open_store(data_dir)
    match_id = _match(store)
    version = store.version(match_id)
    with pytest.raises(ValueError, match="a note is one line"):
        store.append_change(match_id, {"kind": "note", "text": ""})
    with pytest.raises(ValueError, match="use store.rename"):  # a kind with its own method is written by it
        store.append_change(match_id, {"kind": "rename", "players": ["A", "B"], "old": ["Ann", "Bo"]})
    with pytest.raises(ValueError):
        store.append_change(match_id, {"kind": "move", "move": {"player": 1, "pass": True}})
    assert store.version(match_id) == version


def test_without_its_entry_the_kind_is_unknown(data_dir):
    event = {"seq": 3, "time": "2025-06-12T15:30:12.123Z", "kind": "note", "text": TEXT}
    with pytest.raises(LogError, match="no known kind"):
        check_event(event, 3)
    store = open_store(data_dir)
    with pytest.raises(ValueError):
        store.append_change(_match(store), {"kind": "note", "text": TEXT})


def test_register_refuses_what_the_table_could_not_hold(note_kind):
    with pytest.raises(ValueError, match="declared already"):
        register(NOTE)
    with pytest.raises(ValueError, match="needs take and give_back"):
        register(EventKind("memo", "change", frozenset(("text",))))
    with pytest.raises(ValueError, match="is a change"):
        register(EventKind("skip", "action", frozenset(("move",))))
    assert "memo" not in KINDS and "skip" not in KINDS


def test_every_declared_kind_holds_what_register_asks_of_one():
    """The product's own entries of ``KINDS`` are not put through :func:`register`: a change declared there
    without ``give_back`` would be read and written and fail only at its undo, so the table is checked here
    (docs/store.md, "Adding a stored event kind", step 1 and 2)."""
    from scorekeeper.server.store_guard import MATCH_WRITES
    from scorekeeper.store import MatchStore

    roles = [kind.role for kind in KINDS.values()]
    assert all(name == kind.name for name, kind in KINDS.items())
    assert set(roles) <= {"create", "action", "change", "undo", "redo"}
    assert [roles.count(role) for role in ("create", "undo", "redo")] == [1, 1, 1]
    for kind in KINDS.values():
        if kind.role == "change":
            assert kind.take is not None and kind.give_back is not None, kind.name
        if kind.method is not None:  # its own method: a store write the guard lets a scorer make
            assert callable(getattr(MatchStore, kind.method, None)) and kind.method in MATCH_WRITES, kind.name
    assert {k.name for k in KINDS.values() if k.method} >= {"abandon", "correct", "rename"}  # the loop saw them
