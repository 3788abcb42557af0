"""House rules in the store: kept in the log's create event and the index entry, folded again on open,
exported and imported whole, kept apart by the history and stats filters; the CLI records and lists them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.rules import Pass, Play, RuleViolation, StartRound, parse_spot
from scorekeeper.store import open_store

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


def test_the_cli_records_and_lists_house_rules(tmp_path):
    data = str(tmp_path / "data")

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "scorekeeper.cli", "--data-dir", data, *args],
                              capture_output=True, text=True, timeout=30)

    out = cli("record", str(HOUSE_CASES / "hr-2p-continuation-stop.json"))
    assert out.returncode == 0, out.stderr
    match_id = out.stdout.strip()
    out = cli("history", "--with-house-rules")
    assert match_id in out.stdout and "house rules: R1 continuation: stop" in out.stdout
    assert cli("history", "--own-rules").stdout.strip() == "no matches"
    exported = json.loads(cli("export", match_id).stdout)
    assert exported["house_rules"] == STOP
    assert json.loads(cli("history", "--json").stdout)[0]["house_rules"] == STOP
