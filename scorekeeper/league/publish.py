"""A venue's publisher: every committed event of the store, past its match's mark, to JetStream.

Called with a connected JetStream context (``nats-py``, imported only by the caller). The store
is read after its own fsync (``store.events``: only what is committed is there), so the local
record is always first and play never waits on the network. Each event is one message on
``league.<league>.<venue>.<match id>`` (:mod:`.subjects`), its data the event as stored (JSON),
its message id ``<match id>:<seq>``, and the expected last subject sequence the stream sequence
of the match's previous acknowledged event.

A refusal of the expected sequence (JetStream's ``10071``) is one of two things, told apart by the
subject's last message: our own event already there (an ack lost in a crash or a cut link: the
mark is moved to it and sending goes on) or another writer's (a fork: the match is set aside in
:attr:`Publisher.forks`, nothing more of it is sent, the first writer's record stays intact).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scorekeeper.store import MatchStore

from .config import LeagueConfig
from .marks import Marks
from .subjects import MSG_ID, event_headers, event_id, match_subject

WRONG_LAST_SEQUENCE = 10071
"""JetStream's error code for a refused ``Nats-Expected-Last-Subject-Sequence``."""


@dataclass(frozen=True)
class VenueStatus:
    """What the venue's host sees: ``connected``, ``waiting`` (events not yet acknowledged) and
    ``last_sent`` (local time ``"hh:mm"`` of the last acknowledgement, ``""`` before one)."""

    connected: bool
    waiting: int
    last_sent: str


class Publisher:
    """Sends a venue's store to the league stream ``stream``; marks kept in ``folder``."""

    def __init__(self, store: MatchStore, config: LeagueConfig, folder: Path, stream: str) -> None:
        self.store = store
        self.config = config
        self.stream = stream
        self.marks = Marks(folder)
        self.forks: dict[str, str] = {}
        """Match id → the message id found where ours should be (a second writer)."""
        self.last_sent = ""

    def waiting(self) -> int:
        """How many committed events are past their match's mark (not acknowledged yet)."""
        total = 0
        for summary in self.store.list_matches():
            mark = self.marks.get(summary.id)
            total += summary.events - (mark[0] + 1 if mark else 0)
        return total

    def status(self, connected: bool) -> VenueStatus:
        """The status line's values (``connected`` is the caller's connection's)."""
        return VenueStatus(connected, self.waiting(), self.last_sent)

    async def send_pending(self, js: Any) -> int:
        """Publish every event past its mark, match by match in seq order; return how many were
        acknowledged now. Network errors propagate (what was acknowledged before is marked)."""
        sent = 0
        try:
            for summary in self.store.list_matches():
                if summary.id not in self.forks:
                    sent += await self._send_match(js, summary.id)
        finally:
            self.marks.save()
        return sent

    async def _send_match(self, js: Any, match_id: str) -> int:
        from nats.js.errors import APIError

        subject = match_subject(self.config.league, self.config.venue, match_id)
        mark = self.marks.get(match_id)
        sent = 0
        events = self.store.events(match_id)
        index = mark[0] + 1 if mark else 0
        while index < len(events):
            event = events[index]
            last_stream = mark[1] if mark else 0
            data = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
            try:
                ack = await js.publish(subject, data, headers=event_headers(match_id, event["seq"], last_stream))
            except APIError as err:
                if err.err_code != WRONG_LAST_SEQUENCE:
                    raise
                last = await js.get_last_msg(self.stream, subject, direct=True)
                found = (last.headers or {}).get(MSG_ID, "")
                seq = _our_seq(found, match_id)
                if seq is None or seq >= len(events):
                    self.forks[match_id] = found
                    return sent
                mark = (seq, last.seq)  # ours already there: go on after it
                self.marks.set(match_id, *mark)
                index = seq + 1
                continue
            mark = (event["seq"], ack.seq)
            self.marks.set(match_id, *mark)
            self.last_sent = time.strftime("%H:%M")
            sent += 1
            index += 1
        return sent


def _our_seq(msg_id: str, match_id: str) -> int | None:
    """The seq in ``"<match id>:<seq>"`` if it is this match's id, else ``None``."""
    head, _, tail = msg_id.rpartition(":")
    if head != match_id or not tail.isdigit():
        return None
    return int(tail)


__all__ = ["Publisher", "VenueStatus", "event_id"]
