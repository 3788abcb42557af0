"""One declared entry per screen (issue 22 item 1): the app's screens are the entries of ``SCREEN_TABLE``, and
navigation, the routes and the models a tab observes are read from them.

- Every screen has one entry and every route names one screen.
- The models a tab observes are the ones its screens' entries name: every model an entry names is observed,
  and every observable model a tab holds is named by an entry (a model added to the tab and to no entry fails
  here: its screen would not be drawn again when it changes outside an intent). A table without a screen's
  entry observes nothing of it: ``observed()`` is derived, not a second list.
- The recipe of docs/app.md, "Adding a screen", with no edit to the app: a throwaway screen (a tally) declared
  here, its model on a tab made here, is opened by its route (at start, typed, in a live session), reached by
  ``go`` and left by Back, and its model is observed: a change to it draws the tab again.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import flet as ft
import pytest

from scorekeeper.app.main import screen_body
from scorekeeper.app.models.app import AppModel
from scorekeeper.app.models.intent import intent
from scorekeeper.app.models.shell import Shell
from scorekeeper.app.navigation import Screen
from scorekeeper.app.parts.widgets import action_button, hook
from scorekeeper.app.routes import Target
from scorekeeper.app.screen_table import ScreenEntry, ScreenTable
from scorekeeper.app.screens import SCREEN_TABLE
from scorekeeper.app.services import Services
from scorekeeper.app.store_access import open_app_store
from scorekeeper.server.admission import Access, AccessDenied
from scorekeeper.server.roles import Role

from .hooks import hooks, text
from .live import Live


def run(coro):
    return asyncio.run(coro)


def unobserved(tab: AppModel) -> list[str]:
    """The tab's observable models that ``observed()`` leaves out (by attribute name)."""
    observed = tab.observed()
    return [
        name
        for name, value in vars(tab).items()
        if isinstance(value, ft.Observable) and not any(value is seen for seen in observed)
    ]


# ------------------------------------------------------------------ the app's own table
def test_every_screen_has_one_entry_and_every_route_one_screen():
    assert [entry.screen for entry in SCREEN_TABLE] == list(Screen)
    routes = SCREEN_TABLE.routes
    for entry in SCREEN_TABLE:
        match_id = "20261201-101500-0a1b2c" if entry.of_match else None
        route = routes.route_of(entry.screen, match_id)
        assert routes.target_of(route) == Target(entry.screen, match_id), route
    assert {routes.route_of(e.screen) for e in SCREEN_TABLE if not e.of_match} == {
        "/",
        "/new",
        "/settings",
        "/history",
        "/rules",
        "/phones",
        "/event",  # club night (issue 23)
        "/round",
        "/projector",
        "/evening",
        "/season",  # the club season (h-season)
    }


def test_a_table_refuses_a_screen_twice_or_a_route_twice():
    home = next(iter(SCREEN_TABLE))
    with pytest.raises(ValueError, match="twice"):
        ScreenTable(home, home)
    with pytest.raises(ValueError, match="not its own"):
        ScreenTable(home, ScreenEntry(Screen.RULES, "", home.view))
    with pytest.raises(ValueError, match="start screen"):
        ScreenTable(ScreenEntry(Screen.RULES, "rules", home.view))


def test_every_model_an_entry_names_is_observed_and_every_observable_model_is_named(state):
    observed = state.observed()
    for entry in SCREEN_TABLE:
        for model in entry.models(state):
            assert any(model is seen for seen in observed), (entry.screen, model)
    assert unobserved(state) == []
    # the shell and 17 models, each once (club night: event, its game form, round, projector, evening, season)
    assert len(observed) == len({id(m) for m in observed}) == 18


def test_observed_is_read_from_the_entries_not_listed(tmp_path):
    """Without the Phones screen's entry its model is not observed, and the check above says so."""
    without = ScreenTable(*(entry for entry in SCREEN_TABLE if entry.screen != Screen.PHONES))
    tab = AppModel(Services(open_app_store(tmp_path), str(tmp_path)), without)
    assert not any(tab.phones is seen for seen in tab.observed())
    assert unobserved(tab) == ["phones"]


def test_a_screen_not_offered_leaves_the_tab_as_it_was_and_a_refused_one_shows_home_with_why(tmp_path):
    """Phones' entry is offered to a host's tab only; New match's ``enter`` refuses a viewer's phone."""
    store = open_app_store(tmp_path)
    viewer = AppModel(Services(store, str(tmp_path), access=Access(Role.VIEWER)), SCREEN_TABLE)
    run(viewer.start())
    run(viewer.go(Screen.HISTORY))
    run(viewer.open_route("/phones"))
    assert viewer.screen == Screen.HISTORY and viewer.route == "/history"
    run(viewer.open_route("/new"))
    assert viewer.screen == Screen.HOME and isinstance(viewer.shell.error, AccessDenied)
    host = AppModel(Services(store, str(tmp_path), access=Access(Role.HOST)), SCREEN_TABLE)
    run(host.start("/phones"))
    assert host.screen == Screen.PHONES and host.route == "/phones"


# ------------------------------------------------------------------ a throwaway screen, declared here only
TALLY = "tally"  # its name (an app screen's is a member of Screen, whose value is this string)


@dataclass(eq=False)
class Tally(ft.Observable):
    """The throwaway screen's model: a count, and how often the screen was entered (its loads)."""

    shell: Shell
    count: int = 0
    loads: int = 0

    async def load(self) -> None:
        self.loads += 1

    @intent
    async def add(self) -> None:
        self.count += 1


def tally_view(app: TallyTab) -> ft.Control:
    return ft.Column(
        [
            hook("tally", ft.Text(f"tally {app.tally.count}")),
            action_button("tally-add", "Add", app.tally.add),
            action_button("home", "Home", app.go, Screen.HOME),
        ]
    )


TALLY_ENTRY = ScreenEntry(
    TALLY, "tally", tally_view, models=lambda app: (app.tally,), enter=lambda app, came_from: app.tally.load()
)
WITH_TALLY = ScreenTable(*SCREEN_TABLE, TALLY_ENTRY)


class TallyTab(AppModel):
    """A tab with the tally's model: the line a screen's model adds to ``AppModel.__init__``."""

    def __init__(self, services: Services, screens: ScreenTable, **kwargs) -> None:
        super().__init__(services, screens, **kwargs)
        self.tally = Tally(self.shell)


def tally_tab(tmp_path, screens: ScreenTable = WITH_TALLY) -> TallyTab:
    return TallyTab(Services(open_app_store(tmp_path), str(tmp_path)), screens)


def test_a_screen_added_by_its_entry_is_routed_reached_and_observed(tmp_path):
    tab = tally_tab(tmp_path)
    assert any(tab.tally is seen for seen in tab.observed()) and unobserved(tab) == []
    run(tab.start("/tally"))  # opened at its address
    assert tab.screen == TALLY and tab.route == "/tally" and tab.tally.loads == 1
    assert text(hooks(screen_body(tab))["tally"]) == "tally 0"
    assert tab.views.routes == ["/", "/tally"]  # the start screen under it
    run(tab.back())  # the phone's Back
    assert tab.screen == Screen.HOME and tab.services.device.pushed[-1] == "/"
    run(tab.go(TALLY))  # go reaches it, loading what it lists
    assert tab.screen == TALLY and tab.tally.loads == 2 and tab.services.device.pushed[-1] == "/tally"
    run(tab.go(Screen.SETTINGS))
    assert "back" in hooks(screen_body(tab)) and tab.shell.settings_from == TALLY  # Settings returns to it
    run(tab.open_route("/tally/"))  # typed, or the browser's Back
    assert tab.screen == TALLY and tab.tally.loads == 3
    assert WITH_TALLY.routes.normal("/tally/") == "/tally" and SCREEN_TABLE.routes.normal("/tally") == "/"


def test_a_screen_added_by_its_entry_is_drawn_again_when_its_model_changes(tmp_path):
    """In a live session: a change to the tally outside any intent draws the tab again, because its entry
    names it; a table whose entry names no model leaves the old count on the screen."""

    async def scenario(screens: ScreenTable, folder) -> tuple[str, str]:
        folder.mkdir()
        live = await Live.open(
            open_app_store(folder),
            folder,
            route="/tally",
            tab=lambda services, width: TallyTab(services, screens, width=width),
        )
        before = live.texts()["tally"]
        live.state.tally.count = 5  # not an intent: only observing the model draws it
        await live.settle()
        after = live.texts()["tally"]
        await live.tap("tally-add")
        await live.route_change("/")
        assert live.state.screen == Screen.HOME
        await live.route_change("/tally")
        assert live.state.screen == TALLY and live.texts()["tally"] == "tally 6"
        return before, after

    assert asyncio.run(scenario(WITH_TALLY, tmp_path / "named")) == ("tally 0", "tally 5")
    unnamed = ScreenTable(
        *SCREEN_TABLE, ScreenEntry(TALLY, "tally", tally_view, enter=lambda app, came_from: app.tally.load())
    )
    assert asyncio.run(scenario(unnamed, tmp_path / "unnamed")) == ("tally 0", "tally 0")
