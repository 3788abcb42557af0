"""Issue 25's acceptance, club kinds included: a hub and two venues, plain matches AND a club night played
at both, one venue cut off (its leaf link broken) playing on, then reconnected: the hub's store and
standings equal the venues' own, event for event, and every event is in the hub's stream exactly once.

Real servers on loopback ports (tests/league/ports.py, offsets 22-26): the hub, two venues' leaf
servers, and a TCP relay on crown's leaf link that the test cuts and restores (the link is broken, the
venue's own server and the hub keep running).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from scorekeeper.club import SeasonRules
from scorekeeper.league.club_fold import open_league
from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.hub import run_fold
from scorekeeper.league.link import VenueLink
from scorekeeper.league.server import hub_conf, start, write_conf
from scorekeeper.league.standings import league_events, league_season
from scorekeeper.store import MatchStore, open_store
from scorekeeper.store.club import ClubStore, club_logs
from tests.app.club_event import finish_table_two, play, round_one
from tests.league.loop import run_apart
from tests.league.ports import league_port
from tests.league.relay import Relay
from tests.league.test_club_fold import own_events
from tests.league.test_leaf import until
from tests.league.test_publish import played

nats = pytest.importorskip("nats")

pytestmark = pytest.mark.slow

PORT, LEAF_PORT, RELAY_PORT, RED_PORT, CROWN_PORT = (league_port(k) for k in (22, 23, 24, 25, 26))
HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "rl-pw", "crown": "cr-pw"})
RED = LeagueConfig("north", "red-lion", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "red-lion", "rl-pw")
CROWN = LeagueConfig("north", "crown", f"nats-leaf://127.0.0.1:{RELAY_PORT}", "crown", "cr-pw")
STREAM = "LEAGUE_north"


def match_logs(store: MatchStore) -> dict[str, list[dict]]:
    return {m.id: store.events(m.id) for m in store.list_matches()}


def test_two_venues_matches_and_club_nights_reach_the_hub_exactly_once_across_a_cut_link(tmp_path: Path) -> None:
    hub_folder = tmp_path / "hub"
    text = hub_conf(HUB, hub_folder, PORT, LEAF_PORT)
    # Found: a venue learns the hub's leaf address from the hub (leafnode_urls) and, cut, reconnects there
    # directly, around the relay; a hub that does not advertise it keeps every venue on its own URL.
    text = text.replace("leafnodes { listen:", "leafnodes { no_advertise: true, listen:")
    assert "no_advertise" in text
    conf = write_conf(hub_folder, "hub.conf", text)
    stores = {name: open_store(tmp_path / f"{name}-data") for name in ("red-lion", "crown")}
    clubs = {name: ClubStore(store) for name, store in stores.items()}
    league = open_store(hub_folder / "data")
    links = {
        "red-lion": VenueLink(stores["red-lion"], RED, tmp_path / "red-league", RED_PORT),
        "crown": VenueLink(stores["crown"], CROWN, tmp_path / "crown-league", CROWN_PORT),
    }
    hub = start(conf, PORT, hub_folder / "hub.log")
    for link in links.values():
        link.start()
    desk = open_league(league, HUB, hub_folder / "book")

    def at_hub(venue: str) -> bool:
        """The hub holds every match event and club record the venue has, record for record."""
        mine = match_logs(league)
        if any(mine.get(k) != v for k, v in match_logs(stores[venue]).items()):
            return False
        return club_logs(league, desk.club(venue).folder) == club_logs(stores[venue])

    async def go() -> tuple[list[tuple[str, str]], list[bool]]:
        relay = Relay(RELAY_PORT, LEAF_PORT)
        await relay.restore()
        stop, hub_stop = asyncio.Event(), asyncio.Event()
        tasks = [asyncio.create_task(link.run(stop)) for link in links.values()]
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        folding = asyncio.create_task(run_fold(admin.jetstream(), HUB, desk, hub_stop))
        nights = {}
        for seed, (name, club) in enumerate(clubs.items(), 1):  # both venues: a plain match and a club night
            played(stores[name], seed)
            nights[name] = round_one(club)
        await until(lambda: asyncio.sleep(0, at_hub("red-lion") and at_hub("crown")), 120)
        seen = [links["crown"].status().connected]

        await relay.cut()  # crown's link to the hub is broken; its own server and the hub run on
        await until(lambda: asyncio.sleep(0, not links["crown"].connected), 30)
        for name in clubs:
            finish_table_two(clubs[name], nights[name])
        played(stores["red-lion"], 3)
        round2 = clubs["crown"].pair(nights["crown"].event, 2)  # crown plays round 2, cut off
        play(stores["crown"], round2.tables[0].matches[0], 0, seed=11)
        clubs["crown"].paper(nights["crown"].event, 2, 2, [[61, 40]])
        clubs["crown"].check_in(nights["crown"].event, nights["crown"].ids["Eve"], False)
        await until(lambda: asyncio.sleep(0, links["crown"].status().waiting == 0), 60)  # acked by its own server
        await until(lambda: asyncio.sleep(0, at_hub("red-lion")), 120)
        seen += [links["crown"].status().connected, at_hub("crown")]

        await relay.restore()  # the link back: crown's server reconnects by itself
        await until(lambda: asyncio.sleep(0, at_hub("crown") and at_hub("red-lion")), 180)
        await until(lambda: asyncio.sleep(0, links["crown"].connected), 30)
        seen.append(links["crown"].status().connected)
        js = admin.jetstream()
        info = await js.stream_info(STREAM)
        ids = []
        for seq in range(info.state.first_seq or 1, info.state.last_seq + 1):
            msg = await js.get_msg(STREAM, seq)
            ids.append((msg.subject, (msg.headers or {})["Nats-Msg-Id"]))
        hub_stop.set()
        stop.set()
        await asyncio.gather(folding, *tasks)
        await admin.close()
        await relay.cut()
        return ids, seen

    try:
        ids, seen = run_apart(go())
        assert seen == [True, False, False, True]
        total = 0
        for name, store in stores.items():
            mine = match_logs(store)
            assert {k: v for k, v in match_logs(league).items() if k in mine} == mine  # event for event
            assert club_logs(league, desk.club(name).folder) == club_logs(store)  # record for record
            total += sum(len(v) for v in mine.values()) + sum(len(v) for v in club_logs(store).values())
        assert len(match_logs(league)) == sum(len(match_logs(s)) for s in stores.values()) == 9
        assert len(ids) == len(set(ids)) == total  # every event in the hub's stream exactly once
        assert desk.refused == []
        events = league_events(league, desk.owner)
        mine_events = own_events(stores["crown"], "crown") + own_events(stores["red-lion"], "red-lion")
        assert [(e.venue, e.state, e.results, e.standings) for e in events] == [
            (e.venue, e.state, e.results, e.standings) for e in mine_events
        ]
        assert [len(e.results) for e in events] == [6, 3]  # crown: 2 rounds (a bye each); red-lion: round 1
        assert league_season(events, SeasonRules()) == league_season(mine_events, SeasonRules())
    finally:
        for link in links.values():
            link.stop()
        hub.stop()
        for store in (*stores.values(), league):
            store.close()
