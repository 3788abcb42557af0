"""House rules in the store: kept in the log's create event and the index entry, folded again on open,
exported and imported whole, kept apart by the history and stats filters; the CLI records and lists them,
and its stats are a table per game and set of house rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rules import Pass, Play, RuleViolation, StartRound, parse_spot
from scorekeeper.store import open_store
from tests.conftest import CASES

HOUSE_CASES = Path(__file__).resolve().parents[1] / "house_cases"
STOP = {"continuation": "stop"}


def stop_match(store) -> str:
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False, STOP)
    for action in (StartRound(0), Play(0, (1, 4)), Play(0, (1, 1), parse_spot("1-4:low")), Pass(0)):
        store.record(match_id, action)
    return match_id


def test_house_rules_are_kept_in_the_log_and_folded_again(data_dir):
    store = open_store(data_dir)
    match_id = stop_match(store)
    [head] = [e for e in store.events(match_id) if e["kind"] == "create"]
    assert head["house_rules"] == STOP
    store.close()
    again = open_store(data_dir)  # from the files: the pass under R1 still stands
    match = again.open_match(match_id)
    assert match.house_rules == STOP and match.turn.seat == 1 and match.round.stock == 14
    assert again.list_matches()[0].house_rules == STOP


def test_a_match_with_the_games_own_rules_is_written_as_before(data_dir):
    store = open_store(data_dir)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False, {"continuation": "draw"})
    [head] = list(store.events(match_id))
    assert "house_rules" not in head
    assert "house_rules" not in store.list_matches()[0].to_entry()


def test_house_rules_the_game_does_not_take_are_refused_and_nothing_is_written(data_dir):
    store = open_store(data_dir)
    with pytest.raises(RuleViolation) as caught:
        store.create_match("exact-61", ["Ann", "Bo"], False, STOP)
    assert caught.value.rule == "R1"
    assert store.list_matches() == []


def test_export_import_keeps_the_house_rules(data_dir, tmp_path):
    store = open_store(data_dir)
    doc = store.export_document(stop_match(store))
    assert doc["house_rules"] == STOP
    other = open_store(tmp_path / "other")
    [imported] = other.import_documents([doc])
    assert other.open_match(imported).house_rules == STOP
    assert other.export_document(imported)["rounds"] == doc["rounds"]


def test_history_and_stats_keep_house_rules_apart(data_dir):
    store = open_store(data_dir)
    house = stop_match(store)
    own = store.create_match("horse-race", ["Ann", "Bo"], False)
    fives = store.create_match("all-fives", ["Ann", "Bo"], False)
    assert [s.id for s in store.list_matches(house=True)] == [house]
    assert {s.id for s in store.list_matches(house=False)} == {own, fives}
    assert [s.id for s in store.list_matches(variant="all-fives")] == [fives]
    assert [p.unfinished for p in store.stats("horse-race", house=True)] == [1, 1]


def six_rule_sets(data_dir):
    """The store of the six ways of playing below (each match's outcome known from its case)."""
    win = json.loads((CASES / "hr-2p-instant-win-62.json").read_text())
    store = open_store(data_dir)
    store.import_documents(
        [
            json.loads((CASES / "e61-2p-exact-finish.json").read_text())
            | {"meta": {"started": "2025-06-12T16:30:00Z"}},
            win | {"meta": {"started": "2025-06-13T16:30:00Z"}},
            win | {"house_rules": {"target": 62}, "meta": {"started": "2025-06-14T16:30:00Z"}},
            json.loads((HOUSE_CASES / "hr-2p-continuation-stop.json").read_text())
            | {"meta": {"started": "2025-06-15T16:30:00Z"}},
            win
            | {
                "house_rules": {"draw_when_able": "allowed"},
                "players": ["Ann", "Cy"],
                "meta": {"started": "2025-06-16T16:30:00Z"},
            },
        ]
    )
    store.create_match("all-fives", ["Ann", "Bo"], False)
    return store


def test_statistics_per_game_and_set_of_house_rules(data_dir):
    """The same finished Horse Race record (hr-2p-instant-win-62: Ann 62 in 3 rounds, Bo 0) played with the
    game's own rules, to a target of 62 (R7) and with drawing while able (R2, Ann and Cy) counts three times
    apart; the stop case (in progress) a fourth; Exact 61 and the All Fives preset each on their own. Games
    in the engine's order, a game's own rules first, then its house-rule sets the newest first."""
    store = six_rule_sets(data_dir)
    groups = [
        (g.variant, g.house_rules, [(p.name, p.matches, p.wins, p.rounds, p.points, p.unfinished) for p in g.players])
        for g in store.rule_set_stats()
    ]
    assert groups == [
        ("horse-race", {}, [("Ann", 1, 1, 3, 62, 0), ("Bo", 1, 0, 3, 0, 0)]),
        ("horse-race", {"draw_when_able": "allowed"}, [("Ann", 1, 1, 3, 62, 0), ("Cy", 1, 0, 3, 0, 0)]),
        ("horse-race", STOP, [("Ann", 0, 0, 0, 0, 1), ("Bo", 0, 0, 0, 0, 1)]),
        ("horse-race", {"target": 62}, [("Ann", 1, 1, 3, 62, 0), ("Bo", 1, 0, 3, 0, 0)]),
        ("exact-61", {}, [("Ann", 1, 1, 4, 61, 0), ("Bo", 1, 0, 4, 11, 0)]),
        ("all-fives", {}, [("Ann", 0, 0, 0, 0, 1), ("Bo", 0, 0, 0, 0, 1)]),
    ]
    # over everything at once Ann's 247 points in 13 rounds mixed four ways of scoring
    assert [(p.name, p.points, p.rounds) for p in store.stats()][0] == ("Ann", 247, 13)


def test_the_cli_records_and_lists_house_rules(tmp_path):
    data = str(tmp_path / "data")

    def cli(*args):
        return subprocess.run(
            [sys.executable, "-m", "scorekeeper.cli", "--data-dir", data, *args],
            capture_output=True,
            text=True,
            timeout=30,
        )

    out = cli("record", str(HOUSE_CASES / "hr-2p-continuation-stop.json"))
    assert out.returncode == 0, out.stderr
    match_id = out.stdout.strip()
    out = cli("history", "--with-house-rules")
    assert match_id in out.stdout and "house rules: R1 continuation: stop" in out.stdout
    assert cli("history", "--own-rules").stdout.strip() == "no matches"
    exported = json.loads(cli("export", match_id).stdout)
    assert exported["house_rules"] == STOP
    assert json.loads(cli("history", "--json").stdout)[0]["house_rules"] == STOP


def stats(capsys, data_dir, *args):
    code = main(["--data-dir", str(data_dir), "stats", *args])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


def test_cli_stats_has_a_table_per_game_and_set_of_house_rules(data_dir, capsys):
    """``scorekeeper stats`` as the app's statistics: the six ways of playing above, each its own table
    headed by its game and house rules in the app's words, in the app's order; Ann's 62 points in 3
    rounds (20.67 a round) are counted once per rule set, never pooled with Exact 61's 61 in 4 (15.25);
    a player with no finished round has no average."""
    six_rule_sets(data_dir)
    tables = [table.splitlines() for table in stats(capsys, data_dir).split("\n\n")]
    assert [table[0] for table in tables] == [
        "Horse Race",
        "Horse Race · R2 Drawing while able to play: allowed",
        "Horse Race · R1 Stuck while continuing: the turn simply ends",
        "Horse Race · R7 Target: 62 points",
        "Exact 61 Five Up",
        "All Fives",
    ]
    assert all(
        table[1].split() == ["player", "matches", "wins", "rounds", "points/round", "in", "progress", "abandoned"]
        for table in tables
    )
    assert [[row.split() for row in table[2:]] for table in tables] == [
        [["Ann", "1", "1", "3", "20.67", "0", "0"], ["Bo", "1", "0", "3", "0.00", "0", "0"]],
        [["Ann", "1", "1", "3", "20.67", "0", "0"], ["Cy", "1", "0", "3", "0.00", "0", "0"]],
        [["Ann", "0", "0", "0", "—", "1", "0"], ["Bo", "0", "0", "0", "—", "1", "0"]],
        [["Ann", "1", "1", "3", "20.67", "0", "0"], ["Bo", "1", "0", "3", "0.00", "0", "0"]],
        [["Ann", "1", "1", "4", "15.25", "0", "0"], ["Bo", "1", "0", "4", "2.75", "0", "0"]],
        [["Ann", "0", "0", "0", "—", "1", "0"], ["Bo", "0", "0", "0", "—", "1", "0"]],
    ]


def test_cli_stats_json_names_each_entrys_rule_set(data_dir, capsys):
    """``stats --json``: one entry per player and rule set (``variant``, ``house_rules``; ``{}`` for the
    game's own), in the tables' order; ``--with-house-rules`` keeps only the house-rule sets, each
    apart; ``--own-rules --game horse-race`` only Horse Race's own table."""
    six_rule_sets(data_dir)

    def rows(*args):
        return [
            (
                e["variant"],
                e["house_rules"],
                e["name"],
                e["matches"],
                e["wins"],
                e["rounds"],
                e["points"],
                e["average_points_per_round"],
                e["unfinished"],
                e["abandoned"],
            )
            for e in json.loads(stats(capsys, data_dir, "--json", *args))
        ]

    own = [("horse-race", {}, "Ann", 1, 1, 3, 62, 20.667, 0, 0), ("horse-race", {}, "Bo", 1, 0, 3, 0, 0.0, 0, 0)]
    draw = {"draw_when_able": "allowed"}
    house = [
        ("horse-race", draw, "Ann", 1, 1, 3, 62, 20.667, 0, 0),
        ("horse-race", draw, "Cy", 1, 0, 3, 0, 0.0, 0, 0),
        ("horse-race", STOP, "Ann", 0, 0, 0, 0, 0.0, 1, 0),
        ("horse-race", STOP, "Bo", 0, 0, 0, 0, 0.0, 1, 0),
        ("horse-race", {"target": 62}, "Ann", 1, 1, 3, 62, 20.667, 0, 0),
        ("horse-race", {"target": 62}, "Bo", 1, 0, 3, 0, 0.0, 0, 0),
    ]
    others = [
        ("exact-61", {}, "Ann", 1, 1, 4, 61, 15.25, 0, 0),
        ("exact-61", {}, "Bo", 1, 0, 4, 11, 2.75, 0, 0),
        ("all-fives", {}, "Ann", 0, 0, 0, 0, 0.0, 1, 0),
        ("all-fives", {}, "Bo", 0, 0, 0, 0, 0.0, 1, 0),
    ]
    assert rows() == own + house + others
    assert rows("--with-house-rules") == house
    assert rows("--own-rules", "--game", "horse-race") == own
    assert stats(capsys, data_dir, "--with-house-rules", "--game", "exact-61") == "no matches\n"
