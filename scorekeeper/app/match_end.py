"""The match-end screen: winners, final scores, the last settlement and the chart of the scores.

Shown instead of the table once the engine says the match is finished
(:func:`table_or_match_end`). From here: review the match move by move,
export it, the history, a new match, or undo the finishing entry.
"""

from __future__ import annotations

import flet as ft

from ..explain import scores_words, winners_words
from . import history_actions as acts
from .chart import score_chart
from .round_end import settlement_view, undo_button
from .scoreboard import scoreboard
from .screen_parts import content_width, notice_view, page_column
from .state import HISTORY, NEW_MATCH, AppState
from .table import header, message_view
from .table import view as table_view
from .widgets import action_button, hook


def table_or_match_end(state: AppState) -> ft.Control:
    """The table screen while the match goes on, the match-end screen once it is finished."""
    if state.match is not None and state.match.finished:
        return view(state)
    return table_view(state)


def view(state: AppState) -> ft.Control:
    """A finished match: the winners, the final points, the last settlement, the scores over the
    match (chart), and the ways on: review, export, history, a new match, or undo the finishing entry."""
    t = state.t
    match = state.match
    width = content_width(state)
    rows: list[ft.Control] = [
        scoreboard(state),
        hook("winners", ft.Text(winners_words(t, match.side_names, match.winners), size=22,
                                weight=ft.FontWeight.BOLD)),
        hook("final-scores", ft.Text(t("ui.final_scores", scores=scores_words(t, match.side_names, match.points)),
                                     size=15)),
    ]
    rows += [c for c in (message_view(state), notice_view(state), settlement_view(state)) if c is not None]
    rows.append(score_chart(t, match, width - 4, height=min(260, max(180, width * 0.55))))
    rows.append(ft.Row(wrap=True, spacing=6, run_spacing=6, controls=[
        action_button("review", t("ui.review"), acts.open_review, state, state.match_id, filled=True,
                      icon=ft.Icons.SLIDESHOW),
        action_button("export", t("ui.export"), acts.export_match, state, state.match_id, icon=ft.Icons.DOWNLOAD),
        action_button("history", t("ui.history"), state.go, HISTORY, icon=ft.Icons.HISTORY),
        action_button("new-match", t("ui.new_match"), state.go, NEW_MATCH, icon=ft.Icons.ADD),
        undo_button(state),
    ]))
    return page_column(header(state), rows, width)
