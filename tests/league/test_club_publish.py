"""A venue's club publisher against a real server: every club record once, marks lost → nothing doubled,
another writer of the subject set aside as a fork. Real server on loopback (offsets 28-29)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.league.club_publish import ClubPublisher
from scorekeeper.league.club_subjects import club_msg_id, club_subject
from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.server import hub_conf, start, write_conf
from scorekeeper.league.subjects import league_filter
from scorekeeper.store import open_store
from scorekeeper.store.club import PLAYERS_LOG, ClubStore, club_logs
from tests.app.club_event import round_one
from tests.league.loop import run_apart
from tests.league.ports import league_port

nats = pytest.importorskip("nats")

pytestmark = pytest.mark.slow

PORT, LEAF_PORT = league_port(28), league_port(29)
HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "rl-pw"})
VENUE = LeagueConfig("north", "red-lion", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "red-lion", "rl-pw")
STREAM = "LEAGUE_north"


def test_club_records_once_each_resends_harmless_and_a_fork_set_aside(tmp_path: Path) -> None:
    folder = tmp_path / "hub"
    server = start(write_conf(folder, "hub.conf", hub_conf(HUB, folder, PORT, LEAF_PORT)), PORT, folder / "hub.log")
    store = open_store(tmp_path / "venue")
    club = ClubStore(store)
    night = round_one(club)
    logs = club_logs(store)
    total = sum(len(v) for v in logs.values())

    async def go() -> tuple[list[int], list[tuple[str, str, dict]], dict[str, str]]:
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        await admin.jetstream().add_stream(name=STREAM, subjects=[league_filter("north")], allow_direct=True)
        venue = await nats.connect(f"nats://127.0.0.1:{PORT}", user="red-lion", password="rl-pw")
        js = venue.jetstream()
        publisher = ClubPublisher(store, VENUE, tmp_path / "league", STREAM)
        counts = [publisher.waiting(), await publisher.send_pending(js), publisher.waiting()]
        (tmp_path / "league" / "club" / "league-sent.json").unlink()  # the marks lost: all offered again
        again = ClubPublisher(store, VENUE, tmp_path / "league", STREAM)
        counts += [await again.send_pending(js), again.waiting()]
        club.check_in(night.event, night.ids["Eve"], False)  # one record more: sent after the others
        counts.append(await again.send_pending(js))
        # another writer puts a record on the player list's subject: the next one is a fork, set aside
        await admin.jetstream().publish(
            club_subject("north", "red-lion", PLAYERS_LOG), b"{}", headers={"Nats-Msg-Id": "someone-else"}
        )
        club.add_player("Fay")
        counts.append(await again.send_pending(js))
        info = await admin.jetstream().stream_info(STREAM)
        out = []
        for seq in range(1, info.state.last_seq + 1):
            msg = await admin.jetstream().get_msg(STREAM, seq)
            out.append((msg.subject, msg.headers["Nats-Msg-Id"], json.loads(msg.data)))
        await venue.close()
        await admin.close()
        return counts, out, again.forks

    try:
        counts, stream, forks = run_apart(go())
    finally:
        server.stop()
    assert counts == [total, total, 0, 0, 0, 1, 0]
    assert forks == {PLAYERS_LOG: "someone-else"}
    logs = club_logs(store)
    for name, log in logs.items():  # each record once, in order (the player list's last one not sent)
        mine = [m for m in stream if m[0] == club_subject("north", "red-lion", name) and m[1] != "someone-else"]
        sent = log[:-1] if name == PLAYERS_LOG else log
        assert [m[1] for m in mine] == [club_msg_id("red-lion", name, i) for i in range(len(sent))]
        assert [m[2] for m in mine] == sent
    store.close()
