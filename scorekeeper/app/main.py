"""The Flet entry: one :class:`AppState` per tab, the root component, the page's font and theme."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from .screens import SCREENS
from .state import HOME, AppState

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONT_FAMILY = "NotoSansKR"
FONTS = {FONT_FAMILY: "fonts/NotoSansKR-Subset-Regular.otf"}  # Latin, Cyrillic and Hangul


@ft.component
def App(state: AppState) -> ft.Control:
    """The root: the current screen, re-rendered whenever the state changes."""
    screen = SCREENS.get(state.screen, SCREENS[HOME])
    if state.screen != HOME and state.match is None and screen is SCREENS.get("table"):
        screen = SCREENS[HOME]
    return ft.SafeArea(expand=True, content=ft.Container(padding=10, expand=True, content=screen(state)))


def make_main(store, data_dir: Path):
    """``main(page)`` for ``ft.run``; ``store`` is opened once per process by the caller."""

    async def main(page: ft.Page) -> None:
        page.title = "Scorekeeper"
        page.fonts = FONTS
        page.theme = ft.Theme(font_family=FONT_FAMILY, color_scheme_seed=ft.Colors.GREEN)
        page.theme_mode = ft.ThemeMode.LIGHT
        page.padding = 0
        state = AppState(store=store, data_dir=str(data_dir), width=page.width or 390)

        def on_resize(e) -> None:
            state.width = page.width or state.width

        page.on_resize = on_resize
        await state.start()
        page.render(App, state)

    return main
