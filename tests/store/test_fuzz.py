"""Random damage to match files and index shards, then every command: nothing lost, no traceback.

Seeded and bounded in time: iteration ``i`` of seed ``S`` always makes the same
damage (``random.Random(f"{S}-{i}")``), and the test runs iterations until
``SCOREKEEPER_FUZZ_SECONDS`` (default 20) have passed, so a slower machine
runs fewer of the same ones. A failure names the seed, the iteration and the
damage done; reproduce it with ``SCOREKEEPER_FUZZ_SEED=S`` and enough time.

Each iteration copies a folder of seven matches (one with an undo, one with
a fix several moves back, undone and redone), damages one to three files
(bytes flipped, cut, inserted, deleted or overwritten at the same size; JSON
values replaced by other types, times out of range, huge or deeply nested
values, keys removed or added, events swapped, duplicated or dropped — with
the file's checksum made valid again, as a faulty writer would, or left out,
as a hand edit would), maybe drops the clean-close mark, and runs
``history``, ``export --all``, ``stats``, ``record`` and opens the app's
store. Then:

- no command prints a traceback or an "unexpected" error, and each exits as
  documented (0, or 1 for an export that lacks a match);
- every match is either exported or named on stderr as not exported; every
  match whose file was not touched is exported exactly as before;
- a match file whose bytes were damaged (not a readable JSON file any more)
  is named, and kept in ``damaged/`` byte for byte;
- the history lists every match (damaged ones as damaged), and the app's
  store opens and shows every unfinished match, or says it is damaged.
"""

from __future__ import annotations

import json
import logging
import os
import random
import shutil
import time

import orjson
import pytest

from scorekeeper.cli import main
from scorekeeper.rules import Play
from scorekeeper.rules.fix import ReplaceMove
from scorekeeper.store import StoreError, open_store
from scorekeeper.store.atomic import seal
from tests.conftest import CASES
from tests.store.conftest import record_case, without_meta

SEED = int(os.environ.get("SCOREKEEPER_FUZZ_SEED", "20251210"))
SECONDS = float(os.environ.get("SCOREKEEPER_FUZZ_SECONDS", "20"))
NAMES = (
    "hr-3p-openings",
    "e61-2p-exact-finish",
    "hr-2p-seed-layout",
    "hr-4i-block-4-4-4-14",
    "e61-pairs-block-draw",
    "e61-3p-block-tie",
)
DEEP = b"[" * 1000 + b"]" * 1000
VALUES = [
    None,
    True,
    False,
    0,
    -1,
    7,
    2**63 - 1,
    -(2**63),
    1.5,
    "",
    "x",
    "x" * 100_000,
    [],
    {},
    [[[[[[[[]]]]]]]],
    {"a": {"b": {"c": {"d": {}}}}},
    "0001-01-01T00:00:00+14:00",
    "2025-13-45T99:99:99Z",
    "9999-12-31T23:59:59.999Z",
    "x2025-06-12T15:30:12.123Z",
    "2025-06-12T15:30:12.123Z",
    "20250612-153012-a1b2c3",
    "20250612-153012-a1b2c3\n",
    "٢٠٢٥",
    "horse-race",
    "exact-61",
    "1-4",
    "6-6:line-b",
    [1, 2, 3],
    ["Ann", "Bo"],
    {"player": 0, "pass": True},
    "__DEEP__",
]


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """Seven matches (in progress and finished, with draws, passes, reveals, an undo, a fix), closed cleanly."""
    folder = tmp_path_factory.mktemp("fuzz") / "data"
    store = open_store(folder)
    ids = [record_case(store, name) for name in NAMES]
    action = store.actions(ids[0])[-1][1]
    store.undo(ids[0])
    store.record(ids[0], action)
    # a fix several moves back (a correct event), undone and redone: Bo's 1-3 was entered at the wrong spot
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    doc["rounds"][0]["moves"][9]["at"] = "3-4:low"
    fixed = store.import_documents([doc])[0]
    store.fix(fixed, ReplaceMove(1, 10, Play(1, (1, 3), ((1, 1), "branch-b"))))
    store.undo(fixed)
    store.redo(fixed)
    ids.append(fixed)
    exports = {i: store.export_document(i) for i in ids}
    store.close()
    files = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.json")}
    return folder, ids, exports, files


# ------------------------------------------------------------------ damage
def _raw(rng: random.Random, raw: bytes) -> tuple[str, bytes]:
    n = len(raw)
    at = rng.randrange(n)
    kind = rng.choice(["flip", "overwrite", "cut", "insert", "delete", "digit", "empty", "double"])
    if kind == "flip":
        return kind, raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1 :]
    if kind == "overwrite":
        size = rng.randint(1, 16)
        return kind, raw[:at] + rng.randbytes(size)[: n - at] + raw[at + size :]
    if kind == "cut":
        return kind, raw[:at]
    if kind == "insert":
        return kind, raw[:at] + rng.choice([rng.randbytes(rng.randint(1, 8)), b",", b"{}", b'"x"', b"\n"]) + raw[at:]
    if kind == "delete":
        return kind, raw[:at] + raw[at + rng.randint(1, 16) :]
    if kind == "digit":  # same size, JSON still valid: only the checksum can tell
        digits = [i for i, b in enumerate(raw) if 48 <= b <= 57] or [at]
        at = rng.choice(digits)
        new = bytes([48 + (raw[at] - 48 + rng.randint(1, 9)) % 10]) if 48 <= raw[at] <= 57 else b"0"
        return kind, raw[:at] + new + raw[at + 1 :]
    if kind == "empty":
        return kind, b""
    return kind, raw + raw


def _value(rng: random.Random, raw: bytes, table: str) -> tuple[str, bytes, bool]:
    """A JSON-level change to one document of the file; returns (what, new bytes, sealed)."""
    data = orjson.loads(raw)
    data.pop("crc32", None)
    docs = data[table]
    if not docs:
        return "nothing", raw, True
    keys = sorted(docs, key=int)
    doc_id = rng.choice(keys)
    doc = docs[doc_id]
    kind = rng.choice(["set", "set", "set", "nested", "delete", "add", "swap", "duplicate", "drop"])
    if kind in ("set", "nested", "delete"):
        key = rng.choice(sorted(doc))
        target = doc
        if kind == "nested":  # a value one level down (a move's tile, a hands' seat, a replacement's field)
            inner = [k for k in doc if isinstance(doc[k], dict) and doc[k]]
            if inner:
                target = doc[rng.choice(sorted(inner))]
                key = rng.choice(sorted(target))
        if kind == "delete":
            del target[key]
        else:
            target[key] = rng.choice(VALUES)
        what = f"{kind} {doc_id}.{key}"
    elif kind == "add":
        doc[rng.choice(["extra", "crc32", "seq", "kind"])] = rng.choice(VALUES)
        what = f"add to {doc_id}"
    elif kind == "swap" and len(keys) > 1:
        other = rng.choice(keys)
        docs[doc_id], docs[other] = docs[other], docs[doc_id]
        what = f"swap {doc_id} {other}"
    elif kind == "duplicate":
        docs[str(int(keys[-1]) + 1)] = dict(doc)
        what = f"duplicate {doc_id}"
    else:
        del docs[doc_id]
        what = f"drop {doc_id}"
    try:
        body = orjson.dumps(data).replace(b'"__DEEP__"', DEEP)
    except TypeError:  # e.g. a value too deep for orjson: leave the file as it was
        return "nothing", raw, True
    sealed = rng.random() < 0.5
    return what, seal(body) if sealed else body, sealed


def damage(rng: random.Random, folder, files: dict[str, bytes]) -> tuple[list[str], dict[str, bytes]]:
    """Damage 1-3 files; returns (what was done, {match id: its damaged bytes if no longer readable JSON})."""
    done, unreadable = [], {}
    names = sorted(files)
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(names)
        path = folder / name
        if not path.exists():
            continue
        raw = path.read_bytes()
        if not raw:  # emptied by an earlier change: nothing left to damage
            continue
        table = "events" if name.startswith("matches") else "matches"
        if rng.random() < 0.5:
            kind, new = _raw(rng, raw)
            sealed = None
        else:
            try:
                kind, new, sealed = _value(rng, raw, table)
            except (ValueError, KeyError, TypeError):  # already damaged beyond JSON by an earlier change
                kind, new = _raw(rng, raw)
                sealed = None
        path.write_bytes(new)
        done.append(f"{name}: {kind}" + ("" if sealed is None else " (sealed)" if sealed else " (no checksum)"))
        if name.startswith("matches/"):
            match_id = name[len("matches/") : -len(".json")]
            unreadable.pop(match_id, None)
            if sealed is None and new != files[name] and not _readable_json(new):
                unreadable[match_id] = new  # bytes damaged: the store must refuse it
    if rng.random() < 0.5:
        (folder / "index" / "closed-cleanly").unlink(missing_ok=True)
        done.append("no clean-close mark")
    return done, unreadable


def _readable_json(raw: bytes) -> bool:
    """True if ``raw`` could still be a store file by the looks of it: valid JSON without a checksum
    (as a hand repair leaves it); anything else changed can only be damage."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "crc32" not in data


# ------------------------------------------------------------------ the test
def test_random_damage_loses_nothing_and_never_ends_in_a_traceback(pristine, tmp_path, capsys, caplog):
    source, ids, exports, files = pristine
    caplog.set_level(logging.ERROR, logger="scorekeeper")
    deadline = time.monotonic() + SECONDS
    iteration = 0
    named_total = 0
    while time.monotonic() < deadline:
        rng = random.Random(f"{SEED}-{iteration}")
        folder = tmp_path / f"run-{iteration}"
        shutil.copytree(source, folder)
        done, unreadable = damage(rng, folder, files)
        where = f"seed {SEED}, iteration {iteration}: {done}"
        named_total += check(folder, ids, exports, files, unreadable, capsys, where)
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], (where, caplog.text)
        shutil.rmtree(folder)
        iteration += 1
    assert iteration >= 10, f"only {iteration} iterations in {SECONDS} s"
    assert named_total > iteration // 4  # the damage did reach the matches (the test can fail)
    print(f"fuzz: {iteration} iterations in {SECONDS:.0f} s (seed {SEED}); {named_total} damaged matches named")


def run(capsys, folder, where, *args):
    code = main(["--data-dir", str(folder), *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "error: unexpected" not in err, (where, args, err)
    return code, out, err


def check(folder, ids, exports, files, unreadable, capsys, where) -> int:
    code, out, err = run(capsys, folder, where, "history", "--json")
    assert code == 0, (where, err)
    listed = {s["id"]: s["status"] for s in json.loads(out)}
    assert set(ids) <= set(listed), (where, sorted(set(ids) - set(listed)))
    assert all(status == "damaged" for i, status in listed.items() if i not in ids), (where, listed)

    code, out, err = run(capsys, folder, where, "export", "--all")
    exported = {d["meta"]["id"]: d for d in json.loads(out)}
    named = {line.split()[2] for line in err.splitlines() if line.startswith("error: match ")}
    assert code == (1 if named else 0), (where, code, err)
    for match_id in ids:
        assert (match_id in exported) != (match_id in named), (where, match_id, err)  # exported, or named
        untouched = (folder / "matches" / f"{match_id}.json").exists() and (
            folder / "matches" / f"{match_id}.json"
        ).read_bytes() == files[f"matches/{match_id}.json"]
        if untouched:
            assert match_id in exported, (where, match_id, err)
            assert without_meta(exported[match_id]) == without_meta(exports[match_id]), (where, match_id)
    for match_id, damaged_bytes in unreadable.items():
        assert match_id in named, (where, match_id, err)
        kept = [p.read_bytes() for p in (folder / "damaged").glob(f"{match_id}.*.json")]
        assert damaged_bytes in kept, (where, match_id)

    code, out, err = run(capsys, folder, where, "stats", "--json")
    assert code == 0 and isinstance(json.loads(out), list), (where, err)
    code, out, err = run(capsys, folder, where, "record", str(CASES / "hr-2p-seed-layout.json"))
    assert code == 0, (where, err)
    new_id = out.strip()

    from scorekeeper.app.store_access import match_to_resume, open_app_store, snapshot

    store = open_app_store(folder)
    try:
        assert store.problems == [], (where, store.problems)  # everything was found and set aside once
        unfinished = store.unfinished_matches()
        assert new_id in [s.id for s in unfinished], where
        for s in unfinished:
            try:
                snapshot(store, s.id)
            except StoreError as err:
                assert err.code == "match_damaged", (where, err.message)
        match_to_resume(folder, store.unfinished_matches(), None)
    finally:
        store.close()
    return len(named)
