"""The club night's screenshots: the projector (1920 × 1080, standings in English, pairings in Korean) and
*My evening* on a phone (390 × 844, English and Korean), of an evening made with ``ClubStore`` directly
(``tests/app/club_event.showcase``: its matches played by the simulator through the store).

    .venv/bin/python -m tests.screenshots.projector_shots [--out screenshots]

A server of its own (``serve --lan --host 127.0.0.1``); the host's tab (a browser-less client) opens the
projector and its event link; Chromium (Debian's, headless) opens that link as the wall's browser and as
players' phones would. Each picture is kept once two consecutive shots are identical.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import sys
import tempfile
from pathlib import Path

from scorekeeper.server.store_guard import club_of
from scorekeeper.store import open_store
from tests.app.club_event import showcase
from tests.served import CHROMIUM, CHROMIUM_ARGS, ServedApp, open_app_page
from tests.server.test_served import JOIN_LINE
from tests.wire import Phone

ROOT = Path(__file__).resolve().parents[2]
WALL = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
TIMEOUT = 30_000


async def event_link(port: int, host_key: str) -> str:
    """The event's viewer link, as the host's projector screen shows it."""
    host = await Phone.join(port, host_key, size=(1920.0, 1080.0), route="/projector")
    try:
        await host.wait_until(lambda tree: tree.find("projector-link"))
        await host.tap("projector-link", settle=0.3)
        return str(await host.wait_until(lambda tree: tree.text("projector-link-url")))
    finally:
        await host.close()


def stable_shot(page, path: Path) -> Path:
    size = page.viewport_size
    page.mouse.move(size["width"] - 2, size["height"] // 2)
    previous = None
    for _ in range(40):
        page.wait_for_timeout(400)
        current = page.screenshot(animations="disabled", caret="hide")
        if current == previous:
            path.write_bytes(current)
            print(f"  {path}", flush=True)
            return path
        previous = current
    raise RuntimeError(f"{path.name}: the screen did not settle")


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import expect, sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"))
    out = Path(parser.parse_args(argv).out)
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-club-"))
    store = open_store(data)
    night = showcase(club_of(store))
    store.close()
    server = ServedApp(
        data,
        cwd=ROOT,
        args=["--data-dir", str(data), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
        env={"TZ": "Europe/Kyiv", "LANG": "en_US.UTF-8"},
    )
    try:
        host_key = dict(JOIN_LINE.findall(server.log_path.read_text()))["this computer (host)"]
        link = asyncio.run(event_link(server.port, host_key))
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--hide-scrollbars"])

            def joined(viewport: dict, locale: str):
                return open_app_page(browser, server.url, viewport, join=link, locale=locale, timezone_id="Europe/Kyiv")

            def hook(page, name: str):
                return page.locator(f'[flt-semantics-identifier="{name}"]').first

            wall = joined(WALL, "en-US")
            expect(hook(wall, "projector-what")).to_have_text(re.compile("^Standings · round 2"), timeout=TIMEOUT)
            stable_shot(wall, out / "projector-standings.png")
            wall.context.close()

            wall = joined(WALL, "ko-KR")
            expect(hook(wall, "projector-what")).to_have_text(re.compile("2라운드 · 테이블"), timeout=TIMEOUT)
            stable_shot(wall, out / "projector-pairings-ko.png")
            wall.context.close()

            for locale, name in (("en-US", "evening-phone.png"), ("ko-KR", "evening-phone-ko.png")):
                phone = joined(PHONE, locale)
                cy = night.ids["Cy"]
                hook(phone, f"evening-pick-{cy}").click(timeout=TIMEOUT)
                expect(hook(phone, "evening-table")).to_be_visible(timeout=TIMEOUT)
                stable_shot(phone, out / name)
                phone.context.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
