"""Club night in a real browser (issue 23): the host (``serve --lan``, here on loopback) creates an event of 8
players, pairs round 1 and sees 4 tables of two with their join codes (one sheet to print), the tables'
matches are played through the server's store (``tests/served_club.py``: the simulator), the Round screen
shows them finished, and round 2 pairs from the standings (the four winners meet each other)."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from tests.served_club import event_tables, play, playing_server

from .conftest import _require_browser
from .test_lan_table import JOIN_LINE, joined

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


@pytest.fixture(scope="module")
def club_server():
    _require_browser()
    data = tempfile.mkdtemp(prefix="scorekeeper-club-")
    server = playing_server(data, "--lan", "--host", "127.0.0.1")
    links = dict(JOIN_LINE.findall(server.log_path.read_text()))
    yield server.url, links, data
    server.stop()


def test_the_host_runs_two_rounds_of_a_club_night(club_server, browser):

    url, links, data = club_server
    host = joined(browser, url, links["this computer (host)"])
    try:
        host.tap("club-night")
        host.expect_text("club-no-events", re.compile("^No events yet"))
        host.tap("club-new-event")
        for count, name in enumerate(NAMES, start=1):
            host.fill("club-new-player", name)
            host.change_sent(name)
            host.tap("club-add-player")
            host.expect_text("club-picked", f"{count} player{'s' if count > 1 else ''} entered")  # picked
        host.fill("club-name", "Thursday club night")
        host.change_sent("Thursday club night")
        host.tap("club-create")
        host.expect_text("club-about", re.compile(r"Horse Race · Swiss · one game"))
        host.tap("club-rounds")
        host.expect_text("club-missing", "No round paired yet")
        host.tap("club-pair")
        host.expect_text("club-missing", "Results missing: tables 1, 2, 3, 4")
        for number, sides in enumerate(("Ann v Bo", "Cy v Di", "Eve v Fay", "Gus v Hal"), start=1):
            host.expect_text(f"club-sides-{number}", sides)
            host.expect_text(f"club-state-{number}", re.compile(r"Playing: round 1 of the match · 0–0"))
        host.expect_text("club-by-name", re.compile(r"Ann → table 1\s+Bo → table 1\s+Cy → table 2"))
        # the join codes of the whole round, one sheet: each table's scorer and viewer codes
        with host.page.expect_download(timeout=20_000) as download:
            host.tap("club-sheet")
        sheet = Path(download.value.path()).read_text(encoding="utf-8")
        assert sheet.count("<svg") == 8 and sheet.count('class="card"') == 4
        assert "Thursday club night · round 1 · join codes" in sheet and "Gus v Hal" in sheet
        assert len(set(re.findall(r"\?key=([\w-]+)", sheet))) == 8  # every table its own two codes
        # the tables play: seat 2 wins at tables 1 and 3, seat 1 at 2 and 4
        matches = event_tables(data, 1)
        for match_id, winner in zip(matches, (1, 0, 1, 0), strict=True):
            play(data, match_id, winner)
        host.expect_text("club-missing", "Round 1: every result is in")  # no tap: the screen follows the tables
        for number in range(1, 5):
            host.expect_text(f"club-state-{number}", re.compile(r"^Finished \d+–\d+"))
        host.tap("club-pair")
        host.expect_text("club-missing", "Results missing: tables 1, 2, 3, 4")
        host.expect_text("club-sides-1", re.compile(r"^(?!Ann v Bo$)"))  # round 2's tables drawn
        winners = {"Bo", "Cy", "Fay", "Gus"}
        for number in range(1, 5):
            sides = set(host.text(f"club-sides-{number}").split(" v "))
            assert sides <= winners or not sides & winners, sides  # paired from the standings
        host.tap("club-back-event")
        host.expect_text("club-standing-1", re.compile(r"^1=?\. (Bo|Cy|Fay|Gus) — 2 pts \(1-0-0\)"))
    finally:
        host.page.context.close()


def test_a_phone_joined_to_score_sees_the_round_and_no_pair_button(club_server, browser):
    url, links, _ = club_server
    scorer = joined(browser, url, links["scorers (enter moves)"])
    try:
        scorer.tap("home")  # a phone of the table's codes opens the match in progress first
        scorer.tap("club-night")
        scorer.expect_text("club-event-0", re.compile("Thursday club night"))
        assert scorer.hook("club-new-event").count() == 0
        scorer.tap("club-event-0")
        scorer.tap("club-rounds")
        scorer.expect_text("club-sides-1", re.compile(" v "))
        for name in ("club-pair", "club-paper-1", "club-sheet"):
            assert scorer.hook(name).count() == 0, name
    finally:
        scorer.page.context.close()
