"""The venue's side of the league link: its own leaf server, its stream, the publishing loop.

A venue laptop runs its own ``nats-server`` (:func:`.server.venue_conf`): JetStream in the venue's
domain, a leaf connection to the hub that the server itself keeps trying again. The publisher
(:class:`.publish.Publisher`) writes to the venue's own stream (:func:`.subjects.venue_stream`) on
that local server, so a publish never waits on the hub: play goes on with the hub unreachable. The
hub's stream sources every venue's stream across the leaf (JetStream domains, NATS's own
mechanism): what a venue stored while cut off reaches the hub when the link is back, in order,
from where the hub's stream had got to.

``nats`` is imported inside the functions only (docs/league.md: nothing imports it without
``--league`` or ``league hub``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.store import MatchStore

from .club_publish import ClubPublisher
from .config import LeagueConfig
from .publish import Publisher, VenueStatus
from .server import LOCAL_USER, RunningServer, start, venue_conf, write_conf
from .subjects import HUB_DOMAIN, source_deliver, stream_name, venue_api, venue_filter, venue_stream

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
"""How often the venue's loop looks for new committed events, in seconds."""
PING_SECONDS = 1.0
"""How long the hub has to answer the venue's "are you there" (``$JS.hub.API.INFO``), in seconds."""


async def ensure_venue_stream(js: Any, config: LeagueConfig) -> None:
    """Create (or keep) the venue's stream on its own server: file storage, the venue's subjects,
    direct gets allowed (the publisher asks for a match's last message after a refused sequence)."""
    from nats.js.api import StorageType, StreamConfig

    await js.add_stream(
        StreamConfig(
            name=venue_stream(config.league, config.venue),
            subjects=[venue_filter(config.league, config.venue)],
            storage=StorageType.FILE,
            allow_direct=True,
        )
    )


async def ensure_hub_stream(js: Any, config: LeagueConfig) -> None:
    """Create or update the hub's league stream ``LEAGUE_<league>``: no subjects of its own, one
    source per venue of the hub's file (its stream in its domain, delivered to ``$JS.S.<venue>``).
    A venue added to the file is sourced from its first message on."""
    from nats.js.api import ExternalStream, StorageType, StreamConfig, StreamSource
    from nats.js.errors import NotFoundError

    sources = [
        StreamSource(
            name=venue_stream(config.league, venue),
            external=ExternalStream(api=venue_api(venue), deliver=source_deliver(venue)),
        )
        for venue in sorted(config.venues)
    ]
    wanted = StreamConfig(name=stream_name(config.league), sources=sources, storage=StorageType.FILE, allow_direct=True)
    try:
        await js.stream_info(wanted.name)
    except NotFoundError:
        await js.add_stream(wanted)
    else:
        await js.update_stream(wanted)


async def restart_idle_sources(js: Any, config: LeagueConfig) -> list[str]:
    """Set up again the hub stream's sources that are not active; return their venues.

    Found on 2.15.1: a hub restarted before its venues' leaf links are back fails its sources'
    first set-up and NATS then waits 10 s, 20 s, ... up to 2 min between tries, so a venue back
    after a long cut could wait minutes. The hub's loop calls this every few seconds: the idle
    sources are taken out of the stream's configuration and put back, which sets them up at once;
    the server finds where each had got to from the stream's own messages (tested: nothing doubled).
    """
    info = await js.stream_info(stream_name(config.league))
    idle = {s.name for s in info.sources or [] if s.active is None or s.active < 0}
    if not idle:
        return []
    keep = [s for s in info.config.sources or [] if s.name not in idle]
    info.config.sources = keep
    await js.update_stream(info.config)
    await ensure_hub_stream(js, config)
    prefix = f"LEAGUE_{config.league}_"
    return sorted(name.removeprefix(prefix) for name in idle)


async def hub_reachable(nc: Any) -> bool:
    """True if the hub's JetStream answers across the leaf within :data:`PING_SECONDS`."""
    try:
        await nc.request(f"$JS.{HUB_DOMAIN}.API.INFO", b"", timeout=PING_SECONDS)
    except Exception:  # noqa: BLE001 - no responders, a timeout or a closed connection: not reachable
        return False
    return True


@dataclass
class VenueLink:
    """A venue's league link: its server (started by :meth:`start`), its publisher and the loop.

    ``folder`` is the venue's league folder (the server's conf, log and JetStream, and the
    publisher's marks); ``port`` the local server's client port (loopback only).
    """

    store: MatchStore
    config: LeagueConfig
    folder: Path
    port: int
    server: RunningServer | None = None
    connected: bool = False
    _password: str = field(default="", repr=False)
    publisher: Publisher = field(init=False)
    club_publisher: ClubPublisher = field(init=False)

    def __post_init__(self) -> None:
        stream = venue_stream(self.config.league, self.config.venue)
        self.publisher = Publisher(self.store, self.config, self.folder, stream)
        self.club_publisher = ClubPublisher(self.store, self.config, self.folder, stream)  # club_publish.py

    def start(self) -> None:
        """Write the conf (0600, a fresh local password) and start the venue's server; raises
        :class:`.server.ServerProblem` if it does not start."""
        self._password = secrets.token_urlsafe(24)
        conf = write_conf(self.folder, "venue.conf", venue_conf(self.config, self.folder, self.port, self._password))
        self.server = start(conf, self.port, self.folder / "venue-server.log")

    def stop(self) -> None:
        """Stop the venue's server (its stream and the marks stay in the folder)."""
        if self.server is not None:
            self.server.stop()
            self.server = None

    def status(self) -> VenueStatus:
        """``League: connected / N events waiting / last sent hh:mm`` as values (matches and club logs)."""
        status = self.publisher.status(self.connected)
        last = max(status.last_sent, self.club_publisher.last_sent)
        return VenueStatus(status.connected, status.waiting + self.club_publisher.waiting(), last)

    async def connect(self) -> Any:
        """A connection to the venue's own server, its stream made sure of."""
        import nats

        nc = await nats.connect(
            f"nats://127.0.0.1:{self.port}",
            user=LOCAL_USER,
            password=self._password,
            max_reconnect_attempts=-1,
            error_cb=_quiet,
            reconnect_time_wait=0.5,
        )
        await ensure_venue_stream(nc.jetstream(), self.config)
        return nc

    async def run(self, stop: asyncio.Event) -> None:
        """Publish every committed event to the venue's stream until ``stop`` is set: each
        :data:`POLL_SECONDS`, what is past the marks; a failed connection or publish is tried again
        at the next turn (the store is the outbox: nothing is lost meanwhile)."""
        nc = None
        while not stop.is_set():
            try:
                if nc is None or nc.is_closed:
                    nc = await self.connect()
                await self.publisher.send_pending(nc.jetstream())
                await self.club_publisher.send_pending(nc.jetstream())
                self.connected = await hub_reachable(nc)
            except Exception as err:  # noqa: BLE001 - the local server restarting: try again next turn
                log.warning("league: publishing paused (%s)", type(err).__name__)
                self.connected = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), POLL_SECONDS)
        if nc is not None and not nc.is_closed:
            await nc.close()


def free_port() -> int:
    """A loopback port free now (the venue server's local client port)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_beside(store: MatchStore, config: LeagueConfig, folder: Path) -> Callable[[], None]:
    """``serve --league``: start the venue's server and its publishing loop on a thread of their
    own beside the app's server; return the function that stops both. Raises
    :class:`.server.ServerProblem` if the venue's server does not start."""
    import threading

    link = VenueLink(store, config, folder, free_port())
    link.start()
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()

    def work() -> None:
        asyncio.set_event_loop(loop)
        loop.run_until_complete(link.run(stop))

    thread = threading.Thread(target=work, name="league-venue", daemon=True)
    thread.start()

    def halt() -> None:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        link.stop()

    return halt


async def _quiet(err: Exception) -> None:
    """nats-py's connection errors: one log line, never its default traceback on standard error."""
    logging.getLogger(__name__).info("league: connection: %s", type(err).__name__)
