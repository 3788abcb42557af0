"""The start screen: a new match, the unfinished matches to resume, the history and the settings."""

from __future__ import annotations

import flet as ft

from ...explain import scores_words
from ..models.app import AppModel
from ..navigation import Screen
from ..parts.messages import message_view
from ..parts.page import started_words
from ..parts.widgets import action_button, hook, run


def view(app: AppModel) -> ft.Control:
    """The start screen: new match, the unfinished matches to resume, history and settings."""
    t = app.t
    rows: list[ft.Control] = [
        ft.Text(t("ui.app_title"), size=26, weight=ft.FontWeight.BOLD),
        ft.Text(t("ui.app_tagline")),
    ]
    if app.services.access.may_start():  # a phone joined as a viewer, or for one match, starts none
        rows.append(action_button("new-match", t("ui.new_match"), app.go, Screen.NEW_MATCH, filled=True,
                                  icon=ft.Icons.ADD))
    if app.home.unfinished:
        rows.append(ft.Text(t("ui.resume"), size=18, weight=ft.FontWeight.BOLD))
        for index, summary in enumerate(app.home.unfinished):
            # as in the history: when it started and the game, then each side with its points (kept together)
            rows.append(hook(f"resume-{index}", ft.ListTile(
                title=ft.Text(scores_words(t, summary.sides, summary.scores, "list.scores_row"),
                              weight=ft.FontWeight.BOLD),
                subtitle=ft.Text(f"{started_words(summary)} · {t('game.' + summary.variant)}"),
                leading=ft.Icon(ft.Icons.PLAY_ARROW), on_click=run(app.table.open_match, summary.id)), button=True))
    rows.append(action_button("history", t("ui.history"), app.go, Screen.HISTORY, icon=ft.Icons.HISTORY))
    rows.append(action_button("rules", t("ui.rules"), app.go, Screen.RULES, icon=ft.Icons.MENU_BOOK))
    rows.append(action_button("settings", t("ui.settings"), app.go, Screen.SETTINGS, icon=ft.Icons.TRANSLATE))
    message = message_view(app.shell, app.open_rule)
    if message is not None:
        rows.append(message)
    return ft.Column(rows, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
