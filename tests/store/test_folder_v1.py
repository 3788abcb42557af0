"""A data folder written before the store was split in three still reads and writes the same.

``fixtures/folder-v1/`` was written by main's store before the split (``fixtures/write_folder.py``), with
what it read as then (``folder-v1.expected.json``: history entries, exported documents, versions). The
store of today must open it without finding damage, list the same history, replay every match to the
same document, and write to it files of the same shape: ``{"events": {...}, "crc32": ...}`` with the old
events untouched and new events keyed as the old ones were (issue 22: "the store's files on disk
unchanged").
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scorekeeper.rules import load_document
from scorekeeper.rules.fix import ReplaceMove
from scorekeeper.store import open_store
from scorekeeper.store.events import fold_log
from tests.conftest import CASES
from tests.store.fixtures.write_folder import EXPECTED, FOLDER, summary_fields

WANTED = json.loads(EXPECTED.read_text(encoding="utf-8"))


def _raw(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _events(path: Path) -> list[dict]:
    return list(_raw(path)["events"].values())


def _keys_by_kind(folder: Path) -> dict[str, set[tuple[str, ...]]]:
    """For each event kind in a folder's match files, the key lists (in order) its events have."""
    seen: dict[str, set[tuple[str, ...]]] = {}
    for path in sorted((folder / "matches").glob("*.json")):
        for event in _events(path):
            seen.setdefault(event["kind"], set()).add(tuple(event))
    return seen


@pytest.fixture
def copy(tmp_path) -> Path:
    """The fixture folder copied (opening a folder changes it: the clean-close mark goes, a lock is made)."""
    return Path(shutil.copytree(FOLDER, tmp_path / "folder-v1"))


def test_the_folder_has_every_kind_of_event():
    kinds = _keys_by_kind(FOLDER)
    assert set(kinds) == {"create", "start-round", "move", "reveal", "undo", "redo", "correct", "rename", "abandon"}
    assert {s["status"] for s in WANTED["summaries"]} == {"in-progress", "finished", "abandoned"}


def test_it_opens_clean_and_lists_the_same_history(copy):
    store = open_store(copy)
    assert store.problems == [] and store.writable
    assert [summary_fields(s) for s in reversed(store.list_matches())] == WANTED["summaries"]
    assert [s.id for s in store.unfinished_matches()] == [
        s["id"] for s in reversed(WANTED["summaries"]) if s["status"] == "in-progress"
    ]


def test_every_match_replays_to_the_same_document(copy):
    store = open_store(copy)
    for match_id, document in WANTED["documents"].items():
        assert store.export_document(match_id) == document, match_id
        assert store.version(match_id) == WANTED["versions"][match_id]
        # the engine's fold of the file alone says the same (no index, no store in between)
        _, _, match = fold_log(_events(copy / "matches" / f"{match_id}.json"), explain=False, match_id=match_id)
        assert {k: v for k, v in document.items() if k != "meta"} == {
            k: v for k, v in store.export_document(match_id).items() if k != "meta"
        }
        assert list(match.points) == next(s["scores"] for s in WANTED["summaries"] if s["id"] == match_id)


def test_an_index_lost_is_rebuilt_to_the_same_history(copy):
    shutil.rmtree(copy / "index")  # every entry read again from the old match files
    store = open_store(copy)
    assert [summary_fields(s) for s in reversed(store.list_matches())] == WANTED["summaries"]


def test_writing_to_it_keeps_the_files_shape(copy):
    old_files = {p.name: _events(p) for p in (copy / "matches").glob("*.json")}
    old_keys = _keys_by_kind(copy)
    old_entry_keys = {tuple(e) for p in (copy / "index").glob("*.json") for e in _raw(p)["matches"].values()}
    store = open_store(copy)
    # the three-player match in progress, its last move undone: record it again, undo, redo, rename, abandon
    [three] = [s["id"] for s in WANTED["summaries"] if len(s["players"]) == 3 and s["source"] == "app"]
    openings = load_document((CASES / "hr-3p-openings.json").read_bytes())
    for action in openings.actions[5:7]:
        store.record(three, action)
    store.undo(three)
    store.redo(three)
    store.rename(three, {2: "Iryna"})
    store.abandon(three)
    # a new match, fixed several moves back; an import
    wrong = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    right = load_document(json.dumps(wrong).encode()).actions[10]
    wrong["rounds"][0]["moves"][9]["at"] = "3-4:low"
    match = load_document(json.dumps(wrong).encode())
    fixed = store.create_match(match.variant, list(match.players), match.partnerships)
    for action in match.actions:
        store.record(fixed, action)
    store.fix(fixed, ReplaceMove(1, 10, right))
    doc = json.loads((CASES / "e61-3p-block-tie.json").read_text(encoding="utf-8"))
    doc["players"] = ["Di", "Ed", "Flo"]
    doc["meta"] = {"started": "2025-07-01T10:00:00.000Z"}
    [imported] = store.import_documents([doc])
    store.close()
    assert {f"{three}.json", f"{fixed}.json", f"{imported}.json"} <= {p.name for p in (copy / "matches").iterdir()}
    assert [e["kind"] for e in _events(copy / "matches" / f"{three}.json")][-6:] == [
        "move",
        "move",
        "undo",
        "redo",
        "rename",
        "abandon",
    ]
    assert _events(copy / "matches" / f"{fixed}.json")[-1]["kind"] == "correct"
    _check_written(copy, old_files, old_keys, old_entry_keys)
    again = open_store(copy)  # and what was written reads back
    assert again.problems == [] and again.summary(three).status == "abandoned"
    assert again.summary(fixed).scores == (3, 19)


def _check_written(copy: Path, old_files: dict[str, list[dict]], old_keys, old_entry_keys) -> None:
    for path in (copy / "matches").glob("*.json"):
        raw = _raw(path)
        assert list(raw) == ["events", "crc32"]
        events = list(raw["events"].values())
        assert list(raw["events"]) == [str(n) for n in range(1, len(events) + 1)]
        old = old_files.get(path.name, [])
        assert [list(e.items()) for e in events[: len(old)]] == [list(e.items()) for e in old]  # untouched
    for kind, keys in _keys_by_kind(copy).items():
        assert keys <= old_keys[kind], kind  # every event written is keyed as one of its kind was
    for path in (copy / "index").glob("*.json"):
        raw = _raw(path)
        assert list(raw) == ["matches", "crc32"]
        assert {tuple(e) for e in raw["matches"].values()} <= old_entry_keys
    assert (copy / "index" / "closed-cleanly").exists()
