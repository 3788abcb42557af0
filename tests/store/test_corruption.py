"""Acceptance: a damaged match file or index costs at most that match, is kept, and is explained.

Each file is damaged three ways (truncated, overwritten with garbage,
emptied); the app API and the CLI must keep working, the other matches stay
intact, the damaged file is kept in ``damaged/`` byte for byte, and the
message says what happened and where the file went.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import Play, StartRound
from scorekeeper.store import MatchDamaged, open_store
from tests.store.conftest import record_case

DAMAGES = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "garbage": lambda raw: b"\x00\xffgarbage" + os.urandom(64),
    "emptied": lambda raw: b"",
}
REASONS = {"truncated": "not valid JSON", "garbage": "not text", "emptied": "empty"}


@pytest.fixture
def history(data_dir):
    """Three matches; returns (ids, their exports)."""
    store = open_store(data_dir)
    ids = [record_case(store, name) for name in ("hr-3p-openings", "e61-2p-exact-finish", "hr-2p-seed-layout")]
    exports = {i: store.export_document(i) for i in ids}
    store.close()
    return ids, exports


def _cli(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("after", ["crash", "clean-close"])
@pytest.mark.parametrize("damage", DAMAGES)
def test_damaged_match_file(data_dir, history, damage, after, capsys):
    ids, exports = history
    victim, others = ids[1], [ids[0], ids[2]]  # victim: a finished match
    path = data_dir / "matches" / f"{victim}.json"
    damaged_bytes = DAMAGES[damage](path.read_bytes())
    path.write_bytes(damaged_bytes)
    if after == "crash":  # no clean-close mark: every file's size is checked at open
        (data_dir / "index" / "closed-cleanly").unlink()

    store = open_store(data_dir)  # opens without error
    if after == "crash":  # the damage is found at open (the size changed)
        [problem] = store.problems
    else:  # after a clean close a finished match is trusted until it is opened
        assert store.problems == []
        with pytest.raises(MatchDamaged) as caught:
            store.open_match(victim)
        [problem] = store.problems
        assert caught.value.message == problem
    assert victim in problem and "could not be read" in problem and REASONS[damage] in problem
    assert "damaged/" in problem and "other matches are not affected" in problem
    kept = list((data_dir / "damaged").glob(f"{victim}.*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged_bytes  # kept aside, never deleted
    assert str(kept[0].relative_to(data_dir)) in problem
    assert not path.exists()

    summary = store.summary(victim)
    assert summary.status == "damaged" and summary.problem == problem
    assert summary.players == ("Ann", "Bo")  # the history still says which match it was
    assert {s.id: s.status for s in store.list_matches()}[victim] == "damaged"
    assert victim not in [s.id for s in store.list_matches(finished=True)]
    with pytest.raises(MatchDamaged) as caught:
        store.open_match(victim)
    assert caught.value.message == problem
    for other in others:
        assert store.export_document(other) == exports[other]
    # recording goes on in the other matches and in new ones
    fresh = store.create_match("horse-race", ["Ann", "Bo"], False)
    store.record(fresh, StartRound(0))
    assert store.record(fresh, Play(0, (1, 4))).match.points == [1, 0]
    # the damaged match (Ann and Bo's finished one) drops out of the statistics; the rest are in progress
    assert {p.name: (p.matches, p.unfinished) for p in store.stats()} == {
        "Ann": (0, 2),
        "Bo": (0, 2),
        "Оксана": (0, 1),
        "Тарас": (0, 1),
        "Ірина": (0, 1),
    }
    store.close()

    # the CLI keeps working too, and says what is damaged
    code, out, err = _cli(capsys, data_dir, "history")
    assert code == 0
    assert f"{victim}" in out and "DAMAGED" in out and REASONS[damage] in out
    code, out, err = _cli(capsys, data_dir, "export", victim)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "could not be read" in err and "Traceback" not in err
    code, out, err = _cli(capsys, data_dir, "export", others[0])
    assert code == 0 and json.loads(out) == exports[others[0]]
    code, out, _ = _cli(capsys, data_dir, "stats", "--json")
    assert code == 0 and {p["name"] for p in json.loads(out)} == {"Оксана", "Тарас", "Ірина", "Ann", "Bo"}


def test_garbage_of_the_same_size_is_found_when_opened(data_dir, history):
    ids, exports = history
    victim = ids[0]
    path = data_dir / "matches" / f"{victim}.json"
    raw = path.read_bytes()
    path.write_bytes(b"x" * len(raw))  # same size: the index cannot tell at start
    store = open_store(data_dir)
    assert store.problems == []
    with pytest.raises(MatchDamaged) as caught:
        store.record(victim, StartRound(0))
    assert "not valid JSON" in caught.value.message
    assert store.summary(victim).status == "damaged"
    assert len(list((data_dir / "damaged").glob(f"{victim}.*.json"))) == 1
    assert store.export_document(ids[1]) == exports[ids[1]]


def test_log_the_engine_refuses_is_set_aside(data_dir, history):
    ids, _ = history
    victim = ids[2]
    path = data_dir / "matches" / f"{victim}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    event = next(e for e in data["events"].values() if e["kind"] == "move" and "play" in e["move"])
    event["move"]["play"] = "5-7"  # not a tile
    del data["crc32"]  # as after a rules change: a file whose checksum holds, or one edited by hand without it
    path.write_text(json.dumps(data), encoding="utf-8")
    store = open_store(data_dir)
    [problem] = store.problems
    assert f"event {event['seq']} is malformed" in problem and "5-7" in problem
    assert store.summary(victim).status == "damaged"


@pytest.mark.parametrize("damage", DAMAGES)
def test_damaged_index_is_rebuilt(data_dir, history, damage, capsys):
    ids, exports = history
    store = open_store(data_dir)
    before = [(s.id, s.status, s.scores, s.winners, s.rounds, s.started, s.ended) for s in store.list_matches()]
    store.close()
    shards = sorted((data_dir / "index").glob("*.json"))
    assert shards
    victim = shards[0]
    damaged_bytes = DAMAGES[damage](victim.read_bytes())
    victim.write_bytes(damaged_bytes)

    store = open_store(data_dir)
    [problem] = store.problems
    assert f"index/{victim.name}" in problem and REASONS[damage] in problem
    assert "rebuilt from the match files" in problem and "no match was lost" in problem
    kept = list((data_dir / "damaged").glob(f"index-{victim.stem}.*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged_bytes
    after = [(s.id, s.status, s.scores, s.winners, s.rounds, s.started, s.ended) for s in store.list_matches()]
    assert after == before
    for match_id in ids:
        assert store.export_document(match_id) == exports[match_id]
    store.close()
    assert open_store(data_dir).problems == []  # repaired for good
    open_store(data_dir).close()

    victim.write_bytes(DAMAGES[damage](victim.read_bytes()))
    code, out, err = _cli(capsys, data_dir, "history", "--json")
    assert code == 0 and "warning:" in err and "rebuilt" in err
    assert sorted(s["id"] for s in json.loads(out)) == sorted(ids)


def test_lost_index_folder_is_rebuilt(data_dir, history):
    ids, exports = history
    shutil.rmtree(data_dir / "index")
    store = open_store(data_dir)
    assert sorted(s.id for s in store.list_matches()) == sorted(ids)
    assert [s.status for s in store.list_matches()] == ["in-progress", "finished", "in-progress"]
    for match_id in ids:
        assert store.export_document(match_id) == exports[match_id]


def test_missing_match_file_is_listed_as_damaged(data_dir, history):
    ids, _ = history
    (data_dir / "matches" / f"{ids[0]}.json").unlink()
    store = open_store(data_dir)
    [problem] = store.problems
    assert "missing" in problem and ids[0] in problem
    assert store.summary(ids[0]).status == "damaged"
    assert len(store.list_matches(finished=True)) == 1


def test_file_moved_back_is_read_again(data_dir, history):
    ids, exports = history
    path = data_dir / "matches" / f"{ids[1]}.json"
    good = path.read_bytes()
    path.write_bytes(b"")
    open_store(data_dir).close()  # set aside, marked damaged
    path.write_bytes(good)  # the user restores the file (e.g. from a backup)
    store = open_store(data_dir)
    assert store.summary(ids[1]).status == "finished"
    assert store.export_document(ids[1]) == exports[ids[1]]


def test_index_and_match_lost_together(data_dir, history):
    ids, _ = history
    (data_dir / "matches" / f"{ids[0]}.json").write_bytes(b"{")
    for shard in (data_dir / "index").glob("*.json"):
        shard.write_bytes(b"")
    store = open_store(data_dir)
    statuses = {s.id: s.status for s in store.list_matches()}
    assert statuses == {ids[0]: "damaged", ids[1]: "finished", ids[2]: "in-progress"}
    store.close()
    store = open_store(data_dir)  # the damaged entry survives yet another index loss
    for shard in (data_dir / "index").glob("*.json"):
        shard.unlink()
    store.close()
    store = open_store(data_dir)
    assert {s.id: s.status for s in store.list_matches()}[ids[0]] == "damaged"


def test_deleted_shard_after_a_clean_close_is_rebuilt(data_dir, history):
    ids, _ = history
    shard = data_dir / "index" / f"{ids[1][-2:]}.json"
    shard.unlink()
    store = open_store(data_dir)
    assert sorted(s.id for s in store.list_matches()) == sorted(ids)
    assert store.summary(ids[1]).status == "finished" and store.summary(ids[1]).scores == (61, 11)
