"""The Season screen (issue 23 item 4): the club's standings over several events, each player's result per
event marked counted or dropped; the host's settings (drop the worst N, which events count, ratings on or
off); and the ratings table (openskill's ordinal), shown only when the club has turned ratings on. A
scorer's or viewer's tab sees the standings and the ratings, and no setting."""

from __future__ import annotations

import flet as ft

from ...club import Criterion
from ...i18n import Translator
from ..models.app import AppModel
from ..models.season import DROP_CHOICES, Mark, SeasonDesk
from ..parts.messages import message_view
from ..parts.page import choice, content_width, header, page_column
from ..parts.widgets import action_button, hook, run

WIDE = 700  # px: from this window width the event marks sit on the name's line


def view(app: AppModel) -> ft.Control:
    """The Season screen."""
    t, desk = app.t, app.season
    width = content_width(app.shell.width)
    rows: list[ft.Control] = []
    message = message_view(app.shell, app.open_rule)
    if message is not None:
        rows.append(message)
    season = desk.view
    if season is not None:
        for problem in season.skipped:
            rows.append(ft.Text(problem, color=ft.Colors.RED_800, size=12))
    if desk.may_change:
        rows.append(
            action_button(
                "season-settings",
                t("ui.season.settings_hide" if desk.settings_open else "ui.season.settings"),
                desk.toggle_settings,
                icon=ft.Icons.TUNE,
            )
        )
        if desk.settings_open:
            rows += settings_rows(t, desk)
    rows += standings_rows(t, desk, wide=app.shell.width >= WIDE)
    rows += ratings_rows(t, desk)
    return page_column(header(t, t("ui.season.title"), app.go, width=app.shell.width), rows, width)


def section(text: str) -> ft.Control:
    return ft.Text(text, size=17, weight=ft.FontWeight.BOLD)


def mark_view(t: Translator, number: int, mark: Mark) -> ft.Control:
    """One event's result: ``E2 3`` counted, ``E2 (0)`` struck through and grey when dropped, ``E2 –`` when
    the player was not there."""
    if mark.points is None:
        text, colour, style = t("ui.season.mark_absent", event=number), ft.Colors.BLUE_GREY_300, None
    elif mark.counted:
        text, colour, style = t("ui.season.mark", event=number, points=mark.points), None, None
    else:
        text = t("ui.season.mark_dropped", event=number, points=mark.points)
        colour, style = ft.Colors.BLUE_GREY_400, ft.TextStyle(decoration=ft.TextDecoration.LINE_THROUGH)
    return ft.Container(
        ft.Text(text, size=12, color=colour, style=style),
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
        border=ft.Border.all(1, ft.Colors.BLUE_GREY_100),
        border_radius=4,
    )


def standings_rows(t: Translator, desk: SeasonDesk, *, wide: bool) -> list[ft.Control]:
    """The season's events (E1, E2… oldest first) and its standings (hooks ``season-row-N``): place, name,
    points, each event's result, and the tie-break that placed the row where it was not the points."""
    season = desk.view
    if season is None:
        return []
    if not season.events:
        return [hook("season-empty", ft.Text(t("ui.season.no_events")))]
    summary = t("ui.season.summary", count=len(season.events))
    if season.rules.drop_worst:
        summary += " · " + t("ui.season.dropping", count=season.rules.drop_worst)
    rows: list[ft.Control] = [hook("season-summary", ft.Text(summary))]
    for n, info in enumerate(season.events, 1):
        day = info.day.isoformat() if info.day else ""
        rows.append(
            hook(f"season-event-{n}", ft.Text(f"{t('ui.season.event_label', event=n)}  {day}  {info.name}", size=12))
        )
    rows.append(section(t("ui.season.standings")))
    for index, row in enumerate(season.rows, 1):
        place = f"{row.place}{'=' if row.shared else ''}"
        cells: list[ft.Control] = [mark_view(t, n, m) for n, m in enumerate(desk.marks(row), 1)]
        if row.placed_by is not None and row.placed_by is not Criterion.POINTS:  # "2nd, ahead on head-to-head"
            words = t("ui.season.placed_by", criterion=t(f"ui.event_criterion.{row.placed_by.value}"))
            cells.append(ft.Text(words, size=12, color=ft.Colors.BLUE_GREY_700))
        marks = ft.Row(cells, wrap=True, spacing=4, run_spacing=4)
        points = t("ui.season.points", count=row.points)
        line: list[ft.Control] = [
            ft.Text(place, width=34, weight=ft.FontWeight.BOLD),
            ft.Text(desk.unit_words(row.unit), expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            ft.Text(points, weight=ft.FontWeight.BOLD),
        ]
        if wide:
            line.insert(2, ft.Container(marks, width=460))
            body: ft.Control = ft.Row(line, spacing=8)
        else:
            body = ft.Column(
                [ft.Row(line, spacing=8), ft.Container(marks, padding=ft.Padding.only(left=42))], spacing=2
            )
        label = t("ui.season.row", place=place, name=desk.unit_words(row.unit), points=points)
        rows.append(hook(f"season-row-{index}", body, label=label))
    if season.rules.drop_worst:
        rows.append(ft.Text(t("ui.season.dropped_help"), size=12, color=ft.Colors.BLUE_GREY_700))
    return rows


def settings_rows(t: Translator, desk: SeasonDesk) -> list[ft.Control]:
    """The host's settings: drop the worst N, which events count, ratings on or off (each tap is kept)."""
    settings = desk.settings
    rows: list[ft.Control] = [section(t("ui.season.settings"))]
    rows.append(ft.Text(t("ui.season.drop_label")))
    rows.append(
        ft.Row(
            [
                choice(f"season-drop-{n}", str(n), desk.set_drop_worst, n, selected=settings.drop_worst == n)
                for n in DROP_CHOICES
            ],
            wrap=True,
            spacing=6,
        )
    )
    rows.append(ft.Text(t("ui.season.events_label")))
    counted = set(desk.counted_ids())
    chips: list[ft.Control] = [
        choice(
            "season-events-all",
            t("ui.season.all_events"),
            desk.count_all,
            selected=settings.events is None and settings.start is None and settings.end is None,
        )
    ]
    for info in desk.events:
        label = f"{info.day.isoformat() if info.day else ''} {info.name}"
        chips.append(
            hook(
                f"season-event-{info.id}",
                ft.Chip(
                    label=ft.Text(label),
                    selected=info.id in counted,
                    on_select=run(desk.toggle_event, info.id),
                ),
                button=True,
                label=label,
                selected=info.id in counted,
            )
        )
    rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=4))
    rows.append(
        hook(
            "season-ratings-switch",
            ft.Switch(
                label=t("ui.season.ratings_switch"),
                value=settings.ratings,
                on_change=run(desk.set_ratings, not settings.ratings),
            ),
            label=t("ui.season.ratings_switch"),
            selected=settings.ratings,
        )
    )
    return rows


def ratings_rows(t: Translator, desk: SeasonDesk) -> list[ft.Control]:
    """The ratings (hooks ``season-rating-N``): place, name, rating (ordinal), fixtures; only when on."""
    season = desk.view
    if season is None or season.ratings is None:
        return []
    rows: list[ft.Control] = [section(t("ui.season.ratings")), ft.Text(t("ui.season.ratings_help"), size=12)]
    for index, rating in enumerate(season.ratings, 1):
        name = season.names.get(rating.player, rating.player)
        figure = f"{rating.ordinal:.1f}"
        fixtures = t("ui.season.fixtures", count=rating.fixtures)
        body = ft.Row(
            [
                ft.Text(str(rating.place), width=34, weight=ft.FontWeight.BOLD),
                ft.Text(name, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                ft.Text(fixtures, size=12, color=ft.Colors.BLUE_GREY_700),
                ft.Text(figure, width=56, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.RIGHT),
            ],
            spacing=8,
        )
        label = t("ui.season.rating_row", place=rating.place, name=name, rating=figure, fixtures=fixtures)
        rows.append(hook(f"season-rating-{index}", body, label=label))
    return rows
