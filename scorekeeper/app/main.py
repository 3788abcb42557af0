"""The Flet entry: one :class:`AppState` per tab, the root component, the page's font and theme."""

from __future__ import annotations

import logging
from pathlib import Path

import flet as ft

from ..explain import capitalised
from .screens import SCREENS
from .state import HOME, TABLE, AppState
from .widgets import action_button

log = logging.getLogger(__name__)

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FAMILY = "NotoSansKR"
FONTS = {FONT_FAMILY: "fonts/NotoSansKR-Subset-Regular.otf"}  # Latin, Cyrillic and Hangul
CHANGED = "match-changed"  # pubsub topic: (match id, version) after a tab wrote to a match


@ft.component
def App(state: AppState) -> ft.Control:
    """The root: the current screen, re-rendered whenever the state changes."""
    return ft.SafeArea(expand=True, content=ft.Container(padding=10, expand=True, content=screen_body(state)))


def screen_body(state: AppState) -> ft.Control:
    """The current screen's controls, or :func:`broken_screen` if building them fails."""
    screen = SCREENS.get(state.screen, SCREENS[HOME])
    if state.screen == TABLE and state.match is None:
        screen = SCREENS[HOME]
    try:
        body = screen(state)
    except Exception:  # noqa: BLE001 - a broken view must not show the user a traceback
        log.exception("screen %s failed to render", state.screen)
        body = broken_screen(state)
    return body


def broken_screen(state: AppState) -> ft.Control:
    """What a tab shows if a screen cannot be drawn: a translated apology and the way home."""
    t = state.t
    return ft.Column([
        ft.Text(capitalised(t("error.unexpected")), size=16),
        action_button("home", t("ui.home"), state.go, HOME, filled=True),
    ], spacing=12)


def make_main(store, data_dir: Path):
    """``main(page)`` for ``ft.run``; ``store`` is opened once per process by the caller.

    Every tab of the process subscribes to :data:`CHANGED` (Flet's pubsub, one hub per app):
    a tab that records or undoes announces the match's new version, and the other tabs showing
    that match re-read it (:meth:`AppState.follow`).
    """

    async def main(page: ft.Page) -> None:
        page.title = "Scorekeeper"
        page.fonts = FONTS
        page.theme = ft.Theme(font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.GREEN)
        page.theme_mode = ft.ThemeMode.LIGHT
        page.padding = 0
        state = AppState(store=store, data_dir=str(data_dir), width=page.width or 390,
                         announce=lambda match_id, version: page.pubsub.send_others_on_topic(
                             CHANGED, (match_id, version)))

        def on_resize(e) -> None:
            state.width = page.width or state.width

        async def on_changed(topic: str, message: tuple) -> None:
            # runs in a task started by the tab that wrote: page.run_task binds this tab's page,
            # so the re-render goes to this tab's session
            page.run_task(state.follow, *message)

        page.on_resize = on_resize
        page.pubsub.subscribe_topic(CHANGED, on_changed)
        await state.start()
        page.render(App, state)

    return main
