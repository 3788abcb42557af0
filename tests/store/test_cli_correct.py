"""``scorekeeper correct`` and ``scorekeeper log``: a fix made from the command line, through the
store's fix (the app's path), and the audit trail that shows it."""

from __future__ import annotations

import json

from scorekeeper.cli import main
from scorekeeper.store import open_store
from tests.conftest import CASES

RIGHT_10 = '{"player": 1, "play": "1-3", "at": "1-1:branch-b"}'


def run(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def recorded_with_a_wrong_spot(tmp_path, capsys, data_dir) -> str:
    """hr-2p-seed-layout entered with Bo's 1-3 (move 10) at 3-4:low: Bo 18 instead of 19, three moves
    (2-6, 0-3 and the hands) entered after it (worked by hand in tests/rules/test_fix.py)."""
    doc = json.loads((CASES / "hr-2p-seed-layout.json").read_text(encoding="utf-8"))
    doc["rounds"][0]["moves"][9]["at"] = "3-4:low"
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(doc), encoding="utf-8")
    code, out, err = run(capsys, "--data-dir", data_dir, "record", wrong)
    assert code == 0, err
    return out.strip()


def test_correct_then_export_replays_as_the_right_record(tmp_path, capsys, data_dir):
    match_id = recorded_with_a_wrong_spot(tmp_path, capsys, data_dir)
    code, out, err = run(
        capsys, "--data-dir", data_dir, "correct", match_id, "--round", 1, "--move", 10, "--set", RIGHT_10
    )
    assert (code, err) == (0, "")
    assert out.splitlines() == ["Bo 18 → 19", "2 later moves re-checked"]  # Ann's 3 stays: not printed
    code, out, _ = run(capsys, "--data-dir", data_dir, "export", match_id)
    exported = tmp_path / "exported.json"
    exported.write_text(out, encoding="utf-8")
    assert (
        run(capsys, "replay", "--json", exported)[1]
        == run(capsys, "replay", "--json", CASES / "hr-2p-seed-layout.json")[1]
    )
    # the audit trail: the original entry, the correction with what it replaced
    code, out, _ = run(capsys, "--data-dir", data_dir, "log", match_id)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 16  # create, start, 12 moves, reveal, correct
    assert lines[11].split()[0] == "11" and lines[11].endswith("move         round 1, move 10: Bo plays 1-3 at 3-4:low")
    assert lines[-1].split()[2] == "correct" and lines[-1].endswith(
        "round 1, move 10: Bo plays 1-3 at 3-4:low (event 11) → Bo plays 1-3 at 1-1:branch-b"
    )
    code, out, _ = run(capsys, "--data-dir", data_dir, "log", match_id, "--json")
    events = json.loads(out)
    assert [e["seq"] for e in events] == list(range(16)) and events[11]["move"]["at"] == "3-4:low"
    assert events[-1]["changes"][0]["old"]["move"]["at"] == "3-4:low"
    assert events[-1]["changes"][0]["new"]["move"]["at"] == "1-1:branch-b"


def test_a_fix_that_breaks_a_later_move_changes_nothing(tmp_path, capsys, data_dir):
    match_id = recorded_with_a_wrong_spot(tmp_path, capsys, data_dir)
    store = open_store(data_dir)
    version = store.version(match_id)
    store.close()
    code, out, err = run(capsys, "--data-dir", data_dir, "correct", match_id, "--round", 1, "--move", 11, "--delete")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("refused: round 1, move 11: S3: it is Ann's move") and "move 12 as recorded now" in err
    assert "nothing was changed" in err
    store = open_store(data_dir)
    assert store.version(match_id) == version and store.summary(match_id).scores == (3, 18)
    store.close()
    for args, words in [
        (["--move", 1, "--set", '{"player": 0, "play": "9-9"}'], "not a tile"),
        (["--move", 40, "--delete"], "there is no move 40"),
        (["--hands", '{"0": 40}', "--move", 2], "give no --move"),
        (["--set", RIGHT_10], "give --move"),
    ]:
        code, out, err = run(capsys, "--data-dir", data_dir, "correct", match_id, "--round", 1, *args)
        assert code == 2 and words in err and len(err.splitlines()) == 1, err


def test_correct_hands_and_insert_and_keep_the_moves_before(tmp_path, capsys, data_dir):
    match_id = recorded_with_a_wrong_spot(tmp_path, capsys, data_dir)
    code, out, _ = run(capsys, "--data-dir", data_dir, "correct", match_id, "--round", 1, "--hands", '{"0": 80}')
    assert code == 2  # 80 pips in 6 tiles: no 6 tiles make that (S2), nothing changed
    code, out, _ = run(capsys, "--data-dir", data_dir, "correct", match_id, "--round", 1, "--hands", '{"0": 40}')
    assert code == 0 and out.splitlines()[0] == "no side's points change"  # the same pips, as a total
    code, out, err = run(
        capsys,
        "--data-dir",
        data_dir,
        "correct",
        match_id,
        "--round",
        1,
        "--move",
        11,
        "--delete",
        "--keep-moves-before",
    )
    assert code == 0, err
    assert out.splitlines()[0] == "Bo 18 → 8" and "1 move(s) dropped" in out.splitlines()[-1]
    code, out, _ = run(capsys, "--data-dir", data_dir, "log", match_id)
    assert "drops events 13, 14" in out.splitlines()[-1]
