"""A venue's own leaf server: play goes on with the hub away, and the hub's stream gets every event once.

Real servers on loopback ports (tests/league/ports.py): the hub, two venues' leaf servers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.link import VenueLink, ensure_hub_stream, restart_idle_sources
from scorekeeper.league.server import hub_conf, start, write_conf
from scorekeeper.store import open_store
from tests.league.loop import run_apart
from tests.league.ports import league_port
from tests.league.test_publish import played

nats = pytest.importorskip("nats")

pytestmark = pytest.mark.slow

PORT, LEAF_PORT, RED_PORT, CROWN_PORT = (league_port(k) for k in (4, 5, 6, 7))
HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "rl-secret-pw", "crown": "cr-secret-pw"})
RED = LeagueConfig("north", "red-lion", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "red-lion", "rl-secret-pw")
CROWN = LeagueConfig("north", "crown", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "crown", "cr-secret-pw")
STREAM = "LEAGUE_north"


async def until(condition: Callable[[], Awaitable[bool]], seconds: float = 20.0) -> None:
    """Wait for ``condition`` (polled), failing the test after ``seconds``."""
    deadline = asyncio.get_running_loop().time() + seconds
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, "condition not met in time"
        await asyncio.sleep(0.05)


async def hub_events(admin: nats.NATS) -> list[tuple[str, str]]:
    js = admin.jetstream()
    info = await js.stream_info(STREAM)
    out = []
    for seq in range(info.state.first_seq or 1, info.state.last_seq + 1):
        msg = await js.get_msg(STREAM, seq)
        out.append((msg.subject, (msg.headers or {})["Nats-Msg-Id"], json.loads(msg.data)))
    return out  # type: ignore[return-value]


def test_a_venue_cut_off_plays_on_and_the_hub_gets_every_event_once(tmp_path: Path) -> None:
    hub_folder = tmp_path / "hub"
    conf = write_conf(hub_folder, "hub.conf", hub_conf(HUB, hub_folder, PORT, LEAF_PORT))
    stores = {name: open_store(tmp_path / f"{name}-data") for name in ("red-lion", "crown")}
    links = [
        VenueLink(stores["red-lion"], RED, tmp_path / "red-league", RED_PORT),
        VenueLink(stores["crown"], CROWN, tmp_path / "crown-league", CROWN_PORT),
    ]
    hub = start(conf, PORT, hub_folder / "hub.log")
    for link in links:
        link.start()

    async def go() -> tuple[list, dict[str, dict[str, list]], list[bool]]:
        nonlocal hub
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        await ensure_hub_stream(admin.jetstream(), HUB)
        stop = asyncio.Event()
        tasks = [asyncio.create_task(link.run(stop)) for link in links]
        played(stores["red-lion"], 1)
        played(stores["crown"], 2)
        total = lambda: sum(len(s.events(m.id)) for s in stores.values() for m in s.list_matches())  # noqa: E731

        async def all_at_hub() -> bool:
            await asyncio.sleep(0.2)
            await restart_idle_sources(admin.jetstream(), HUB)  # what the hub's loop does
            return (await admin.jetstream().stream_info(STREAM)).state.messages == total()

        await until(all_at_hub)
        await until(lambda: asyncio.sleep(0, all(link.connected for link in links)))
        seen = [links[0].status().connected]
        await admin.close()
        hub.stop()  # the hub away: both venues cut off
        played(stores["red-lion"], 3)  # play goes on, each event acknowledged by the venue's own server
        played(stores["crown"], 4)
        await until(lambda: asyncio.sleep(0, all(link.status().waiting == 0 for link in links)))
        await until(lambda: asyncio.sleep(0, not any(link.connected for link in links)))
        seen.append(links[0].status().connected)
        hub = start(conf, PORT, hub_folder / "hub.log")  # back: the leaf links reconnect by themselves
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        await until(all_at_hub, 30)
        await until(lambda: asyncio.sleep(0, all(link.connected for link in links)))
        seen.append(links[0].status().connected)
        events = await hub_events(admin)
        stop.set()
        await asyncio.gather(*tasks)
        await admin.close()
        local = {name: {m.id: s.events(m.id) for m in s.list_matches()} for name, s in stores.items()}
        return events, local, seen

    try:
        events, local, seen = run_apart(go())
    finally:
        for link in links:
            link.stop()
        hub.stop()
        for store in stores.values():
            store.close()
    assert seen == [True, False, True]
    assert len(events) == sum(len(log) for logs in local.values() for log in logs.values())
    for venue, logs in local.items():
        assert len(logs) == 2
        for match_id, log in logs.items():  # event for event, in order, exactly once
            mine = [e for e in events if e[0] == f"league.north.{venue}.{match_id}"]
            assert [e[1] for e in mine] == [f"{match_id}:{i}" for i in range(len(log))]
            assert [e[2] for e in mine] == log
    for text in [p.read_text() for p in tmp_path.rglob("*.log")]:  # no password in any server's log
        assert "secret" not in text and "hub-pw" not in text
