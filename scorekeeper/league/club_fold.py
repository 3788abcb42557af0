"""Club-night kinds across the league: a venue's club logs published like its matches, folded at the hub.

A venue's club folder holds two kinds of log (docs/store.md, "Club players and events"): the player
list (``club/players.json``) and one log per event (``club/events/<id>.json``). Each record of them is
one message, like a match event:

- subject ``league.<league>.<venue>.club.<log>`` (:func:`club_subject`; five tokens, so never taken
  for a match's four), ``<log>`` ``players`` or the event's id; inside the venue's own subjects, so
  NATS's permissions already allow it and nothing else;
- message id ``<venue>:club:<log>:<seq>`` (:func:`club_msg_id`): the venue is in it because two
  venues' player lists both have a record 0, and two events' ids may meet (4 random hex digits);
- data the record as stored (JSON).

At the hub (:class:`LeagueDesk`, the :class:`~.hub.LeagueBook` that also takes club subjects) each
venue's logs are kept verbatim in a folder of their own, ``<data>/league-club/<venue>/`` (a
:class:`~scorekeeper.store.club.ClubStore` over the hub's one match store): so **the players of
different venues stay different people** — a league player is ``<venue>/<player id>``
(:func:`league_player`) — and a venue's log at the hub equals the venue's own, record for record. A
record is kept only as the next of its log (``seq`` = the log's length), and only if the whole log
with it still reads (the player list's rules, the event folded by the club engine:
:func:`~scorekeeper.store.club.adopt_club_log`); a resend is ``duplicate``; an event that names a match
another venue wrote is a ``fork``. Every refusal is kept with the matches' (``league-refusals.json``).

Pure of ``nats``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scorekeeper.store import MatchStore
from scorekeeper.store.club import PLAYERS_LOG, ClubStore, adopt_club_log, club_log
from scorekeeper.store.errors import StoreError

from .club_subjects import club_msg_id, parse_club_subject
from .config import LeagueConfig
from .fold import MAX_DATA
from .hub import LeagueBook
from .subjects import MATCH_ID

CLUB_FOLDER = "league-club"
"""The hub's folder of the venues' club logs, in its data folder (one sub-folder per venue)."""


def _matches_named(record: dict[str, Any]) -> list[str]:
    """The match ids an event record names (a round's tables, a fixture's next game)."""
    if record.get("kind") == "pair" and isinstance(record.get("tables"), list):
        return [
            m
            for t in record["tables"]
            if isinstance(t, dict) and isinstance(t.get("matches"), list)
            for m in t["matches"]
            if isinstance(m, str)
        ]
    if record.get("kind") == "game" and isinstance(record.get("match"), str):
        return [record["match"]]
    return []


@dataclass
class LeagueDesk(LeagueBook):
    """The hub's whole fold: match events as :class:`~.hub.LeagueBook` folds them, and the venues'
    club logs into ``club_root/<venue>/``. :meth:`take` never raises for what a venue sends; a store
    that cannot write raises :class:`StoreError` (the loop stops, nothing acknowledged)."""

    club_root: Path = field(default_factory=Path)
    _clubs: dict[str, ClubStore] = field(default_factory=dict, repr=False)

    def club(self, venue: str) -> ClubStore:
        """The club logs of ``venue`` at the hub (made on first use)."""
        if venue not in self._clubs:
            self._clubs[venue] = ClubStore(self._store(), self.club_root / venue)
        return self._clubs[venue]

    def venues(self) -> list[str]:
        """The venues whose club logs the hub holds, sorted."""
        try:
            return sorted(p.name for p in self.club_root.iterdir() if p.is_dir() and MATCH_ID.fullmatch(p.name))
        except OSError:
            return []

    def take(self, subject: str, msg_id: str, data: bytes, ref: int = 0) -> str:
        """Fold one message: a club log's record here, anything else by :meth:`LeagueBook.take`."""
        parts = parse_club_subject(subject[:300])
        if parts is None:
            return super().take(subject, msg_id, data, ref)
        league, venue, name = parts
        if league != self.league:
            return self._refuse(ref, "foreign", subject, msg_id, "not a subject of this league")
        try:
            record = json.loads(data) if len(data) <= MAX_DATA else None
        except ValueError:
            record = None
        seq = record.get("seq") if isinstance(record, dict) else None
        if not isinstance(record, dict) or type(seq) is not int or msg_id != club_msg_id(venue, name, seq):
            return self._refuse(ref, "malformed", subject, msg_id, "not a record of this club log")
        club = self.club(venue)
        log = club_log(club, name)
        if seq < len(log):
            if log[seq] == record:
                return "duplicate"
            return self._refuse(ref, "conflict", subject, msg_id, "a different record under a seq already folded")
        if seq > len(log):
            return self._refuse(ref, "out_of_order", subject, msg_id, f"record {seq} before record {len(log)}")
        for match_id in _matches_named(record):
            owner = self.owner_of(match_id)
            if owner is not None and owner != venue:
                return self._refuse(ref, "fork", subject, msg_id, f"names match {match_id[:64]} written by {owner}")
        try:
            adopt_club_log(club, name, [*log, record])
        except StoreError as err:
            if err.code not in ("adopt_refused", "adopt_conflict", "adopt_bad_id"):
                raise
            return self._refuse(ref, "refused", subject, msg_id, str(err.params.get("reason") or err)[:200])
        return "accepted"


def open_league(store: MatchStore, config: LeagueConfig, folder: Path) -> LeagueDesk:
    """The hub's fold over ``store``: owners and refusals in ``folder`` (as :func:`~.hub.open_book`),
    the venues' club logs in ``<data>/league-club/``."""
    return LeagueDesk(config.league, store=store, folder=folder, club_root=store.root / CLUB_FOLDER)


__all__ = ["CLUB_FOLDER", "PLAYERS_LOG", "LeagueDesk", "open_league"]
