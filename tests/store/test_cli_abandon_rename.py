"""``scorekeeper abandon``, ``rename`` and ``undo`` (issue 12 item 6), with ``history``, ``stats``, ``export``
and ``log`` following them."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from tests.conftest import CASES


def run(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *(str(a) for a in args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@pytest.fixture
def match_id(data_dir, capsys):
    """hr-2p-seed-layout (Ann 3, Bo 19 after round 1, the next round not started) recorded from the CLI."""
    code, out, err = run(capsys, data_dir, "record", CASES / "hr-2p-seed-layout.json")
    assert code == 0, err
    return out.strip()


def test_abandon_then_undo(data_dir, capsys, match_id):
    code, out, err = run(capsys, data_dir, "abandon", match_id)
    assert (code, err) == (0, "")
    assert out.split()[3:] == ["horse-race", "abandoned", "Ann", "3", "Bo", "19"]
    assert run(capsys, data_dir, "history", "--unfinished")[1] == "no matches\n"
    assert run(capsys, data_dir, "history", "--abandoned")[1].startswith(match_id)
    [entry] = json.loads(run(capsys, data_dir, "history", "--json")[1])
    assert entry["status"] == "abandoned" and entry["ended"] is not None and entry["winners"] == []
    stats = json.loads(run(capsys, data_dir, "stats", "--json")[1])
    assert [(p["name"], p["matches"], p["unfinished"], p["abandoned"]) for p in stats] == [
        ("Ann", 0, 0, 1),
        ("Bo", 0, 0, 1),
    ]
    doc = json.loads(run(capsys, data_dir, "export", match_id)[1])
    assert doc["meta"]["ended"] is None and doc["meta"]["abandoned"] == entry["ended"]
    lines = run(capsys, data_dir, "log", match_id)[1].splitlines()
    assert lines[-1].split(None, 3)[2:] == [
        "abandon",
        "the match is abandoned (kept in the history, not offered to resume)",
    ]

    code, out, err = run(capsys, data_dir, "abandon", match_id)  # twice: refused, nothing changed
    assert code == 2 and out == "" and "was abandoned; nothing was changed: undo the abandon" in err
    code, out, err = run(capsys, data_dir, "undo", match_id)
    assert (code, err) == (0, "") and out == f"takes back event {len(lines) - 1} (the abandon)\n"
    assert run(capsys, data_dir, "history", "--unfinished")[1].startswith(match_id)


def test_rename_by_name_or_seat(data_dir, capsys, match_id):
    code, out, err = run(
        capsys, data_dir, "rename", match_id, "--player", "bo", "--name", "Bohdan", "--player", 1, "--name", "Anna"
    )
    assert (code, out, err) == (0, "Anna, Bohdan\n", "")
    assert run(capsys, data_dir, "history")[1].split()[5:] == ["Anna", "3", "Bohdan", "19"]
    assert [p["name"] for p in json.loads(run(capsys, data_dir, "stats", "--json")[1])] == ["Anna", "Bohdan"]
    doc = json.loads(run(capsys, data_dir, "export", match_id)[1])
    assert doc["players"] == ["Anna", "Bohdan"]
    lines = run(capsys, data_dir, "log", match_id)[1].splitlines()
    assert lines[-1].split(None, 3)[2:] == ["rename", "Ann → Anna, Bo → Bohdan"]
    assert "Ann leads" in lines[1]  # each move worded with the names of its time

    code, out, err = run(capsys, data_dir, "undo", match_id)
    assert code == 0 and out == f"takes back event {len(lines) - 1} (the rename: Ann → Anna, Bo → Bohdan)\n"
    assert json.loads(run(capsys, data_dir, "export", match_id)[1])["players"] == ["Ann", "Bo"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["--player", "Cy", "--name", "Cyd"],
            'error: no player "Cy" in this match (its players: "Ann", "Bo"; or give '
            "a seat from 1 to 2); nothing was changed",
        ),
        (["--player", "3", "--name", "Cyd"], 'error: no player "3"'),
        (["--player", "Ann", "--name", "bo"], 'refused: two players are both called "bo": give each a different name'),
        (["--player", "Ann", "--name", "Ann"], "error: nothing to rename"),
        (["--player", "Ann", "--name", " "], "refused: a player's name needs a visible character"),
        (["--player", "Ann", "--player", "Bo", "--name", "X"], "error: give one --name after each --player"),
    ],
)
def test_a_refused_rename_is_one_line_and_changes_nothing(data_dir, capsys, match_id, args, words):
    before = run(capsys, data_dir, "log", match_id, "--json")[1]
    code, out, err = run(capsys, data_dir, "rename", match_id, *args)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and err.startswith(words), err
    assert run(capsys, data_dir, "log", match_id, "--json")[1] == before
