"""A venue's club logs to JetStream, as :class:`~.publish.Publisher` sends its matches.

The store is the outbox: every record of the player list and of each event's log
(:func:`~scorekeeper.store.club.club_logs`, read after the club store's own fsync), past its log's
mark, is published on :func:`~.club_fold.club_subject` with message id
:func:`~.club_fold.club_msg_id` and the expected last subject sequence of the log's previous
acknowledged record. Marks are kept apart from the matches' (``<league folder>/club/league-sent.json``).
A refused sequence (``10071``) is told apart as for a match: our own record already there (a lost ack:
the mark moves on) or someone else's (set aside in :attr:`ClubPublisher.forks`).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from scorekeeper.store import MatchStore
from scorekeeper.store.club import club_logs

from .club_subjects import club_msg_id, club_subject
from .config import LeagueConfig
from .marks import Marks
from .publish import WRONG_LAST_SEQUENCE
from .subjects import EXPECTED_LAST_SUBJECT_SEQ, MSG_ID


class ClubPublisher:
    """Sends a venue's club logs to its stream ``stream``; marks in ``folder/club``."""

    def __init__(self, store: MatchStore, config: LeagueConfig, folder: Path, stream: str) -> None:
        self.store = store
        self.config = config
        self.stream = stream
        self.marks = Marks(folder / "club")
        self.forks: dict[str, str] = {}
        """Log name → the message id found where ours should be (another writer of the subject)."""
        self.last_sent = ""

    def waiting(self) -> int:
        """How many committed club records are past their log's mark (not acknowledged yet)."""
        total = 0
        for name, log in club_logs(self.store).items():
            mark = self.marks.get(name)
            total += len(log) - (mark[0] + 1 if mark else 0)
        return total

    async def send_pending(self, js: Any) -> int:
        """Publish every record past its mark, log by log in seq order; return how many were
        acknowledged now. Network errors propagate (what was acknowledged before is marked)."""
        sent = 0
        try:
            for name, log in club_logs(self.store).items():
                if name not in self.forks:
                    sent += await self._send_log(js, name, log)
        finally:
            self.marks.save()
        return sent

    async def _send_log(self, js: Any, name: str, records: list[dict[str, Any]]) -> int:
        from nats.js.errors import APIError

        venue = self.config.venue
        subject = club_subject(self.config.league, venue, name)
        mark = self.marks.get(name)
        index = mark[0] + 1 if mark else 0
        sent = 0
        while index < len(records):
            record = records[index]
            headers = {MSG_ID: club_msg_id(venue, name, index), EXPECTED_LAST_SUBJECT_SEQ: str(mark[1] if mark else 0)}
            data = json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode()
            try:
                ack = await js.publish(subject, data, headers=headers)
            except APIError as err:
                if err.err_code != WRONG_LAST_SEQUENCE:
                    raise
                last = await js.get_last_msg(self.stream, subject, direct=True)
                found = (last.headers or {}).get(MSG_ID, "")
                head, _, tail = found.rpartition(":")
                if head != club_msg_id(venue, name, 0).rpartition(":")[0] or not tail.isdigit():
                    self.forks[name] = found
                    return sent
                if int(tail) >= len(records):
                    self.forks[name] = found
                    return sent
                mark = (int(tail), last.seq)  # ours already there: go on after it
                self.marks.set(name, *mark)
                index = int(tail) + 1
                continue
            mark = (index, ack.seq)
            self.marks.set(name, *mark)
            self.last_sent = time.strftime("%H:%M")
            sent += 1
            index += 1
        return sent
