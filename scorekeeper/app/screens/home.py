"""The start screen: a new match, the unfinished matches to resume (each can be abandoned), the history and the
settings."""

from __future__ import annotations

import flet as ft

from ...explain import scores_words
from ..models.app import AppModel
from ..navigation import Screen
from ..parts.messages import message_view, notice_view
from ..parts.page import started_words
from ..parts.widgets import action_button, hook, run


def view(app: AppModel) -> ft.Control:
    """The start screen: on a phone joined with the table's codes before the host started a match, that it
    waits for the host (hook ``waiting-host``); new match, the unfinished matches to resume (each with
    Abandon, hook ``abandon-N``, where this device may score it), history, rules, settings and, on a host's
    tab, the phones at the table (hook ``phones``); the notice of an abandon, with its Undo."""
    t = app.t
    access = app.services.access
    rows: list[ft.Control] = [
        ft.Text(t("ui.app_title"), size=26, weight=ft.FontWeight.BOLD),
        ft.Text(t("ui.app_tagline")),
    ]
    if app.home.waiting:  # a phone joined with the table's codes, before the host starts a match
        rows.append(
            hook(
                "waiting-host",
                ft.Container(
                    padding=12,
                    border_radius=10,
                    bgcolor=ft.Colors.GREEN_50,
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.HOURGLASS_EMPTY, color=ft.Colors.GREEN_800),
                            ft.Text(t("ui.waiting_for_host"), size=16, expand=True),
                        ],
                        spacing=10,
                    ),
                ),
            )
        )
    if app.services.access.may_start():  # a phone joined as a viewer, or for one match, starts none
        rows.append(
            action_button("new-match", t("ui.new_match"), app.go, Screen.NEW_MATCH, filled=True, icon=ft.Icons.ADD)
        )
    if app.home.unfinished:
        rows.append(ft.Text(t("ui.resume"), size=18, weight=ft.FontWeight.BOLD))
        for index, summary in enumerate(app.home.unfinished):
            # as in the history: when it started and the game, then each side with its points (kept together)
            row = hook(
                f"resume-{index}",
                ft.ListTile(
                    title=ft.Text(
                        scores_words(t, summary.sides, summary.scores, "list.scores_row"), weight=ft.FontWeight.BOLD
                    ),
                    subtitle=ft.Text(f"{started_words(summary)} · {t('game.' + summary.variant)}"),
                    leading=ft.Icon(ft.Icons.PLAY_ARROW),
                    on_click=run(app.table.open_match, summary.id),
                ),
                button=True,
            )
            if access.may_score(summary.id):  # beside the row, not in it: two buttons, not one inside the other
                row = ft.Row(
                    [ft.Container(content=row, expand=True), abandon_button(app, index, summary.id)], spacing=0
                )
            rows.append(row)
    rows.append(action_button("history", t("ui.history"), app.go, Screen.HISTORY, icon=ft.Icons.HISTORY))
    rows.append(action_button("club-night", t("ui.club.title"), app.go, Screen.EVENT, icon=ft.Icons.GROUPS))
    if app.season.offered:
        rows.append(
            action_button("club-season", t("ui.season.title"), app.go, Screen.SEASON, icon=ft.Icons.LEADERBOARD)
        )
    rows.append(action_button("rules", t("ui.rules"), app.go, Screen.RULES, icon=ft.Icons.MENU_BOOK))
    rows.append(action_button("settings", t("ui.settings"), app.go, Screen.SETTINGS, icon=ft.Icons.TRANSLATE))
    if app.phones.offered:  # the host: the table's join codes before any match is open, too
        rows.append(action_button("phones", t("ui.phones_tip"), app.phones.open, icon=ft.Icons.QR_CODE_2))
    notice = notice_view(t, app.shell.notice, app.open_rule, undo=app.home.undo_abandon)
    if notice is not None:  # under the list: where the row abandoned was
        rows.insert(len(rows) - 2, notice)
    message = message_view(app.shell, app.open_rule)
    if message is not None:
        rows.append(message)
    return ft.Column(rows, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)


def abandon_button(app: AppModel, index: int, match_id: str) -> ft.Control:
    """Give the match up (hook ``abandon-N``): it leaves the list for the history, and the notice offers Undo."""
    tip = app.t("ui.abandon")
    return hook(
        f"abandon-{index}",
        ft.IconButton(ft.Icons.DELETE_OUTLINE, tooltip=tip, on_click=run(app.home.abandon, match_id)),
        button=True,
        label=tip,
    )
