"""Settings: the language of every screen (English, Ukrainian, Korean), and haptic ticks on or off."""

from __future__ import annotations

import flet as ft

from ...i18n import LANGUAGE_NAMES, LANGUAGES
from ..models.app import AppModel
from ..navigation import Screen
from ..parts.widgets import action_button, hook


def view(app: AppModel) -> ft.Control:
    """Settings: the language (en, uk, ko) and the haptic ticks (on Play, stronger at a settlement),
    both saved in the data folder, and the way back to the screen Settings was opened from."""
    t, shell = app.t, app.shell
    back = app.screens.drawn(app, shell.settings_from or Screen.TABLE)  # the table, once its match is gone: home
    buttons: list[ft.Control] = [
        action_button(f"lang-{lang}", LANGUAGE_NAMES[lang], app.set_language, lang, filled=lang == shell.lang)
        for lang in LANGUAGES
    ]

    async def set_haptics(e: ft.Event[ft.Switch]) -> None:
        await app.set_haptics(bool(e.control.value))

    return ft.Column(
        spacing=12,
        controls=[
            ft.Text(t("ui.settings"), size=24, weight=ft.FontWeight.BOLD),
            ft.Text(t("ui.language")),
            ft.Row(buttons, wrap=True, spacing=8),
            hook("haptics", ft.Switch(label=t("ui.haptics"), value=shell.haptics, on_change=set_haptics)),
            ft.Text(t("ui.haptics_help"), size=12),
            action_button("back", t("ui.back"), app.go, back, icon=ft.Icons.ARROW_BACK),
        ],
    )
