"""Take the club-night screenshots in ``screenshots/`` (issue 23): the host's Event and Round screens.

Starts ``scorekeeper serve --lan --host 127.0.0.1`` on a free loopback port with a temporary data folder (a
server that also plays a table's match through its own store on request: ``tests/served_club.py``), then
drives Debian's Chromium as the organiser would, as the host (its join link): a new event of 8 players,
round 1 paired, the four matches played, round 2 paired from the standings, and the screens in Ukrainian
and Korean. Same steadiness as ``scripts/screenshots.py`` (fixed viewports, device scale 1, reduced motion,
each picture kept once two consecutive shots are identical).

    .venv/bin/python scripts/club_screenshots.py [--out screenshots]

Pictures: ``club-event-setup.png`` (the new event's form, 390×844) and ``club-event-setup-desktop.png``
(1280×800); ``club-round.png`` / ``club-round-desktop.png`` (round 1's pairings); ``club-round-uk.png``
(round 2 in Ukrainian, phone); ``club-event-ko.png`` (the event with its standings in Korean, phone).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.served
sys.path.insert(0, str(Path(__file__).resolve().parent))  # scripts/screenshots.py: its Driver

from screenshots import CHROMIUM_ARGS, DESKTOP, PHONE, Driver  # noqa: E402
from tests.browser.test_lan_table import JOIN_LINE  # noqa: E402
from tests.served import CHROMIUM, open_app_page, wait_change_sent  # noqa: E402
from tests.served_club import event_tables, play, playing_server  # noqa: E402

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")


def typed(d: Driver, name: str, text: str) -> None:
    d.type_into(name, text)
    wait_change_sent(d.page, text)


def club_night(browser, out: Path) -> list[Path]:
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-club-"))
    server = playing_server(data, "--lan", "--host", "127.0.0.1")
    try:
        links = dict(JOIN_LINE.findall(server.log_path.read_text()))
        page = open_app_page(
            browser,
            server.url,
            PHONE,
            join=links["this computer (host)"],
            locale="en-US",
            timezone_id="Europe/Kyiv",
        )
        d = Driver(page, out)
        d.tap("club-night")
        d.tap("club-new-event")
        typed(d, "club-name", "Thursday club night")
        for count, name in enumerate(NAMES, start=1):
            typed(d, "club-new-player", name)
            d.tap("club-add-player")
            d.expect_text("club-picked", f"{count} player{'s' if count > 1 else ''} entered")
        shots = [d.shot("club-event-setup")]
        d.resize(DESKTOP)
        shots.append(d.shot("club-event-setup-desktop"))
        d.tap("club-create")
        d.tap("club-rounds")
        d.tap("club-pair")
        d.expect_text("club-missing", "Results missing: tables 1, 2, 3, 4")
        shots.append(d.shot("club-round-desktop"))
        d.resize(PHONE)
        shots.append(d.shot("club-round"))
        for match_id, winner in zip(event_tables(data, 1), (1, 0, 1, 0), strict=True):
            play(data, match_id, winner)
        d.tap("club-refresh")
        d.expect_text("club-missing", "Round 1: every result is in")
        d.tap("club-pair")
        d.expect_text("club-sides-1", re.compile(r"^(?!Ann v Bo$)"))
        d.tap("settings")
        d.tap("lang-uk")
        d.tap("back")
        d.expect_text("club-missing", re.compile("^Немає результатів"))
        shots.append(d.shot("club-round-uk"))
        d.tap("settings")
        d.tap("lang-ko")
        d.tap("back")
        d.tap("club-back-event")
        d.expect_text("club-standing-1", re.compile("점"))
        shots.append(d.shot("club-event-ko"))
        page.context.close()
        return shots
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "screenshots"))
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            club_night(browser, out)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
