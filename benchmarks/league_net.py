"""The league over real servers on loopback: publish + source + fold, catch-up after a cut, Play → hub lag.

    .venv/bin/python benchmarks/league_net.py [--venues 5] [--matches 200] [--catchup 10000] [--plays 40]
                                              [--port-base 8860]

Issue 25's three figures (docs/league.md, "Networked figures"), each with its own fresh hub:

1. **throughput**: ``--venues`` venues, each with ``--matches`` simulated Horse Race matches already in
   its store (tests/store/simulate.py, recorded through the store: that time is printed apart), start
   their links at once; printed: the seconds until the hub's stream holds every event (publish to the
   venue's own server + sourcing across the leaf) and until the hub's store has folded them, events/s
   of each, and the hub's CPU seconds: its ``nats-server`` process and the fold's thread.
2. **catch-up**: one venue whose leaf link runs through a relay (tests/league/relay.py) that is cut;
   it records ``--catchup`` events (acknowledged by its own server), then the link is restored;
   printed: the seconds until the hub's stream has them and until they are folded.
3. **lag**: ``--plays`` single moves at a venue, one at a time, a random 0-0.5 s apart; for each, the
   time from ``store.record`` returning (after the venue's fsync) to the hub's store holding the
   event (what the hub's standings read next); median and p90, and what one read of the league
   standings then costs.

The hub runs in this process (its server a child process, its fold on a thread of its own, whose CPU
clock is read); the venues' servers are child processes, their publishers on this process's loop.
Ports ``--port-base`` + 0..39.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import nats  # noqa: E402

from scorekeeper.club import SeasonRules  # noqa: E402
from scorekeeper.league.club_fold import LeagueDesk, open_league  # noqa: E402
from scorekeeper.league.config import LeagueConfig  # noqa: E402
from scorekeeper.league.hub import run_fold  # noqa: E402
from scorekeeper.league.link import VenueLink  # noqa: E402
from scorekeeper.league.server import RunningServer, hub_conf, start, write_conf  # noqa: E402
from scorekeeper.league.standings import league_events, league_season  # noqa: E402
from scorekeeper.store import MatchStore, open_store  # noqa: E402
from tests.league.relay import Relay  # noqa: E402
from tests.store.simulate import simulate  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


@dataclass
class Hub:
    """The league's hub: its server, store and fold thread."""

    root: Path
    config: LeagueConfig
    port: int
    leaf: int
    server: RunningServer | None = None
    store: MatchStore | None = None
    desk: LeagueDesk | None = None
    thread: threading.Thread | None = None
    clock: int = 0
    loop: asyncio.AbstractEventLoop | None = None
    stop_event: asyncio.Event | None = None
    ready: threading.Event = field(default_factory=threading.Event)

    def start(self) -> None:
        text = hub_conf(self.config, self.root, self.port, self.leaf)
        text = text.replace("leafnodes { listen:", "leafnodes { no_advertise: true, listen:")
        self.server = start(write_conf(self.root, "hub.conf", text), self.port, self.root / "hub.log")
        self.store = open_store(self.root / "data")
        self.desk = open_league(self.store, self.config, self.root / "book")
        self.thread = threading.Thread(target=self._work, daemon=True)
        self.thread.start()
        self.ready.wait(30)

    def _work(self) -> None:
        self.clock = time.pthread_getcpuclockid(threading.get_ident())
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self._fold())

    async def _fold(self) -> None:
        self.stop_event = asyncio.Event()
        nc = await nats.connect(f"nats://127.0.0.1:{self.port}", user="hub", password=self.config.password)
        self.ready.set()
        assert self.desk is not None
        await run_fold(nc.jetstream(), self.config, self.desk, self.stop_event)
        await nc.close()

    def cpu(self) -> tuple[float, float]:
        """(server CPU s, fold thread CPU s) so far."""
        assert self.server is not None
        return proc_cpu(self.server.process.pid), time.clock_gettime(self.clock)

    def folded(self) -> int:
        """Events in the hub's store."""
        assert self.store is not None
        return sum(s.events for s in self.store.list_matches())

    def version(self, match_id: str) -> int:
        assert self.store is not None
        try:
            return self.store.version(match_id)
        except Exception:  # noqa: BLE001 - not there yet
            return 0

    def close(self) -> None:
        if self.loop is not None and self.stop_event is not None:
            self.loop.call_soon_threadsafe(self.stop_event.set)
        if self.thread is not None:
            self.thread.join(30)
        if self.store is not None:
            self.store.close()
        if self.server is not None:
            self.server.stop()


async def stream_count(port: int, password: str, league: str) -> int:
    nc = await nats.connect(f"nats://127.0.0.1:{port}", user="hub", password=password)
    try:
        return int((await nc.jetstream().stream_info(f"LEAGUE_{league}")).state.messages)
    finally:
        await nc.close()


def fill(store: MatchStore, matches: int, first_seed: int) -> int:
    """Record ``matches`` simulated matches through ``store``; return the events recorded."""
    total = 0
    for k in range(matches):
        match = simulate(first_seed + k)
        match_id = store.create_match("horse-race", list(match.players), partnerships=False)
        for action in match.actions:
            store.record(match_id, action)
        total += store.version(match_id)
    return total


async def wait_for(condition: Any, seconds: float, every: float = 0.1) -> float:
    """Poll ``condition`` (a coroutine function) until true; the seconds it took (raises on timeout)."""
    began = time.perf_counter()
    while not await condition():
        if time.perf_counter() - began > seconds:
            raise TimeoutError("the league did not get there in time")
        await asyncio.sleep(every)
    return time.perf_counter() - began


def configs(venues: int, leaf: int) -> tuple[LeagueConfig, list[LeagueConfig]]:
    names = [f"v{k}" for k in range(venues)]
    hub = LeagueConfig("north", "hub", "", "hub", "hub-pw", venues={n: f"{n}-pw" for n in names})
    return hub, [LeagueConfig("north", n, f"nats-leaf://127.0.0.1:{leaf}", n, f"{n}-pw") for n in names]


async def throughput(root: Path, base: int, venues: int, matches: int) -> None:
    hub_config, venue_configs = configs(venues, base + 1)
    began = time.perf_counter()
    stores = [open_store(root / f"venue{k}") for k in range(venues)]
    total = sum(fill(s, matches, 1000 * k) for k, s in enumerate(stores))
    print(
        f"throughput: {venues} venues x {matches} matches, {total} events recorded"
        f" in {time.perf_counter() - began:.0f} s"
    )
    hub = Hub(root / "hub", hub_config, base, base + 1)
    hub.start()
    links = [
        VenueLink(s, c, root / f"league{k}", base + 10 + k)
        for k, (s, c) in enumerate(zip(stores, venue_configs, strict=True))
    ]
    for link in links:
        link.start()
    server0, fold0 = hub.cpu()
    stop = asyncio.Event()
    tasks = [asyncio.create_task(link.run(stop)) for link in links]
    began = time.perf_counter()

    async def at_stream() -> bool:
        return await stream_count(base, "hub-pw", "north") >= total

    async def folded() -> bool:
        return hub.folded() >= total

    streamed = await wait_for(at_stream, 3600, 0.5)
    done = await wait_for(folded, 36000, 0.5) + streamed
    server1, fold1 = hub.cpu()
    print(
        f"  hub's stream has all {total}: {streamed:.1f} s ({total / streamed:.0f} events/s);"
        f" folded into the hub's store: {done:.1f} s ({total / done:.0f} events/s)"
    )
    print(f"  hub CPU: nats-server {server1 - server0:.1f} s, fold thread {fold1 - fold0:.1f} s")
    stop.set()
    await asyncio.gather(*tasks)
    for link in links:
        link.stop()
    hub.close()
    for s in stores:
        s.close()


async def catchup(root: Path, base: int, events: int) -> None:
    hub_config, (venue,) = configs(1, base + 2)  # the venue's leaf URL is the relay's
    hub = Hub(root / "hub", hub_config, base, base + 1)
    hub.start()
    relay = Relay(base + 2, base + 1)
    store = open_store(root / "venue")
    link = VenueLink(store, venue, root / "league", base + 10)
    link.start()
    stop = asyncio.Event()
    task = asyncio.create_task(link.run(stop))  # the relay not listening: cut off from the start
    recorded, seed = 0, 50_000
    began = time.perf_counter()
    while recorded < events:
        recorded += fill(store, 1, seed)
        seed += 1

    async def acked_locally() -> bool:
        return link.status().waiting == 0

    await wait_for(acked_locally, 3600)
    print(
        f"catch-up: {recorded} events recorded and acknowledged by the venue's own server, cut off"
        f" ({time.perf_counter() - began:.0f} s)"
    )
    server0, fold0 = hub.cpu()
    await relay.restore()
    began = time.perf_counter()

    async def at_stream() -> bool:
        return await stream_count(base, "hub-pw", "north") >= recorded

    async def folded() -> bool:
        return hub.folded() >= recorded

    streamed = await wait_for(at_stream, 3600, 0.2)
    done = await wait_for(folded, 36000, 0.5) + streamed
    server1, fold1 = hub.cpu()
    print(
        f"  link restored: the hub's stream has them in {streamed:.1f} s ({recorded / streamed:.0f} events/s),"
        f" folded in {done:.1f} s ({recorded / done:.0f} events/s); hub CPU: nats-server {server1 - server0:.1f} s,"
        f" fold {fold1 - fold0:.1f} s"
    )
    stop.set()
    await task
    await relay.cut()
    link.stop()
    hub.close()
    store.close()


async def lag(root: Path, base: int, plays: int) -> None:
    hub_config, (venue,) = configs(1, base + 1)
    hub = Hub(root / "hub", hub_config, base, base + 1)
    hub.start()
    store = open_store(root / "venue")
    link = VenueLink(store, venue, root / "league", base + 10)
    link.start()
    stop = asyncio.Event()
    task = asyncio.create_task(link.run(stop))
    lags: list[float] = []
    seed, rng = 70_000, random.Random(7)
    while len(lags) < plays:
        match = simulate(seed)
        seed += 1
        match_id = store.create_match("horse-race", list(match.players), partnerships=False)
        for action in match.actions:
            if len(lags) >= plays:
                break
            await asyncio.sleep(rng.uniform(0, 0.5))
            store.record(match_id, action)
            version = store.version(match_id)
            t0 = time.perf_counter()

            async def there(v: int = version, m: str = match_id) -> bool:
                return hub.version(m) >= v

            await wait_for(there, 120, 0.005)
            lags.append(time.perf_counter() - t0)
    began = time.perf_counter()
    assert hub.store is not None and hub.desk is not None
    league_season(league_events(hub.store, hub.desk.owner), SeasonRules())
    read = time.perf_counter() - began
    q = statistics.quantiles(lags, n=10, method="inclusive")
    print(
        f"lag: {plays} plays, Play at the venue → in the hub's store: median {statistics.median(lags) * 1000:.0f} ms,"
        f" p90 {q[8] * 1000:.0f} ms, max {max(lags) * 1000:.0f} ms;"
        f" one read of the league standings {read * 1000:.0f} ms"
    )
    stop.set()
    await task
    link.stop()
    hub.close()
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--venues", type=int, default=5)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--catchup", type=int, default=10_000)
    parser.add_argument("--plays", type=int, default=40)
    parser.add_argument("--port-base", type=int, default=8860)
    parser.add_argument("--only", choices=("throughput", "catchup", "lag"), action="append")
    args = parser.parse_args()
    only = set(args.only or ("throughput", "catchup", "lag"))
    print(f"{time.strftime('%Y-%m-%d %H:%M')} load {os.getloadavg()[0]:.1f}")
    for name in ("throughput", "catchup", "lag"):
        if name not in only:
            continue
        root = Path(tempfile.mkdtemp(prefix=f"league-net-{name}-"))
        if name == "throughput":
            asyncio.run(throughput(root, args.port_base, args.venues, args.matches))
        elif name == "catchup":
            asyncio.run(catchup(root, args.port_base, args.catchup))
        else:
            asyncio.run(lag(root, args.port_base, args.plays))


if __name__ == "__main__":
    main()
