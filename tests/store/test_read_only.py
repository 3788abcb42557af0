"""A data folder on a read-only disk (a tmpfs remounted read-only) can still be read by every command.

Needs root (to mount) on Linux: skipped elsewhere, with the reason. Only
writing is refused, with a message that names the real cause; nothing is
moved, swept or rewritten.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import StartRound
from scorekeeper.store import ReadOnlyStore, open_store
from scorekeeper.store import store as store_module
from tests.conftest import CASES
from tests.store.conftest import record_case

NAMES = ("hr-3p-openings", "e61-2p-exact-finish", "hr-2p-seed-layout")


def _can_mount() -> str | None:
    """Why a read-only tmpfs cannot be made here, or ``None`` if it can."""
    if not sys.platform.startswith("linux"):
        return "needs Linux (a tmpfs remounted read-only)"
    if os.geteuid() != 0:
        return "needs root to mount a tmpfs (CI runs as root)"
    if shutil.which("mount") is None:
        return "needs the mount command"
    return None


@pytest.fixture
def read_only_disk(tmp_path):
    """``(mount point, freeze)``: a tmpfs to fill, then ``freeze()`` remounts it read-only."""
    reason = _can_mount()
    if reason:
        pytest.skip(reason)
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(mount_point)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")

    def freeze():
        for store in list(store_module._REGISTRY.values()):
            store.close()
        subprocess.run(["mount", "-o", "remount,ro", str(mount_point)], check=True)

    try:
        yield mount_point, freeze
    finally:
        for store in list(store_module._REGISTRY.values()):
            store.close()
        subprocess.run(["umount", "-l", str(mount_point)], check=False)


@pytest.fixture
def frozen(read_only_disk):
    """Three matches on a disk that is then made read-only: ``(data folder, ids, exports, bytes of every file)``."""
    mount_point, freeze = read_only_disk
    data = mount_point / "data"
    store = open_store(data)
    ids = [record_case(store, name) for name in NAMES]
    exports = {i: store.export_document(i) for i in ids}
    store.close()
    freeze()
    return data, ids, exports, snapshot(data)


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def cli(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "error: unexpected" not in err, err
    return code, out, err


def test_every_reading_command_works_and_every_writing_one_says_why(frozen, capsys):
    data, ids, exports, files = frozen
    note = (
        f"note: the data folder {data} is on a read-only disk (Read-only file system): reading only, "
        "nothing is changed\n"
    )
    code, out, err = cli(capsys, data, "history", "--json")
    assert code == 0 and err == note and sorted(s["id"] for s in json.loads(out)) == sorted(ids)
    code, out, err = cli(capsys, data, "export", ids[1])
    assert code == 0 and err == note and json.loads(out) == exports[ids[1]]
    code, out, err = cli(capsys, data, "export", "--all")
    assert code == 0 and err == note and json.loads(out) == [exports[i] for i in ids]
    code, out, err = cli(capsys, data, "stats")
    assert code == 0 and err == note and out.startswith("Horse Race\nplayer  matches")  # a table per rule set

    refusal = (
        f"the data folder {data} is on a read-only disk (Read-only file system); copy the data folder "
        "to a writable disk, or make the disk writable, and try again\n"
    )
    code, out, err = cli(capsys, data, "record", str(CASES / "hr-2p-seed-layout.json"))
    assert code == 2 and out == "" and err == f"error: could not create the match: {refusal}"
    code, out, err = cli(capsys, data, "import", str(CASES / "hr-2p-seed-layout.json"))
    assert code == 2 and out == "" and err == f"error: could not import: {refusal}"
    assert snapshot(data) == files  # nothing touched


def test_the_app_store_opens_read_only_and_says_why(frozen):
    from scorekeeper.app.store_access import open_app_store
    from scorekeeper.app.store_access import snapshot as tab_copy

    data, ids, exports, files = frozen
    store = open_app_store(data)
    assert not store.writable
    reason = store.read_only
    assert (reason.code, reason.cause, reason.folder) == ("read_only_disk", "EROFS", data)
    assert store.problems == []
    assert [s.id for s in store.unfinished_matches()] == [ids[2], ids[0]]
    match, version = tab_copy(store, ids[0])
    assert version == len(store.events(ids[0])) and match.players == ["Оксана", "Тарас", "Ірина"]
    for attempt in (
        lambda: store.record(ids[0], StartRound(0)),
        lambda: store.undo(ids[0]),
        lambda: store.create_match("horse-race", ["Ann", "Bo"], False),
        lambda: store.import_documents([exports[ids[1]]]),
    ):
        with pytest.raises(ReadOnlyStore) as caught:
            attempt()
        assert caught.value.code == "read_only.read_only_disk"
        assert caught.value.params == {"folder": str(data), "reason": "Read-only file system", "cause": "EROFS"}
    store.close()
    assert snapshot(data) == files


def test_damage_on_a_read_only_disk_is_reported_and_left_in_place(read_only_disk, capsys):
    mount_point, freeze = read_only_disk
    data = mount_point / "data"
    store = open_store(data)
    ids = [record_case(store, name) for name in NAMES]
    store.close()
    victim = data / "matches" / f"{ids[1]}.json"
    victim.write_bytes(victim.read_bytes()[:-40])  # cut off
    (data / "index" / "closed-cleanly").unlink()  # and no clean close: every file is checked
    freeze()
    files = snapshot(data)
    code, out, err = cli(capsys, data, "export", "--all")
    assert code == 1 and [d["meta"]["id"] for d in json.loads(out)] == [ids[0], ids[2]]
    assert f"warning: Match {ids[1]} (Ann v Bo" in err and "not valid JSON" in err
    assert "Its file was left in place (the data folder is open for reading only)" in err
    assert f"error: match {ids[1]} is not in this export" in err
    code, out, err = cli(capsys, data, "history")
    assert code == 0 and "DAMAGED" in out
    assert snapshot(data) == files  # the damaged file stays where it was: moved aside by the next writable open


def test_a_folder_missing_its_subfolders_is_read(read_only_disk, capsys):
    """A copy of only matches/ (no index, no damaged/, no lock): read from the match files."""
    mount_point, freeze = read_only_disk
    source = mount_point / "source"
    store = open_store(source)
    ids = [record_case(store, name) for name in NAMES]
    store.close()
    data = mount_point / "data"
    shutil.copytree(source / "matches", data / "matches")
    freeze()
    code, out, err = cli(capsys, data, "history", "--json")
    assert code == 0 and sorted(s["id"] for s in json.loads(out)) == sorted(ids)
    assert err.startswith("note: the data folder") and "warning" not in err


def test_no_permission_is_named(data_dir, monkeypatch):
    """(Root ignores permissions, so this one is simulated: the lock file cannot be opened.)"""
    open_store(data_dir).close()
    real_open = os.open

    def refuse_lock(path, flags, *args):
        if str(path).endswith(".lock"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse_lock)
    store = open_store(data_dir)
    assert store.read_only.code == "no_permission" and store.read_only.cause == "EACCES"
    with pytest.raises(ReadOnlyStore) as caught:
        store.create_match("horse-race", ["Ann", "Bo"], False)
    assert caught.value.message == (
        f"could not create the match: this user may not write in the data folder {data_dir} (Permission denied); "
        "use a data folder of your own (--data-dir) or change the folder's permissions"
    )


def test_read_only_on_request_writes_nothing(data_dir):
    store = open_store(data_dir)
    match_id = record_case(store, "hr-2p-seed-layout")
    store.close()
    files = snapshot(data_dir)
    store = open_store(data_dir, read_only=True)
    assert store.read_only.code == "requested" and store.export_document(match_id)
    store.close()
    assert snapshot(data_dir) == files  # not even the clean-close mark was taken
