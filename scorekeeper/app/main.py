"""The Flet entry: per tab, the models (:class:`AppModel`), the root component, the page's font and theme.

The root component draws Flet's view stack (``page.render_views``). Where
the device has a Back button of its own that Flutter handles (a phone app:
``Device.back_button``), that is one :class:`ft.View` per screen the tab
went through (``app.views``), keyed by its route, the screen shown on top and
the ones under it empty (only the top is visible; Back draws the one under it
once it is shown): Back pops the top view (``on_view_pop``) instead of
leaving the app. In a browser the browser's history is the stack: one view,
and its Back and Forward (Android's Back too) arrive as route changes
(``on_route_change``), as does an address typed. Both are handed to the
models, which open that screen. (Each view pushed or popped is a Flutter
route transition of 300 ms even without an animation: in a browser a screen
change took 100–170 ms longer with the stack, measured.)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Protocol, cast

import flet as ft

from ..explain import capitalised
from ..server.session import access_for
from ..server.store_guard import GuardedStore
from ..store import MatchStore
from . import flet_diff
from .browser_language import BrowserLanguage
from .device import Device, FletDevice
from .models.app import AppModel
from .navigation import Screen
from .parts.messages import read_only_banner
from .parts.widgets import action_button
from .routes import HOME, Target
from .screens import SCREEN_TABLE
from .services import Services
from .store_access import read_only_notice

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FAMILY = "NotoSansKR"
FONTS = {FONT_FAMILY: "fonts/NotoSansKR-Subset-Regular.otf"}  # Latin, Cyrillic and Hangul
CHANGED = "match-changed"  # pubsub topic: (match id, version) after a tab wrote to a match
TABLE = "table-match"  # pubsub topic: a match id, after a host's tab opened it on its table
EVENT = "club-event"  # pubsub topic: a club event's id, after a host's tab changed it (paired, paper, check-in)


class Viewers(Protocol):
    """What ``make_main`` tells the viewer process (:class:`scorekeeper.serve.viewer_process.ViewerProcess`)."""

    def changed(self, match_id: str, version: int) -> None: ...

    def table_opened(self, match_id: str) -> None: ...

    def event_changed(self, event_id: str) -> None: ...


# no slide or zoom between screens (a screen change shows at once, as before there were views; the
# software renderer of a phone-less browser pays for every frame of one); iOS keeps its own, with which
# a swipe from the edge goes back
TRANSITIONS = ft.PageTransitionsTheme(
    android=ft.PageTransitionTheme.NONE,
    linux=ft.PageTransitionTheme.NONE,
    macos=ft.PageTransitionTheme.NONE,
    windows=ft.PageTransitionTheme.NONE,
)


@ft.component
def App(app: AppModel, *observed: object) -> list[ft.View]:
    """The root: the view stack, the current screen in the top view. ``observed`` are the tab's observable
    models (``app.observed()``): a component re-renders when an observable argument changes, so a change in
    any of them draws the tab."""
    # as it will be once the intent is done (drawn once, in place); one view where Back is the browser's
    routes = app.views.with_top(app.route) if app.services.device.back_button else [HOME]
    content = screen_body(app)
    banner = read_only_banner(app.t, read_only_notice(app.services.store))
    if banner is not None:  # a folder that cannot be written: said above every screen
        content = ft.Column([banner, ft.Container(content, expand=True)], spacing=6, expand=True)
    body = ft.SafeArea(expand=True, content=ft.Container(padding=10, expand=True, content=content))
    return [
        *(ft.View(route=route, key=route, padding=0) for route in routes[:-1]),
        ft.View(route=routes[-1], key=routes[-1], padding=0, controls=[body]),
    ]


def screen_body(app: AppModel) -> ft.Control:
    """The current screen's controls (the start screen's for a screen of one match with none open), or
    :func:`broken_screen` if building them fails."""
    view = app.screens[app.screens.drawn(app, app.screen)].view
    try:
        return view(app)
    except Exception:  # noqa: BLE001 - a broken view must not show the user a traceback
        log.exception("screen %s failed to render", app.screen)
        return broken_screen(app)


def broken_screen(app: AppModel) -> ft.Control:
    """What a tab shows if a screen cannot be drawn: a translated apology and the way home."""
    t = app.t
    return ft.Column(
        [
            ft.Text(capitalised(t("error.unexpected")), size=16),
            action_button("home", t("ui.home"), app.go, Screen.HOME, filled=True),
        ],
        spacing=12,
    )


def app_tab(services: Services, width: float) -> AppModel:
    """A tab's models, with the app's screens (:data:`~.screens.SCREEN_TABLE`)."""
    return AppModel(services, SCREEN_TABLE, width=width)


def make_main(
    store: MatchStore,
    data_dir: Path,
    device: Callable[[ft.Page], Device] = FletDevice,
    tell_viewers: Viewers | None = None,
    tab: Callable[[Services, float], AppModel] = app_tab,
) -> Callable[[ft.Page], Awaitable[None]]:
    """``main(page)`` for ``ft.run``; ``store`` is opened once per process by the caller; ``device(page)``
    makes each tab's :class:`Device` (Flet's services; a test passes its own), ``tab(services, width)``
    its models (:func:`app_tab`; a test passes a tab with a screen of its own).

    Every tab of the process subscribes to :data:`CHANGED` (Flet's pubsub, one hub per app):
    a tab that records or undoes announces the match's new version, and the other tabs showing
    that match re-read it (:meth:`OpenMatch.follow`); so are the viewer process's tabs, through
    ``tell_viewers`` (:meth:`~scorekeeper.serve.viewer_process.ViewerProcess.changed`) if given. Likewise :data:`TABLE`:
    a host's tab that opens a match on its table (a new match, a resume) announces it, and the phones
    joined with the table's codes open it (:meth:`AppModel.follow_table`; the viewer process's through
    :meth:`~scorekeeper.serve.viewer_process.ViewerProcess.table_opened`).

    A tab whose connection is gone (a phone asleep; Flet keeps its session for an hour) follows nothing, and
    when it is back it shows the match as it is now (:meth:`OpenMatch.catch_up`).

    Each tab writes through a :class:`GuardedStore` of its device's :class:`Access` (a viewer's writes
    are refused, a scorer joined for one match changes only that one; docs/server.md), and a tab whose
    join link named a match opens that match.
    """

    flet_diff.unlinked_diff_nodes()  # each update's patch freed at once, not left to the garbage collector

    async def main(page: ft.Page) -> None:
        page.title = "Scorekeeper"
        page.fonts = FONTS
        page.theme = ft.Theme(font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.GREEN, page_transitions=TRANSITIONS)
        page.theme_mode = ft.ThemeMode.LIGHT
        access = access_for(page)
        # the store's reads, its writes asked of access (in the scorer process, the tab's own store: its
        # writes go to the server's writer naming its device, scorekeeper.serve.viewer_server.RelayedStore)
        for_tab = getattr(store, "for_tab", None)
        guarded = cast(MatchStore, GuardedStore(for_tab(access) if for_tab is not None else store, access))

        def announce(match_id: str, version: int) -> None:
            if tell_viewers is not None:  # first: the viewer process draws while this one draws its own tabs
                tell_viewers.changed(match_id, version)
            page.pubsub.send_others_on_topic(CHANGED, (match_id, version))

        def announce_table(match_id: str) -> None:
            if tell_viewers is not None:
                tell_viewers.table_opened(match_id)
            page.pubsub.send_others_on_topic(TABLE, match_id)

        def announce_event(event_id: str) -> None:
            if tell_viewers is not None:
                tell_viewers.event_changed(event_id)
            page.pubsub.send_all_on_topic(EVENT, event_id)  # this tab's own projector too

        services = Services(
            guarded,
            str(data_dir),
            announce=announce,
            device=device(page),
            access=access,
            announce_table=announce_table,
            announce_event=announce_event,
        )
        app = tab(services, page.width or 390)
        app.projector.set_height(page.height or 1080)

        def on_resize(e: ft.PageResizeEvent) -> None:
            app.shell.width = page.width or app.shell.width
            app.projector.set_height(page.height or app.projector.height)

        away = False  # the tab's connection is gone (a phone asleep, a closed tab): Flet drops what it would send

        async def on_changed(topic: str, message: tuple[str, int]) -> None:
            if away:  # drawn for nobody (for up to an hour, Flet's session timeout): read once it is back
                return
            # runs in a task started by the tab that wrote: page.run_task binds this tab's page,
            # so the re-render goes to this tab's session
            page.run_task(app.table.follow, *message)
            if app.projector.board is not None:  # the projector, My evening shown once: a result of theirs?
                page.run_task(app.follow_event_match, message[0])

        async def on_event(topic: str, event_id: str) -> None:
            if not away:
                page.run_task(app.follow_event, event_id)

        async def on_table(topic: str, match_id: str) -> None:
            if not away:  # a phone asleep catches up when it is back (on_connect)
                page.run_task(app.follow_table, match_id)

        def on_disconnect(e: ft.Event[ft.Page]) -> None:
            nonlocal away
            away = True

        async def on_connect(e: ft.Event[ft.Page]) -> None:  # the same tab back (a reload too; not a first open)
            nonlocal away
            away = False
            app.correction.close_sheet()
            await app.table.catch_up()
            await app.catch_up_table()
            await app.follow_event(None)  # the projector, My evening: as the event is now

        async def on_route_change(e: ft.RouteChangeEvent) -> None:
            if not app.views.echo(e.route):  # not this tab's own push coming back: Back, Forward, an address
                await app.when_free()
                await app.open_route(e.route)

        async def on_view_pop(e: ft.ViewPopEvent) -> None:
            await app.when_free()
            await app.back()

        def on_lifecycle(e: ft.AppLifecycleStateChangeEvent) -> None:
            if e.state in (ft.AppLifecycleState.SHOW, ft.AppLifecycleState.RESUME):
                services.device.resume()

        page.on_resize = on_resize
        page.on_route_change = on_route_change
        page.on_view_pop = on_view_pop
        page.on_app_lifecycle_state_change = on_lifecycle
        page.on_disconnect = on_disconnect
        page.on_connect = on_connect
        page.pubsub.subscribe_topic(CHANGED, on_changed)
        page.pubsub.subscribe_topic(EVENT, on_event)
        if services.follows_table:
            page.pubsub.subscribe_topic(TABLE, on_table)
        await app.start(page.route)
        # an address naming a screen is kept (a reload)
        if (
            access.match_id is not None
            and app.table.match_id != access.match_id
            and app.screens.routes.target_of(page.route) == Target(Screen.HOME)
        ):
            await app.table.open_match(access.match_id)  # the table this device joined for
        BrowserLanguage.start(page, app.shell)  # the page's reconnecting banner speaks the app's language
        page.render_views(App, app, *app.observed())

    return main
