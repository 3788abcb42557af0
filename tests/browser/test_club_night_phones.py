"""Club night, the issue's acceptance (issue 23) in real browsers: two tables finish their matches on phones
joined by their own scorer codes, the projector (a wall's browser joined with the event's viewer link) marks
each result without a reload, and round 2 is paired from the standings.

The evening is made through the real :class:`ClubStore` before the server starts (8 players, Swiss, round 1
paired: 4 tables); tables 1 and 2 are played up to the play that ends them (``won_by(1, 5)``: the second seat
wins 62–60), tables 3 and 4 to their end (the first and the second seat win). The host is a browser-less tab
(:mod:`tests.wire`) that reads each table's codes from its Table screen, as it would show them to the table.
"""

from __future__ import annotations

import os

import pytest

from scorekeeper.server.store_guard import club_of
from scorekeeper.store import open_store
from scorekeeper.store.club import EventSetup
from tests.app.club_event import SETUP, play, won_by
from tests.served import ServedApp, open_app_page, spot_hook, tile_hook
from tests.server.test_served_phones import host_key
from tests.wire import Phone

from .conftest import UI
from .test_projector_follow import FINISHING, WALL, Loop, label_has

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="the viewer process listens on a Unix socket"),
]

NAMES = ("Ann", "Bo", "Cy", "Di", "Eve", "Fay", "Gus", "Hal")
PHONE = {"width": 390, "height": 844}


def test_two_tables_finish_on_their_phones_the_projector_follows_and_round_two_pairs(tmp_path, browser):
    finish = won_by(1, 5)
    last = finish.actions[FINISHING]  # the play that ends the match
    store = open_store(tmp_path)
    club = club_of(store)
    ids = {name: club.add_player(name).id for name in NAMES}
    setup = EventSetup("Thursday club night", SETUP.day, "horse-race", {}, SETUP.format, SETUP.rules)
    event = club.create_event(setup, [ids[n] for n in NAMES])
    tables = club.pair(event, 1).tables
    name_of = {pid: name for name, pid in ids.items()}
    sides = [[name_of[p] for side in t.sides for p in side] for t in tables]
    matches = [t.matches[0] for t in tables]
    for match_id in matches[:2]:
        for action in finish.actions[:FINISHING]:
            store.record(match_id, action)
    play(store, matches[2], 0)
    play(store, matches[3], 1)
    store.close()
    winners = {sides[0][1], sides[1][1], sides[2][0], sides[3][1]}

    server = ServedApp(
        tmp_path, args=["--data-dir", str(tmp_path), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"]
    )
    wire = Loop()
    try:
        host: Phone = wire(Phone.join(server.port, host_key(server), size=(1280.0, 800.0)))

        async def codes() -> tuple[list[str], str]:
            """Each of tables 1 and 2's scorer code (its Table screen), then the event's viewer link."""
            scorers = []
            for match_id in matches[:2]:
                await host.settle(0.3)
                await host.navigate(f"/table/{match_id}")
                await host.wait_until(lambda tree, m=match_id: host.route == f"/table/{m}" and tree.find("turn"))
                # the table drawn and still (a tap queued behind the route's own handling can be lost)
                await host.settle(1.0)
                await host.tap("phones", settle=0.3)
                scorers.append(str(await host.wait_until(lambda tree: tree.text("join-url-scorer"))))
                await host.tap("home", settle=0.3)
                await host.wait_until(lambda tree: host.route == "/")
            await host.navigate("/projector")
            await host.tap("projector-link", settle=0.3)
            link = str(await host.wait_until(lambda tree: tree.text("projector-link-url")))
            await host.tap("projector-home", settle=0.3)
            await host.wait_until(lambda tree: host.route == "/")
            return scorers, link

        scorers, link = wire(codes(), timeout=180)
        wall = open_app_page(browser, server.url, WALL, join=link, locale="en-US")
        label_has(wall, "projector-event", "Thursday club night")
        label_has(wall, "pairing-1", "playing")
        wall.evaluate("window.__same_page = 'yes'")
        phones = [UI(open_app_page(browser, server.url, PHONE, join=code)) for code in scorers]
        (a, b), side = last.spot
        for number, phone in enumerate(phones, start=1):
            phone.tap(tile_hook(f"{last.tile[0]}-{last.tile[1]}"))
            phone.tap(spot_hook(f"{a}-{b}:{side}"))
            phone.tap("play")
            first, second = finish.match.points  # the table's final display points, side 1 first
            label_has(wall, f"pairing-{number}", "finished")  # the projector marks it, no reload
            label_has(wall, f"pairing-{number}", f"{first}–{second}")
        assert wall.evaluate("window.__same_page") == "yes"

        async def pair_round_two() -> list[set[str]]:
            await host.tap("club-night", settle=0.3)
            await host.tap("club-event-0", settle=0.3)
            await host.tap("club-rounds", settle=0.3)
            await host.wait_until(lambda tree: "every result is in" in (tree.text("club-missing") or ""))
            await host.tap("club-pair", settle=0.3)
            round_one = " v ".join(sides[0])
            await host.wait_until(
                lambda tree: (
                    (tree.text("club-missing") or "").startswith("Results missing")
                    and tree.text("club-sides-1") not in (None, round_one)
                )  # round 2's tables drawn
            )
            return [set(str(host.tree.text(f"club-sides-{n}")).split(" v ")) for n in range(1, 5)]  # type: ignore[union-attr]

        for pairing in wire(pair_round_two(), timeout=120):
            assert pairing <= winners or not pairing & winners, pairing  # winners meet winners
        label_has(wall, "projector-what", "round 2")  # the projector follows the new round
        assert wall.evaluate("window.__same_page") == "yes"
        for page in (wall, *(phone.page for phone in phones)):
            page.context.close()
    finally:
        try:
            wire(host.close()) if "host" in locals() else None
        finally:
            wire.stop()
            server.stop()
