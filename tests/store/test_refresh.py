"""A store read only beside the one that writes (the server's viewer process): ``refresh`` shows it what
the writer recorded since, a match new since it opened included; without it, it keeps what it read."""

from __future__ import annotations

from scorekeeper.rules import Play, StartRound
from scorekeeper.rules.tiles import parse_tile
from scorekeeper.store import IN_PROGRESS, MatchStore, open_store


def test_a_reader_sees_the_writers_moves_once_told(data_dir):
    writer = open_store(data_dir)
    match_id = writer.create_match("horse-race", ["Ann", "Bo"], partnerships=False)
    writer.record(match_id, StartRound(0))
    reader = MatchStore(data_dir, read_only=True)  # as the viewer process opens it
    try:
        assert reader.version(match_id) == 2
        writer.record(match_id, Play(0, parse_tile("1-4")))  # Ann leads 1-4: 5, +1 (H2)
        assert reader.version(match_id) == 2  # kept as read until told
        reader.refresh(match_id)
        assert reader.summary(match_id).scores == (1, 0)  # points: the history list follows at once
        assert reader.version(match_id) == 3
        assert reader.open_match(match_id).scores == [5, 0]  # raw points

        later = writer.create_match("exact-61", ["Cy", "Di"], partnerships=False)  # new since the reader opened
        reader.refresh(later)
        assert reader.summary(later).status == IN_PROGRESS
        assert [s.id for s in reader.unfinished_matches()] == [later, match_id]
    finally:
        reader.close()


def test_a_store_that_writes_keeps_what_it_holds(data_dir):
    writer = open_store(data_dir)
    match_id = writer.create_match("horse-race", ["Ann", "Bo"], partnerships=False)
    live = writer.open_match(match_id)
    writer.refresh(match_id)
    assert writer.open_match(match_id) is live  # not read again: it is the truth
