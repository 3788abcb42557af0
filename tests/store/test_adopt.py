"""MatchStore.adopt: a log refereed elsewhere kept under its own id, idempotent, refereed again."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.store import open_store
from scorekeeper.store.errors import StoreError
from tests.store.simulate import simulate


def venue_log(folder: Path, seed: int) -> tuple[str, list[dict]]:
    store = open_store(folder)
    match = simulate(seed)
    match_id = store.create_match("horse-race", list(match.players), partnerships=False)
    for action in match.actions:
        store.record(match_id, action)
    store.undo(match_id)
    events = store.events(match_id)
    summary = store.summary(match_id)
    store.close()
    assert summary.events == len(events)
    return match_id, events


def test_a_log_is_adopted_once_event_for_event_and_survives_a_reopen(tmp_path: Path) -> None:
    match_id, log = venue_log(tmp_path / "venue", 1)
    store = open_store(tmp_path / "league")
    assert store.adopt(match_id, log[:10]) == 10
    assert store.adopt(match_id, log[:10]) == 0  # the same again: nothing
    assert store.adopt(match_id, log[:4]) == 0  # a shorter copy: nothing
    assert store.adopt(match_id, log) == len(log) - 10  # the rest only
    assert store.adopt(match_id, log) == 0
    assert store.events(match_id) == log
    store.close()
    again = open_store(tmp_path / "league")
    assert again.events(match_id) == log
    assert [m.id for m in again.list_matches()] == [match_id]
    assert again.summary(match_id).events == len(log)
    venue = open_store(tmp_path / "venue")
    assert again.open_match(match_id).scores == venue.open_match(match_id).scores
    venue.close()
    again.close()


def test_a_conflict_a_broken_log_and_a_bad_id_are_refused(tmp_path: Path) -> None:
    match_id, log = venue_log(tmp_path / "venue", 2)
    store = open_store(tmp_path / "league")
    store.adopt(match_id, log[:6])
    with pytest.raises(StoreError) as err:
        store.adopt(match_id, [*log[:3], {**log[3], "time": "2025-01-01T00:00:00.000Z"}, *log[4:8]])
    assert err.value.code == "adopt_conflict"
    broken = {**log[6], "kind": "move", "move": {"player": 0, "play": "6-6", "at": "9-9:low"}}
    with pytest.raises(StoreError) as err:
        store.adopt(match_id, [*log[:6], broken])
    assert err.value.code == "adopt_refused" and err.value.params["reason"]
    with pytest.raises(StoreError) as err:
        store.adopt("../etc", log)
    assert err.value.code == "adopt_bad_id"
    other_id, other = venue_log(tmp_path / "venue2", 3)
    with pytest.raises(StoreError) as err:  # a log whose create event names another id
        store.adopt(match_id.replace(match_id[-1], "0" if match_id[-1] != "0" else "1"), other)
    assert err.value.code == "adopt_refused"
    assert store.events(match_id) == log[:6]  # nothing changed by the refusals
    assert [m.id for m in store.list_matches()] == [match_id]
    store.close()
