"""The hub's durable consumer folding into the league's own store: once each, in order, refereed
again, forks refused and recorded, nothing lost or doubled across a hub restart.

Real servers on loopback ports (tests/league/ports.py): the hub, two venues' leaf servers.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from scorekeeper.league.config import LeagueConfig
from scorekeeper.league.hub import OWNERS, REFUSALS, open_book, run_fold
from scorekeeper.league.link import VenueLink
from scorekeeper.league.server import hub_conf, start, write_conf
from scorekeeper.store import MatchStore, open_store
from tests.league.loop import run_apart
from tests.league.ports import league_port
from tests.league.test_fold import send, venue_log
from tests.league.test_leaf import until
from tests.league.test_publish import played

PORT, LEAF_PORT, RED_PORT, CROWN_PORT = (league_port(k) for k in (8, 9, 10, 11))
HUB = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={"red-lion": "rl-pw", "crown": "cr-pw"})
RED = LeagueConfig("north", "red-lion", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "red-lion", "rl-pw")
CROWN = LeagueConfig("north", "crown", f"nats-leaf://127.0.0.1:{LEAF_PORT}", "crown", "cr-pw")


def test_the_book_keeps_its_logs_owners_and_refusals_across_a_restart(tmp_path: Path) -> None:
    match_id, log = venue_log(tmp_path, 1)
    store = open_store(tmp_path / "league")
    book = open_book(store, HUB, tmp_path / "league-book")
    assert {send(book, "red-lion", match_id, e) for e in log[:8]} == {"accepted"}
    assert book.take(f"league.north.crown.{match_id}", f"{match_id}:0", json.dumps(log[0]).encode(), 40) == "fork"
    assert book.take(f"league.north.crown.{match_id}", f"{match_id}:0", json.dumps(log[0]).encode(), 40) == "fork"
    store.close()
    store = open_store(tmp_path / "league")  # the hub restarted
    book = open_book(store, HUB, tmp_path / "league-book")
    assert {send(book, "red-lion", match_id, e) for e in log[:8]} == {"duplicate"}
    assert {send(book, "red-lion", match_id, e) for e in log[8:]} == {"accepted"}
    assert store.events(match_id) == log
    assert book.owner == {match_id: "red-lion"}
    assert [(r.outcome, r.msg_id) for r in book.refused] == [("fork", f"{match_id}:0")]  # recorded once
    saved = json.loads((tmp_path / "league-book" / REFUSALS).read_text())
    assert list(saved) == ["40"] and saved["40"]["outcome"] == "fork"
    assert json.loads((tmp_path / "league-book" / OWNERS).read_text()) == {match_id: "red-lion"}
    store.close()


def logs_of(store: MatchStore) -> dict[str, list[dict]]:
    return {m.id: store.events(m.id) for m in store.list_matches()}


@pytest.mark.slow
def test_two_venues_fold_into_the_league_store_across_a_hub_restart_and_a_fork_is_refused(tmp_path: Path) -> None:
    pytest.importorskip("nats")
    import nats

    hub_folder = tmp_path / "hub"
    conf = write_conf(hub_folder, "hub.conf", hub_conf(HUB, hub_folder, PORT, LEAF_PORT))
    stores = {name: open_store(tmp_path / f"{name}-data") for name in ("red-lion", "crown")}
    league = open_store(hub_folder / "data")
    links = [
        VenueLink(stores["red-lion"], RED, tmp_path / "red-league", RED_PORT),
        VenueLink(stores["crown"], CROWN, tmp_path / "crown-league", CROWN_PORT),
    ]
    hub = start(conf, PORT, hub_folder / "hub.log")
    for link in links:
        link.start()

    async def go() -> tuple[str, list]:
        nonlocal hub, league
        stop, hub_stop = asyncio.Event(), asyncio.Event()
        tasks = [asyncio.create_task(link.run(stop)) for link in links]
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        book = open_book(league, HUB, hub_folder / "book")
        folding = asyncio.create_task(run_fold(admin.jetstream(), HUB, book, hub_stop))
        first = played(stores["red-lion"], 1)
        played(stores["crown"], 2)

        def folded() -> bool:
            mine = logs_of(league)
            return all(all(mine.get(k) == v for k, v in logs_of(s).items()) for s in stores.values())

        await until(lambda: asyncio.sleep(0, folded()), 30)
        hub_stop.set()
        await folding
        await admin.close()
        hub.stop()  # the hub's server and its consumer gone
        league.close()
        played(stores["red-lion"], 3)  # play goes on at both venues
        played(stores["crown"], 4)
        # a fork: crown writes a match red-lion wrote first (its log copied in, then played on)
        stores["crown"].adopt(first, stores["red-lion"].events(first)[:5])
        hub = start(conf, PORT, hub_folder / "hub.log")
        league = open_store(hub_folder / "data")
        admin = await nats.connect(f"nats://127.0.0.1:{PORT}", user="hub", password="hub-pw")
        book = open_book(league, HUB, hub_folder / "book")
        hub_stop.clear()
        folding = asyncio.create_task(run_fold(admin.jetstream(), HUB, book, hub_stop))
        await until(lambda: asyncio.sleep(0, _all_but_fork()), 60)
        await until(lambda: asyncio.sleep(0, bool(book.refused)), 30)
        hub_stop.set()
        stop.set()
        await asyncio.gather(folding, *tasks)
        await admin.close()
        return first, book.refused

    def _all_but_fork() -> bool:
        mine = logs_of(league)
        want = {**logs_of(stores["crown"]), **logs_of(stores["red-lion"])}  # red-lion's log of `first` wins
        return mine == want

    try:
        first, refused = run_apart(go())
        assert logs_of(league) == {**logs_of(stores["crown"]), **logs_of(stores["red-lion"])}  # event for event
        assert len(logs_of(league)) == 4
        assert {(r.outcome, r.subject) for r in refused} == {("fork", f"league.north.crown.{first}")}
        saved = json.loads((hub_folder / "book" / REFUSALS).read_text())
        assert {v["outcome"] for v in saved.values()} == {"fork"}
    finally:
        for link in links:
            link.stop()
        hub.stop()
        for store in (*stores.values(), league):
            store.close()
