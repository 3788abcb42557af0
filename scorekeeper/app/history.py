"""The history screen: every match (filtered, newest first), per-player statistics, and import.

A match in progress opens on the table (resume), a finished one in the
review; a damaged one shows the store's message (where its file was moved)
and cannot be opened. Rows come from ``store.list_matches`` (the index: no
match file is read), shown :data:`history_actions.PAGE` at a time.
"""

from __future__ import annotations

import functools

import flet as ft

from ..explain import scores_words, winners_words
from ..store import DAMAGED, FINISHED, IN_PROGRESS
from . import history_actions as acts
from .screen_parts import choice, content_width, notice_view, page_column, started_words
from .state import HOME, SETTINGS, AppState
from .table import message_view
from .widgets import WIDE, action_button, hook, run, text_entry

GAMES = (None, "horse-race", "exact-61")
STATUSES = ((None, "any"), (True, "finished"), (False, "unfinished"))


def header(state: AppState, title: str) -> ft.Control:
    """Home, the screen's title, settings."""
    t = state.t
    return ft.Row([
        hook("home", ft.IconButton(ft.Icons.HOME, tooltip=t("ui.home"), on_click=run(state.go, HOME)),
             button=True),
        ft.Text(title, size=18, weight=ft.FontWeight.BOLD, expand=True),
        hook("settings", ft.IconButton(ft.Icons.TRANSLATE, tooltip=t("ui.settings"),
                                       on_click=run(state.go, SETTINGS)), button=True),
    ])


def _text_filter(state: AppState, key: str, label: str, hint: str | None = None) -> ft.Control:
    # what the field holds (typed, applied on Enter or on leaving the field, or the filter in effect)
    held = acts.typed_filters(state).get(key, state.history_filter[key])
    field = text_entry(f"history-{key}", held, functools.partial(acts.set_filter_text, state, key),
                       label=label, hint_text=hint, dense=True,
                       on_submit=run(acts.apply_filter, state), on_blur=run(acts.apply_typed, state))
    return ft.Container(content=field, expand=True)  # expand here: a Semantics hook cannot take a Row's share


def filters(state: AppState) -> ft.Control:
    """Player, game, finished or not, and the date range (``YYYY-MM-DD``, the local day a match started).

    Choices apply at once; typed texts on Enter or with Search.
    """
    t = state.t
    flt = state.history_filter
    games = [choice(f"history-game-{game or 'any'}", t("game." + game) if game else t("ui.all_games"),
                    acts.filter_game, state, game, selected=flt["variant"] == game) for game in GAMES]
    statuses = [choice(f"history-status-{name}", t(f"ui.status_{name}"), acts.filter_status, state, value,
                       selected=flt["finished"] is value) for value, name in STATUSES]
    search = hook("history-search", ft.IconButton(ft.Icons.SEARCH, tooltip=t("ui.search"),
                                                  on_click=run(acts.apply_filter, state)),
                  button=True, label=t("ui.search"))
    return ft.Column(spacing=6, controls=[
        ft.Row([_text_filter(state, "player", t("ui.filter_player"))], spacing=6),
        ft.Row(games, wrap=True, spacing=4, run_spacing=4),
        ft.Row(statuses, wrap=True, spacing=4, run_spacing=4),
        ft.Row([_text_filter(state, "since", t("ui.filter_since"), "YYYY-MM-DD"),
                _text_filter(state, "until", t("ui.filter_until"), "YYYY-MM-DD"), search], spacing=6),
    ])


def status_words(state: AppState, summary) -> str:
    """``Winner: Ann``, ``in progress`` or that the match is damaged (the store's English
    details are in the log and ``scorekeeper history``)."""
    t = state.t
    if summary.status == FINISHED:
        return winners_words(t, summary.sides, summary.winners)
    if summary.status == IN_PROGRESS:
        return t("ui.status_in_progress", rounds=summary.rounds)
    return t("ui.status_damaged")


def history_row(state: AppState, summary) -> ft.Control:
    """One match: when it started, the game, the sides with their points, and how it stands."""
    t = state.t
    damaged = summary.status == DAMAGED
    when = started_words(summary)
    game = t("game." + summary.variant) if summary.variant else ""
    sides = scores_words(t, summary.sides, summary.scores, "list.scores_row") if summary.scores else ""
    icon = {FINISHED: ft.Icons.EMOJI_EVENTS, IN_PROGRESS: ft.Icons.PLAY_ARROW}.get(summary.status,
                                                                                   ft.Icons.REPORT_PROBLEM)
    color = ft.Colors.RED_800 if damaged else ft.Colors.BLUE_GREY_700
    lines = [ft.Text(f"{when} · {game}" if game else when, size=12, color=ft.Colors.GREY_700),
             ft.Text(sides or ", ".join(summary.players) or summary.id, size=15, weight=ft.FontWeight.BOLD),
             ft.Text(status_words(state, summary), size=13, color=color)]
    box = ft.Container(
        padding=10, border_radius=8, border=ft.Border.all(1, ft.Colors.RED_300 if damaged else ft.Colors.GREY_300),
        bgcolor=ft.Colors.RED_50 if damaged else None,
        on_click=None if damaged else run(acts.open_history_item, state, summary.id, summary.status),
        content=ft.Row([ft.Icon(icon, color=color), ft.Column(lines, spacing=2, expand=True)], spacing=10))
    row = hook(f"history-item-{summary.id}", box, button=True, disabled=damaged)
    if summary.status != IN_PROGRESS:
        return row
    review = hook(f"history-review-{summary.id}", ft.IconButton(
        ft.Icons.SLIDESHOW, tooltip=t("ui.review"), on_click=run(acts.open_review, state, summary.id)),
        button=True, label=t("ui.review"))
    return ft.Row([ft.Container(content=row, expand=True), review], spacing=4)


def stats_view(state: AppState) -> ft.Control:
    """Per player: finished matches, wins, average points per round, matches in progress (hook ``stats``)."""
    t = state.t

    def cells(values, bold=False, size=13):
        name, *numbers = values
        return [ft.Text(name, expand=True, size=size, weight=ft.FontWeight.BOLD if bold else None,
                        overflow=ft.TextOverflow.ELLIPSIS, no_wrap=True)] + \
               [ft.Text(v, width=62, size=size, text_align=ft.TextAlign.RIGHT,
                        weight=ft.FontWeight.BOLD if bold else None) for v in numbers]

    rows: list[ft.Control] = [ft.Text(t("ui.stats_title"), size=18, weight=ft.FontWeight.BOLD)]
    if not state.stats:
        rows.append(ft.Text(t("ui.history_none")))
    else:
        rows.append(ft.Row(cells([t("ui.stats_player"), t("ui.stats_matches"), t("ui.stats_wins"),
                                  t("ui.stats_average"), t("ui.stats_unfinished")], bold=True, size=11),
                           spacing=4, vertical_alignment=ft.CrossAxisAlignment.END))
        for index, player in enumerate(state.stats):
            values = [player.name, str(player.matches), str(player.wins), f"{player.average_points_per_round:.1f}",
                      str(player.unfinished)]
            rows.append(hook(f"stats-{index}", ft.Row(cells(values), spacing=4)))
    return hook("stats", ft.Container(padding=10, border_radius=8, border=ft.Border.all(1, ft.Colors.GREY_300),
                                      content=ft.Column(rows, spacing=4)))


def matches_view(state: AppState) -> list[ft.Control]:
    """The filters, the number of matches found and the rows (a page at a time)."""
    t = state.t
    total = len(state.history)
    rows: list[ft.Control] = [
        filters(state),
        hook("history-count", ft.Text(t("ui.history_count", count=total), size=13, color=ft.Colors.GREY_700)),
    ]
    if not total:
        rows.append(ft.Text(t("ui.history_none")))
    rows += [history_row(state, summary) for summary in state.history[:state.history_shown]]
    if total > state.history_shown:
        rows.append(action_button("history-more", t("ui.history_more", count=total - state.history_shown),
                                  acts.show_more, state))
    return rows


def view(state: AppState) -> ft.Control:
    """Phone: the matches or the players' statistics (two tabs); wide window: both side by side."""
    t = state.t
    wide = state.width >= WIDE
    top = [c for c in (notice_view(state), message_view(state)) if c is not None]
    importer = action_button("import", t("ui.import"), acts.import_files, state, icon=ft.Icons.UPLOAD_FILE)
    if wide:
        left = ft.Column([importer, *top, stats_view(state)], spacing=10, width=380, scroll=ft.ScrollMode.AUTO)
        right = ft.Column(matches_view(state), spacing=10, expand=True, scroll=ft.ScrollMode.AUTO)
        body = ft.Row([left, right], spacing=16, expand=True, vertical_alignment=ft.CrossAxisAlignment.START)
        return ft.Column([header(state, t("ui.history")), body], spacing=6, expand=True)
    tabs = ft.Row(wrap=True, spacing=4, run_spacing=4, controls=[
        choice("history-tab-matches", t("ui.history_matches"), acts.show_tab, state, "matches",
               selected=state.history_tab == "matches"),
        choice("history-tab-stats", t("ui.stats_title"), acts.show_tab, state, "stats",
               selected=state.history_tab == "stats"),
        importer,
    ])
    rows = [tabs, *top]
    rows += [stats_view(state)] if state.history_tab == "stats" else matches_view(state)
    return page_column(header(state, t("ui.history")), rows, content_width(state))
