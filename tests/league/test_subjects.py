"""Subjects and headers of the league's messages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.league.subjects import (
    event_headers,
    league_filter,
    match_subject,
    parse_subject,
    venue_filter,
)

TOKENS = st.from_regex(r"[A-Za-z0-9_-]{1,32}", fullmatch=True)


def test_a_match_subject_and_the_filters() -> None:
    subject = match_subject("north", "red-lion", "20250612-153012-a1b2c3")
    assert subject == "league.north.red-lion.20250612-153012-a1b2c3"
    assert venue_filter("north", "red-lion") == "league.north.red-lion.>"
    assert league_filter("north") == "league.north.>"


def test_the_headers_of_an_event() -> None:
    assert event_headers("m1", 7, 41) == {"Nats-Msg-Id": "m1:7", "Nats-Expected-Last-Subject-Sequence": "41"}
    with pytest.raises(ValueError):
        event_headers("m1", -1, 0)


@pytest.mark.parametrize("part", ["", "a.b", "a b", "*", ">", "x" * 65])
def test_a_part_that_is_not_one_token_is_refused(part: str) -> None:
    with pytest.raises(ValueError):
        match_subject("north", part, "m1")


@pytest.mark.parametrize(
    "subject", ["league.north.v", "league.north.v.m.extra", "other.north.v.m", "league.north.v.", "league..v.m"]
)
def test_a_foreign_subject_parses_to_none(subject: str) -> None:
    assert parse_subject(subject) is None


@given(TOKENS, TOKENS, TOKENS)
def test_a_subject_parses_back_to_its_parts(league: str, venue: str, match_id: str) -> None:
    assert parse_subject(match_subject(league, venue, match_id)) == (league, venue, match_id)
