"""Issue 21: an import is bounded before any per-document work, refusals are summarised, and a real
backup still imports — fast, in batches, every match it reports durable.

The adversarial files of the audit: a 2 MB JSON list of 1,000,000 zeros (534 s, 1.9 GB and a million
printed lines before), a list of tiny objects (33 MB did not finish in 10 minutes). The tests count the
work done (documents that reached the engine, bytes read), never the wall clock.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time

import pytest

from scorekeeper.cli import main
from scorekeeper.store import ImportRefused, intake, open_store, transfer
from scorekeeper.store import store as store_module
from scorekeeper.store.documents import document_actions
from tests.conftest import CASES, ROOT
from tests.store.conftest import LEGAL_CASES, without_meta
from tests.store.simulate import long_finished_document


@pytest.fixture
def engine_reads(monkeypatch):
    """How many documents reached the engine's reader (``read_document``) during the test."""
    seen = []
    real = transfer.read_document

    def counting(doc):
        seen.append(1)
        return real(doc)

    monkeypatch.setattr(transfer, "read_document", counting)
    return seen


def cli(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "error: unexpected" not in err, err
    return code, out, err


def legal_docs() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in LEGAL_CASES]


# ------------------------------------------------------------------ refused early and cheaply
def test_a_million_zeros_are_refused_whole_before_any_document_is_read(data_dir, tmp_path, capsys, engine_reads):
    path = tmp_path / "zeros.json"
    path.write_text(json.dumps([0] * 1_000_000, separators=(",", ":")))
    assert path.stat().st_size == 2_000_001  # the audit's 2 MB file
    code, out, err = cli(capsys, data_dir, "import", str(path))
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"refused: {path}: the file holds 1,000,000 documents; one import takes at most 50,000 matches: "
        "import it in parts",
        "error: nothing imported: 1 of 1 document(s) refused (--skip-refused imports the others)",
    ]
    assert engine_reads == []  # no document looked at
    assert open_store(data_dir).list_matches() == []


def test_documents_that_are_not_objects_are_refused_without_the_engine_and_summarised(
    data_dir, tmp_path, capsys, engine_reads
):
    path = tmp_path / "zeros.json"
    path.write_text(json.dumps([0] * 30_000))
    code, out, err = cli(capsys, data_dir, "import", str(path))
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == intake.LISTED + 2
    assert lines[0] == (
        f"refused: {path} (document 1): the match record is damaged: a match document is a JSON obje"
        'ct with "format", "variant", "players" and "rounds"'
    )
    assert lines[intake.LISTED - 1].startswith(f"refused: {path} (document {intake.LISTED}): ")
    assert lines[-2] == "refused: …and 29,990 more refused"
    assert lines[-1] == (
        "error: nothing imported: 30,000 of 30,000 document(s) refused (--skip-refused imports the others)"
    )
    assert engine_reads == []


def test_more_tiny_objects_than_an_import_takes_are_refused_whole(data_dir, tmp_path, capsys, engine_reads):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps([{}] * (intake.MAX_DOCUMENTS + 1)))
    code, _, err = cli(capsys, data_dir, "import", str(path))
    assert code == 2 and "the file holds 50,001 documents; one import takes at most 50,000" in err
    assert engine_reads == []
    store = open_store(data_dir)  # the API bounds a list of documents the same way
    with pytest.raises(ImportRefused) as caught:
        store.import_documents([{}] * (intake.MAX_DOCUMENTS + 1))
    assert caught.value.violation.code == "import_too_many" and len(caught.value.refusals) == 1
    assert engine_reads == []


def test_tiny_objects_within_the_bound_get_the_engines_cheap_refusal(data_dir, tmp_path, capsys, engine_reads):
    path = tmp_path / "tiny.json"
    path.write_text(json.dumps([{}] * 500))
    code, _, err = cli(capsys, data_dir, "import", str(path))
    assert code == 2 and len(engine_reads) == 500  # each object is read once, refused at its format
    assert err.splitlines()[0] == (
        f'refused: {path} (document 1): the match record is damaged: "format" must be "scorekeeper-match/1", not null'
    )
    assert "refused: …and 490 more refused" in err


def test_a_file_past_the_byte_bound_is_refused_unread(data_dir, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(intake, "MAX_BYTES", 4 * 1024 * 1024)
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"0," * (3 * 1024 * 1024) + b"0]")  # 6 MB
    read = []
    real_open = open

    def watched_open(path, *args, **kwargs):
        handle = real_open(path, *args, **kwargs)
        if str(path) == str(big):
            real_read = handle.read
            handle = _Recording(handle, real_read, read)
        return handle

    monkeypatch.setattr("builtins.open", watched_open)
    code, _, err = cli(capsys, data_dir, "import", str(big), str(CASES / "hr-2p-seed-layout.json"))
    monkeypatch.setattr("builtins.open", real_open)
    assert code == 2 and read == []  # its size was asked of the system: not one byte read
    assert f"refused: {big}: this file brings the import to 6 MB; one import takes at most 4 MB" in err
    assert "1 of 2 document(s) refused" in err
    # standard input is read one byte past the bound, then stopped
    stdin = io.BytesIO(b"[" + b"0," * (3 * 1024 * 1024) + b"0]")
    files, refused = intake.read_files(["-"], stdin=stdin)
    assert files == [] and refused[0].violation.code == "import_too_large"
    assert stdin.tell() == 4 * 1024 * 1024 + 1
    # the app's path (bytes already in memory) is bounded the same way, all files together
    store = open_store(data_dir)
    with pytest.raises(ImportRefused) as caught:
        store.import_files(
            [("a.json", b"[" + b" " * (3 * 1024 * 1024) + b"]"), ("b.json", b"[" + b" " * (2 * 1024 * 1024) + b"]")]
        )
    assert [(r.name, r.violation.code) for r in caught.value.refusals] == [("b.json", "import_too_large")]


class _Recording:
    """A file whose reads are noted."""

    def __init__(self, handle, real_read, read):
        self._handle, self._real_read, self._read = handle, real_read, read

    def read(self, *args):
        self._read.append(args)
        return self._real_read(*args)

    def __getattr__(self, name):
        return getattr(self._handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._handle.close()


def test_skip_refused_imports_the_real_matches_and_summarises_the_rest(data_dir, tmp_path, capsys):
    docs = legal_docs()
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(docs[:2] + [0] * 20 + docs[2:3]))
    code, out, err = cli(capsys, data_dir, "import", "--skip-refused", str(path))
    lines = err.splitlines()
    assert code == 0 and len(out.split()) == 3
    assert lines[0] == (
        f"skipped: {path} (document 3): the match record is damaged: a match document is a JSON obje"
        'ct with "format", "variant", "players" and "rounds"'
    )
    assert lines[-2:] == ["skipped: …and 10 more skipped", "imported 3 document(s); skipped 20 refused"]
    store = open_store(data_dir)
    assert (
        sorted(
            without_meta(store.export_document(i))["rounds"] == d["rounds"]
            for i, d in zip(out.split(), docs[:2] + docs[2:3], strict=True)
        )
        == [True] * 3
    )


def test_the_refusal_message_names_ten_and_counts_the_rest(data_dir):
    store = open_store(data_dir)
    with pytest.raises(ImportRefused) as caught:
        store.import_documents(["not json"] + [7] * 1000)
    err = caught.value
    assert len(err.refusals) == 1001 and err.total == 1001 and err.more == 1000
    assert err.message.startswith(
        "1,001 documents refused, nothing imported: document 1: the file is not a JSON document"
    )
    assert err.message.endswith("; …and 991 more refused") and len(re.findall(r"document \d+: ", err.message)) == 10


# ------------------------------------------------------------------ a real backup still imports
def test_a_multi_match_backup_imports_in_batches_and_every_match_is_durable(data_dir, tmp_path, capsys, monkeypatch):
    """``export --all`` of a history, imported into an empty folder in batches of 2: every match comes
    back exactly, the folder was fsync'd after each batch and before the command returned, and the
    same backup imported again adds nothing."""
    source = tmp_path / "source"
    docs = legal_docs() + [long_finished_document(300 + s, min_actions=60) for s in range(3)]
    source_store = open_store(source)
    ids = source_store.import_documents(docs)
    source_store.close()
    code, backup, _ = cli(capsys, source, "export", "--all")
    assert code == 0
    path = tmp_path / "backup.json"
    path.write_text(backup, encoding="utf-8")

    monkeypatch.setattr(transfer, "IMPORT_BATCH", 2)
    synced = []
    real_fsync_dir = transfer.fsync_dir

    def noting(folder):
        synced.append((folder.name, len(list(folder.glob("*.json")))))
        real_fsync_dir(folder)

    monkeypatch.setattr(transfer, "fsync_dir", noting)
    code, out, err = cli(capsys, data_dir, "import", str(path))
    exported = json.loads(backup)
    assert code == 0 and err == "" and out.split() == [d["meta"]["id"] for d in exported]  # ids kept
    assert sorted(out.split()) == sorted(ids)
    n = len(docs)
    assert synced == [("matches", k) for k in [*range(2, n + 1, 2), *([n] if n % 2 else [])]]
    store = open_store(data_dir)
    assert [store.export_document(d["meta"]["id"]) for d in exported] == exported  # meta (times) included
    store.close()
    synced.clear()
    code, again, err = cli(capsys, data_dir, "import", str(path))
    assert code == 0 and again == out and [s for s in synced if s[0] == "matches"] == []  # nothing written
    assert len(list((data_dir / "matches").glob("*.json"))) == n


def test_a_backup_holding_one_match_twice_imports_it_once(data_dir):
    doc = legal_docs()[0]
    store = open_store(data_dir)
    first, second = store.import_documents([doc, json.dumps(doc)])
    assert first == second and len(store.list_matches()) == 1


IMPORT_ALL_CHILD = """
import sys
from scorekeeper.store import open_store, transfer
from scorekeeper.store.intake import read_files
transfer.IMPORT_BATCH = 3
store = open_store(sys.argv[1])
files, _ = read_files([sys.argv[2]])
print("ready", flush=True)
print(" ".join(store.import_files(files).ids), flush=True)
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_during_a_batched_import_leaves_whole_matches_and_keeps_what_it_reported(tmp_path):
    """Killed at random moments while importing one backup of 24 matches in batches of 3: the store
    opens cleanly, every match there is whole, and an import that reported its ids kept them all."""
    rng = random.Random(int.from_bytes(os.urandom(4), "big"))
    data_dir = tmp_path / "data"
    docs = [long_finished_document(500 + s, min_actions=80) for s in range(24)]
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps(docs), encoding="utf-8")
    expected = [document_actions(d) for d in docs]
    finished = 0
    for _ in range(8):
        child = subprocess.Popen(
            [sys.executable, "-c", IMPORT_ALL_CHILD, str(data_dir), str(backup)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.6))  # a random moment of the import to kill it at: what the test varies
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=60)
        reported = out.split()
        store = open_store(data_dir)
        assert store.problems == []
        present = {s.id for s in store.list_matches()}
        assert set(reported) <= present
        finished += bool(reported)
        for match_id in present:
            assert document_actions(store.export_document(match_id)) in expected
        store.close()
    store = open_store(data_dir)  # whatever the kills left, importing again completes the history once
    assert len(set(store.import_documents(docs))) == 24 and len(store.list_matches()) == 24


def test_a_match_already_here_is_found_with_or_without_a_fold(data_dir, monkeypatch):
    """Restoring a backup again compares an imported match's file with the document without folding it
    (nothing in it but the set-up and the actions); a match with undos or a rename is folded to compare."""
    docs = legal_docs()[:2]
    store = open_store(data_dir)
    imported = store.import_documents(docs)
    recorded = store.create_match("horse-race", ["Ann", "Bo"], False)
    from scorekeeper.rules import Play, StartRound

    store.record(recorded, StartRound(0))
    store.record(recorded, Play(0, (2, 6)))
    store.undo(recorded)  # an undo in its log: only a fold says what is in effect
    store.record(recorded, Play(0, (1, 4)))
    backup = [store.export_document(i) for i in [*imported, recorded]]
    store.close()
    store = open_store(data_dir)
    folds = []
    real = store_module.MatchStore._fold_for_reading
    monkeypatch.setattr(
        store_module.MatchStore,
        "_fold_for_reading",
        lambda self, match_id: folds.append(match_id) or real(self, match_id),
    )
    assert store.import_documents(backup) == [*imported, recorded]
    assert folds == [recorded] and len(store.list_matches()) == 3
    changed = json.loads(json.dumps(backup[0]))
    changed["players"] = ["Zed", changed["players"][1]]  # same id, another match: imported as a new one
    [new_id] = store.import_documents([changed])
    assert new_id not in imported and folds == [recorded] and len(store.list_matches()) == 4


def test_record_reads_a_file_within_the_same_bound(data_dir, capsys, monkeypatch):
    monkeypatch.setattr(intake, "MAX_BYTES", 512)
    path = CASES / "hr-2p-seed-layout.json"
    assert path.stat().st_size > 512
    code, out, err = cli(capsys, data_dir, "record", str(path))
    assert code == 2 and out == "" and err.startswith(f"refused: {path}: this file brings the import to ")
    assert open_store(data_dir).list_matches() == []
