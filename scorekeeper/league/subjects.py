"""Subjects and headers of the league's messages (docs/league.md).

One event of one match is one message on ``league.<league>.<venue>.<match id>``; its message id is
the store's own event id, ``<match id>:<seq>``, so a resend is dropped by JetStream's duplicate
window and by the hub's fold. A venue's permissions (NATS's own) allow publishing under
``league.<league>.<venue>.>`` only.
"""

from __future__ import annotations

import re

PREFIX = "league"
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A match id as a subject token (the store's ids, ``20250612-153012-a1b2c3``, are this shape)."""

MSG_ID = "Nats-Msg-Id"
EXPECTED_LAST_SUBJECT_SEQ = "Nats-Expected-Last-Subject-Sequence"


def match_subject(league: str, venue: str, match_id: str) -> str:
    """``"league.north.red-lion.20250612-153012-a1b2c3"``; ``ValueError`` if a part is not one token."""
    for part in (league, venue, match_id):
        if not MATCH_ID.fullmatch(part):
            raise ValueError("a league, venue or match id that is not one subject token")
    return f"{PREFIX}.{league}.{venue}.{match_id}"


def venue_filter(league: str, venue: str) -> str:
    """What a venue may publish to: ``"league.north.red-lion.>"``."""
    return f"{PREFIX}.{league}.{venue}.>"


def league_filter(league: str) -> str:
    """Every venue's events of one league (the hub's stream and consumer): ``"league.north.>"``."""
    return f"{PREFIX}.{league}.>"


def stream_name(league: str) -> str:
    """The league's JetStream stream (at the hub): ``"LEAGUE_north"``; it captures
    :func:`league_filter` and allows direct gets (a venue asks for its match's last message)."""
    return f"LEAGUE_{league}"


def venue_stream(league: str, venue: str) -> str:
    """The venue's own stream, on its leaf server (domain :func:`venue_domain`):
    ``"LEAGUE_north_red-lion"``; it captures :func:`venue_filter` and is sourced by the hub's stream."""
    return f"LEAGUE_{league}_{venue}"


HUB_DOMAIN = "hub"
"""The hub's JetStream domain (each server linked by a leaf connection has a domain of its own)."""


def venue_domain(venue: str) -> str:
    """A venue's JetStream domain: ``"venue-red-lion"``; its API is ``$JS.venue-red-lion.API.>``."""
    return f"venue-{venue}"


def venue_api(venue: str) -> str:
    """The API prefix the hub's stream sources a venue's stream through: ``"$JS.venue-red-lion.API"``."""
    return f"$JS.{venue_domain(venue)}.API"


def source_deliver(venue: str) -> str:
    """Where a venue's leaf server delivers the hub's sourcing consumer: ``"$JS.S.red-lion"``."""
    return f"$JS.S.{venue}"


def last_message_request(league: str, venue: str) -> str:
    """What a venue may ask the stream for: the last message of its own subjects only
    (``"$JS.API.DIRECT.GET.LEAGUE_north.league.north.red-lion.>"``)."""
    return f"$JS.API.DIRECT.GET.{stream_name(league)}.{venue_filter(league, venue)}"


def event_id(match_id: str, seq: int) -> str:
    """The store's own id of an event: ``"20250612-153012-a1b2c3:7"``."""
    return f"{match_id}:{seq}"


def event_headers(match_id: str, seq: int, last_subject_seq: int) -> dict[str, str]:
    """The headers of event ``seq`` of a match: its message id and the stream sequence of the
    match's last message the venue saw acknowledged (``last_subject_seq``, 0 before the first).

    JetStream refuses the message if another message landed on the subject since (a second writer
    of the match): that is how a fork is refused at the venue's own server. ``ValueError`` for a
    negative number.
    """
    if seq < 0 or last_subject_seq < 0:
        raise ValueError("negative sequence")
    return {MSG_ID: event_id(match_id, seq), EXPECTED_LAST_SUBJECT_SEQ: str(last_subject_seq)}


def parse_subject(subject: str) -> tuple[str, str, str] | None:
    """``(league, venue, match id)`` of a message's subject, or ``None`` for a foreign one."""
    parts = subject.split(".")
    if len(parts) != 4 or parts[0] != PREFIX or not all(MATCH_ID.fullmatch(p) for p in parts[1:]):
        return None
    return parts[1], parts[2], parts[3]
