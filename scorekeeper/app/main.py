"""The Flet entry: per tab, the models (:class:`AppModel`), the root component, the page's font and theme."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import cast

import flet as ft

from ..explain import capitalised
from ..server.session import access_for
from ..server.store_guard import GuardedStore
from ..store import MatchStore
from .browser_language import BrowserLanguage
from .models.app import AppModel
from .navigation import Screen
from .parts.widgets import action_button
from .screens import SCREENS
from .services import Services

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FAMILY = "NotoSansKR"
FONTS = {FONT_FAMILY: "fonts/NotoSansKR-Subset-Regular.otf"}  # Latin, Cyrillic and Hangul
CHANGED = "match-changed"  # pubsub topic: (match id, version) after a tab wrote to a match


@ft.component
def App(app: AppModel, *observed: object) -> ft.Control:
    """The root: the current screen. ``observed`` are the tab's observable models (``app.observed()``):
    a component re-renders when an observable argument changes, so a change in any of them draws the tab."""
    return ft.SafeArea(expand=True, content=ft.Container(padding=10, expand=True, content=screen_body(app)))


def screen_body(app: AppModel) -> ft.Control:
    """The current screen's controls, or :func:`broken_screen` if building them fails."""
    screen = SCREENS.get(app.screen, SCREENS[Screen.HOME])
    if app.screen == Screen.TABLE and app.table.match is None:
        screen = SCREENS[Screen.HOME]
    try:
        return screen(app)
    except Exception:  # noqa: BLE001 - a broken view must not show the user a traceback
        log.exception("screen %s failed to render", app.screen)
        return broken_screen(app)


def broken_screen(app: AppModel) -> ft.Control:
    """What a tab shows if a screen cannot be drawn: a translated apology and the way home."""
    t = app.t
    return ft.Column([
        ft.Text(capitalised(t("error.unexpected")), size=16),
        action_button("home", t("ui.home"), app.go, Screen.HOME, filled=True),
    ], spacing=12)


def make_main(store: MatchStore, data_dir: Path) -> Callable[[ft.Page], Awaitable[None]]:
    """``main(page)`` for ``ft.run``; ``store`` is opened once per process by the caller.

    Every tab of the process subscribes to :data:`CHANGED` (Flet's pubsub, one hub per app):
    a tab that records or undoes announces the match's new version, and the other tabs showing
    that match re-read it (:meth:`OpenMatch.follow`).

    Each tab writes through a :class:`GuardedStore` of its device's :class:`Access` (a viewer's writes
    are refused, a scorer joined for one match changes only that one; docs/server.md), and a tab whose
    join link named a match opens that match.
    """

    async def main(page: ft.Page) -> None:
        page.title = "Scorekeeper"
        page.fonts = FONTS
        page.theme = ft.Theme(font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.GREEN)
        page.theme_mode = ft.ThemeMode.LIGHT
        page.padding = 0
        access = access_for(page)
        guarded = cast(MatchStore, GuardedStore(store, access))  # the store's reads, its writes asked of access
        services = Services(guarded, str(data_dir), announce=lambda match_id, version: page.pubsub.send_others_on_topic(
            CHANGED, (match_id, version)), access=access)
        app = AppModel(services, width=page.width or 390)

        def on_resize(e: ft.PageResizeEvent) -> None:
            app.shell.width = page.width or app.shell.width

        async def on_changed(topic: str, message: tuple[str, int]) -> None:
            # runs in a task started by the tab that wrote: page.run_task binds this tab's page,
            # so the re-render goes to this tab's session
            page.run_task(app.table.follow, *message)

        page.on_resize = on_resize
        page.pubsub.subscribe_topic(CHANGED, on_changed)
        await app.start()
        if access.match_id is not None and app.table.match_id != access.match_id:
            await app.table.open_match(access.match_id)  # the table this device joined for
        if page.web:  # the page's reconnecting banner speaks the app's language
            page.run_task(BrowserLanguage(page, app.shell).keep)
        page.render(App, app, *app.observed())

    return main
