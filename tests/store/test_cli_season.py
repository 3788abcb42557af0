"""``scorekeeper season …`` over the two stored events of tests/store/test_season_store.py (worked there by
hand): the standings as text and ``--json``, with the worst result dropped and a date range; the
settings changed and kept; ratings refused while off (translated), shown once on."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main
from scorekeeper.store import open_store
from scorekeeper.store.club import ClubStore
from tests.store.test_season_store import autumn


@pytest.fixture
def events(data_dir):
    store = open_store(data_dir)
    try:
        made = autumn(ClubStore(store))
    finally:
        store.close()
    return made


def run(capsys, data_dir, *argv: str) -> tuple[int, str, str]:
    code = main(["--data-dir", str(data_dir), "season", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_season_standings_from_the_command_line(capsys, data_dir, events):
    ids, one, two = events
    who = {v: k for k, v in ids.items()}
    code, out, _ = run(capsys, data_dir, "standings", "--json")
    assert code == 0
    doc = json.loads(out)
    assert [e["id"] for e in doc["events"]] == [one, two] and doc["tie_breaks"] == ["head_to_head", "buchholz"]
    rows = [(r["place"], who[r["unit"][0]], r["points"], r["placed_by"]) for r in doc["rows"]]
    assert sorted(rows[:2]) == [(1, "a", 3, None), (1, "b", 3, None)]
    assert rows[2:] == [(3, "d", 3, "head_to_head"), (4, "c", 2, "points")]
    c = next(r for r in doc["rows"] if r["unit"] == [ids["c"]])
    assert c["events"] == [
        {"event": one, "date": "2026-11-01", "points": 0, "counted": True},
        {"event": two, "date": "2026-11-08", "points": 2, "counted": True},
    ]

    code, out, _ = run(capsys, data_dir, "standings", "--drop-worst", "1")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "the season: 2 events, each player's worst 1 dropped"
    table = {line.split()[1]: line.split() for line in lines[4:-1]}
    assert table["A"] == ["1=", "A", "3", "3", "(0)"] and table["D"] == ["4", "D", "0", "(3)", "–", "points"]
    assert table["C"] == ["3", "C", "2", "(0)", "2", "points"] and lines[-1].startswith("(n): a result dropped")

    code, out, _ = run(capsys, data_dir, "standings", "--json", "--from", "2026-11-05")
    assert [(who[r["unit"][0]], r["points"]) for r in json.loads(out)["rows"]] == [("b", 3), ("c", 2), ("a", 0)]
    code, out, _ = run(capsys, data_dir, "--lang", "uk", "standings", "--to", "2026-10-01")
    assert code == 0 and out.startswith("у цьому сезоні ще не враховано жодної події")


def test_settings_kept_and_ratings_only_when_on(capsys, data_dir, events):
    ids, one, two = events
    code, _, err = run(capsys, data_dir, "--lang", "uk", "ratings")
    assert code == 2 and err.startswith("відхилено: у клубі рейтинги вимкнено")
    code, _, err = run(capsys, data_dir, "--lang", "ko", "ratings")
    assert code == 2 and "레이팅이 꺼져 있습니다" in err

    code, out, _ = run(capsys, data_dir, "settings", "--ratings", "on", "--drop-worst", "1", "--events", one, "--json")
    assert code == 0 and json.loads(out) == {
        "scheme": None,
        "tie_breaks": None,
        "events": [one],
        "from": None,
        "to": None,
        "drop_worst": 1,
        "ratings": True,
    }
    code, out, _ = run(capsys, data_dir, "standings", "--json")
    doc = json.loads(out)
    assert [e["id"] for e in doc["events"]] == [one] and doc["drop_worst"] == 1  # kept
    code, out, _ = run(capsys, data_dir, "settings", "--events", "all", "--drop-worst", "0")
    assert code == 0 and "events: all the club's events" in out and "ratings: true" in out

    code, out, _ = run(capsys, data_dir, "ratings", "--json")
    rated = {r["name"]: r for r in json.loads(out)}
    assert {n: r["fixtures"] for n, r in rated.items()} == {"A": 2, "B": 2, "C": 1, "D": 1}
    assert rated["D"]["ordinal"] > rated["C"]["ordinal"]
    code, out, _ = run(capsys, data_dir, "ratings")
    assert code == 0 and out.splitlines()[0].split() == ["place", "player", "rating", "mu", "sigma", "fixtures"]

    code, out, _ = run(capsys, data_dir, "settings", "--win", "1", "--tie-breaks", "buchholz", "--json")
    doc = json.loads(out)
    assert doc["scheme"]["win"] == 1 and doc["scheme"]["bye"] == 2 and doc["tie_breaks"] == ["buchholz"]
    assert json.loads(run(capsys, data_dir, "settings", "--events-scheme", "--json")[1])["scheme"] is None


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("settings", "--from", "2026-12-01", "--to", "2026-11-01"), "refused: the season starts on 2026-12-01"),
        (("settings", "--events", "e20991231-abcd"), "refused: the season names event e20991231-abcd"),
        (("settings", "--tie-breaks", "luck"), "refused: there is no tie-break luck: choose from games_won"),
        (("standings", "--drop-worst", "-1"), "refused: -1 worst results cannot be dropped"),
        (("--lang", "uk", "settings", "--drop-worst", "5000"), "відхилено: не можна відкинути 5000"),
    ],
)
def test_refusals_are_translated_and_change_nothing(capsys, data_dir, events, argv, words):
    code, _, err = run(capsys, data_dir, *argv)
    assert code == 2 and err.startswith(words), err
    assert not (data_dir / "club" / "season.json").exists()


def test_the_standings_in_korean(capsys, data_dir, events):
    code, out, _ = run(capsys, data_dir, "--lang", "ko", "standings")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "시즌: 행사 2개, 선수마다 최저 결과 0개 제외"
    assert lines[1].split()[0] == "1회" and lines[3].split() == ["순위", "참가자", "승점", "1회", "2회", "동점", "기준"]
    c = next(line for line in lines if " C " in line)
    assert c.split() == ["4", "C", "2", "0", "2", "승점"]
