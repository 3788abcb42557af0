"""Subjects and message ids of a venue's club logs (docs/league.md, "Club-night kinds").

``league.<league>.<venue>.club.<log>`` (five tokens: never a match's four), ``<log>`` ``players`` or an
event id; message id ``<venue>:club:<log>:<seq>`` (the venue in it: two venues' player lists both have a
record 0). A league player is ``<venue>/<player id>``.
"""

from __future__ import annotations

from .subjects import MATCH_ID, PREFIX

CLUB = "club"
"""The fourth token of a club log's subject."""


def club_subject(league: str, venue: str, log: str) -> str:
    """``"league.north.red-lion.club.e20261201-9c69"`` (``log``: ``"players"`` or an event id);
    ``ValueError`` if a part is not one subject token."""
    for part in (league, venue, log):
        if not MATCH_ID.fullmatch(part):
            raise ValueError("a league, venue or log name that is not one subject token")
    return f"{PREFIX}.{league}.{venue}.{CLUB}.{log}"


def club_msg_id(venue: str, log: str, seq: int) -> str:
    """The message id of record ``seq`` of a venue's club log: ``"red-lion:club:players:3"``."""
    return f"{venue}:{CLUB}:{log}:{seq}"


def parse_club_subject(subject: str) -> tuple[str, str, str] | None:
    """``(league, venue, log)`` of a club log's subject, ``None`` for any other subject."""
    parts = subject.split(".")
    if len(parts) != 5 or parts[0] != PREFIX or parts[3] != CLUB:
        return None
    if not all(MATCH_ID.fullmatch(p) for p in (parts[1], parts[2], parts[4])):
        return None
    return parts[1], parts[2], parts[4]


def league_player(venue: str, player_id: str) -> str:
    """A venue's player as the league knows them: ``"red-lion/p1a2b3c4d"`` (the same id at two venues
    is two people)."""
    return f"{venue}/{player_id}"
