"""The Season screen's screenshots (issue 23 item 4): a club's season of three nights of six players, each
player's worst result dropped, ratings on; on a phone (390 × 844) in English, Ukrainian and Korean, the
host's settings open, and on a desktop window (1280 × 800). The nights are made with ``ClubStore``
directly (Swiss, two rounds each, every table on paper with scores from a fixed strength order).

    .venv/bin/python -m tests.screenshots.season_shots [--out screenshots]

A server of its own (``serve``: this computer, the host) on a free loopback port (``SCOREKEEPER_PORTS``
honoured) and Debian's headless Chromium; each picture is kept once two consecutive shots are identical.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path

from scorekeeper.app import settings
from scorekeeper.club import ClubRules, Format
from scorekeeper.store import open_store
from scorekeeper.store.club import ClubStore, EventSetup
from scorekeeper.store.season import SeasonSettings, SeasonStore
from tests.screenshots.projector_shots import stable_shot
from tests.served import CHROMIUM, CHROMIUM_ARGS, ServedApp, open_app_page

ROOT = Path(__file__).resolve().parents[2]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TIMEOUT = 30_000
NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve", "Fay")
#: who beats whom on each night (earlier in the list wins); the nights differ so the season is close
STRENGTH = {
    1: ("Ann", "Cy", "Bo", "Eve", "Dee", "Fay"),
    2: ("Bo", "Ann", "Fay", "Cy", "Eve", "Dee"),
    3: ("Cy", "Eve", "Ann", "Bo", "Fay", "Dee"),
}
NIGHTS = ((1, "Club night, November", date(2026, 11, 5)), (2, "Club night, mid-November", date(2026, 11, 19)))
NIGHTS += ((3, "Club night, December", date(2026, 12, 3)),)


def season(club: ClubStore) -> None:
    """The three nights (each of the six, two Swiss rounds on paper) and the season's settings."""
    ids = {n: club.add_player(n).id for n in NAMES}
    name_of = {v: k for k, v in ids.items()}
    for night, title, day in NIGHTS:
        players = [ids[n] for n in NAMES if not (night == 2 and n == "Dee")]  # Dee missed the second night
        event = club.create_event(EventSetup(title, day, "horse-race", {}, Format.SWISS, ClubRules()), players)
        order = STRENGTH[night]
        for round_no in (1, 2):
            record = club.pair(event, round_no)
            for table in record.tables:
                a, b = (name_of[s[0]] for s in table.sides)
                a_wins = order.index(a) < order.index(b)
                margin = 8 + 5 * abs(order.index(a) - order.index(b))
                club.paper(event, round_no, table.number, [[61, 61 - margin] if a_wins else [61 - margin, 61]])
    SeasonStore(club).save(SeasonSettings(drop_worst=1, ratings=True))


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import expect, sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-season-"))
    store = open_store(data)
    try:
        season(ClubStore(store))
    finally:
        store.close()
    settings.save(str(data), {settings.LANG: "en"})
    server = ServedApp(data, cwd=ROOT, env={"TZ": "Europe/Kyiv", "LANG": "en_US.UTF-8"})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--hide-scrollbars"])

            def shot(viewport: dict, lang: str, name: str, settings_open: bool = False) -> None:
                settings.save(str(data), {settings.LANG: lang})
                page = open_app_page(browser, server.url + "season", viewport, timezone_id="Europe/Kyiv")
                hook = page.locator('[flt-semantics-identifier="season-row-6"]').first
                expect(hook).to_be_visible(timeout=TIMEOUT)
                if settings_open:
                    page.locator('[flt-semantics-identifier="season-settings"]').first.click()
                    expect(page.locator('[flt-semantics-identifier="season-drop-1"]').first).to_be_visible(
                        timeout=TIMEOUT
                    )
                stable_shot(page, out / name)
                page.context.close()

            shot(PHONE, "en", "season.png")
            shot(DESKTOP, "en", "season-desktop.png")
            shot(PHONE, "en", "season-settings.png", settings_open=True)
            shot(PHONE, "uk", "season-uk.png")
            shot(PHONE, "ko", "season-ko.png")
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
