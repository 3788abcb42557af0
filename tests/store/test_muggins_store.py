"""R13 in the store: a claim is a field of its move, a Muggins call one ``correct`` event that undo takes back."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Play, RuleViolation, StartRound
from scorekeeper.store import open_store


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "data")
    yield s
    s.close()


def test_a_call_is_logged_survives_a_reopen_and_undo_takes_it_back(store, tmp_path):
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False, {"claims": "muggins"})
    store.record(match_id, StartRound(0))
    store.record(match_id, Play(0, (5, 5), None, False, 1))  # the ends make 2, Ann claims 1
    result = store.call_muggins(match_id, 1)
    assert result.match.scores == [5, 5]
    kinds = [e["kind"] for e in store.events(match_id)]
    assert kinds[-2:] == ["move", "correct"]
    assert store.events(match_id)[-2]["move"] == {"player": 0, "play": "5-5", "claim": 1}
    store.close()
    again = open_store(tmp_path / "data")
    try:
        assert again.open_match(match_id).scores == [5, 5]
        assert again.undo(match_id).scores == [5, 0]  # the call taken back, the claim stands
        spot = again.open_match(match_id).round.layout.spots_for((5, 1))[0]
        again.record(match_id, Play(0, (5, 1), spot))
        with pytest.raises(RuleViolation) as err:
            again.call_muggins(match_id, 1)
        assert err.value.code == "muggins_too_late"
        assert again.open_match(match_id).scores == [5, 0]
    finally:
        again.close()
