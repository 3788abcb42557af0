"""The host's Table screen (``Screen.PHONES``), in real Flet sessions in-process under a device's role:
the join codes of the open match, the devices, Disconnect, Renew keys; the help where no key is needed."""

from __future__ import annotations

import asyncio

from scorekeeper.app.models import phones as phones_model
from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.server.admission import Admission
from scorekeeper.server.devices import Connection
from scorekeeper.server.roles import Role
from scorekeeper.server.session import CONNECTION
from tests.server.aio import run

from .live import Live


async def nothing(message):
    return None


def as_device(admission: Admission, role: Role, match_id: str | None = None, label: str = "phone"):
    """A device joined with the ``role`` link, with one tab connected; the tasks made next run as that tab."""
    device, _ = admission.join(admission.link(role, match_id), label, "10.0.0.9")
    connection = Connection(device, nothing)
    admission.connected(connection)
    CONNECTION.set((admission, connection))
    return device, connection


def is_png(png: bytes) -> None:
    """A QR code's picture is a PNG (segno draws codes, it does not read them: the URL is checked as text)."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 300


def test_the_host_sees_the_codes_of_the_open_match_and_the_devices(tmp_path):
    store = open_app_store(tmp_path)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        viewer_device, viewer_tab = as_device(admission, Role.VIEWER, match_id, "Android · Chrome")
        viewer = await Live.open(store, tmp_path)
        assert "phones" not in viewer.hooks()  # a viewer's phone has no Table screen
        as_device(admission, Role.HOST, label="Linux · Firefox")
        host = await Live.open(store, tmp_path)
        assert host.state.screen == Screen.TABLE
        await host.tap("phones")
        texts = host.texts()
        assert host.state.screen == Screen.PHONES
        scorer_link, viewer_link = admission.links(match_id)
        assert texts["join-url-scorer"] == f"http://192.168.1.20:8550/?key={scorer_link.key}"
        assert texts["join-url-viewer"] == f"http://192.168.1.20:8550/?key={viewer_link.key}"
        codes = host.state.phones.codes
        assert [code.role for code in codes] == [Role.SCORER, Role.VIEWER]
        for code in codes:
            is_png(code.png)
        assert texts["devices-count"] == "Devices joined: 2"
        assert texts[f"device-{viewer_device.id}"].startswith("Viewer · Android · Chrome · connected since ")
        own = [name for name, words in texts.items() if words.endswith("· this device")]
        assert len(own) == 1 and own[0].startswith("device-")
        assert f"disconnect-{own[0][len('device-'):]}" not in texts  # the host does not disconnect itself

        await host.tap(f"disconnect-{viewer_device.id}")
        assert viewer_device.revoked and viewer_tab.closed  # its tab was closed (code 4403)
        assert f"device-{viewer_device.id}" not in host.texts()
        assert host.texts()["devices-count"] == "Devices joined: 1"

        await host.tap("renew-keys")
        new_scorer, new_viewer = admission.links(match_id)
        assert new_scorer.key != scorer_link.key and new_viewer.key != viewer_link.key
        assert admission.find_link(scorer_link.key) is None  # the old codes no longer admit anyone
        texts = host.texts()
        assert texts["join-url-scorer"].endswith(new_scorer.key) and "keys-renewed" in texts
        await host.tap("back-to-table")
        assert host.state.screen == Screen.TABLE

    run(scenario())


def test_the_device_list_follows_a_phone_joining_while_the_screen_is_shown(tmp_path, monkeypatch):
    monkeypatch.setattr(phones_model, "WATCH_SECONDS", 0.01)
    store = open_app_store(tmp_path)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        as_device(admission, Role.HOST)
        host = await Live.open(store, tmp_path)
        await host.tap("phones")
        assert host.texts()["devices-count"] == "Devices joined: 1"
        scorer, _ = admission.join(admission.link(Role.SCORER, match_id), "iPhone · Safari", "10.0.0.7")
        other, _ = admission.join(admission.link(Role.SCORER, "another-match"), "iPad · Safari", "10.0.0.8")
        for _ in range(50):
            await asyncio.sleep(0.01)
            if "devices-count" in host.texts() and host.texts()["devices-count"].endswith("2"):
                break
        texts = host.texts()
        assert texts["devices-count"] == "Devices joined: 2"  # the phone of another table is not listed here
        assert texts[f"device-{scorer.id}"] == "Scorer · iPhone · Safari · not connected now"
        assert f"device-{other.id}" not in texts
        await host.tap("home")  # leaving the screen ends the watch
        await asyncio.sleep(0.05)
        assert not host.state.phones._watching

    run(scenario())


def test_where_no_key_is_needed_the_screen_says_how_to_let_phones_join(tmp_path):
    store = open_app_store(tmp_path)
    store.create_match("horse-race", ["Ann", "Bo"], False)

    async def scenario():
        CONNECTION.set(None)  # a desktop window, or no guard: this computer's own tab
        alone = await Live.open(store, tmp_path)
        await alone.tap("phones")
        texts = alone.texts()
        assert alone.state.screen == Screen.PHONES
        assert "scorekeeper serve --lan" in texts["phones-lan-help"]
        assert not [name for name in texts if name.startswith(("join-", "renew", "device"))]
        loopback = Admission(key_required=False, port=8550)  # `scorekeeper serve` on 127.0.0.1
        CONNECTION.set((loopback, Connection(loopback.local, nothing)))
        local = await Live.open(store, tmp_path)
        await local.tap("phones")
        assert "phones-lan-help" in local.texts() and "join-scorer" not in local.texts()

    run(scenario())
