"""The hub's fold: each venue's messages into per-match logs, refereed again, once each.

Pure (no ``nats``): :meth:`Fold.take` gets one message's subject, message id and data, as the hub's
durable consumer delivers them, and says what became of it (:data:`OUTCOMES`). A message is
accepted only as the next event of its match (``seq`` = the log's length) and only if the whole
log with it still folds through the engine (:func:`scorekeeper.store.events.fold_log`): a venue
cannot push a record that breaks a rule. A resent event (the same seq and the same content)
changes nothing. A match id already written by another venue is a fork: refused, the first
writer's log intact. Every refusal is kept in :attr:`Fold.refused` for the secretary.

First slice: the logs are kept in memory (``Fold.logs``); writing them to the league's own
``MatchStore`` needs a store call that adopts a log under its own id (docs/league.md, what is left).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.store.events import LogError, fold_log

from .subjects import event_id, parse_subject

MAX_DATA = 64 * 1024
"""The largest message data folded, in bytes (a stored event is far smaller)."""
OUTCOMES = ("accepted", "duplicate", "foreign", "malformed", "out_of_order", "conflict", "refused", "fork")


@dataclass(frozen=True)
class Refusal:
    """One message not taken: ``outcome`` (from :data:`OUTCOMES`), where it came from, why
    (English, for the secretary's list; never the message's data)."""

    outcome: str
    subject: str
    msg_id: str
    reason: str


@dataclass
class Fold:
    """The league's matches as folded so far: ``logs[match id]`` and ``owner[match id]`` (venue)."""

    league: str
    logs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    owner: dict[str, str] = field(default_factory=dict)
    refused: list[Refusal] = field(default_factory=list)

    def take(self, subject: str, msg_id: str, data: bytes, ref: int = 0) -> str:
        """Fold one message; return its outcome (one of :data:`OUTCOMES`). Never raises for
        what a venue sends: a bad message is an outcome and a :class:`Refusal`. ``ref`` is where
        the message stands in the hub's stream (its stream sequence; 0 when not known)."""
        parts = parse_subject(subject[:300])
        if parts is None or parts[0] != self.league:
            return self._refuse(ref, "foreign", subject, msg_id, "not a subject of this league")
        _, venue, match_id = parts
        try:
            event = json.loads(data) if len(data) <= MAX_DATA else None
        except ValueError:
            event = None
        seq = event.get("seq") if isinstance(event, dict) else None
        if not isinstance(event, dict) or type(seq) is not int or msg_id != event_id(match_id, seq):
            return self._refuse(ref, "malformed", subject, msg_id, "not an event of this match")
        owner = self.owner_of(match_id)
        if owner is not None and owner != venue:
            return self._refuse(ref, "fork", subject, msg_id, f"match already written by {owner}")
        log = self.log_of(match_id)
        if seq < len(log):
            if log[seq] == event:
                return "duplicate"
            return self._refuse(ref, "conflict", subject, msg_id, "a different event under a seq already folded")
        if seq > len(log):
            return self._refuse(ref, "out_of_order", subject, msg_id, f"event {seq} before event {len(log)}")
        reason = self.keep(match_id, venue, log, event)
        if reason:
            return self._refuse(ref, "refused", subject, msg_id, reason[:200])
        return "accepted"

    def owner_of(self, match_id: str) -> str | None:
        """The venue that wrote a match first, ``None`` for a match not seen yet."""
        return self.owner.get(match_id)

    def log_of(self, match_id: str) -> list[dict[str, Any]]:
        """The match's events folded so far (``[]`` for a new match)."""
        return self.logs.get(match_id, [])

    def keep(self, match_id: str, venue: str, log: list[dict[str, Any]], event: dict[str, Any]) -> str:
        """Keep ``event`` after ``log`` if the whole log still folds; ``""`` if kept, else why not."""
        try:
            fold_log([*log, event], explain=False, match_id=match_id)
        except LogError as err:
            return str(err)
        self.owner.setdefault(match_id, venue)
        self.logs.setdefault(match_id, []).append(event)
        return ""

    def _refuse(self, ref: int, outcome: str, subject: str, msg_id: str, reason: str) -> str:
        self.record(ref, Refusal(outcome, subject[:300], msg_id[:100], reason))
        return outcome

    def record(self, ref: int, refusal: Refusal) -> None:
        """Keep a refusal for the secretary (in memory here)."""
        self.refused.append(refusal)
