"""The viewer process's side of an event change: the line ``{"event": "<id>"}`` makes its read-only store
read the event's matches again (a new round's too), then its tabs are told (``EVENT``)."""

from __future__ import annotations

import io

from scorekeeper.app.main import EVENT
from scorekeeper.app.models.projector_board import read_board
from scorekeeper.serve.viewer_server import Changes, FollowingStore
from scorekeeper.server.store_guard import club_of
from scorekeeper.store import open_store
from tests.app.club_event import finish_table_two, round_one


class Hub:
    def __init__(self) -> None:
        self.sent: list[tuple[str, object]] = []

    def send_all_on_topic(self, topic: str, message: object) -> None:
        self.sent.append((topic, message))


def test_an_event_line_reads_the_event_again_and_tells_the_tabs(tmp_path):
    writer = open_store(tmp_path)
    try:
        night = round_one(club_of(writer))
        reader = open_store(tmp_path, read_only=True)
        following = FollowingStore(reader)
        try:
            before = read_board(club_of(following), following, night.event)
            assert before.tables[1].state == "playing"
            finish_table_two(club_of(writer), night)
            club_of(writer).pair(night.event, 2)  # a new round: matches the reader never saw
            state = club_of(writer).event(night.event)
            new = [m for t in state.rounds[1].tables for m in t.matches]
            hub = Hub()
            lines = io.BytesIO(b'{"event": "%s"}\n["nonsense"\n' % night.event.encode())
            changes = Changes(reader, lines, lambda: None)
            changes.hub = hub
            changes.read()
            assert hub.sent == [(EVENT, night.event)]  # the broken line is logged and skipped
            after = read_board(club_of(following), following, night.event)
            assert after.round == 2
            assert {t.match_id for t in after.tables} == set(new)
            assert {s.name: s.points for s in after.standings}["Dee"] == 2  # table 2's result, read again
            assert club_of(following) is club_of(reader)  # one ClubStore over the read-only store
        finally:
            reader.close()
    finally:
        writer.close()
