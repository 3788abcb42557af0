"""An event's viewer link against the real server (``serve --lan --host 127.0.0.1``, its viewer process
drawing the viewers), each device a browser-less client (:mod:`tests.wire`): the host opens the projector
and its link; a device joined with it shows the projector (drawn by the viewer process), is offered no
write, sees nothing but its event, and is cut and refused once the host renews the link."""

from __future__ import annotations

import asyncio
import os

import pytest

from scorekeeper.server.store_guard import club_of
from scorekeeper.store import open_store
from tests.app.club_event import round_one
from tests.served import ServedApp
from tests.wire import Phone, join_cookie, key_of

from .aio import run
from .test_served_phones import host_key
from .test_viewer_process import closed, viewer_process

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="the viewer process listens on a Unix socket"),
    pytest.mark.slow,
]

WALL = (1920.0, 1080.0)


@pytest.fixture
def night_server(tmp_path):
    store = open_store(tmp_path)
    night = round_one(club_of(store))
    store.close()
    served = ServedApp(
        tmp_path, args=["--data-dir", str(tmp_path), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"]
    )
    yield served, night
    served.stop()


def test_the_event_link_shows_the_projector_writes_nothing_and_is_refused_after_renew(night_server, tmp_path):
    served, night = night_server

    async def scenario() -> None:
        host = await Phone.join(served.port, host_key(served), size=WALL, route="/projector")
        phones = [host]
        try:
            await host.wait_until(lambda tree: tree.text("projector-what") == "Standings · round 1")
            await host.tap("projector-link", settle=0.3)
            url = await host.wait_until(lambda tree: tree.text("projector-link-url"))
            key = key_of(url)

            wall = await Phone.join(served.port, key, size=WALL)
            phones.append(wall)
            assert await wall.wait_until(lambda tree: tree.text("projector-event")) == "Tuesday club night"
            await wall.wait_until(lambda tree: wall.route == "/projector")  # pushed once its first screen was drawn
            assert wall.tree is not None
            assert wall.tree.find("projector-link") is None and wall.tree.find("projector-renew") is None
            names = {wall.tree.text(f"standing-{i}") for i in range(5)}
            shown = " | ".join(sorted(n or "" for n in names))
            assert all(name in shown for name in ("Ann", "Bo", "Cy", "Dee", "Eve")), shown

            # nothing to write with: the new-match form and the Table screen are refused; it stays on its event
            await wall.navigate("/new")
            await wall.wait_until(lambda tree: wall.route != "/new")
            await wall.navigate("/phones")
            await wall.wait_until(lambda tree: wall.route != "/phones")
            assert wall.errors == []

            # a phone with the same link: My evening (a choice kept on the phone, nothing written)
            phone = await Phone.join(served.port, key)
            phones.append(phone)
            await phone.wait_until(
                lambda tree: phone.route == "/evening" and tree.find(f"evening-pick-{night.ids['Cy']}")
            )
            await phone.tap(f"evening-pick-{night.ids['Cy']}", settle=0.3)
            assert await phone.wait_until(lambda tree: tree.text("evening-table")) == "Table 2"
            assert phone.tree is not None and phone.tree.text("evening-opponents") == "Against: Dee"

            assert viewer_process(served).is_running()  # the viewer process drew the wall and the phone
            await host.tap("projector-renew", settle=0.3)
            await closed(wall)
            await closed(phone)
            with pytest.raises(RuntimeError):  # the old link: refused to anyone now
                await asyncio.to_thread(join_cookie, served.port, key)
            new_url = await host.wait_until(
                lambda tree: (tree.text("projector-link-url") or "") != url and tree.text("projector-link-url")
            )
            again = await Phone.join(served.port, key_of(new_url), size=WALL)
            phones.append(again)
            assert await again.wait_until(lambda tree: tree.text("projector-event")) == "Tuesday club night"
        finally:
            for p in phones:
                await p.close()

    run(scenario())
    store = open_store(tmp_path, read_only=True)  # beside the server (it holds the folder): the event unchanged
    try:
        state = club_of(store).event(night.event)
        assert state.version == 2 and len(state.rounds) == 1  # created, paired: nothing written since
    finally:
        store.close()
