"""The start screen: a new match, the unfinished matches to resume, the settings."""

from __future__ import annotations

import flet as ft

from ..explain import scores_words
from .screen_parts import started_words
from .state import HISTORY, NEW_MATCH, SETTINGS, AppState
from .widgets import action_button, hook, run


def view(state: AppState) -> ft.Control:
    """The start screen: new match, the unfinished matches to resume, history and settings."""
    t = state.t
    rows: list[ft.Control] = [
        ft.Text(t("ui.app_title"), size=26, weight=ft.FontWeight.BOLD),
        ft.Text(t("ui.app_tagline")),
        action_button("new-match", t("ui.new_match"), state.go, NEW_MATCH, filled=True, icon=ft.Icons.ADD),
    ]
    if state.unfinished:
        rows.append(ft.Text(t("ui.resume"), size=18, weight=ft.FontWeight.BOLD))
        for index, summary in enumerate(state.unfinished):
            # as in the history: when it started and the game, then each side with its points (kept together)
            rows.append(hook(f"resume-{index}", ft.ListTile(
                title=ft.Text(scores_words(t, summary.sides, summary.scores, "list.scores_row"),
                              weight=ft.FontWeight.BOLD),
                subtitle=ft.Text(f"{started_words(summary)} · {t('game.' + summary.variant)}"),
                leading=ft.Icon(ft.Icons.PLAY_ARROW), on_click=run(state.open_match, summary.id)), button=True))
    rows.append(action_button("history", t("ui.history"), state.go, HISTORY, icon=ft.Icons.HISTORY))
    rows.append(action_button("settings", t("ui.settings"), state.go, SETTINGS, icon=ft.Icons.TRANSLATE))
    if state.error is not None:
        from .table import message_view

        rows.append(message_view(state))
    return ft.Column(rows, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
