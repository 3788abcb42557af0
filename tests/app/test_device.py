"""The device services in-process, checked on the tab's device object (``scorekeeper.app.device.Device``):
the device's language on first start (set once, remembered), the screen kept awake exactly while a match
is going on at the table, haptic ticks on Play and at a settlement unless turned off, the share sheet
where the device has one (a download elsewhere)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import flet as ft
import pytest

from scorekeeper.app import files, settings
from scorekeeper.app.device import SETTLED, TICK, Device, locale_configuration, supported_language
from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import SCREEN_TABLE, SCREENS
from scorekeeper.app.services import Services
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import parse_spot, parse_tile
from scorekeeper.server.admission import Access
from scorekeeper.server.roles import Role

from .hooks import hooks, text
from .live import Live

CASES = Path(__file__).resolve().parents[1] / "cases"


def run(coro):
    return asyncio.run(coro)


def tab(tmp_path, device: Device | None = None, store=None) -> AppModel:
    return AppModel(Services(store or open_app_store(tmp_path), str(tmp_path), device=device or Device()), SCREEN_TABLE)


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def import_doc(st: AppModel, doc: dict) -> str:
    run(st.transfer.import_picked([files.PickedFile("match.json", json.dumps(doc).encode())]))
    assert st.shell.notice is not None and st.shell.notice.ok, st.shell.notice
    return st.history.items[0].id


# ------------------------------------------------------------------ language
def test_the_first_of_the_devices_languages_the_app_speaks():
    assert supported_language(["uk-UA", "en-US"]) == "uk"
    assert supported_language(["de-DE", "ko-KR", "en"]) == "ko"
    assert supported_language(["en_GB"]) == "en"
    assert supported_language(["de", "fr-CA"]) is None and supported_language([]) is None


@pytest.mark.parametrize(("locales", "lang"), [(["uk-UA", "en-US"], "uk"), (["ko-KR"], "ko"), (["ko"], "ko")])
def test_a_device_in_ukrainian_or_korean_starts_the_app_in_its_language(tmp_path, monkeypatch, locales, lang):
    monkeypatch.setenv("LANG", "en_US.UTF-8")  # the server's own language is English
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    device = Device(locales)
    st = tab(tmp_path, device)
    run(st.start())
    assert st.shell.lang == lang and st.t("ui.settings") != "Settings"
    assert settings.saved_language(tmp_path) == lang  # set once, remembered
    assert device.lang == lang  # Flutter's own texts too
    later = tab(tmp_path, Device(["en-US"]), store=st.services.store)  # another day, or another phone
    run(later.start())
    assert later.shell.lang == lang


def test_a_language_chosen_in_settings_wins_over_the_device(tmp_path):
    st = tab(tmp_path, Device(["ko-KR"]))
    run(st.start())
    run(st.set_language("uk"))
    assert st.services.device.lang == "uk"
    again = tab(tmp_path, Device(["ko-KR"]), store=st.services.store)
    run(again.start())
    assert again.shell.lang == "uk"


def test_a_device_in_another_language_gets_the_servers_and_nothing_is_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("LC_ALL", "uk_UA.UTF-8")
    st = tab(tmp_path, Device(["de-DE"]))
    run(st.start())
    assert st.shell.lang == "uk" and settings.saved_language(tmp_path) is None


def test_remembering_the_match_last_played_does_not_save_a_language(tmp_path):
    settings.remember_match(tmp_path, "20261201-101500-0a1b2c")
    assert settings.saved_language(tmp_path) is None  # the next device's language still counts


def test_flutters_own_texts_follow_the_language():
    config = locale_configuration("ko")
    assert [loc.language_code for loc in config.supported_locales] == ["en", "uk", "ko"]
    assert config.current_locale.language_code == "ko"


# ------------------------------------------------------------------ the screen kept awake
def test_the_screen_is_kept_awake_exactly_while_a_match_is_open(tmp_path):
    device = Device()
    st = tab(tmp_path, device)
    run(st.start())
    assert device.awake is False
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_form(variant="horse-race", count=2)
    run(st.setup.create())
    assert st.screen == Screen.TABLE and device.awake is True
    run(st.go(Screen.SETTINGS))
    assert device.awake is False
    run(st.go(Screen.TABLE))
    assert device.awake is True
    run(st.go(Screen.HISTORY))
    assert device.awake is False
    run(st.history.open_item(st.table.shown_id, "in-progress"))
    assert device.awake is True
    run(st.go(Screen.HOME))
    assert device.awake is False


def test_the_screen_may_sleep_once_the_match_is_over(tmp_path):
    device = Device()
    st = tab(tmp_path, device)
    run(st.start())
    doc = case("hr-2p-instant-win-62")
    doc["rounds"][-1]["moves"].pop()  # the winning 1-4 is played here
    match_id = import_doc(st, doc)
    run(st.open_route(f"/table/{match_id}"))
    assert device.awake is True
    st.entry.pick_tile((1, 4))
    st.entry.pick_spot(((1, 2), "low"))
    run(st.entry.play())
    assert st.table.match.finished and st.screen == Screen.TABLE  # the match end
    assert device.awake is False
    run(st.table.undo())  # the finishing tile taken back: the match goes on
    assert device.awake is True


def test_a_tab_opened_at_a_match_keeps_the_screen_on_and_a_resumed_match_too(tmp_path):
    store = open_app_store(tmp_path)
    first = tab(tmp_path, store=store)
    run(first.start())
    run(first.go(Screen.NEW_MATCH))
    run(first.setup.create())
    match_id = first.table.shown_id
    linked = tab(tmp_path, Device(), store=store)
    run(linked.start(f"/table/{match_id}"))
    assert linked.services.device.awake is True
    resumed = tab(tmp_path, Device(), store=store)
    run(resumed.start())
    assert resumed.screen == Screen.TABLE and resumed.services.device.awake is True


def test_the_live_page_follows_the_device_object(tmp_path):
    async def scenario():
        device = Device()
        live = await Live.open(open_app_store(tmp_path), tmp_path, device=device)
        await live.state.go(Screen.NEW_MATCH)
        await live.settle()
        await live.tap("create-match")
        assert device.awake is True
        await live.tap("home")
        assert device.awake is False

    run(scenario())


# ------------------------------------------------------------------ haptics
def play_seed_round(st: AppModel) -> None:
    """The seed case's round, entered as at the table (12 moves: 11 plays, 1 draw), then the hands."""
    doc = case("hr-2p-seed-layout")
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_form(variant="horse-race", count=2)
    for seat, name in enumerate(doc["players"]):
        st.setup.set_name(seat, name)
    run(st.setup.create())
    round_ = doc["rounds"][0]
    run(st.table.start_round(round_["starter"]))
    previous = None
    for move in round_["moves"]:
        if "play" in move:
            st.entry.pick_tile(parse_tile(move["play"]))
            if "at" in move:
                st.entry.pick_spot(parse_spot(move["at"]))
            if move.get("drawn") and not (previous and "draw" in previous):
                run(st.entry.draw(0))
            run(st.entry.play())
        else:
            run(st.entry.draw(move["draw"]))
        assert st.shell.error is None, st.shell.error
        previous = move
    st.reveal.seat = 0
    for tile in round_["hands"]["0"]:
        st.reveal.pick(parse_tile(tile))
    run(st.reveal.reveal())
    assert st.shell.error is None and st.table.settlement


def test_a_tick_on_each_play_and_a_stronger_one_at_the_settlement(tmp_path):
    device = Device()
    st = tab(tmp_path, device)
    run(st.start())
    play_seed_round(st)
    assert device.felt == [TICK] * 11 + [SETTLED]  # no tick for the round's start, the draw or the hands typed


def test_no_haptics_when_the_setting_is_off(tmp_path):
    device = Device()
    st = tab(tmp_path, device)
    run(st.start())
    run(st.set_haptics(False))
    assert settings.haptics(tmp_path) is False
    play_seed_round(st)
    assert device.felt == []
    again = tab(tmp_path, Device(), store=st.services.store)  # remembered
    run(again.start())
    assert again.shell.haptics is False
    run(again.set_haptics(True))
    assert settings.haptics(tmp_path) is True


def test_the_settings_switch_turns_haptics_off(tmp_path):
    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path)
        await live.state.go(Screen.SETTINGS)
        await live.settle()
        switch = live.hooks()["haptics"].content
        assert switch.value is True
        live.session.apply_patch(switch._i, {"value": False})  # the browser's toggle, then its change event
        await live.session.dispatch_event(switch._i, "change", None)
        await live.settle()
        assert live.state.shell.haptics is False and settings.haptics(tmp_path) is False
        assert live.hooks()["haptics"].content.value is False

    run(scenario())


# ------------------------------------------------------------------ share
class Sharing(Device):
    can_share = True


def test_share_hands_the_record_to_the_share_sheet_where_there_is_one(tmp_path, monkeypatch):
    async def no_download(name, data):
        raise AssertionError("downloaded instead of shared")

    monkeypatch.setattr(files, "save_bytes", no_download)
    device = Sharing()
    st = tab(tmp_path, device)
    run(st.start())
    match_id = import_doc(st, case("hr-2p-instant-win-62"))
    run(st.open_route(f"/table/{match_id}"))  # the match end
    assert text(hooks(SCREENS[st.screen](st))["export"]) == "Share"
    run(st.transfer.export_match(match_id))
    [(name, data)] = device.shared
    assert name == f"scorekeeper-{match_id}.json"
    assert json.loads(data)["meta"]["id"] == match_id
    assert st.shell.notice.key == "ui.shared"


def test_without_a_share_sheet_the_record_is_downloaded(tmp_path, monkeypatch):
    saved = []

    async def download(name, data):
        saved.append(name)

    monkeypatch.setattr(files, "save_bytes", download)
    device = Device()
    st = tab(tmp_path, device)
    run(st.start())
    match_id = import_doc(st, case("hr-2p-instant-win-62"))
    run(st.open_route(f"/review/{match_id}"))
    assert hooks(SCREENS[st.screen](st))["export"].label == "Export"  # a phone's review: an icon, labelled
    run(st.transfer.export_match(match_id))
    assert saved == [f"scorekeeper-{match_id}.json"] and device.shared == []
    assert st.shell.notice.key == "ui.exported"


def test_a_tab_sets_the_pages_locale_and_changes_it_with_the_language(tmp_path):
    from scorekeeper.app.device import FletDevice

    class Ukrainian(FletDevice):  # Flet's device, but the locales known (no client answers here)
        async def languages(self):
            return ["uk-UA"]

    async def scenario():
        made = []
        live = await Live.open(
            open_app_store(tmp_path), tmp_path, device_factory=lambda page: made.append(Ukrainian(page)) or made[-1]
        )
        page = live.session.page
        assert live.state.shell.lang == "uk" and page.locale_configuration.current_locale.language_code == "uk"
        await live.state.set_language("ko")
        await live.settle()
        assert page.locale_configuration.current_locale.language_code == "ko"

    run(scenario())


@pytest.mark.parametrize("role", [Role.VIEWER, Role.SCORER])
def test_a_phone_joined_as_scorer_or_viewer_starts_in_the_language_it_keeps(tmp_path, role):
    """A new session of a phone (the server restarted, its viewer process stopped, its session expired)
    speaks the language the phone chose before, kept in its browser, not its device's."""
    services = Services(
        open_app_store(tmp_path), str(tmp_path), device=Device(["en-US"], kept="ko"), access=Access(role)
    )
    st = AppModel(services, SCREEN_TABLE)
    run(st.start())
    assert st.shell.lang == "ko" and settings.saved_language(tmp_path) is None
    host = tab(tmp_path, Device(["en-US"], kept="ko"), store=services.store)  # the host: the folder's settings
    run(host.start())
    assert host.shell.lang == "en"


@pytest.mark.parametrize(
    "platform, asked",
    [
        (ft.PagePlatform.ANDROID, True),
        (ft.PagePlatform.IOS, True),
        (ft.PagePlatform.LINUX, False),
        (ft.PagePlatform.WINDOWS, False),
        (ft.PagePlatform.MACOS, False),
    ],
)
def test_a_play_asks_for_haptics_only_on_a_phone(tmp_path, platform, asked):
    """Flet's device (a browser's tab, a phone app): a Play's tick is a method call to the client (a message
    each way); a desktop has no vibration, so its tab is not asked (issue 21: one more round trip per Play)."""
    from scorekeeper.app.device import FletDevice

    calls: list[str] = []

    class Recording(FletDevice):  # what the tab asks of the client (no client answers here)
        def _run(self, call, what):
            call.close()
            calls.append(what)

    def device(page):
        page.platform = platform  # what the client registered with
        return Recording(page)

    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path, device_factory=device)
        st = live.state
        await st.go(Screen.NEW_MATCH)
        st.setup.set_form(variant="horse-race", count=2)
        st.setup.set_name(0, "Ann")
        st.setup.set_name(1, "Bo")
        await st.setup.create()
        await st.table.start_round(0)
        st.entry.pick_tile(parse_tile("6-6"))
        await st.entry.play()
        assert st.shell.error is None and st.services.device.felt == [TICK]
        return calls.count("haptics")

    assert run(scenario()) == (1 if asked else 0)
