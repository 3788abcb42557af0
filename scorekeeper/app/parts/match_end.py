"""The match end: winners, final scores, the last settlement and the chart of the scores.

The table screen shows it instead of the table once the engine says the
match is finished. From here: review the match move by move, export it, the
history, a new match, or undo the finishing entry.
"""

from __future__ import annotations

import flet as ft

from ...explain import scores_words, winners_words
from ..models.app import AppModel
from ..navigation import Screen
from .chart import score_chart
from .house_line import with_house_rules_line
from .messages import message_view, notice_view
from .page import content_width, match_header, page_column
from .round_end import settlement_view, undo_button
from .score_sheet import score_sheet
from .scoreboard import scoreboard
from .widgets import action_button, hook


def export_button(app: AppModel, match_id: str) -> ft.Control:
    """Export the match's record (hook ``export``): "Share" (the share sheet) on a device that has one,
    else "Export" (a download)."""
    t = app.t
    if app.services.device.can_share:
        return action_button("export", t("ui.share"), app.transfer.export_match, match_id, icon=ft.Icons.SHARE)
    return action_button("export", t("ui.export"), app.transfer.export_match, match_id, icon=ft.Icons.DOWNLOAD)


def match_end_view(app: AppModel) -> ft.Control:
    """A finished match: under the header the house rules it was played with (as the table said them), the
    winners, the final points, the last settlement, the scores over the match (chart), and the ways on:
    review, export, history, a new match, or undo the finishing entry."""
    t, shell = app.t, app.shell
    match = app.table.shown
    match_id = app.table.shown_id
    width = content_width(shell.width)
    rows: list[ft.Control] = [
        scoreboard(t, app.entry),
        hook("winners", ft.Text(winners_words(t, match.side_names, match.winners), size=22, weight=ft.FontWeight.BOLD)),
        hook(
            "final-scores",
            ft.Text(t("ui.final_scores", scores=scores_words(t, match.side_names, match.points)), size=15),
        ),
    ]
    rows += [
        c
        for c in (
            message_view(shell, app.open_rule),
            notice_view(t, shell.notice, app.open_rule),
            settlement_view(t, app.table, app.open_rule),
        )
        if c is not None
    ]
    rows.append(score_chart(t, match, width - 4, height=min(260, max(180, width * 0.55))))
    access = shell.services.access  # a viewer's phone is offered no fix, undo or new match
    scoring = access.may_score(match_id)
    if scoring:
        rows.append(score_sheet(shell, app.table, app.correction))  # a mistake found at the end is fixed from here
    ways = [
        action_button("review", t("ui.review"), app.review.open_review, match_id, filled=True, icon=ft.Icons.SLIDESHOW),
        export_button(app, match_id),
        action_button("history", t("ui.history"), app.go, Screen.HISTORY, icon=ft.Icons.HISTORY),
    ]
    if access.may_start():
        ways.append(action_button("new-match", t("ui.new_match"), app.go, Screen.NEW_MATCH, icon=ft.Icons.ADD))
    if scoring:
        ways.append(undo_button(shell, app.table))
    rows.append(ft.Row(ways, wrap=True, spacing=6, run_spacing=6))
    head = match_header(t, match, app.go, app.phones.open if app.phones.offered else None, app.shell.width)
    # the house rules as the table said them during the match
    return page_column(with_house_rules_line(head, t, match.house_rules, app.open_rule), rows, width)
