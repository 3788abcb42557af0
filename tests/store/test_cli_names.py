"""Issue 21, "Names without bounds", from the command line: ``rename``, ``record``, ``replay`` and ``import``
refuse the issue's names in one short line and change nothing; a match stored before the names policy, with
names it would refuse, still opens, lists, exports, counts and renames."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import Play, StartRound
from scorekeeper.store import open_store
from scorekeeper.store import store as store_module

EXAMPLES = [  # (the players of a document, the fault, the name it is about, counted from 1; 0: the list)
    (["\u200b", "Bo"], "U+200B ZERO WIDTH SPACE", 1),
    (["\ufeff", "Bo"], "U+FEFF ZERO WIDTH NO-BREAK SPACE", 1),
    (["\u3164", "Bo"], "U+3164 HANGUL FILLER", 1),
    (["\u0301", "Bo"], "a player's name needs a visible character", 1),
    (["Ann", "Ann\u200b"], "U+200B ZERO WIDTH SPACE", 2),
    (["Ann\u202e", "Bo"], "U+202E RIGHT-TO-LEFT OVERRIDE", 1),
    (["Ann", "A" * 1_000_000], "a player's name has at most 40 characters", 2),
    (["Ann", "ann"], 'two players are both called "Ann"', 0),
]


def run(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), *(str(a) for a in args)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def document_file(tmp_path, players: list[str]):
    path = tmp_path / "match.json"
    path.write_text(
        json.dumps(
            {
                "format": "scorekeeper-match/1",
                "variant": "horse-race",
                "players": players,
                "rounds": [{"starter": 0, "moves": [{"player": 0, "play": "1-4"}]}],
            }
        ),
        encoding="utf-8",
    )
    return path


def where(number: int) -> str:
    return "the match record is damaged: " + (f'"players", name {number}: ' if number else '"players": ')


@pytest.mark.parametrize(("players", "fault", "number"), EXAMPLES)
def test_replay_refuses_each_example_in_one_short_line(tmp_path, data_dir, capsys, players, fault, number):
    code, out, err = run(capsys, data_dir, "replay", document_file(tmp_path, players))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and len(err) < 300, err
    assert err.startswith(f"refused: {where(number)}") and fault in err


@pytest.mark.parametrize(("players", "fault", "number"), EXAMPLES)
def test_record_refuses_each_example_and_records_nothing(tmp_path, data_dir, capsys, players, fault, number):
    path = document_file(tmp_path, players)
    code, out, err = run(capsys, data_dir, "record", path)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and len(err) < 400, err
    assert err.startswith(f"refused: {path}: {where(number)}") and fault in err and "(nothing recorded)" in err
    assert open_store(data_dir).list_matches() == []


@pytest.mark.parametrize(("players", "fault", "number"), EXAMPLES)
def test_import_refuses_each_example_and_imports_nothing(tmp_path, data_dir, capsys, players, fault, number):
    path = document_file(tmp_path, players)
    code, out, err = run(capsys, data_dir, "import", path)
    lines = err.splitlines()
    assert code == 2 and out == "" and len(lines) == 2 and len(err) < 500, err
    assert lines[0].startswith(f"refused: {path}: {where(number)}") and fault in lines[0]
    assert open_store(data_dir).list_matches() == []


@pytest.fixture
def match_id(tmp_path, data_dir, capsys):
    code, out, err = run(capsys, data_dir, "record", document_file(tmp_path, ["Ann", "Bo"]))
    assert code == 0, err
    return out.strip()


@pytest.mark.parametrize(
    ("name", "fault"),
    [
        ("\u200b", "U+200B ZERO WIDTH SPACE"),
        ("\ufeff", "U+FEFF"),
        ("\u3164", "U+3164 HANGUL FILLER"),
        ("\u0301", "a player's name needs a visible character"),
        ("Ann\u200b", "U+200B"),
        ("Bo\u202e", "U+202E"),
        ("A" * 1_000_000, "at most 40 characters"),
        ("ANN", 'two players are both called "Ann"'),
        ("Ａｎｎ", 'two players are both called "Ann"'),
    ],
)
def test_rename_refuses_each_example_and_changes_nothing(data_dir, capsys, match_id, name, fault):
    before = run(capsys, data_dir, "log", match_id, "--json")[1]
    code, out, err = run(capsys, data_dir, "rename", match_id, "--player", "Bo", "--name", name)
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and len(err) < 300, err
    assert err.startswith("refused: ") and fault in err
    assert run(capsys, data_dir, "log", match_id, "--json")[1] == before


def test_a_player_named_a_million_characters_is_not_echoed_whole(data_dir, capsys, match_id):
    code, out, err = run(capsys, data_dir, "rename", match_id, "--player", "x" * 1_000_000, "--name", "Cy")
    assert code == 2 and err.startswith('error: no player "xxxxxxxxxxxxxxxxxxxx…" in this match') and len(err) < 200


# ------------------------------------------------------------------ a match stored before the policy
OLD_NAMES = ["Ann\u200b", "\u3164"]  # what the code before the policy let through (an invisible name too)


def store_as_before_the_policy(data_dir, monkeypatch) -> str:
    """A match written as the store wrote it before the names policy: the same code path, the policy off."""
    with monkeypatch.context() as patch:
        patch.setattr(store_module, "clean_names", list)
        patch.setattr(store_module, "clean_name", lambda name: name)
        patch.setattr(store_module, "check_distinct", lambda names: None)
        store = open_store(data_dir)
        match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
        store.record(match_id, StartRound(0))
        store.record(match_id, Play(0, (1, 4), None, False))
        store.rename(match_id, dict(enumerate(OLD_NAMES)))
        store.close()
    for opened in list(store_module._REGISTRY.values()):
        opened.close()
    return match_id


def test_a_match_stored_with_names_the_policy_refuses_still_reads(data_dir, capsys, monkeypatch):
    match_id = store_as_before_the_policy(data_dir, monkeypatch)
    store = open_store(data_dir)  # opened afresh: every file read and judged again
    assert store.problems == [] and [s.id for s in store.list_matches()] == [match_id]
    assert store.open_match(match_id).players == OLD_NAMES and store.summary(match_id).status != "damaged"
    store.close()

    code, out, err = run(capsys, data_dir, "history")
    assert code == 0 and err == "" and match_id in out and "Ann\u200b" in out
    code, out, err = run(capsys, data_dir, "export", match_id)
    assert code == 0 and json.loads(out)["players"] == OLD_NAMES
    exported = out
    code, out, err = run(capsys, data_dir, "stats", "--json")
    assert code == 0 and sorted(p["name"] for p in json.loads(out)) == sorted(OLD_NAMES)
    code, out, err = run(capsys, data_dir, "log", match_id)
    assert code == 0 and "Ann → Ann\u200b" in out

    # a rename fixes one name and leaves the other as it was stored
    code, out, err = run(capsys, data_dir, "rename", match_id, "--player", 1, "--name", "Ann")
    assert (code, out, err) == (0, "Ann, \u3164\n", "")
    assert not (data_dir / "damaged").exists() or list((data_dir / "damaged").iterdir()) == []

    # what the old match exports is held to the policy where it enters again
    other = data_dir.parent / "other"
    (data_dir.parent / "old.json").write_text(exported, encoding="utf-8")
    code, out, err = run(capsys, other, "import", data_dir.parent / "old.json")
    assert code == 2 and '"players", name 1: the name "Ann<U+200B>" holds U+200B ZERO WIDTH SPACE' in err
