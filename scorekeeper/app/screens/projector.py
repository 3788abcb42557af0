"""The projector screen: a club event on a wall or a TV, read across a pub room.

Dark background, the event's name and what is shown on one line at the top, then the slide of the
cycle shown now (:class:`~..models.projector.Projector`): the standings (place, name, points, the club's
tie-break columns) or the current round's pairings (table, the sides' names, playing / finished / paper
with the score). A host's tab also has the event's viewer link (QR) for the wall's browser and the
players' phones, and its Renew.
"""

from __future__ import annotations

import flet as ft

from ...i18n import Translator
from ...server.roles import Role
from ..models.app import AppModel
from ..models.projector import EventLink, Projector
from ..models.projector_board import Board, Slide, StandingLine, TableLine
from ..navigation import Screen
from ..parts.messages import message_view, notice_view
from ..parts.widgets import action_button, hook

BACKGROUND = "#101820"
FOREGROUND = "#F4F4F0"
DIM = "#9AA5B1"
ACCENT = "#FFC857"
DONE = "#7BD389"
ROW_SHADE = "#1B2733"
QR_SIZE = 240


def view(app: AppModel) -> ft.Control:
    """The projector screen of ``app``'s tab (the whole window, dark, large type)."""
    t, projector = app.t, app.projector
    board, slide = projector.board, projector.slide
    parts: list[ft.Control] = []
    message = message_view(app.shell)
    if board is None or slide is None:
        parts.append(ft.Text(t("ui.projector.loading"), size=32, color=FOREGROUND))
    else:
        parts.append(title_line(t, board, slide))
        body = standings_slide(t, board, slide) if slide.kind == "standings" else pairings_slide(t, board, slide)
        parts.append(ft.Container(body, expand=True))
    if message is not None:
        parts.append(message)
    notice = notice_view(t, app.shell.notice)
    if notice is not None:
        parts.append(notice)
    if app.services.access.role is Role.HOST:
        parts.append(host_bar(app, projector))
    return hook(
        "projector",
        ft.Container(
            bgcolor=BACKGROUND,
            expand=True,
            padding=ft.Padding.symmetric(horizontal=40, vertical=24),
            content=ft.Column(parts, spacing=16, expand=True),
        ),
    )


def title_line(t: Translator, board: Board, slide: Slide) -> ft.Control:
    """The event's name, what is shown (standings after round N / round N's pairings), the page."""
    if slide.kind == "standings":
        what = t("ui.projector.standings", round=board.round)
    else:
        what = t("ui.projector.pairings", round=board.round, done=board.finished_tables, tables=len(board.tables))
    page = f"{slide.page + 1}/{slide.pages}" if slide.pages > 1 else ""
    return ft.Row(
        [
            hook("projector-event", ft.Text(board.name, size=40, weight=ft.FontWeight.BOLD, color=FOREGROUND)),
            hook("projector-what", ft.Text(what, size=32, color=ACCENT, expand=True, text_align=ft.TextAlign.RIGHT)),
            hook("projector-page", ft.Text(page, size=28, color=DIM)),
        ],
        spacing=24,
        vertical_alignment=ft.CrossAxisAlignment.END,
    )


def _cell(
    text: str,
    size: int,
    width: float | None = None,
    *,
    color: str = FOREGROUND,
    bold: bool = False,
    right: bool = False,
    expand: bool = False,
) -> ft.Control:
    return ft.Container(
        width=width,
        expand=expand,
        content=ft.Text(
            text,
            size=size,
            color=color,
            weight=ft.FontWeight.BOLD if bold else None,
            text_align=ft.TextAlign.RIGHT if right else ft.TextAlign.LEFT,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )


def standings_slide(t: Translator, board: Board, slide: Slide) -> ft.Control:
    """One page of the standings: a header line, then a row per unit (hooks ``standing-<place>-<i>``)."""
    size = slide.size
    number = size * 3
    heads = [
        _cell(t("ui.projector.place"), size // 2 + 6, size * 2, color=DIM),
        _cell(t("ui.projector.name"), size // 2 + 6, color=DIM, expand=True),
        _cell(t("ui.projector.points"), size // 2 + 6, number, color=DIM, right=True),
        *(
            _cell(t(f"ui.projector.col.{c.value}"), size // 2 + 6, number * 1.4, color=DIM, right=True)
            for c in board.columns
        ),
    ]
    rows: list[ft.Control] = [ft.Row(heads, spacing=16)]
    for i, line in enumerate(board.standings[slide.first : slide.last], slide.first):
        rows.append(standing_row(line, i, size, number))
    return ft.Column(rows, spacing=max(4, size // 6))


def standing_row(line: StandingLine, i: int, size: int, number: int) -> ft.Control:
    place = f"{line.place}=" if line.shared else str(line.place)
    color = DIM if line.withdrawn else FOREGROUND
    cells = [
        _cell(place, size, size * 2, color=ACCENT, bold=True),
        _cell(line.name, size, color=color, expand=True),
        _cell(str(line.points), size, number, color=color, bold=True, right=True),
        *(_cell(value, size, number * 1.4, color=color, right=True) for value in line.columns),
    ]
    return hook(
        f"standing-{i}",
        ft.Container(
            bgcolor=ROW_SHADE if i % 2 == 0 else None,
            border_radius=8,
            padding=ft.Padding.symmetric(horizontal=12, vertical=2),
            content=ft.Row(cells, spacing=16),
        ),
        label=f"{place} {line.name} {line.points}",
    )


def pairings_slide(t: Translator, board: Board, slide: Slide) -> ft.Control:
    """One page of the current round's tables (hooks ``pairing-<table>``); the byes last."""
    size = slide.size
    rows: list[ft.Control] = []
    lines: list[TableLine | None] = [*board.tables, *([None] if board.byes else [])]
    for line in lines[slide.first : slide.last]:
        if line is None:
            names = ", ".join(board.unit_name(u) for u in board.byes)
            rows.append(
                hook(
                    "pairing-byes",
                    ft.Row(
                        [
                            _cell(t("ui.projector.bye"), size, size * 5, color=ACCENT, bold=True),
                            _cell(names, size, expand=True),
                        ],
                        spacing=16,
                    ),
                )
            )
            continue
        rows.append(table_row(t, line, size))
    return ft.Column(rows, spacing=max(6, size // 5))


def table_state_words(t: Translator, line: TableLine) -> str:
    """ "playing 23–17", "finished 61–40", "on paper 61–40", "playing" before the first move."""
    score = "–".join(str(s) for s in line.scores)
    key = {"playing": "ui.projector.playing", "finished": "ui.projector.finished", "paper": "ui.projector.paper"}
    words = t(key.get(line.state, "ui.projector.playing"))
    if line.game > 1 and line.state == "playing":
        words = t("ui.projector.game", game=line.game)
    return f"{words} {score}".strip()


def table_row(t: Translator, line: TableLine, size: int) -> ft.Control:
    done = line.state != "playing"
    state = table_state_words(t, line)
    return hook(
        f"pairing-{line.number}",
        ft.Container(
            bgcolor=ROW_SHADE,
            border_radius=8,
            padding=ft.Padding.symmetric(horizontal=12, vertical=2),
            content=ft.Row(
                [
                    _cell(t("ui.projector.table", table=line.number), size, size * 5, color=ACCENT, bold=True),
                    _cell("  –  ".join(line.names), size, expand=True, color=DIM if done else FOREGROUND),
                    ft.Icon(ft.Icons.CHECK_CIRCLE, color=DONE, size=size) if done else ft.Container(width=size),
                    _cell(state, size, size * 8, color=DONE if done else FOREGROUND, right=True),
                ],
                spacing=16,
            ),
        ),
        label=f"{line.number} {' – '.join(line.names)} {state}",
    )


def host_bar(app: AppModel, projector: Projector) -> ft.Control:
    """A host's: the event's link (QR) to open on the wall's browser and on players' phones, Renew, and
    the way back."""
    t = app.t
    buttons: list[ft.Control] = [
        action_button("projector-home", t("ui.home"), app.go, Screen.HOME, icon=ft.Icons.HOME),
        action_button("projector-evening", t("ui.evening.title"), app.go, Screen.EVENING),
    ]
    if projector.link is None:
        buttons.append(
            action_button("projector-link", t("ui.projector.link"), projector.show_link, icon=ft.Icons.QR_CODE)
        )
        return ft.Row(buttons, spacing=8, wrap=True)
    buttons += [
        action_button("projector-renew", t("ui.projector.renew"), projector.renew_link, icon=ft.Icons.REFRESH),
        action_button("projector-hide-link", t("ui.projector.hide_link"), projector.hide_link),
    ]
    return ft.Row([link_card(t, projector.link), ft.Column(buttons, spacing=8)], spacing=16)


def link_card(t: Translator, link: EventLink) -> ft.Control:
    title = t("ui.projector.link_title")
    return hook(
        "projector-link-card",
        ft.Container(
            padding=10,
            border_radius=10,
            bgcolor=ft.Colors.WHITE,
            content=ft.Column(
                [
                    ft.Text(title, weight=ft.FontWeight.BOLD, size=16, color=ft.Colors.BLACK),
                    ft.Image(
                        src=link.png,
                        width=QR_SIZE,
                        height=QR_SIZE,
                        filter_quality=ft.FilterQuality.NONE,
                        semantics_label=title,
                    ),
                    hook("projector-link-url", ft.Text(link.url, size=12, selectable=True, color=ft.Colors.BLACK)),
                    ft.Text(t("ui.projector.joined", count=link.joined), size=12, color=ft.Colors.BLACK),
                ],
                spacing=6,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ),
        label=title,
    )
