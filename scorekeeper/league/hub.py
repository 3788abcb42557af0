"""The hub's side: its durable consumer folding every venue's events into the league's own store.

:class:`LeagueBook` is the fold of :mod:`.fold` kept in the league's :class:`MatchStore` (TinyDB
index, one file per match, fsync'd: the store's own promises): each accepted event is added with
:meth:`MatchStore.adopt` under the venue's match id, after the whole log is refereed again. Which
venue wrote a match first (``league-owners.json``) and every refusal (``league-refusals.json``,
keyed by the message's stream sequence so a redelivery records it once) are kept beside it,
written whole and fsync'd; the secretary lists them (``scorekeeper league status``).

:func:`run_fold` is the loop: a durable pull consumer (``fold``) on the league stream, explicit
acks, each message acknowledged only after the store has it. A hub killed between the store's
write and the ack gets the message again: the fold finds it already kept (``duplicate``), so
nothing is doubled; one killed before the write gets it again and keeps it, so nothing is lost.

``nats`` is imported inside the functions only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.store import MatchStore
from scorekeeper.store.atomic import write_atomic
from scorekeeper.store.errors import MatchNotFound, StoreError

from .config import LeagueConfig
from .fold import Fold, Refusal
from .link import restart_idle_sources
from .subjects import MSG_ID, stream_name

log = logging.getLogger(__name__)

OWNERS = "league-owners.json"
REFUSALS = "league-refusals.json"
MAX_REFUSALS = 10_000
"""The most refusals kept (the oldest are dropped first)."""
MAX_FILE = 16 * 1024 * 1024
"""The largest owners or refusals file read, in bytes."""
DURABLE = "fold"
"""The hub's durable consumer's name."""
BATCH = 200
"""How many messages one fetch asks for."""
SOURCES_SECONDS = 5.0
"""How often the loop sets up idle sources again (:func:`.link.restart_idle_sources`), in seconds."""


def _read_json(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()[: MAX_FILE + 1]
        data = json.loads(raw) if len(raw) <= MAX_FILE else {}
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@dataclass
class LeagueBook(Fold):
    """The league's fold kept in ``store`` (the hub's own data folder) and ``folder`` (owners and
    refusals). Only :meth:`Fold.take` is called from outside; it never raises for what a venue
    sends. A store that cannot write raises :class:`StoreError` (the loop stops, nothing acked)."""

    store: MatchStore | None = None
    folder: Path = field(default_factory=Path)
    refusals: dict[int, dict[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for key, venue in _read_json(self.folder / OWNERS).items():
            if isinstance(venue, str):
                self.owner[key] = venue
        for key, value in _read_json(self.folder / REFUSALS).items():
            if key.isdigit() and isinstance(value, dict):
                self.refusals[int(key)] = {k: str(v)[:300] for k, v in value.items()}
        self.refused = [
            Refusal(**r) for _, r in sorted(self.refusals.items()) if set(r) == set(Refusal.__annotations__)
        ]

    def _store(self) -> MatchStore:
        assert self.store is not None
        return self.store

    def log_of(self, match_id: str) -> list[dict[str, Any]]:
        """The match's events in the league's store (``[]`` if it has none)."""
        try:
            return self._store().events(match_id)
        except MatchNotFound:
            return []

    def keep(self, match_id: str, venue: str, log: list[dict[str, Any]], event: dict[str, Any]) -> str:
        """The owner written first (a crash after it leaves an owner with no events, which the
        same venue's redelivery fills), then the event adopted by the store."""
        new_owner = match_id not in self.owner
        if new_owner:
            self.owner[match_id] = venue
            self._save_owners()
        try:
            self._store().adopt(match_id, [*log, event])
        except StoreError as err:
            if err.code not in ("adopt_refused", "adopt_conflict", "adopt_bad_id"):
                raise
            if new_owner and not log:
                del self.owner[match_id]
                self._save_owners()
            return str(err.params.get("reason") or err)
        return ""

    def record(self, ref: int, refusal: Refusal) -> None:
        """Keep a refusal in ``league-refusals.json`` under its stream sequence (once each)."""
        key = ref if ref > 0 else -len(self.refusals) - 1
        if key in self.refusals:
            return
        self.refusals[key] = {
            "outcome": refusal.outcome,
            "subject": refusal.subject,
            "msg_id": refusal.msg_id,
            "reason": refusal.reason,
        }
        while len(self.refusals) > MAX_REFUSALS:
            del self.refusals[min(self.refusals)]
        self.refused.append(refusal)
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {str(k): v for k, v in sorted(self.refusals.items())}
        write_atomic(self.folder / REFUSALS, json.dumps(data, ensure_ascii=False).encode())

    def _save_owners(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        write_atomic(self.folder / OWNERS, json.dumps(dict(sorted(self.owner.items()))).encode())


def open_book(store: MatchStore, config: LeagueConfig, folder: Path) -> LeagueBook:
    """The league's book over the hub's store, its owners and refusals read from ``folder``."""
    return LeagueBook(config.league, store=store, folder=folder)


async def ensure_consumer(js: Any, config: LeagueConfig) -> Any:
    """The durable pull consumer ``fold`` on the league stream (created once, kept by the server
    with its ack floor across restarts); returns a pull subscription bound to it."""
    from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

    stream = stream_name(config.league)
    await js.add_consumer(
        stream,
        ConsumerConfig(
            durable_name=DURABLE,
            ack_policy=AckPolicy.EXPLICIT,
            deliver_policy=DeliverPolicy.ALL,
            max_ack_pending=BATCH * 5,
            ack_wait=30,
        ),
    )
    return await js.pull_subscribe_bind(DURABLE, stream)


async def fold_pending(sub: Any, book: LeagueBook, timeout: float = 1.0) -> dict[str, int]:
    """Fetch and fold one batch; each message acknowledged after the store has it. Returns the
    outcomes counted (``{}`` when nothing came within ``timeout`` seconds)."""
    from nats.errors import TimeoutError as NatsTimeout

    try:
        msgs = await sub.fetch(BATCH, timeout=timeout)
    except (NatsTimeout, TimeoutError):
        return {}
    counts: dict[str, int] = {}
    for msg in msgs:
        outcome = book.take(msg.subject, (msg.headers or {}).get(MSG_ID, ""), msg.data, msg.metadata.sequence.stream)
        counts[outcome] = counts.get(outcome, 0) + 1
        await msg.ack()
    return counts


async def run_fold(js: Any, config: LeagueConfig, book: LeagueBook, stop: asyncio.Event) -> None:
    """The hub's loop until ``stop`` is set: fold what comes, and every :data:`SOURCES_SECONDS` set
    up again the sources of venues whose link came back (:func:`.link.restart_idle_sources`)."""
    from .link import ensure_hub_stream

    await ensure_hub_stream(js, config)
    sub = await ensure_consumer(js, config)
    loop = asyncio.get_running_loop()
    next_check = loop.time() + SOURCES_SECONDS
    while not stop.is_set():
        try:
            await fold_pending(sub, book, timeout=0.5)
        except StoreError:
            raise  # the league's store cannot write: stop, nothing more acknowledged
        except Exception as err:  # noqa: BLE001 - the server restarting: the client reconnects, try again
            log.warning("league: folding paused (%s)", type(err).__name__)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)
        if loop.time() >= next_check:
            next_check = loop.time() + SOURCES_SECONDS
            with contextlib.suppress(Exception):  # the server busy: tried again next time
                await restart_idle_sources(js, config)
    with contextlib.suppress(Exception):
        await sub.unsubscribe()
