"""Settings: the language of every screen (English, Ukrainian, Korean)."""

from __future__ import annotations

import flet as ft

from ..i18n import LANGUAGE_NAMES, LANGUAGES
from .state import HOME, REVIEW, TABLE, AppState
from .widgets import action_button


def view(state: AppState) -> ft.Control:
    """Settings: the language (en, uk, ko), saved in the data folder, and the way back to the
    screen Settings was opened from."""
    t = state.t
    back = state.settings_from or (TABLE if state.match is not None else HOME)
    if (back == TABLE and state.match is None) or (back == REVIEW and state.review is None):
        back = HOME
    buttons = [action_button(f"lang-{lang}", LANGUAGE_NAMES[lang], state.set_language, lang,
                             filled=lang == state.lang) for lang in LANGUAGES]
    return ft.Column(spacing=12, controls=[
        ft.Text(t("ui.settings"), size=24, weight=ft.FontWeight.BOLD),
        ft.Text(t("ui.language")),
        ft.Row(buttons, wrap=True, spacing=8),
        action_button("back", t("ui.back"), state.go, back, icon=ft.Icons.ARROW_BACK),
    ])
