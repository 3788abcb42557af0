"""Acceptance: every legal shared case imported, then exported, replays to the same report."""

from __future__ import annotations

import json

import pytest

from scorekeeper.rules import build_report, load_document
from scorekeeper.store import open_store
from tests.store.conftest import LEGAL_CASES, case_report, without_meta


def test_cases_found():
    assert len(LEGAL_CASES) == 14


@pytest.mark.parametrize("path", LEGAL_CASES, ids=lambda p: p.stem)
def test_import_export_replays_to_the_same_report(path, data_dir):
    store = open_store(data_dir)
    [match_id] = store.import_documents([path.read_bytes()])
    exported = store.export_document(match_id)
    assert build_report(load_document(json.dumps(exported))) == case_report(path.stem)
    store.close()
    store = open_store(data_dir)  # and again from disk, through the log
    again = store.export_document(match_id)
    assert again == exported
    assert build_report(store.open_match(match_id)) == case_report(path.stem)
    original = json.loads(path.read_text(encoding="utf-8"))
    assert without_meta(again)["players"] == original["players"]
    assert len(again["rounds"]) == len(original["rounds"])


def test_import_all_cases_at_once_then_export_all(data_dir, tmp_path):
    store = open_store(data_dir)
    ids = store.import_documents([p.read_bytes() for p in LEGAL_CASES])
    assert len(set(ids)) == len(LEGAL_CASES)
    everything = store.export_all()
    assert sorted(d["meta"]["id"] for d in everything) == sorted(ids)
    other = open_store(tmp_path / "restored")  # restoring a backup keeps ids and reports
    assert sorted(other.import_documents(everything)) == sorted(ids)
    for path, match_id in zip(LEGAL_CASES, ids, strict=True):
        assert build_report(other.open_match(match_id)) == case_report(path.stem)


def test_match_waiting_for_its_hands_exports_and_imports(data_dir, tmp_path):
    # Exported while the app waited for the hands: the engine's reader wants hands once a
    # round ended; the store's import accepts it as a match waiting for the reveal.
    from scorekeeper.rules import Reveal
    from tests.store.conftest import case_match

    match = case_match("hr-pairs-block-12v12")
    store = open_store(data_dir)
    match_id = store.create_match(match.variant, match.players, match.partnerships)
    for action in match.actions:
        if type(action) is Reveal:
            break
        store.record(match_id, action)
    assert store.open_match(match_id).status == "reveal"
    doc = store.export_document(match_id)
    other = open_store(tmp_path / "other")
    [same] = other.import_documents([doc])
    assert other.open_match(same).status == "reveal"
    result = other.record(same, next(a for a in match.actions if type(a) is Reveal))
    assert [e.points for e in result.events] == [2, 2]  # H9: both pairs earn 12 -> 10 -> 2
