"""Property tests over events run through the store (hypothesis, the profiles of tests/conftest.py; each
example writes real files, so a tenth of the examples, as the simulated-match properties): every player
at most once a round, everyone present seated or on a bye, and the standings a pure function of the
results — recomputed in another folder from the event's export, identical."""

from __future__ import annotations

import tempfile
from datetime import date
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.club import ClubRules, Format
from scorekeeper.store import open_store
from scorekeeper.store.club import ClubStore, EventSetup
from tests.rules.helpers import SIMULATED

SCORE = st.integers(min_value=0, max_value=80)


@SIMULATED
@given(
    players=st.integers(min_value=3, max_value=7),
    rounds=st.integers(min_value=1, max_value=3),
    scores=st.lists(st.tuples(SCORE, SCORE), min_size=12, max_size=12),
    away=st.lists(st.integers(min_value=0, max_value=6), max_size=2),
)
def test_events_through_the_store(players, rounds, scores, away):
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "data")
        try:
            club = ClubStore(store)
            ids = [club.add_player(f"P{n}").id for n in range(players)]
            setup = EventSetup("Night", date(2026, 12, 1), "horse-race", {}, Format.SWISS, ClubRules())
            event = club.create_event(setup, ids)
            given_scores = iter(scores * 3)
            for round_no in range(1, rounds + 1):
                if round_no == 2:
                    for n in {a for a in away if a < players}:
                        club.check_in(event, ids[n], present=False)
                state = club.event(event)
                present = {u[0] for u in state.roster.present_units()}
                if len(present) < 2:
                    break
                record = club.pair(event, round_no)
                seated = [p for t in record.tables for side in t.sides for p in side]
                seated += [p for bye in record.pairing.byes for p in bye]
                assert sorted(seated) == sorted(present)  # once each, everyone present
                for t in record.tables:
                    club.paper(event, round_no, t.number, [list(next(given_scores))])
            exported = club.export_event(event)
            rows = club.standings(event)
        finally:
            store.close()
        other = open_store(Path(folder) / "other")
        try:
            there = ClubStore(other)
            there.import_event(exported)
            assert there.standings(event) == rows
        finally:
            other.close()
