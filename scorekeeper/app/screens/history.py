"""The history screen: every match (filtered, newest first), per-player statistics, and import.

A match in progress opens on the table (resume), a finished one in the
review; a damaged one shows the store's message (where its file was moved)
and cannot be opened. Rows come from the query (:class:`HistoryQuery`),
shown :data:`~..models.history.PAGE` at a time.
"""

from __future__ import annotations

import functools

import flet as ft

from ...explain import rule_set_words, scores_words, winners_words
from ...i18n import Translator
from ...store import ABANDONED, DAMAGED, FINISHED, IN_PROGRESS, MatchSummary, PlayerStats, RuleSetStats
from ..models.app import AppModel
from ..models.history import HistoryQuery
from ..models.setup import GAMES
from ..parts.messages import message_view, notice_view
from ..parts.page import choice, content_width, header, page_column, started_words
from ..parts.widgets import action_button, hook, run, text_entry

STATUSES = ((None, "any"), (True, "finished"), (False, "unfinished"))


def _text_filter(query: HistoryQuery, key: str, label: str, hint: str | None = None) -> ft.Control:
    # what the field holds: typed (applied on Enter or on leaving the field), or the filter in effect
    field = text_entry(
        f"history-{key}",
        query.text(key),
        functools.partial(query.set_text, key),
        label=label,
        hint_text=hint,
        dense=True,
        on_submit=run(query.apply),
        on_blur=run(query.apply_typed),
    )
    return ft.Container(content=field, expand=True)  # expand here: a Semantics hook cannot take a Row's share


def filters(t: Translator, query: HistoryQuery) -> ft.Control:
    """Player, game, finished or not, and the date range (``YYYY-MM-DD``, the local day a match started).

    Choices apply at once; typed texts on Enter or with Search.
    """
    flt = query.filter
    games = [
        choice(
            f"history-game-{game or 'any'}",
            t("game." + game) if game else t("ui.all_games"),
            query.filter_game,
            game,
            selected=flt["variant"] == game,
        )
        for game in (None, *GAMES)
    ]
    statuses = [
        choice(
            f"history-status-{name}",
            t(f"ui.status_{name}"),
            query.filter_status,
            value,
            selected=flt["finished"] is value,
        )
        for value, name in STATUSES
    ]
    search = hook(
        "history-search",
        ft.IconButton(ft.Icons.SEARCH, tooltip=t("ui.search"), on_click=run(query.apply)),
        button=True,
        label=t("ui.search"),
    )
    return ft.Column(
        spacing=6,
        controls=[
            ft.Row([_text_filter(query, "player", t("ui.filter_player"))], spacing=6),
            ft.Row(games, wrap=True, spacing=4, run_spacing=4),
            ft.Row(statuses, wrap=True, spacing=4, run_spacing=4),
            ft.Row(
                [
                    _text_filter(query, "since", t("ui.filter_since"), "YYYY-MM-DD"),
                    _text_filter(query, "until", t("ui.filter_until"), "YYYY-MM-DD"),
                    search,
                ],
                spacing=6,
            ),
        ],
    )


def status_words(t: Translator, summary: MatchSummary) -> str:
    """``Winner: Ann``, ``in progress``, ``Abandoned in round 2`` (the round it was in, as "In progress, round 2"
    counts: given up during round 1 is not "after 1 round") or that the match is damaged (the store's English
    details are in the log and ``scorekeeper history``)."""
    if summary.status == FINISHED:
        return winners_words(t, summary.sides, summary.winners)
    if summary.status == IN_PROGRESS:
        return t("ui.status_in_progress", rounds=summary.rounds)
    if summary.status == ABANDONED:
        if not summary.rounds:
            return t("ui.status_abandoned_unstarted")
        return t("ui.status_abandoned", rounds=summary.rounds)
    return t("ui.status_damaged")


def history_row(app: AppModel, summary: MatchSummary) -> ft.Control:
    """One match: when it started, the game, the sides with their points, and how it stands."""
    t = app.t
    damaged = summary.status == DAMAGED
    when = started_words(summary)
    game = rule_set_words(t, summary.variant, summary.house_rules) if summary.variant else ""
    sides = scores_words(t, summary.sides, summary.scores, "list.scores_row") if summary.scores else ""
    icon = {
        FINISHED: ft.Icons.EMOJI_EVENTS,
        IN_PROGRESS: ft.Icons.PLAY_ARROW,
        ABANDONED: ft.Icons.DO_NOT_DISTURB_ON_OUTLINED,
    }.get(summary.status, ft.Icons.REPORT_PROBLEM)
    color = ft.Colors.RED_800 if damaged else ft.Colors.BLUE_GREY_700
    lines: list[ft.Control] = [
        ft.Text(f"{when} · {game}" if game else when, size=12, color=ft.Colors.GREY_700),
        ft.Text(sides or ", ".join(summary.players) or summary.id, size=15, weight=ft.FontWeight.BOLD),
        ft.Text(status_words(t, summary), size=13, color=color),
    ]
    box = ft.Container(
        padding=10,
        border_radius=8,
        border=ft.Border.all(1, ft.Colors.RED_300 if damaged else ft.Colors.GREY_300),
        bgcolor=ft.Colors.RED_50 if damaged else None,
        on_click=None if damaged else run(app.history.open_item, summary.id, summary.status),
        content=ft.Row([ft.Icon(icon, color=color), ft.Column(lines, spacing=2, expand=True)], spacing=10),
    )
    row = hook(f"history-item-{summary.id}", box, button=True, disabled=damaged)
    if summary.status != IN_PROGRESS:
        return row
    review = hook(
        f"history-review-{summary.id}",
        ft.IconButton(ft.Icons.SLIDESHOW, tooltip=t("ui.review"), on_click=run(app.review.open_review, summary.id)),
        button=True,
        label=t("ui.review"),
    )
    return ft.Row([ft.Container(content=row, expand=True), review], spacing=4)


def average_words(player: PlayerStats) -> str:
    """Points per round over finished matches (``17.6``), or ``—`` for a player with none finished: an
    average of no rounds is no number (it showed ``0.0``, as if every round had been lost)."""
    return f"{player.average_points_per_round:.1f}" if player.rounds else NO_VALUE


NO_VALUE = "—"


def stats_view(t: Translator, query: HistoryQuery) -> ft.Control:
    """Per game and set of house rules (hook ``stats-rules-<g>``: points per round compare only within
    one), per player: finished matches, wins, average points per round, matches in progress (hook
    ``stats-<g>-<i>``); the whole panel is hook ``stats``."""
    rows: list[ft.Control] = [ft.Text(t("ui.stats_title"), size=18, weight=ft.FontWeight.BOLD)]
    if not query.stats:
        rows.append(ft.Text(t("ui.history_none")))
    else:
        rows.append(ft.Text(t("ui.stats_help"), size=12, color=ft.Colors.GREY_700))
    for number, group in enumerate(query.stats):
        rows += rule_set_rows(t, number, group)
    return hook(
        "stats",
        ft.Container(
            padding=10, border_radius=8, border=ft.Border.all(1, ft.Colors.GREY_300), content=ft.Column(rows, spacing=4)
        ),
    )


def rule_set_rows(t: Translator, number: int, group: RuleSetStats) -> list[ft.Control]:
    """One game and rule set's heading, the column titles and a row per player (most wins first)."""

    def cells(values, bold=False, size=13):
        name, *numbers = values
        return [
            ft.Text(
                name,
                expand=True,
                size=size,
                weight=ft.FontWeight.BOLD if bold else None,
                overflow=ft.TextOverflow.ELLIPSIS,
                no_wrap=True,
            )
        ] + [
            ft.Text(v, width=62, size=size, text_align=ft.TextAlign.RIGHT, weight=ft.FontWeight.BOLD if bold else None)
            for v in numbers
        ]

    heading = rule_set_words(t, group.variant, group.house_rules)
    rows: list[ft.Control] = [
        hook(
            f"stats-rules-{number}",
            ft.Container(
                padding=ft.Padding.only(top=8),
                content=ft.Text(heading, size=14, weight=ft.FontWeight.BOLD, color=ft.Colors.BLUE_GREY_800),
            ),
        ),
        ft.Row(
            cells(
                [
                    t("ui.stats_player"),
                    t("ui.stats_matches"),
                    t("ui.stats_wins"),
                    t("ui.stats_average"),
                    t("ui.stats_unfinished"),
                ],
                bold=True,
                size=11,
            ),
            spacing=4,
            vertical_alignment=ft.CrossAxisAlignment.END,
        ),
    ]
    for index, player in enumerate(group.players):
        values = [player.name, str(player.matches), str(player.wins), average_words(player), str(player.unfinished)]
        rows.append(hook(f"stats-{number}-{index}", ft.Row(cells(values), spacing=4)))
    return rows


def matches_view(app: AppModel) -> list[ft.Control]:
    """The filters, the number of matches found and the rows (a page at a time)."""
    t, query = app.t, app.history
    total = len(query.items)
    rows: list[ft.Control] = [
        filters(t, query),
        hook("history-count", ft.Text(t("ui.history_count", count=total), size=13, color=ft.Colors.GREY_700)),
    ]
    if not total and query.filtered:  # matches there may be: none fits, and the way back to them all
        rows.append(hook("history-none", ft.Text(t("ui.history_no_match"))))
        rows.append(
            action_button("history-clear", t("ui.history_clear"), query.clear_filter, icon=ft.Icons.FILTER_ALT_OFF)
        )
    elif not total:
        rows.append(hook("history-none", ft.Text(t("ui.history_none"))))
    rows += [history_row(app, summary) for summary in query.items[: query.shown]]
    if total > query.shown:
        rows.append(action_button("history-more", t("ui.history_more", count=total - query.shown), query.show_more))
    return rows


def view(app: AppModel) -> ft.Control:
    """Phone: the matches or the players' statistics (two tabs); wide window: both side by side."""
    t, shell, query = app.t, app.shell, app.history
    top = [
        c for c in (notice_view(t, shell.notice, app.open_rule), message_view(shell, app.open_rule)) if c is not None
    ]
    importer = (
        [action_button("import", t("ui.import"), app.transfer.import_files, icon=ft.Icons.UPLOAD_FILE)]
        if app.services.access.may_start()
        else []
    )  # not offered to a viewer's phone
    head = header(t, t("ui.history"), app.go, width=shell.width)
    if shell.wide:
        left = ft.Column([*importer, *top, stats_view(t, query)], spacing=10, width=380, scroll=ft.ScrollMode.AUTO)
        right = ft.Column(matches_view(app), spacing=10, expand=True, scroll=ft.ScrollMode.AUTO)
        body = ft.Row([left, right], spacing=16, expand=True, vertical_alignment=ft.CrossAxisAlignment.START)
        return ft.Column([head, body], spacing=6, expand=True)
    tabs = ft.Row(
        wrap=True,
        spacing=4,
        run_spacing=4,
        controls=[
            choice(
                "history-tab-matches",
                t("ui.history_matches"),
                query.show_tab,
                "matches",
                selected=query.tab == "matches",
            ),
            choice("history-tab-stats", t("ui.stats_title"), query.show_tab, "stats", selected=query.tab == "stats"),
            *importer,
        ],
    )
    rows = [tabs, *top]
    rows += [stats_view(t, query)] if query.tab == "stats" else matches_view(app)
    return page_column(head, rows, content_width(shell.width))
