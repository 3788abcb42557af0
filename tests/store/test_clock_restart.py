"""R15: the match clock survives a restart — the times are in the log (docs/house-rules.md, R15).

The rounds of ``tests/rules/test_clock.py`` (the seed layout, then its seats swapped, then again), recorded
through the store with the store's clock stepped 150 s an action; the folder is closed half-way (the
server's restart) and opened again by a new store, which folds the same times: the same time left, the
same call, and the same end under each rule.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

import scorekeeper.store.store as store_module
from scorekeeper.rules.clock import ClockCall, clock_state
from scorekeeper.store.store import MatchStore
from tests.rules.test_clock import GAP, THREE_ROUNDS

T0 = datetime(2026, 6, 12, 15, 0, 0, tzinfo=UTC)


class Steps:
    """The store's clock: ``T0`` + ``GAP`` × the number of times it was read."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> datetime:
        moment = T0 + timedelta(seconds=GAP * self.count)
        self.count += 1
        return moment


def record(folder, house, actions, steps) -> str:
    store = MatchStore(folder)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False, house)
    steps.count = 0  # the create read it once: the start-round is at T0
    for action in actions:
        store.record(match_id, action)
    store.close()
    return match_id


@pytest.mark.parametrize(
    ("house", "called", "points", "clock"),
    [
        # 20 minutes: the first tile at T0 + 150, the limit at T0 + 1350: round 1's 9th move; Bo 19 - 3 wins
        ({"clock": 20}, (1, 9, 1350), [3, 19], (0, {"rule": "leader-wins", "winners": [1]})),
        # 45 minutes: round 2's 5th move; 22 - 22 level, one more round; 25 - 41 Bo wins
        ({"clock": 45}, (2, 5, 2850), [25, 41], (2, {"rule": "leader-wins", "winners": [1]})),
        # lowered to 31 after round 2 (22 - 22): Bo's 0-3 in round 3 makes 33, H6
        (
            {"clock": 45, "clock_end": "lower-target", "clock_target": 31},
            (2, 5, 2850),
            [25, 33],
            (1, {"rule": "lower-target", "target": 31, "reached": [], "winners": []}),
        ),
    ],
)
def test_time_runs_out_mid_round_with_a_restart_in_between(tmp_path, monkeypatch, house, called, points, clock):
    steps = Steps()
    monkeypatch.setattr(store_module, "now", steps)
    half = 8  # round 1's first 7 moves: the clock is running, time not yet called
    match_id = record(tmp_path, house, THREE_ROUNDS[:half], steps)
    first = MatchStore(tmp_path)  # the server, restarted: a new store reads the folder
    match = first.open_match(match_id)
    start = T0.timestamp() + GAP
    assert match.clock_start == start and match.clock_called is None
    later = T0.timestamp() + 1000
    assert clock_state(match, later).remaining == int(start + house["clock"] * 60 - later)
    # the rest of the match, recorded after the restart with the same clock going on
    steps.count = half
    for action in THREE_ROUNDS[half:]:
        if first.open_match(match_id).finished:
            break
        first.record(match_id, action)
    first.close()
    again = MatchStore(tmp_path)  # and once more: the whole record read back
    match = again.open_match(match_id)
    assert match.clock_called == ClockCall(called[0], called[1], T0.timestamp() + called[2])
    assert match.finished and match.winners == [1] and match.points == points
    assert match.rounds[clock[0]].clock == clock[1]
    assert clock_state(match, T0.timestamp() + 99_999).expired
    again.close()


def test_export_and_import_keep_the_times(tmp_path, monkeypatch):
    """An exported clocked match carries each round's ``times``; imported into another folder it calls time
    at the same move; a match without a clock exports as before (no ``times``)."""
    steps = Steps()
    monkeypatch.setattr(store_module, "now", steps)
    match_id = record(tmp_path / "a", {"clock": 45}, THREE_ROUNDS, steps)
    plain = record(tmp_path / "a", {}, THREE_ROUNDS[:14], steps)
    store = MatchStore(tmp_path / "a")
    doc, other = store.export_document(match_id), store.export_document(plain)
    store.close()
    assert [len(r["times"]) for r in doc["rounds"]] == [14, 14, 14]
    assert doc["rounds"][1]["times"][5] == "2026-06-12T15:47:30.000Z"  # T0 + 19 × 150 s: round 2, move 5
    assert all("times" not in r for r in other["rounds"])
    fresh = MatchStore(tmp_path / "b")
    (imported,) = fresh.import_documents([doc])
    fresh.close()
    again = MatchStore(tmp_path / "b")
    match = again.open_match(imported)
    assert match.clock_called == ClockCall(2, 5, T0.timestamp() + 2850)
    assert match.finished and match.points == [25, 41]
    again.close()


def test_a_corrected_move_keeps_its_time():
    """A correction's replacement (no time of its own) keeps the time of the move it replaces: the call stays."""
    from scorekeeper.rules.fix import ReplaceMove, apply_fix
    from tests.rules.test_clock import T0 as START
    from tests.rules.test_clock import folded, timed

    match = folded({"clock": 20}, timed(THREE_ROUNDS)[:10])
    fixed = apply_fix(match, ReplaceMove(1, 9, THREE_ROUNDS[9]))  # untimed, as a fix panel builds it
    assert THREE_ROUNDS[9].time is None and fixed.actions[9].time == match.actions[9].time
    assert fixed.clock_called == match.clock_called == ClockCall(1, 9, START + 1350)
