"""Real-browser tests: ``scorekeeper serve`` on a free loopback port, driven by Debian's Chromium.

Skipped when /usr/bin/chromium is missing, unless SCOREKEEPER_REQUIRE_BROWSER=1
(CI), which turns the skip into a failure. One server per session keeps the
suite fast; each test opens a fresh page (and starts its own match).
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import pytest

from scorekeeper.app import settings
from tests.served import CHROMIUM, CHROMIUM_ARGS, ServedApp, focus_text_field, open_app_page, wait_change_sent

PHONE = {"width": 390, "height": 844}


def _require_browser() -> None:
    pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{CHROMIUM} is missing and SCOREKEEPER_REQUIRE_BROWSER=1")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")


@pytest.fixture(scope="session")
def server():
    """The app served from a temp data folder for the whole session; yields its URL."""
    _require_browser()
    folder = tempfile.mkdtemp(prefix="scorekeeper-browser-")
    # English chosen from the start: else the first browser's locale would set the language of every
    # later test, and a test run alone (a uk-UA browser first) would see another language than in the suite
    settings.save(folder, {settings.LANG: "en"})
    running = ServedApp(folder)
    yield running.url
    running.stop()


@pytest.fixture(scope="session")
def browser():
    _require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class UI:
    """Finds controls by their test hooks (``flt-semantics-identifier``) and waits for results."""

    def __init__(self, page) -> None:
        self.page = page

    def hook(self, name: str):
        return self.page.locator(f'[flt-semantics-identifier="{name}"]').first

    def tap(self, name: str) -> None:
        from playwright.sync_api import expect

        target = self.hook(name)
        expect(target).to_be_visible(timeout=10_000)
        expect(target).to_be_enabled(timeout=10_000)
        self.settle(target)
        target.click()

    def settle(self, target, quiet_ms: int = 250, timeout_ms: int = 3_000) -> None:
        """Wait until ``target`` has not moved for ``quiet_ms``: on a phone the picture takes the room the
        rest leaves, so a tap that changes a text's height moves the controls below once the browser has
        reported the new sizes (a round trip later); a click aimed before that move would miss."""
        target.evaluate(
            """(el, [quiet, limit]) => new Promise(resolve => {
            const start = performance.now();
            let last = JSON.stringify(el.getBoundingClientRect()), since = start;
            const check = () => {
                const now = performance.now(), box = JSON.stringify(el.getBoundingClientRect());
                if (box !== last) { last = box; since = now; }
                if (now - since >= quiet || now - start >= limit) resolve(); else setTimeout(check, 25);
            };
            setTimeout(check, 25);
        })""",
            [quiet_ms, timeout_ms],
        )

    def still(self, names: tuple[str, ...], quiet_ms: int = 400, timeout_ms: int = 5_000) -> None:
        """Wait until none of the hooks ``names`` has moved or changed size for ``quiet_ms`` (the layout is
        done: e.g. the picture gives up its room once the browser has reported the new sizes, a round trip
        after the tap); ``AssertionError`` if they still move after ``timeout_ms``."""
        settled = self.page.evaluate(
            """([names, quiet, limit]) => new Promise(resolve => {
            const boxes = () => JSON.stringify(names.map(name => {
                const el = document.querySelector(`[flt-semantics-identifier="${name}"]`);
                return el === null ? null : el.getBoundingClientRect();
            }));
            const start = performance.now();
            let last = boxes(), since = start;
            const check = () => {
                const now = performance.now(), seen = boxes();
                if (seen !== last) { last = seen; since = now; }
                if (now - since >= quiet) resolve(true);
                else if (now - start >= limit) resolve(false);
                else setTimeout(check, 25);
            };
            setTimeout(check, 25);
        })""",
            [list(names), quiet_ms, timeout_ms],
        )
        assert settled, f"{names} still moving after {timeout_ms} ms"

    def change_sent(self, value: object) -> None:
        """Wait until the last change event sent to the server carries ``value`` (a text field's whole text, sent
        after the keys; a switch's ``True``/``False``): the next tap reaches the server after it."""
        wait_change_sent(self.page, value)

    def text(self, name: str) -> str:
        return self.hook(name).inner_text()

    def expect_text(self, name: str, pattern: str | re.Pattern) -> None:
        from playwright.sync_api import expect

        expect(self.hook(name)).to_have_text(pattern, timeout=10_000)

    def expect_gone(self, name: str) -> None:
        from playwright.sync_api import expect

        expect(self.page.locator(f'[flt-semantics-identifier="{name}"]')).to_have_count(0, timeout=10_000)

    def fill(self, name: str, text: str) -> None:
        """Type into a text field as a user does (``fill`` alone does not always reach Flutter)."""
        field = self.page.locator(f'[flt-semantics-identifier="{name}"] input').first
        focus_text_field(self.page, field)
        self.page.keyboard.type(text, delay=15)


def open_ui(browser, url: str, viewport: dict | None = None) -> UI:
    """A fresh page on the app, accessibility tree on, non-loopback requests blocked."""
    return UI(open_app_page(browser, url, viewport or PHONE))


@pytest.fixture
def ui(server, browser):
    """A fresh phone-sized page on the session's server."""
    opened = open_ui(browser, server)
    yield opened
    opened.page.context.close()


def pytest_collection_modifyitems(items) -> None:
    """Every test here drives a browser: marked ``browser`` and ``slow`` (``-m "not browser"`` leaves them out)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep a screenshot of a failed browser test (in $SCOREKEEPER_ARTIFACTS or the temp folder)."""
    outcome = yield
    report = outcome.get_result()
    ui = item.funcargs.get("ui") if hasattr(item, "funcargs") else None
    if report.failed and call.when == "call" and ui is not None:
        folder = Path(os.environ.get("SCOREKEEPER_ARTIFACTS", tempfile.gettempdir()))
        path = folder / f"{item.name}.png"
        try:
            ui.page.screenshot(path=str(path))
            report.sections.append(("screenshot", str(path)))
        except Exception:  # noqa: BLE001 - best effort
            pass
