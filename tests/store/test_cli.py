"""The store commands of the CLI: same code path as the app, one-line errors, exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

from scorekeeper.cli import main
from scorekeeper.rules import build_report, load_document
from scorekeeper.store import open_store
from scorekeeper.store.paths import is_match_id
from tests.conftest import CASES, ROOT
from tests.store.conftest import case_report


def run(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_record_prints_the_id_and_stores_every_action(data_dir, capsys):
    code, out, err = run(capsys, data_dir, "record", str(CASES / "hr-3p-openings.json"))
    assert code == 0, err
    match_id = out.strip()
    assert is_match_id(match_id)
    store = open_store(data_dir)
    events = store.events(match_id)
    assert len(events) == 1 + len(load_document((CASES / "hr-3p-openings.json").read_bytes()).actions)
    assert build_report(store.open_match(match_id)) == case_report("hr-3p-openings")


def test_record_refuses_a_bad_document_and_stores_nothing(data_dir, capsys):
    code, out, err = run(capsys, data_dir, "record", str(CASES / "bad-skipped-continuation.json"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert "round 1, move 6" in err and "H4" in err and "nothing recorded" in err
    assert open_store(data_dir).list_matches() == []


def test_history_text_and_json(data_dir, capsys):
    assert run(capsys, data_dir, "history") == (0, "no matches\n", "")
    _, first, _ = run(capsys, data_dir, "record", str(CASES / "hr-2p-instant-win-62.json"))
    _, second, _ = run(capsys, data_dir, "record", str(CASES / "hr-3p-openings.json"))
    code, out, _ = run(capsys, data_dir, "history")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith(second.strip()) and "in-progress" in lines[0] and "Ірина 12" in lines[0]
    assert lines[1].startswith(first.strip()) and "finished" in lines[1] and "Ann 62" in lines[1]
    assert "won: Ann" in lines[1]
    code, out, _ = run(capsys, data_dir, "history", "--json", "--finished")
    rows = json.loads(out)
    assert [r["id"] for r in rows] == [first.strip()]
    assert rows[0]["scores"] == [62, 0] and rows[0]["winners"] == [0] and rows[0]["status"] == "finished"
    code, out, _ = run(capsys, data_dir, "history", "--json", "--player", "ТАРАС", "--game", "horse-race")
    assert [r["id"] for r in json.loads(out)] == [second.strip()]
    code, out, _ = run(capsys, data_dir, "history", "--json", "--since", "2000-01-01", "--until", "2000-12-31")
    assert json.loads(out) == []


def test_export_and_import(data_dir, tmp_path, capsys):
    _, out, _ = run(capsys, data_dir, "record", str(CASES / "e61-pairs-settlement.json"))
    match_id = out.strip()
    code, out, _ = run(capsys, data_dir, "export", match_id)
    doc = json.loads(out)
    assert code == 0 and doc["meta"]["id"] == match_id
    assert build_report(load_document(out)) == case_report("e61-pairs-settlement")
    exported = tmp_path / "one.json"
    exported.write_text(out, encoding="utf-8")
    other = tmp_path / "other"
    code, out, err = run(capsys, other, "import", str(exported), str(CASES / "hr-2p-seed-layout.json"))
    assert code == 0, err
    ids = out.split()
    assert ids[0] == match_id and is_match_id(ids[1]) and len(ids) == 2
    code, out, _ = run(capsys, other, "export", "--all")
    assert sorted(d["meta"]["id"] for d in json.loads(out)) == sorted(ids)
    everything = tmp_path / "all.json"
    everything.write_text(out, encoding="utf-8")
    code, out, _ = run(capsys, tmp_path / "third", "import", str(everything))  # a JSON list of documents
    assert code == 0 and sorted(out.split()) == sorted(ids)


def test_import_refusal_names_the_file_and_imports_nothing(data_dir, capsys):
    code, out, err = run(
        capsys, data_dir, "import", str(CASES / "hr-2p-seed-layout.json"), str(CASES / "bad-tile-on-table.json")
    )
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"refused: {CASES / 'bad-tile-on-table.json'}: round 1, move 6: S4: 1-4 is already on the table: "
        "each tile is in the set once (S2)",
        "error: nothing imported: 1 of 2 document(s) refused (--skip-refused imports the others)",
    ]
    code, out, err = run(capsys, data_dir, "import", str(CASES / "bad-malformed-json.json"))
    assert code == 2 and "not a JSON document" in err and "nothing imported" in err
    assert open_store(data_dir).list_matches() == []


def test_errors_are_one_line_with_exit_code_2(data_dir, capsys):
    for args in (
        ["export", "20250101-000000-abcdef"],
        ["export"],
        ["record", "/nonexistent/file.json"],
        ["import", "/nonexistent/file.json"],
    ):
        code, out, err = run(capsys, data_dir, *args)
        assert code == 2, args
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)
    code, _, err = run(capsys, data_dir, "export", "20250101-000000-abcdef")
    assert "no match '20250101-000000-abcdef'" in err


def test_stats(data_dir, capsys):
    run(capsys, data_dir, "record", str(CASES / "hr-2p-instant-win-62.json"))
    run(capsys, data_dir, "record", str(CASES / "e61-2p-exact-finish.json"))
    code, out, _ = run(capsys, data_dir, "stats", "--json")
    assert code == 0
    assert json.loads(out) == [  # each game apart: Ann's 62 in 3 rounds and 61 in 4 are not pooled
        {
            "variant": "horse-race",
            "house_rules": {},
            "name": "Ann",
            "matches": 1,
            "wins": 1,
            "rounds": 3,
            "points": 62,
            "average_points_per_round": 20.667,
            "unfinished": 0,
            "abandoned": 0,
        },
        {
            "variant": "horse-race",
            "house_rules": {},
            "name": "Bo",
            "matches": 1,
            "wins": 0,
            "rounds": 3,
            "points": 0,
            "average_points_per_round": 0.0,
            "unfinished": 0,
            "abandoned": 0,
        },
        {
            "variant": "exact-61",
            "house_rules": {},
            "name": "Ann",
            "matches": 1,
            "wins": 1,
            "rounds": 4,
            "points": 61,
            "average_points_per_round": 15.25,
            "unfinished": 0,
            "abandoned": 0,
        },
        {
            "variant": "exact-61",
            "house_rules": {},
            "name": "Bo",
            "matches": 1,
            "wins": 0,
            "rounds": 4,
            "points": 11,
            "average_points_per_round": 2.75,
            "unfinished": 0,
            "abandoned": 0,
        },
    ]
    code, out, _ = run(capsys, data_dir, "stats")
    lines = out.splitlines()
    assert (lines[0], lines[2].split()) == ("Horse Race", ["Ann", "1", "1", "3", "20.67", "0", "0"])
    assert (lines[5], lines[7].split()) == ("Exact 61 Five Up", ["Ann", "1", "1", "4", "15.25", "0", "0"])


def test_console_script_and_busy_folder(data_dir):
    """Through a real process: --data-dir before the command, and a folder another process holds."""
    cmd = [sys.executable, "-m", "scorekeeper.cli", "--data-dir", str(data_dir)]
    out = subprocess.run(
        [*cmd, "record", str(CASES / "hr-2p-seed-layout.json")], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 0 and is_match_id(out.stdout.strip()), out.stderr
    match_id = out.stdout.strip()
    open_store(data_dir)  # this process now holds the folder: the other one may read it, not write
    out = subprocess.run([*cmd, "history"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.startswith(match_id)
    assert (
        out.stderr == f"note: another Scorekeeper program is using the data folder {data_dir}: "
        "reading only, nothing is changed\n"
    )
    out = subprocess.run(
        [*cmd, "record", str(CASES / "hr-2p-seed-layout.json")], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert out.returncode == 2 and out.stdout == ""
    assert (
        out.stderr == f"error: could not create the match: another Scorekeeper program is using the data "
        f"folder {data_dir}; close the other Scorekeeper program and try again\n"
    )
