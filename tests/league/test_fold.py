"""The hub's fold: once each, in order, refereed again, forks and foreign messages refused."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.league.fold import Fold
from scorekeeper.store import open_store
from tests.store.simulate import simulate


def venue_log(tmp_path: Path, seed: int) -> tuple[str, list[dict]]:
    store = open_store(tmp_path / f"v{seed}")
    match = simulate(seed)
    match_id = store.create_match("horse-race", list(match.players), partnerships=False)
    for action in match.actions:
        store.record(match_id, action)
    store.undo(match_id)
    events = store.events(match_id)
    store.close()
    return match_id, events


def send(fold: Fold, venue: str, match_id: str, event: dict) -> str:
    return fold.take(f"league.north.{venue}.{match_id}", f"{match_id}:{event['seq']}", json.dumps(event).encode())


def test_a_log_folds_once_each_in_order_and_resends_change_nothing(tmp_path: Path) -> None:
    match_id, log = venue_log(tmp_path, 1)
    fold = Fold("north")
    assert {send(fold, "red-lion", match_id, e) for e in log} == {"accepted"}
    assert {send(fold, "red-lion", match_id, e) for e in log} == {"duplicate"}
    assert fold.logs[match_id] == log and fold.refused == []


def test_bad_messages_are_refused_and_recorded(tmp_path: Path) -> None:
    match_id, log = venue_log(tmp_path, 2)
    fold = Fold("north")
    for e in log[:5]:
        send(fold, "red-lion", match_id, e)
    assert fold.take("league.south.red-lion.m1", "m1:0", b"{}") == "foreign"
    assert fold.take("other.thing", "x", b"{}") == "foreign"
    assert fold.take(f"league.north.red-lion.{match_id}", f"{match_id}:5", b"not json") == "malformed"
    assert send(fold, "red-lion", match_id, log[7]) == "out_of_order"
    assert send(fold, "red-lion", match_id, {**log[3], "time": "2025-01-01T00:00:00.000Z"}) == "conflict"
    broken = {**log[5], "kind": "move", "move": {"player": 0, "play": "6-6", "at": "9-9:low"}}
    assert send(fold, "red-lion", match_id, broken) == "refused"  # the engine refuses it
    assert send(fold, "crown", match_id, log[0]) == "fork"  # a second venue writing the same match id
    assert fold.logs[match_id] == log[:5] and fold.owner[match_id] == "red-lion"  # the first writer intact
    assert [r.outcome for r in fold.refused] == [
        "foreign",
        "foreign",
        "malformed",
        "out_of_order",
        "conflict",
        "refused",
        "fork",
    ]
    assert {send(fold, "red-lion", match_id, e) for e in log[5:]} == {"accepted"}
    assert fold.logs[match_id] == log
