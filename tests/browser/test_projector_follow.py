"""The projector follows a result finished in another session, without a reload: a wall's browser
(headless Chromium, 1920 × 1080) joined with the event's viewer link shows the projector (drawn by the
server's viewer process); the host's tab (a browser-less client, :mod:`tests.wire`) settles the last
round of table 2's match; the wall's pairings then mark table 2 finished with its final score, and its
standings give Dee the win, in the same page (a value set in it before is still there)."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from scorekeeper.server.store_guard import club_of
from scorekeeper.store import open_store
from tests.app.club_event import round_one, won_by
from tests.served import ServedApp, open_app_page, spot_hook, tile_hook
from tests.server.test_served_phones import host_key
from tests.wire import Phone

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="the viewer process listens on a Unix socket"),
]

WALL = {"width": 1920, "height": 1080}
FINISHING = 255  # the index of won_by(1, 5)'s action that finishes the match (a play; a reveal follows it)
TIMEOUT = 45_000  # ms: the cycle shows the pairings within 12 s of any moment; a loaded machine is slower


def label_has(page, name: str, words: str) -> None:
    """Wait until the hook ``name``'s words (its label or text, as Flutter wrote them) include ``words``."""
    page.wait_for_function(
        """([name, words]) => {
        const el = document.querySelector(`[flt-semantics-identifier="${name}"]`);
        return el !== null && ((el.getAttribute("aria-label") || "") + el.innerText).includes(words);
    }""",
        arg=[name, words],
        timeout=TIMEOUT,
    )


class Loop:
    """An event loop in a thread of its own, for the host's browser-less tab beside Playwright's sync API."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def __call__(self, coroutine, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def test_the_projector_follows_a_result_finished_in_another_session(tmp_path, browser):
    finish = won_by(1, 5)  # table 2's match (Cy–Dee): everything but the play that ends it (Dee's 1-4)
    store = open_store(tmp_path)
    night = round_one(club_of(store), partial_moves=FINISHING)
    assert store.summary(night.table2).status == "in-progress"
    store.close()
    last = finish.actions[FINISHING]
    server = ServedApp(
        tmp_path, args=["--data-dir", str(tmp_path), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"]
    )
    wire = Loop()
    try:
        host: Phone = wire(Phone.join(server.port, host_key(server), size=(1920.0, 1080.0), route="/projector"))

        async def event_link() -> str:
            await host.wait_until(lambda tree: tree.find("projector-link"))
            await host.tap("projector-link", settle=0.3)
            return str(await host.wait_until(lambda tree: tree.text("projector-link-url")))

        link = wire(event_link())
        page = open_app_page(browser, server.url, WALL, join=link, locale="en-US")
        label_has(page, "projector-event", "Tuesday club night")
        label_has(page, "pairing-2", "playing")  # the pairings slide: table 2 still playing
        page.evaluate("window.__same_page = 'yes'")

        async def settle_table_two() -> None:
            await host.navigate(f"/table/{night.table2}")
            tile = tile_hook(f"{last.tile[0]}-{last.tile[1]}")
            (a, b), side = last.spot
            await host.wait_until(lambda tree: tree.find(tile))
            await host.tap(tile, settle=0.2)
            await host.tap(spot_hook(f"{a}-{b}:{side}"), settle=0.2)
            await host.tap("play", settle=0.3)

        wire(settle_table_two(), timeout=120)
        cy, dee = finish.match.points  # the finished match's display points, Cy's side first (60–62)
        label_has(page, "pairing-2", "finished")
        label_has(page, "pairing-2", f"{cy}–{dee}")
        assert page.evaluate("window.__same_page") == "yes"  # followed without a reload
        page.context.close()
    finally:
        try:
            wire(host.close()) if "host" in locals() else None
        finally:
            wire.stop()
            server.stop()
