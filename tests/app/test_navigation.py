"""Routes and the view stack in-process: each screen's route both ways, links opening their screen (a match
named in the address wins over the match last played), Back along the screens gone through, and the route
pushed to the client after each intent. No browser: the plain models, and a live Flet session
(``tests/app/live.py``) for the page's events."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from scorekeeper.app import settings
from scorekeeper.app.device import Device
from scorekeeper.app.files import PickedFile
from scorekeeper.app.models.app import AppModel
from scorekeeper.app.models.view_stack import ViewStack
from scorekeeper.app.navigation import Screen
from scorekeeper.app.routes import Target
from scorekeeper.app.screens import SCREEN_TABLE
from scorekeeper.app.store_access import open_app_store
from tests.app.tabs import new_tab

from .live import Live

CASES = Path(__file__).resolve().parents[1] / "cases"
ROUTES = SCREEN_TABLE.routes  # the app's routes, as its screens' entries declare them
route_of, target_of, normal = ROUTES.route_of, ROUTES.target_of, ROUTES.normal
ID = "20261201-101500-0a1b2c"


def run(coro):
    return asyncio.run(coro)


def import_case(st: AppModel, name: str, drop_last_move: bool = False) -> str:
    """Import a case file as a match of ``st``'s history; its id."""
    doc = json.loads((CASES / f"{name}.json").read_text())
    if drop_last_move:
        doc["rounds"][-1]["moves"].pop()
    run(st.transfer.import_picked([PickedFile(f"{name}.json", json.dumps(doc).encode())]))
    assert st.shell.notice is not None and st.shell.notice.ok, st.shell.notice
    return st.history.items[0].id


def new_match(st: AppModel, names=("Ann", "Bo")) -> str:
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_form(variant="horse-race", count=len(names))
    for seat, name in enumerate(names):
        st.setup.set_name(seat, name)
    run(st.setup.create())
    assert st.screen == Screen.TABLE, st.shell.error
    return st.table.shown_id


# ------------------------------------------------------------------ routes
@pytest.mark.parametrize(
    ("screen", "match_id", "route"),
    [
        (Screen.HOME, None, "/"),
        (Screen.NEW_MATCH, None, "/new"),
        (Screen.TABLE, ID, f"/table/{ID}"),
        (Screen.HISTORY, None, "/history"),
        (Screen.REVIEW, ID, f"/review/{ID}"),
        (Screen.SETTINGS, None, "/settings"),
    ],
)
def test_every_screen_has_a_route_both_ways(screen, match_id, route):
    assert route_of(screen, match_id) == route
    assert target_of(route) == Target(screen, match_id)


def test_routes_as_typed_or_linked():
    assert target_of(f"/table/{ID}/") == Target(Screen.TABLE, ID)  # a trailing slash
    assert target_of(f"/table/{ID}?key=abc#x") == Target(Screen.TABLE, ID)  # a query is not the route's
    assert target_of("") == Target(Screen.HOME)
    assert target_of("/history?x=1") == Target(Screen.HISTORY)
    for unknown in (
        "/nowhere",
        "/table",
        "/table/../settings",
        "/table/20261201-1015",
        f"/review/{ID}/2",
        "/home",
        "/new-match",
    ):
        assert target_of(unknown) == Target(Screen.HOME, known=False), unknown
    assert route_of(Screen.TABLE) == "/" and route_of(Screen.REVIEW, None) == "/"  # no match: the start screen
    assert normal("/history/") == "/history" and normal("/x/y") == "/"


def test_the_rules_route_opens_the_rules_screen_once_there_is_one():
    rules = next((s for s in Screen if s.value == "rules"), None)
    assert target_of("/rules") == (Target(rules) if rules else Target(Screen.HOME, known=False))


# ------------------------------------------------------------------ the view stack
def test_view_stack_goes_back_along_the_screens_gone_through():
    views = ViewStack(normal)
    assert views.routes == ["/"] and views.back() is None
    assert views.visit("/history") and views.visit(f"/table/{ID}")
    assert views.routes == ["/", "/history", f"/table/{ID}"] and views.back() == "/history"
    assert views.with_top("/history") == ["/", "/history"]  # a preview: nothing changed
    assert views.routes[-1] == f"/table/{ID}"
    assert views.visit("/history")  # back to a screen on the stack: the ones above it go
    assert views.routes == ["/", "/history"]
    assert not views.visit("/history")  # the client shows it already
    assert views.visit("/") and views.routes == ["/"]


def test_echoes_of_pushed_routes_are_told_from_the_users_navigation():
    views = ViewStack(normal)
    views.visit("/history")
    views.visit(f"/table/{ID}")
    assert views.pending == ["/history", f"/table/{ID}"]
    assert views.echo("/history")  # the first push coming back (the second is still on its way)
    assert views.echo(f"/table/{ID}") and views.pending == []
    assert not views.echo("/history")  # the browser's Back: the user's
    assert views.url == "/history"
    assert not views.visit("/history")  # the tab then shows it: nothing to push


def test_a_push_that_lands_after_the_users_own_route_change_is_pushed_over():
    views = ViewStack(normal)
    views.visit("/settings")  # pushed; the user presses Back before it lands
    assert not views.echo("/new")  # the user's Back, crossing the push on its way
    assert views.url == "/settings"  # once it lands, the client shows it
    assert views.visit("/new")  # so the tab opening /new pushes it after the push still on its way
    assert views.echo("/settings") and views.echo("/new") and views.pending == []


# ------------------------------------------------------------------ the tab
def test_each_intent_pushes_the_route_of_the_screen_it_leaves_shown(state):
    device = state.services.device
    run(state.go(Screen.HISTORY))
    match_id = new_match(state)
    run(state.go(Screen.SETTINGS))
    run(state.go(Screen.TABLE))  # Settings' way back
    assert device.pushed == ["/history", "/new", f"/table/{match_id}", "/settings", f"/table/{match_id}"]
    assert state.views.routes == ["/", "/history", "/new", f"/table/{match_id}"]
    run(state.go(Screen.HOME))
    assert state.views.routes == ["/"] and device.pushed[-1] == "/"


def test_a_link_to_a_screen_opens_it_on_start(tmp_path):
    st = new_tab(open_app_store(tmp_path), tmp_path)
    run(st.start("/history"))
    assert st.screen == Screen.HISTORY and st.views.routes == ["/", "/history"]
    assert st.services.device.pushed == []  # the client shows that address already


def test_a_link_to_a_match_wins_over_the_match_last_played(tmp_path):
    store = open_app_store(tmp_path)
    first = new_tab(store, tmp_path)
    run(first.start())
    linked = new_match(first, ("Ann", "Bo"))
    played = new_match(first, ("Cy", "Di"))
    run(first.table.start_round(0))
    assert settings.last_match(tmp_path) == played
    plain = new_tab(store, tmp_path)
    run(plain.start("/"))
    assert plain.table.match_id == played  # no match named: the one last played, as before
    phone = new_tab(store, tmp_path)
    run(phone.start(f"/table/{linked}"))
    assert phone.screen == Screen.TABLE and phone.table.match_id == linked
    assert phone.views.routes == ["/", f"/table/{linked}"]  # Back: the start screen


def test_a_link_to_a_review_opens_it(state):
    match_id = import_case(state, "hr-2p-instant-win-62")
    tab = new_tab(state.services.store, state.services.data_dir)
    run(tab.start(f"/review/{match_id}"))
    assert tab.screen == Screen.REVIEW and tab.review.review.match_id == match_id
    assert tab.route == f"/review/{match_id}"


def test_a_link_to_a_match_that_is_not_there_shows_the_start_screen_and_why(tmp_path):
    st = new_tab(open_app_store(tmp_path), tmp_path)
    run(st.start(f"/table/{ID}"))
    assert st.screen == Screen.HOME and st.shell.error.code == "match_not_found"
    assert st.services.device.pushed == ["/"]  # the address follows what is shown
    other = new_tab(st.services.store, tmp_path)
    run(other.start("/table/not-an-id"))
    assert other.screen == Screen.HOME and other.shell.error is None  # an unknown route: the start screen


def test_a_route_change_opens_that_screen_and_a_bad_one_puts_the_address_right(state):
    match_id = new_match(state)
    run(state.open_route("/history"))
    assert state.screen == Screen.HISTORY
    run(state.open_route(f"/table/{match_id}"))
    assert state.screen == Screen.TABLE and state.table.match_id == match_id
    assert not state.views.echo(f"/table/{ID}")  # typed in the address bar: gone, or never there
    run(state.open_route(f"/table/{ID}"))
    assert state.screen == Screen.TABLE and state.shell.error.code == "match_not_found"  # the table stays, says why
    assert state.table.match_id == match_id and state.table.shown.players == ["Ann", "Bo"]
    assert state.services.device.pushed[-1] == f"/table/{match_id}"  # and the address is put right


# ------------------------------------------------------------------ a live session: the page's events
def test_a_phone_app_shows_one_view_per_screen_gone_through_and_back_returns(tmp_path):
    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path, device=Device(back_button=True))
        st = live.state
        assert [v.route for v in live.views] == ["/"]
        await st.go(Screen.HISTORY)
        await live.settle()
        match_id = await _create(live)
        await live.echo()
        assert [v.route for v in live.views] == ["/", "/history", "/new", f"/table/{match_id}"]
        assert all(not v.controls for v in live.views[:-1]) and live.views[-1].controls  # only the top is drawn
        assert "play" in live.hooks() or "lot" in live.hooks()
        await live.view_pop()  # the phone's Back
        assert st.screen == Screen.NEW_MATCH and [v.route for v in live.views] == ["/", "/history", "/new"]
        assert "create-match" in live.hooks()
        await live.route_change("/history")  # the browser's Back
        assert st.screen == Screen.HISTORY and [v.route for v in live.views] == ["/", "/history"]
        await live.route_change(f"/table/{match_id}")  # and Forward twice at once
        assert st.screen == Screen.TABLE and st.table.match_id == match_id
        assert [v.route for v in live.views] == ["/", "/history", f"/table/{match_id}"]
        pushed = len(live.device.pushed)
        await live.echo()
        assert len(live.device.pushed) == pushed  # nothing was pushed for what the client itself said
        return live

    run(scenario())


def test_a_route_change_crossing_the_tabs_push_wins_and_the_address_ends_on_it(tmp_path):
    """A viewer's phone at load 5-6 (tests/server/test_served_phones.py): the user's route change crossed
    the tab's push on its way, the push landed after it, and the client's address was left on the
    pushed route while the tab showed the user's screen (the push's echo was taken for nothing to do)."""

    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path)
        st = live.state
        await _create(live)
        await live.echo()
        await st.go(Screen.SETTINGS)  # pushes /settings
        await live.settle()
        await live.route_change("/new")  # the browser's Back, pressed before /settings landed
        assert st.screen == Screen.NEW_MATCH and "create-match" in live.hooks()
        assert live.device.pushed[-1] == "/new"  # after /settings, which lands after the Back
        await live.route_change("/settings")  # it lands: the address is /settings for a moment
        await live.echo()
        assert live.session.page.route == "/new" and st.views.pending == []  # the address ends on the form
        assert st.screen == Screen.NEW_MATCH

    run(scenario())


def test_a_tab_opened_at_a_match_shows_it_under_the_start_screen(tmp_path):
    async def scenario():
        store = open_app_store(tmp_path)
        first = await Live.open(store, tmp_path)
        match_id = await _create(first)
        await first.state.go(Screen.HOME)
        viewer = await Live.open(store, tmp_path, route=f"/table/{match_id}", device=Device(back_button=True))
        assert viewer.state.table.match_id == match_id and viewer.device.pushed == []
        assert [v.route for v in viewer.views] == ["/", f"/table/{match_id}"]
        await viewer.view_pop()
        assert viewer.state.screen == Screen.HOME and [v.route for v in viewer.views] == ["/"]
        assert viewer.device.pushed == ["/"]

    run(scenario())


def test_in_a_browser_one_view_and_its_back_and_forward_are_route_changes(tmp_path):
    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path)  # the browser's Back is the browser's
        await live.state.go(Screen.HISTORY)
        await live.settle()
        match_id = await _create(live)
        await live.echo()
        assert [v.route for v in live.views] == ["/"] and "lot" in live.hooks()
        assert live.device.pushed == ["/history", "/new", f"/table/{match_id}"]
        await live.route_change("/new")  # Back
        assert live.state.screen == Screen.NEW_MATCH and "create-match" in live.hooks()
        await live.route_change(f"/table/{match_id}")  # Forward
        assert live.state.screen == Screen.TABLE and "lot" in live.hooks()
        assert len(live.device.pushed) == 3  # the browser moved: nothing to push

    run(scenario())


async def _create(live: Live) -> str:
    st = live.state
    await st.go(Screen.NEW_MATCH)
    await live.settle()
    st.setup.set_form(variant="horse-race", count=2)
    await live.tap("create-match")
    assert st.screen == Screen.TABLE, st.shell.error
    return st.table.shown_id


def test_a_new_round_shows_no_award_of_the_last_one(tmp_path):
    """A tab that re-read the match after another tab settled round 1 (the host following a scorer), then
    started round 2 itself: its empty table showed round 1's last award ('… → +4 Cy (9)', tester's
    report). The new round's table explains nothing until its first placement."""
    from scorekeeper.app.screens import SCREENS

    from .hooks import hooks

    st = new_tab(open_app_store(tmp_path), tmp_path)
    doc = json.loads((CASES / "hr-3p-openings.json").read_text())
    starter = doc["rounds"][1]["starter"]
    doc["rounds"] = doc["rounds"][:1]  # round 1 settled, round 2 not started
    run(st.transfer.import_picked([PickedFile("r1.json", json.dumps(doc).encode())]))
    assert st.shell.notice is not None and st.shell.notice.ok, st.shell.notice
    run(st.table.open_match(st.history.items[0].id))
    run(st.table.reload())  # as when another tab's settlement arrives
    assert st.table.last_info is not None  # round 1's last placement, shown while the round is over
    run(st.table.start_round(starter))
    assert st.table.match.status == "move" and len(st.table.match.rounds) == 2
    assert st.table.last_info is None
    assert "explain" not in hooks(SCREENS[st.screen](st))
