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
        assert f"disconnect-{own[0][len('device-') :]}" not in texts  # the host does not disconnect itself

        await host.tap(f"disconnect-{viewer_device.id}")
        assert viewer_device.revoked and viewer_tab.closed  # its tab was closed (code 4403)
        assert f"device-{viewer_device.id}" not in host.texts()
        texts = host.texts()
        assert texts["devices-count"] == "Devices joined: 1"
        assert texts["notice"] == (
            "Android · Chrome disconnected: its tabs were closed, and it cannot join again "
            "with the code it used. To let it back, renew the codes and let it scan a new one."
        )

        await host.tap("renew-keys")  # asks first
        assert admission.links(match_id)[0] is scorer_link  # nothing renewed yet
        await host.tap("renew-confirm")
        new_scorer, new_viewer = admission.links(match_id)
        assert new_scorer.key != scorer_link.key and new_viewer.key != viewer_link.key
        assert admission.find_link(scorer_link.key) is None  # the old codes no longer admit anyone
        texts = host.texts()
        assert texts["join-url-scorer"].endswith(new_scorer.key)
        assert texts["notice"].startswith(
            "This match's codes were renewed: the old ones no longer work (phones disconnected: 0)."
        )
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
        for _ in range(100):
            if not host.state.phones._watching:
                break
            await asyncio.sleep(0.01)
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


def test_renew_says_what_it_cuts_and_cuts_exactly_that(tmp_path):
    """This match's Renew cuts the phones of this match's codes, and says the table's phones stay; the table's
    Renew (the printed codes) cuts the phones that joined with those, and the terminal is told."""
    store = open_app_store(tmp_path)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    told: list[bool] = []
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"], on_renew=told.append)

    async def scenario():
        table_scorer, table_scorer_tab = as_device(admission, Role.SCORER, None, "Android · Chrome")
        table_viewer, _ = as_device(admission, Role.VIEWER, None, "iPhone · Safari")
        match_viewer, match_viewer_tab = as_device(admission, Role.VIEWER, match_id, "iPad · Safari")
        printed = admission.links()
        host_device, _ = as_device(admission, Role.HOST, label="Linux · Firefox")
        host = await Live.open(store, tmp_path)
        await host.tap("phones")
        assert host.texts()["renew-keys"] == "Renew this match's codes"

        await host.tap("renew-keys")
        assert host.texts()["renew-confirm-words"] == (
            "Renew this match's codes? The codes shown here stop working, and the phones that joined with them "
            "are disconnected now (joined now: 1); they must scan the new codes. Phones joined with the table's "
            "codes stay."
        )
        await host.tap("renew-confirm")
        assert match_viewer.revoked and match_viewer_tab.closed
        assert not table_scorer.revoked and not table_viewer.revoked and admission.links() == printed
        assert told == []  # the printed codes are as they were
        assert host.texts()["notice"].startswith(
            "This match's codes were renewed: the old ones no longer work (phones disconnected: 1)."
        )

        await host.tap("codes-table")  # the table's codes: the ones the terminal printed
        texts = host.texts()
        assert texts["join-url-scorer"].endswith(printed[0].key) and texts["renew-keys"] == "Renew the table's codes"
        await host.tap("renew-keys")
        assert host.texts()["renew-confirm-words"] == (
            "Renew the table's codes? The codes printed at the terminal stop working, and the phones that joined "
            "with them are disconnected now (joined now: 2); they must scan the new codes. The host, and phones "
            "joined with a match's own codes, stay."
        )
        await host.tap("renew-cancel")  # changed its mind: nothing renewed
        assert "renew-confirm" not in host.hooks() and not table_scorer.revoked and admission.links() == printed

        await host.tap("renew-keys")
        await host.tap("renew-confirm")
        assert table_scorer.revoked and table_viewer.revoked and table_scorer_tab.closed
        assert not host_device.revoked
        renewed = admission.links()
        assert [link.key for link in renewed] != [link.key for link in printed]
        assert admission.find_link(printed[0].key) is None and told == [False]  # the terminal prints the new ones
        texts = host.texts()
        assert texts["join-url-scorer"].endswith(renewed[0].key)
        assert texts["notice"] == (
            "The table's codes were renewed: the old ones no longer work (phones "
            "disconnected: 2). The new codes are shown here and printed at the terminal."
        )

    run(scenario())


def test_the_renew_and_disconnect_words_are_translated():
    from scorekeeper.i18n import translate

    for key in (
        "ui.renew_table_confirm",
        "ui.renew_match_confirm",
        "ui.renewed_table",
        "ui.renewed_match",
        "ui.disconnected_notice",
        "ui.disconnect_help",
        "ui.renew_table_keys",
        "ui.codes_table",
    ):
        english = translate("en", key, count=2, label="x")
        for lang in ("uk", "ko"):
            assert translate(lang, key, count=2, label="x") != english, (lang, key)
