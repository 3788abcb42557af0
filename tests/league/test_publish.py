"""A venue's publisher against a real hub server: every committed event once, resends harmless."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.marks import FILE
from scorekeeper.league.publish import Publisher
from scorekeeper.league.server import RunningServer, hub_conf, start, write_conf
from scorekeeper.league.subjects import league_filter
from scorekeeper.store import MatchStore, open_store
from tests.league.loop import run_apart
from tests.league.ports import league_port
from tests.store.simulate import simulate

nats = pytest.importorskip("nats")

pytestmark = pytest.mark.slow

PORT, LEAF_PORT = league_port(2), league_port(3)
HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "rl-pw"})
VENUE = LeagueConfig("north", "red-lion", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "red-lion", "rl-pw")
STREAM = "LEAGUE_north"


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[RunningServer]:
    folder = tmp_path / "hub"
    conf = write_conf(folder, "hub.conf", hub_conf(HUB, folder, PORT, LEAF_PORT))
    server = start(conf, PORT, folder / "hub.log")
    yield server
    server.stop()


def played(store: MatchStore, seed: int) -> str:
    """A simulated match recorded through the store, with one undo and its redo on the way."""
    match = simulate(seed)
    match_id = store.create_match("horse-race", list(match.players), partnerships=False)
    for i, action in enumerate(match.actions):
        store.record(match_id, action)
        if i == 3:
            store.undo(match_id)
            store.redo(match_id)
    return match_id


async def stream_events(admin: nats.NATS) -> list[dict]:
    js = admin.jetstream()
    info = await js.stream_info(STREAM)
    out = []
    for seq in range(1, info.state.last_seq + 1):
        msg = await js.get_msg(STREAM, seq)
        out.append({"subject": msg.subject, "msg_id": msg.headers["Nats-Msg-Id"], **json.loads(msg.data)})
    return out


def test_every_committed_event_is_published_once(hub: RunningServer, tmp_path: Path) -> None:
    store = open_store(tmp_path / "venue-data")
    ids = [played(store, seed) for seed in (1, 2)]
    local = {match_id: store.events(match_id) for match_id in ids}
    total = sum(len(v) for v in local.values())

    async def go() -> tuple[list[int], list[dict], int]:
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        await admin.jetstream().add_stream(name=STREAM, subjects=[league_filter("north")], allow_direct=True)
        venue = await nats.connect(f"nats://127.0.0.1:{PORT}", user="red-lion", password="rl-pw")
        js = venue.jetstream()
        publisher = Publisher(store, VENUE, tmp_path / "league", STREAM)
        counts = [publisher.waiting(), await publisher.send_pending(js), publisher.waiting()]
        counts.append(await publisher.send_pending(js))  # nothing new: nothing sent
        (tmp_path / "league" / FILE).unlink()  # the marks lost: everything offered again
        again = Publisher(store, VENUE, tmp_path / "league", STREAM)
        counts.append(await again.send_pending(js))
        counts.append(again.waiting())
        played_later = played(store, 3)  # a match played after: sent from its start
        counts.append(await again.send_pending(js))
        local[played_later] = store.events(played_later)
        events = await stream_events(admin)
        await venue.close()
        await admin.close()
        return counts, events, len(local[played_later])

    counts, events, later = run_apart(go())
    assert counts == [total, total, 0, 0, 0, 0, later]
    for match_id, log in local.items():  # event for event, in order, once each
        mine = [e for e in events if e["subject"] == f"league.north.red-lion.{match_id}"]
        assert [e["msg_id"] for e in mine] == [f"{match_id}:{i}" for i in range(len(log))]
        assert [{k: v for k, v in e.items() if k not in ("subject", "msg_id")} for e in mine] == log
    store.close()
