"""Issue 10: damage, bad input and failing disks cost at most the one match they touch, and never a traceback.

One test (or a parametrised family) per class the audit found: a bad value in a
match file, a bad value in an index entry, a refused import, deep nesting and
broken pipes, a truncated file in a backup, an fsync that fails after the
rename, loose match ids. Each checks the command's exit code and message,
that the other matches are intact, and that the damaged file is kept aside
byte for byte. (Read-only folders: test_read_only.py; random damage:
test_fuzz.py.)
"""

from __future__ import annotations

import copy
import errno
import json
import shutil
import subprocess
import sys

import orjson
import pytest

from scorekeeper.cli import main
from scorekeeper.rules import Play, StartRound
from scorekeeper.store import MatchDamaged, StoreError, open_store, repair, transfer
from scorekeeper.store import atomic as atomic_module
from scorekeeper.store.atomic import seal
from scorekeeper.store.paths import is_match_id
from tests.conftest import CASES, ROOT
from tests.store.conftest import record_case

NAMES = ("hr-3p-openings", "e61-2p-exact-finish", "hr-2p-seed-layout")


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """Three matches (in progress, finished, in progress) recorded once, closed cleanly."""
    folder = tmp_path_factory.mktemp("recorded") / "data"
    store = open_store(folder)
    ids = [record_case(store, name) for name in NAMES]
    exports = {i: store.export_document(i) for i in ids}
    store.close()
    return folder, ids, exports


@pytest.fixture
def history(recorded, data_dir):
    """A fresh copy of the recorded folder in ``data_dir``; returns (ids, their exports)."""
    folder, ids, exports = recorded
    shutil.copytree(folder, data_dir)
    return ids, copy.deepcopy(exports)


def cli(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "error: unexpected" not in err, err
    return code, out, err


def crash(data_dir):
    """As after an unclean shutdown: no clean-close mark, so every file's size is checked at open."""
    (data_dir / "index" / "closed-cleanly").unlink(missing_ok=True)


def tables(path):
    data = orjson.loads(path.read_bytes())
    data.pop("crc32", None)
    return data


def write_tables(path, data, checksum=True):
    """Write a store file as the store would (with a valid checksum) or as a hand edit without one."""
    raw = orjson.dumps(data).replace(b'"__DEEP__"', b"[" * 1000 + b"]" * 1000)
    raw = raw.replace(b'"__DEEPER__"', b"[" * 1100 + b"]" * 1100)
    path.write_bytes(seal(raw) if checksum else raw)


def edit_event(data_dir, match_id, seq, key, value, checksum=True):
    path = data_dir / "matches" / f"{match_id}.json"
    data = tables(path)
    event = next(e for e in data["events"].values() if seq in (e["seq"], e["kind"]))  # by seq or first of a kind
    if value is KeyError:
        del event[key]
    else:
        event[key] = value
    write_tables(path, data, checksum)
    return path.read_bytes()


def assert_others_intact(store, exports, victim):
    for match_id, doc in exports.items():
        if match_id != victim:
            assert store.export_document(match_id) == doc


def assert_kept_aside(data_dir, victim, damaged_bytes):
    kept = list((data_dir / "damaged").glob(f"{victim}.*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged_bytes
    assert not (data_dir / "matches" / f"{victim}.json").exists()
    return kept[0]


# ------------------------------------------------------------------ 1. a bad value in a match file
DEEP = "__DEEP__"  # written as a list nested 1,000 deep (too deep for orjson.dumps and the stdlib's json)
BAD_EVENT_VALUES = {  # (seq, key, value, words in the message)
    "create time not a time": (0, "time", "x2025-06-12T15:30:12.123Z", "no valid time"),
    "create time out of range": (0, "time", "0001-01-01T00:00:00.000Z", "no valid time"),
    "create time not a day": (0, "time", "2025-13-45T99:99:99.000Z", "no valid time"),
    "create time a number": (0, "time", 20250612, "no valid time"),
    "players not names": (0, "players", [1, 2, 3], "players"),
    "variant unknown": (0, "variant", "chess", "no known game"),
    "id of another match": (0, "id", "20250101-000000-abcdef", "not of"),
    "id with a newline": (0, "id", "20250101-000000-abcdef\n", "not a match id"),
    "started out of range": (0, "started", "0001-01-01T00:00:00+14:00", "started is not a time"),
    "source unknown": (0, "source", "elsewhere", "source"),
    "seq repeated": (2, "seq", 1, "event number 2 is missing"),
    "seq a string": (1, "seq", "1", "an event has no sequence number"),
    "kind unknown": (1, "kind", "teleport", "no known kind"),
    "starter a float": (1, "starter", 0.0, "starter"),
    "move nested 1,000 deep": (2, "move", DEEP, "event 2 is nested too deeply"),
    "play nested 1,000 deep": (2, "move", {"player": 0, "play": DEEP}, "event 2 is nested too deeply"),
    "play nested 10 deep": (2, "move", {"player": 0, "play": json.loads("[" * 10 + "]" * 10)}, "nested too deeply"),
    "play a list": (2, "move", {"player": 0, "play": ["1-4"]}, "not an object of plain values"),
    "hands nested 10 deep": ("reveal", "hands", {"0": json.loads("[" * 10 + "]" * 10)}, "nested too deeply"),
    "hands a list of lists": ("reveal", "hands", {"0": [["1-4"]], "1": 0}, "not tiles or pip totals"),
    "hands a pip total as text": ("reveal", "hands", {"0": "12", "1": 0}, "not tiles or pip totals"),
    "field unknown": (2, "extra", 1, "unknown: 'extra'"),
    "field missing": (2, "move", KeyError, "missing: move"),
    "huge string": (2, "move", {"player": 0, "play": "x" * 1_000_000}, "not a tile"),
}


@pytest.mark.parametrize("checksum", [True, False], ids=["checksum-ok", "no-checksum"])
@pytest.mark.parametrize("case", BAD_EVENT_VALUES)
def test_bad_value_in_a_match_file(data_dir, history, capsys, case, checksum):
    """Found at open after an unclean shutdown; set aside; every command goes on with the other matches.

    With a valid checksum the value itself is refused (what a faulty writer or a hand edit keeping the
    checksum right would leave); without one, the file reads as hand-edited and is checked the same way.
    """
    ids, exports = history
    victim = ids[1]
    seq, key, value, words = BAD_EVENT_VALUES[case]
    damaged_bytes = edit_event(data_dir, victim, seq, key, value, checksum)
    crash(data_dir)

    # a backup reads every match: it names the damaged one, sets it aside and writes the others
    code, out, err = cli(capsys, data_dir, "export", "--all")
    assert code == 1
    assert sorted(d["meta"]["id"] for d in json.loads(out)) == sorted(i for i in ids if i != victim)
    # named once when the export reads it, or also at open when its size changed (seen after a crash)
    problems = [line for line in err.splitlines() if victim in line]
    assert problems[-1].startswith(f"error: match {victim} is not in this export: Match {victim}")
    assert len(problems) == 1 or problems[0].startswith(f"warning: Match {victim}")
    problem = problems[0]
    assert victim in problem and "could not be read" in problem and words in problem, problem
    assert "other matches are not affected" in problem
    kept = assert_kept_aside(data_dir, victim, damaged_bytes)
    assert str(kept.relative_to(data_dir)) in problem
    assert err.splitlines()[-1] == "error: 1 match(es) could not be exported; the other 2 were written"

    code, out, err = cli(capsys, data_dir, "history")
    assert code == 0 and err == ""
    assert f"{victim}" in out and "DAMAGED" in out and words in out
    assert sum(1 for line in out.splitlines() if "in-progress" in line) == 2
    code, out, err = cli(capsys, data_dir, "stats", "--json")
    assert code == 0 and {p["name"] for p in json.loads(out)} == {"Оксана", "Тарас", "Ірина", "Ann", "Bo"}
    code, out, err = cli(capsys, data_dir, "record", str(CASES / "hr-2p-seed-layout.json"))
    assert code == 0 and is_match_id(out.strip())
    store = open_store(data_dir)
    assert store.problems == []  # found once, kept aside, listed
    assert store.summary(victim).status == "damaged"
    assert_others_intact(store, exports, victim)


@pytest.mark.parametrize("case", ["create time not a time", "players not names", "seq a string"])
def test_bad_value_found_at_open_after_a_crash(data_dir, history, capsys, case):
    """A change of size is seen at open after an unclean shutdown: the first command already says so."""
    ids, _ = history
    victim = ids[1]
    seq, key, value, words = BAD_EVENT_VALUES[case]
    damaged_bytes = edit_event(data_dir, victim, seq, key, value, checksum=False)
    crash(data_dir)
    code, out, err = cli(capsys, data_dir, "history")
    assert code == 0 and "DAMAGED" in out
    [warning] = err.splitlines()
    assert warning.startswith(f"warning: Match {victim} (Ann v Bo") and words in warning
    assert_kept_aside(data_dir, victim, damaged_bytes)


def test_same_size_change_is_found_when_the_file_is_read(data_dir, history, capsys):
    """One digit changed in a finished match after a clean close: same size, valid JSON, a legal log
    even — the checksum says it is not what was written."""
    ids, exports = history
    victim = ids[1]
    path = data_dir / "matches" / f"{victim}.json"
    raw = path.read_bytes()
    damaged_bytes = raw.replace(b'"starter":0', b'"starter":1', 1)
    assert damaged_bytes != raw and len(damaged_bytes) == len(raw)
    path.write_bytes(damaged_bytes)
    store = open_store(data_dir)
    with pytest.raises(MatchDamaged) as caught:
        store.export_document(victim)
    assert "checksum does not match" in caught.value.message
    assert_kept_aside(data_dir, victim, damaged_bytes)
    assert_others_intact(store, exports, victim)
    store.close()
    code, out, err = cli(capsys, data_dir, "export", "--all")
    assert code == 1 and victim in err and len(json.loads(out)) == 2


def test_file_without_checksum_is_accepted_and_gets_one(data_dir, history):
    """A file written before checksums (or repaired by hand with the key removed) is read; the next
    write seals it."""
    ids, exports = history
    path = data_dir / "matches" / f"{ids[0]}.json"
    write_tables(path, tables(path), checksum=False)
    assert b"crc32" not in path.read_bytes()
    crash(data_dir)
    store = open_store(data_dir)
    assert store.problems == [] and store.export_document(ids[0]) == exports[ids[0]]
    store.undo(ids[0])
    assert path.read_bytes().endswith(b'"}') and b'"crc32":"' in path.read_bytes()[-20:]


def test_checksum_not_at_the_end_is_damage(data_dir, history):
    ids, _ = history
    path = data_dir / "matches" / f"{ids[0]}.json"
    damaged_bytes = path.read_bytes() + b"\n"  # an editor's trailing newline: the checksum is no longer last
    path.write_bytes(damaged_bytes)
    crash(data_dir)
    store = open_store(data_dir)
    [problem] = store.problems
    assert "changed after Scorekeeper wrote it" in problem
    assert_kept_aside(data_dir, ids[0], damaged_bytes)


READING_COMMANDS = [
    ("export", "{id}"),
    ("log", "{id}"),
    ("log", "{id}", "--json"),
    ("export", "--all"),
    ("undo", "{id}"),
    ("rename", "{id}", "--player", "1", "--name", "Zed"),
]


@pytest.mark.parametrize("command", READING_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_second_checksum_appended_gets_one_verdict_from_every_command(data_dir, history, capsys, command):
    """Issue 21: a second valid ``"crc32"`` appended to a match file was accepted by export (a fresh read
    popped the last key) and set aside by ``log`` (the cached copy kept the first). Now the one strict
    parser refuses a key given twice, and the storage's cached copy is judged by the same check as a
    fresh read: whichever command reads the file first, it says the same, and every later one agrees."""
    ids, exports = history
    victim = ids[1]  # the finished match: after a clean close the opening trusts its index entry
    path = data_dir / "matches" / f"{victim}.json"
    damaged_bytes = seal(path.read_bytes())  # {..., "crc32": "<ok>", "crc32": "<ok for all before it>"}
    assert damaged_bytes.count(b'"crc32"') == 2
    path.write_bytes(damaged_bytes)
    args = [a.format(id=victim) for a in command]
    code, out, err = cli(capsys, data_dir, *args)
    assert code == (1 if args == ["export", "--all"] else 2), (out, err)
    [said] = [line for line in err.splitlines() if victim in line]
    assert 'holds the key "crc32" twice' in said and "moved to damaged/" in said
    assert_kept_aside(data_dir, victim, damaged_bytes)
    for later in READING_COMMANDS[:3]:  # every later reading agrees, in another process as in this one
        code, out, err = cli(capsys, data_dir, *[a.format(id=victim) for a in later])
        assert code == 2 and "could not be read" in err and 'holds the key "crc32" twice' in err
    code, out, err = cli(capsys, data_dir, "history")
    assert code == 0 and f"{victim}" in out and "DAMAGED" in out
    code, out, err = cli(capsys, data_dir, "stats", "--json")
    assert code == 0 and {p["name"] for p in json.loads(out)} == {"Оксана", "Тарас", "Ірина", "Ann", "Bo"}
    store = open_store(data_dir)
    assert_others_intact(store, exports, victim)


def test_cached_and_fresh_reads_of_a_store_file_agree(tmp_path):
    """The storage keeps the bytes it last read or wrote; a read from them is checked as the file is."""
    path = tmp_path / "m.json"
    storage = atomic_module.AtomicJSONStorage(path)
    storage.write({"events": {"1": {"seq": 0}}})
    assert storage.read() == {"events": {"1": {"seq": 0}}} == atomic_module.AtomicJSONStorage(path).read()
    storage._raw = seal(path.read_bytes())  # as if the cached copy held what a reader found appended
    for reader in (storage, atomic_module.AtomicJSONStorage(path)):
        if reader is not storage:
            path.write_bytes(storage._raw)
        with pytest.raises(atomic_module.DamagedFile, match='holds the key "crc32" twice'):
            reader.read()


# ------------------------------------------------------------------ 2. a bad value in an index entry
BAD_ENTRY_VALUES = {
    "winners out of range": ("winners", [99]),
    "players not names": ("players", [1, 2, 3]),
    "started not a day": ("started", "2025-13-45T99:99:99Z"),
    "started out of range": ("started", "0001-01-01T00:00:00.000Z"),
    "scores not numbers": ("scores", ["a", "b"]),
    "rounds negative": ("rounds", -1),
    "status unknown": ("status", "won"),
    "id with a newline": ("id", "20250101-000000-abcdef\n"),
    "variant unknown": ("variant", "chess"),
    "ended while in progress": ("ended", "2025-06-12T15:30:12.123Z"),
    "a field too many": ("colour", "red"),
    "nested 1,000 deep": ("players", DEEP),
    "nested 1,100 deep": ("players", "__DEEPER__"),  # deeper than the parser goes: the shard is not JSON
}


@pytest.mark.parametrize("checksum", [True, False], ids=["checksum-ok", "no-checksum"])
@pytest.mark.parametrize("case", BAD_ENTRY_VALUES)
def test_bad_value_in_an_index_entry(data_dir, history, capsys, case, checksum):
    """The entry is dropped and rebuilt from the match file; history and export --all work; no match lost."""
    ids, exports = history
    store = open_store(data_dir)
    before = [s.to_json() for s in store.list_matches()]
    store.close()
    victim = ids[0]
    shard = data_dir / "index" / f"{victim[-2:]}.json"
    data = tables(shard)
    entry = next(e for e in data["matches"].values() if e["id"] == victim)
    key, value = BAD_ENTRY_VALUES[case]
    entry[key] = value
    write_tables(shard, data, checksum)

    code, out, err = cli(capsys, data_dir, "history", "--json")
    assert code == 0 and json.loads(out) == before
    if value == "__DEEPER__":  # not JSON to the parser: the whole shard is set aside and rebuilt
        assert (
            f"warning: The history index file index/{shard.name} could not be read: the file is not valid JSON" in err
        )
    else:
        assert (
            err == "warning: 1 unreadable entries of the history index were dropped and rebuilt from the match files\n"
        )
    code, out, err = cli(capsys, data_dir, "export", "--all")
    assert code == 0 and err == "" and [d["meta"]["id"] for d in json.loads(out)] == ids
    code, out, err = cli(capsys, data_dir, "stats")
    assert code == 0 and err == ""
    store = open_store(data_dir)
    assert store.problems == []  # rebuilt for good: the bad entry is gone from the shard
    assert sum(1 for e in tables(shard)["matches"].values() if e["id"] == victim) == 1
    for match_id in ids:
        assert store.export_document(match_id) == exports[match_id]


def test_bad_entry_of_a_match_with_no_file_is_purged(data_dir, history):
    """An entry that fails its check and whose match file is gone too: the index forgets it once."""
    ids, _ = history
    shard = data_dir / "index" / "00.json"
    write_tables(shard, {"matches": {"1": {"id": "20250101-000000-abcd00", "winners": [99]}}})
    store = open_store(data_dir)
    assert len(store.problems) == 1 and len(store.list_matches()) == 3
    store.close()
    assert open_store(data_dir).problems == []
    assert tables(shard)["matches"] == {}


# ------------------------------------------------------------------ 3. import: all or nothing
def test_import_refuses_everything_when_one_document_is_refused(data_dir, tmp_path, capsys):
    good = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    bad_meta = {
        **json.loads((CASES / "e61-2p-exact-finish.json").read_text(encoding="utf-8")),
        "meta": {"started": "0001-01-01T00:00:00+14:00"},
    }
    illegal = json.loads((CASES / "bad-tile-on-table.json").read_text(encoding="utf-8"))
    backup = tmp_path / "backup.json"
    backup.write_text(json.dumps([good, bad_meta, illegal]), encoding="utf-8")
    code, out, err = cli(capsys, data_dir, "import", str(backup))
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f'refused: {backup} (document 2): the match record is damaged: "meta" "started" must be an ISO 8601 '
        'time between the years 1971 and 8999, like "2025-06-12T15:30:12.123Z"',
        f"refused: {backup} (document 3): round 1, move 6: S4: 1-4 is already on the table: "
        "each tile is in the set once (S2)",
        "error: nothing imported: 2 of 3 document(s) refused (--skip-refused imports the others)",
    ]
    assert open_store(data_dir).list_matches() == []
    open_store(data_dir).close()

    code, out, err = cli(capsys, data_dir, "import", "--skip-refused", str(backup))
    assert code == 0 and len(out.split()) == 1 and is_match_id(out.strip())
    assert err.splitlines()[-1] == "imported 1 document(s); skipped 2 refused"
    assert [line.split(":")[0] for line in err.splitlines()[:2]] == ["skipped", "skipped"]
    assert [s.id for s in open_store(data_dir).list_matches()] == [out.strip()]


def test_import_of_a_file_that_is_not_json_among_others_imports_nothing(data_dir, capsys):
    code, out, err = cli(
        capsys,
        data_dir,
        "import",
        str(CASES / "hr-2p-seed-layout.json"),
        str(CASES / "bad-malformed-json.json"),
        str(CASES / "bad-tile-on-table.json"),
    )
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3 and "bad-malformed-json.json: the file is not a JSON document (line 35" in lines[0]
    assert "bad-tile-on-table.json: round 1, move 6" in lines[1] and "2 of 3 document(s) refused" in lines[2]
    assert open_store(data_dir).list_matches() == []


@pytest.mark.parametrize(
    "meta",
    [
        {"started": "2025-13-45T99:99:99Z"},
        {"ended": "9999-12-31T23:59:59+00:00"},
        {"started": 1750000000},
        {"id": 12},
        [1, 2],
        "meta",
    ],
)
def test_import_refuses_bad_meta(data_dir, meta):
    from scorekeeper.store import ImportRefused

    doc = {**json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8")), "meta": meta}
    store = open_store(data_dir)
    with pytest.raises(ImportRefused) as caught:
        store.import_documents([doc])
    assert caught.value.violation.params["what"] in ("meta", "meta_time", "meta_id") and caught.value.index == 0
    assert store.list_matches() == []


def test_import_write_failure_removes_what_it_wrote(data_dir, monkeypatch):
    store = open_store(data_dir)
    docs = [json.loads((CASES / f"{name}.json").read_text(encoding="utf-8")) for name in NAMES]
    real = atomic_module.write_atomic
    calls = []

    def fail_third(path, data, sync_folder=True):
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data, sync_folder)

    monkeypatch.setattr(atomic_module, "write_atomic", fail_third)
    monkeypatch.setattr(transfer, "write_atomic", fail_third)  # the import's batched writes
    with pytest.raises(StoreError) as caught:
        store.import_documents(docs)
    assert caught.value.code == "import_save_failed" and "nothing was imported" in caught.value.message
    assert store.list_matches() == [] and list(store.layout.matches.iterdir()) == []


# ------------------------------------------------------------------ 4. deep nesting, broken pipes
@pytest.mark.parametrize("where", ["play", "at", "variant", "format", "meta"])
def test_replay_and_import_refuse_a_value_nested_1000_deep(data_dir, tmp_path, capsys, where):
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    if where in ("play", "at"):
        doc["rounds"][0]["moves"][1][where] = "DEEP"
    else:
        doc[where] = "DEEP"
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(doc).replace('"DEEP"', "[" * 1000 + "]" * 1000), encoding="utf-8")
    for command in (
        ["replay", str(path)],
        ["replay", str(path), "--json"],
        ["import", str(path)],
        ["record", str(path)],
    ):
        code, out, err = cli(capsys, data_dir, *command)
        assert code == 2 and out == "", command
        assert "the record nests lists or objects more than 16 deep" in err, (command, err)


def test_a_closed_pipe_ends_a_command_quietly(data_dir):
    """`scorekeeper replay FILE --json | head -c 50` (and history): no BrokenPipeError, ever."""
    open_store(data_dir).close()
    cmd = [sys.executable, "-m", "scorekeeper.cli", "--data-dir", str(data_dir)]
    case = str(CASES / "hr-4i-block-4-4-4-14.json")
    subprocess.run([*cmd, "import", case], check=True, capture_output=True, timeout=60, cwd=ROOT)
    for args in (["replay", case, "--json"], ["replay", case], ["export", "--all"]):
        for _ in range(4):  # the audit saw it one run in three: the pipe closes at a random point
            shell = subprocess.run(
                " ".join([*cmd, *args]) + " | head -c 50 >/dev/null; echo ${PIPESTATUS[0]}",
                shell=True,
                executable="/bin/bash",
                capture_output=True,
                text=True,
                timeout=60,
                cwd=ROOT,
            )
            assert shell.stderr == "", (args, shell.stderr)
            assert shell.stdout.strip() == "0"


# ------------------------------------------------------------------ 5. export --all names what it lacks
@pytest.mark.parametrize("after", ["crash", "clean-close"])
def test_export_all_names_a_truncated_match(data_dir, history, capsys, after):
    ids, exports = history
    victim = ids[1]
    path = data_dir / "matches" / f"{victim}.json"
    damaged_bytes = path.read_bytes()[:100]
    path.write_bytes(damaged_bytes)
    if after == "crash":
        crash(data_dir)
    code, out, err = cli(capsys, data_dir, "export", "--all")
    assert code == 1
    assert json.loads(out) == [exports[ids[0]], exports[ids[2]]]  # the rest is written
    lines = err.splitlines()
    assert lines[-2].startswith(f"error: match {victim} is not in this export: Match {victim} (Ann v Bo")
    assert "not valid JSON" in lines[-2]
    assert lines[-1] == "error: 1 match(es) could not be exported; the other 2 were written"
    assert_kept_aside(data_dir, victim, damaged_bytes)
    code, out, err = cli(capsys, data_dir, "export", "--all")  # and the next backup says so again
    assert code == 1 and len(json.loads(out)) == 2 and victim in err


# ------------------------------------------------------------------ 7. "not recorded" only when it is not
def test_folder_fsync_failing_after_the_rename_still_records(data_dir, monkeypatch, caplog):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    failures = []

    def failing_fsync(folder):
        failures.append(folder)
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic_module, "fsync_dir", failing_fsync)
    result = store.record(match_id, Play(0, (1, 4)))  # the file holds it: recorded
    assert result.seq == 2 and result.match.points == [1, 0]
    assert len(failures) == 2  # the fsync after the rename, and its retry
    assert "could not be flushed" in caplog.text
    monkeypatch.undo()
    store.close()
    store = open_store(data_dir)
    assert [e["seq"] for e in store.events(match_id)] == [0, 1, 2] and store.open_match(match_id).points == [1, 0]


def test_failed_replace_says_not_recorded_and_records_nothing(data_dir, monkeypatch):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(match_id, StartRound(0))
    path = store.layout.match_file(match_id)
    before = path.read_bytes()

    def failing_replace(src, dst):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(atomic_module.os, "replace", failing_replace)
    with pytest.raises(StoreError) as caught:
        store.record(match_id, Play(0, (1, 4)))
    assert caught.value.code == "save_failed" and "not recorded" in caught.value.message
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert store.record(match_id, Play(0, (1, 4))).seq == 2  # the fold was not ahead of the file


# ------------------------------------------------------------------ 8. strict ids
@pytest.mark.parametrize(
    "text",
    [
        "20250612-153012-a1b2c3\n",
        "２0250612-153012-a1b2c3",
        "20250612-153012-A1B2C3",
        " 20250612-153012-a1b2c3",
        "2025061२-153012-a1b2c3",
        "20250612-153012-a1b2c3x",
    ],
)
def test_loose_ids_are_not_match_ids(text):
    assert not is_match_id(text)


def test_import_with_a_loose_id_gets_a_fresh_one_that_exports(data_dir, capsys):
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    store = open_store(data_dir)
    [first] = store.import_documents([{**doc, "meta": {"id": "20250612-153012-a1b2c3\n"}}])
    [second] = store.import_documents([{**doc, "players": ["Cy", "Di"], "meta": {"id": "٢٠٢٥٠٦١٢-153012-a1b2c3"}}])
    assert is_match_id(first) and is_match_id(second) and first != second
    assert sorted(p.name for p in store.layout.matches.iterdir()) == sorted([f"{first}.json", f"{second}.json"])
    store.close()
    code, out, err = cli(capsys, data_dir, "export", "--all")
    assert code == 0 and sorted(d["meta"]["id"] for d in json.loads(out)) == sorted([first, second])
    code, out, err = cli(capsys, data_dir, "export", first + "\n")
    assert code == 2 and "no match" in err


def test_match_file_with_a_loose_name_is_ignored(data_dir, history):
    ids, _ = history
    source = data_dir / "matches" / f"{ids[0]}.json"
    (data_dir / "matches" / f"{ids[0]}\n.json").write_bytes(source.read_bytes())
    crash(data_dir)
    store = open_store(data_dir)
    assert sorted(s.id for s in store.list_matches()) == sorted(ids) and store.problems == []


def _entry_ok_plainly(e) -> bool:
    """The index entry's rules read plainly (summary._entry_ok is the same, written for speed)."""
    from scorekeeper.rules.house import OPTION_BY_NAME
    from scorekeeper.rules.variants import GAMES
    from scorekeeper.store.events import SOURCES, is_time_text

    keys = {
        "id",
        "variant",
        "players",
        "partnerships",
        "started",
        "ended",
        "status",
        "scores",
        "winners",
        "rounds",
        "events",
    }
    if not (keys <= e.keys() <= keys | {"file_size", "source", "problem", "house_rules"} and is_match_id(e["id"])):
        return False
    rules = e.get("house_rules", {"continuation": "stop"})
    if not (
        isinstance(rules, dict)
        and rules
        and all(name in OPTION_BY_NAME and type(v) in (str, int) for name, v in rules.items())
    ):
        return False
    status, variant, players, partnerships = e["status"], e["variant"], e["players"], e["partnerships"]
    damaged = status == "damaged"
    if (
        status not in ("in-progress", "finished", "abandoned", "damaged")
        or type(partnerships) is not bool
        or type(variant) is not str
        or not (variant in GAMES or (damaged and variant == ""))
    ):
        return False
    if not (
        type(players) is list
        and all(type(p) is str for p in players)
        and (2 <= len(players) <= 4 or (damaged and not players))
        and (not partnerships or len(players) == 4)
    ):
        return False
    sides = 2 if partnerships else len(players)
    scores, winners = e["scores"], e["winners"]
    if not (
        type(scores) is list
        and all(type(x) is int for x in scores)
        and (len(scores) == sides or (damaged and not scores))
    ):
        return False
    if not (
        type(winners) is list
        and all(type(w) is int and 0 <= w < sides for w in winners)
        and len(set(winners)) == len(winners)
    ):
        return False
    ends = status in ("finished", "abandoned")  # an abandoned match ended when it was given up, with no winner
    if not damaged and (bool(winners) != (status == "finished") or (e["ended"] is None) == ends):
        return False
    if not (
        type(e["rounds"]) is int and type(e["events"]) is int and e["rounds"] >= 0 and (e["events"] >= 1 or damaged)
    ):
        return False
    if not (is_time_text(e["started"]) and (e["ended"] is None or is_time_text(e["ended"]))):
        return False
    size, problem = e.get("file_size"), e.get("problem")
    return (
        (size is None or (type(size) is int and size >= 0))
        and e.get("source", "app") in SOURCES
        and (problem is None or type(problem) is str)
        and (problem is not None or not damaged)
    )


def test_the_fast_index_entry_check_agrees_with_a_plain_reading(history, data_dir):
    import random

    from scorekeeper.store.summary import _entry_ok

    entries = [e for shard in (data_dir / "index").glob("*.json") for e in tables(shard)["matches"].values()]
    entries.append(
        {
            **entries[0],
            "status": "damaged",
            "variant": "",
            "players": [],
            "scores": [],
            "winners": [],
            "rounds": 0,
            "events": 0,
            "problem": "cut off",
            "file_size": None,
        }
    )
    entries.append({**entries[0], "status": "abandoned", "winners": [], "ended": "2025-06-12T15:30:12.123Z"})
    values = [
        None,
        True,
        False,
        0,
        -1,
        1,
        2,
        3,
        4,
        7,
        2**40,
        1.5,
        "",
        "x",
        [],
        {},
        [0],
        [1],
        [99],
        [0, 0],
        [0, 1],
        [True],
        ["a", "b"],
        ["a", "b", "c", "d"],
        [1, 2, 3],
        [[]],
        "damaged",
        "finished",
        "in-progress",
        "abandoned",
        "horse-race",
        "exact-61",
        "2025-06-12T15:30:12.123Z",
        "2025-13-45T99:99:99.000Z",
        "0001-01-01T00:00:00.000Z",
        "2025-06-12 15:30:12.123Z",
        "٢٠٢٥-06-12T15:30:12.123Z",
        "20250612-153012-a1b2c3",
        "20250612-153012-a1b2c3\n",
        "app",
        "import",
        "all-fives",
        {"reserve": 2},
        {"spinners": "first", "target": 31},
        {"reserve": True},
        {"colour": "red"},
    ]
    rng = random.Random(10)
    for entry in entries:
        assert _entry_ok(entry) == _entry_ok_plainly(entry) is True
    for _ in range(20_000):
        e = dict(rng.choice(entries))
        for _ in range(rng.randint(1, 3)):
            key = rng.choice([*e, "colour", "problem", "source", "file_size", "house_rules"])
            if rng.random() < 0.15:
                e.pop(key, None)
            else:
                e[key] = rng.choice(values)
        assert _entry_ok(e) == _entry_ok_plainly(e), repr(e)[:2000]


# ------------------------------------------------------------------ 6. a stray file where a folder goes
OBSTACLE_COMMANDS = [  # (arguments, what stdout must hold; {0} {1} {2}: the recorded ids)
    (("history",), "{0}"),
    (("history", "--json"), '"id": "{1}"'),
    (("stats",), "Ann"),
    (("export", "{1}"), '"format": "scorekeeper-match/1"'),
    (("export", "--all"), '"id": "{2}"'),
    (("log", "{0}"), "create"),
    (("import", str(CASES / "e61-2p-seed-layout.json")), "-"),
    (("record", str(CASES / "hr-2p-seed-layout.json")), "-"),
    (("undo", "{2}"), "takes back"),
    (("rename", "{2}", "--player", "Ann", "--name", "Zoe"), "Zoe"),
    (("abandon", "{0}"), "abandoned"),
    (
        ("correct", "{2}", "--round", "1", "--move", "10", "--set", '{"player": 1, "play": "1-3", "at": "3-4:low"}'),
        "Bo 19 → 18",
    ),
]


@pytest.mark.parametrize("obstacle", ["damaged", "index"])
@pytest.mark.parametrize("command", OBSTACLE_COMMANDS, ids=lambda c: " ".join(c[0][:2]).replace(str(CASES), ""))
def test_a_file_where_a_folder_goes_stops_no_command(data_dir, history, capsys, obstacle, command):
    """Issue 21: a regular file named ``damaged`` or ``index`` in the data folder made every command exit
    2, so the intact matches could not be read either. Now the folder's stand-in (``damaged.2/``,
    ``index.2/``) serves, every command does its work, and a warning says what is in the way."""
    ids, _ = history
    blocked = data_dir / obstacle
    shutil.rmtree(blocked)
    blocked.write_text("not Scorekeeper's\n")
    args, wanted = command
    fill = lambda text: text.replace("{0}", ids[0]).replace("{1}", ids[1]).replace("{2}", ids[2])  # noqa: E731
    code, out, err = cli(capsys, data_dir, *map(fill, args))
    assert code == 0, err
    assert fill(wanted) in out
    assert f"warning: {obstacle} in the data folder {data_dir} is a file, not a folder: " in err
    assert f"in {obstacle}.2/ instead; move that file away" in err
    assert blocked.read_text() == "not Scorekeeper's\n"  # left as it is
    assert (data_dir / f"{obstacle}.2").is_dir()


def test_with_damaged_blocked_a_damaged_match_is_set_aside_in_the_stand_in(data_dir, history, capsys):
    ids, exports = history
    (data_dir / "damaged").rmdir()
    (data_dir / "damaged").write_text("x")
    victim = ids[1]
    damaged_bytes = edit_event(data_dir, victim, 0, "variant", "chess")
    crash(data_dir)
    code, out, err = cli(capsys, data_dir, "history")
    assert code == 0 and "DAMAGED" in out
    kept = list((data_dir / "damaged.2").glob(f"{victim}.*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged_bytes
    assert f"Its file was moved to damaged.2/{kept[0].name} and kept" in err
    store = open_store(data_dir)
    assert_others_intact(store, exports, victim)


def test_with_index_blocked_the_stand_in_is_the_index_from_then_on(data_dir, history, capsys):
    """The index rebuilt in index.2/ is kept and trusted after a clean close, as index/ would be."""
    ids, exports = history
    shutil.rmtree(data_dir / "index")
    (data_dir / "index").write_text("x")
    store = open_store(data_dir)
    assert len(store.problems) == 1 and sorted(s.id for s in store.list_matches()) == sorted(ids)
    store.close()
    assert (data_dir / "index.2" / "closed-cleanly").exists() and len(list((data_dir / "index.2").glob("*.json")))
    reads = []
    real = repair.Repair.summary_from_file
    repair.Repair.summary_from_file = lambda self, *a: reads.append(a[1]) or real(self, *a)
    try:
        store = open_store(data_dir)
    finally:
        repair.Repair.summary_from_file = real
    assert reads == [] and store.problems == [store.problems[0]]  # trusted: no match file read again
    assert_others_intact(store, exports, None)


def test_a_file_where_the_matches_folder_goes_is_named_and_nothing_is_changed(tmp_path, capsys):
    """``matches/`` is the truth, so no stand-in may hide it: a regular file there stops the command
    with one line that names the file and what to do (it said only "Not a directory" before)."""
    (tmp_path / "matches").write_text("not Scorekeeper's\n")
    with pytest.raises(StoreError) as refused:
        open_store(tmp_path)
    assert refused.value.code == "matches_blocked" and refused.value.params == {"folder": str(tmp_path)}
    code, out, err = cli(capsys, tmp_path, "history")
    assert code == 2 and out == ""
    assert err.strip() == (
        f"error: a file named 'matches' stands in the data folder {tmp_path} where the folder of every match"
        " must be: rename or move that file (e.g. to matches.old), then start again; nothing was changed"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["matches"]  # nothing created beside it
    assert (tmp_path / "matches").read_text() == "not Scorekeeper's\n"
