"""Acceptance: threads sharing one store never corrupt it or lose an event."""

from __future__ import annotations

import threading

from scorekeeper.rules import build_report
from scorekeeper.store import open_store
from scorekeeper.store.documents import document_actions, read_document
from tests.store.simulate import long_finished_document


def test_two_recording_threads_and_a_reader(data_dir):
    docs = [
        long_finished_document(7, variant="horse-race", players=3),
        long_finished_document(8, variant="exact-61", players=4, partnerships=True),
    ]
    store = open_store(data_dir)
    ids = [store.create_match(d["variant"], d["players"], d["partnerships"]) for d in docs]
    seqs: dict[str, list[int]] = {i: [] for i in ids}
    errors: list[BaseException] = []
    stop = threading.Event()
    start = threading.Barrier(3)

    def record(match_id: str, doc: dict) -> None:
        try:
            start.wait()
            for k, action in enumerate(document_actions(doc)):
                seqs[match_id].append(store.record(match_id, action).seq)
                if k % 11 == 3:  # undo events interleave with the other thread's writes
                    store.undo(match_id)
                    seqs[match_id].append(store.record(match_id, action).seq)
        except BaseException as err:  # noqa: BLE001 - reported by the main thread
            errors.append(err)

    def read() -> None:
        try:
            start.wait()
            while not stop.is_set():
                store.list_matches()
                store.stats()
                for match_id in ids:
                    store.export_document(match_id)
                    store.events(match_id)
        except BaseException as err:  # noqa: BLE001
            errors.append(err)

    writers = [threading.Thread(target=record, args=(i, d)) for i, d in zip(ids, docs, strict=True)]
    reader = threading.Thread(target=read)
    for t in (*writers, reader):
        t.start()
    for t in writers:
        t.join(timeout=300)
    stop.set()
    reader.join(timeout=60)
    assert errors == []
    for match_id in ids:  # every record got its own seq, undos took the ones in between
        assert seqs[match_id] == sorted(seqs[match_id]) and len(set(seqs[match_id])) == len(seqs[match_id])
    store.close()

    store = open_store(data_dir)  # everything is on disk, nothing damaged
    assert store.problems == []
    for match_id, doc in zip(ids, docs, strict=True):
        exported = store.export_document(match_id)
        assert document_actions(exported) == document_actions(doc)
        assert build_report(read_document(exported)[1]) == build_report(read_document(doc)[1])
        events = store.events(match_id)
        assert [e["seq"] for e in events] == list(range(len(events)))
        assert seqs[match_id][-1] == len(events) - 1
        assert store.summary(match_id).status == "finished"
