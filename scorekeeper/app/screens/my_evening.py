"""*My evening* on a player's phone (390 × 844): pick your name once, then where you sit now (table,
partner, opponents, your match's score live), whether the next round is paired, your place and points."""

from __future__ import annotations

import flet as ft

from ...club.roster import Status
from ...i18n import Translator
from ..models.app import AppModel
from ..models.my_evening import Evening, MyEvening
from ..models.projector_board import Board
from ..navigation import Screen
from ..parts.messages import message_view
from ..parts.page import content_width, header, page_column
from ..parts.widgets import action_button, hook


def view(app: AppModel) -> ft.Control:
    """The *My evening* screen of ``app``'s tab."""
    t, evening = app.t, app.evening
    board = evening.board
    rows: list[ft.Control] = []
    if board is None:
        rows.append(ft.Text(t("ui.projector.loading"), size=18))
    else:
        rows.append(hook("evening-event", ft.Text(board.name, size=16, color=ft.Colors.BLUE_GREY_700)))
        if evening.evening is None or evening.choosing:
            rows += pick_rows(t, evening, board)
        else:
            rows += evening_rows(t, app, evening.evening)
    message = message_view(app.shell)
    if message is not None:
        rows.append(message)
    return page_column(
        header(t, t("ui.evening.title"), app.go, width=app.shell.width), rows, content_width(app.shell.width)
    )


def pick_rows(t: Translator, evening: MyEvening, board: Board) -> list[ft.Control]:
    """Who am I? One button per player of the roster (hooks ``evening-pick-<player id>``)."""
    rows: list[ft.Control] = [hook("evening-who", ft.Text(t("ui.evening.who"), size=20, weight=ft.FontWeight.BOLD))]
    buttons = [
        action_button(f"evening-pick-{entry.player.id}", entry.player.name, evening.choose, entry.player.id)
        for entry in board.roster.entries
    ]
    rows.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=8))
    return rows


def _card(identifier: str, title: str, lines: list[ft.Control], color: str = ft.Colors.GREEN_50) -> ft.Control:
    return hook(
        identifier,
        ft.Container(
            width=10_000,  # as wide as the page's column (capped by it)
            padding=12,
            border_radius=12,
            bgcolor=color,
            content=ft.Column(
                [ft.Text(title, size=14, color=ft.Colors.BLUE_GREY_700, weight=ft.FontWeight.BOLD), *lines], spacing=4
            ),
        ),
    )


def now_card(t: Translator, e: Evening) -> ft.Control:
    """Where I sit this round: table, partner, opponents, the score (hook ``evening-now``, its lines
    ``evening-table``, ``evening-partner``, ``evening-opponents``, ``evening-score``)."""
    title = t("ui.evening.now", round=e.round) if e.round else t("ui.evening.not_paired")
    lines: list[ft.Control] = []
    if e.status is Status.WITHDRAWN:
        lines.append(hook("evening-withdrawn", ft.Text(t("ui.evening.withdrawn"), size=18)))
    elif e.now is not None:
        seat = e.now
        lines.append(
            hook("evening-table", ft.Text(t("ui.evening.table", table=seat.table), size=30, weight=ft.FontWeight.BOLD))
        )
        if seat.partner:
            lines.append(hook("evening-partner", ft.Text(t("ui.evening.partner", name=seat.partner), size=18)))
        lines.append(
            hook("evening-opponents", ft.Text(t("ui.evening.opponents", names=", ".join(seat.opponents)), size=18))
        )
        if seat.mine is not None:
            score = f"{seat.mine} – {' – '.join(str(s) for s in seat.theirs)}"
            key = {"finished": "ui.evening.score_finished", "paper": "ui.evening.score_paper"}
            words = t(key.get(seat.state, "ui.evening.score_playing"), score=score)
        else:
            words = t("ui.evening.score_none")
        lines.append(hook("evening-score", ft.Text(words, size=22, weight=ft.FontWeight.BOLD)))
    elif e.bye:
        lines.append(hook("evening-bye", ft.Text(t("ui.evening.bye"), size=22, weight=ft.FontWeight.BOLD)))
    elif e.round:
        lines.append(hook("evening-sits-out", ft.Text(t("ui.evening.sits_out"), size=18)))
    if e.status is Status.ABSENT:
        lines.append(hook("evening-absent", ft.Text(t("ui.evening.absent"), size=16)))
    return _card("evening-now", title, lines)


def evening_rows(t: Translator, app: AppModel, e: Evening) -> list[ft.Control]:
    rows: list[ft.Control] = [
        ft.Row(
            [
                hook("evening-name", ft.Text(e.name, size=26, weight=ft.FontWeight.BOLD, expand=True)),
                action_button("evening-not-me", t("ui.evening.not_me"), app.evening.not_me),
            ],
            spacing=8,
        ),
        now_card(t, e),
    ]
    if e.status is not Status.WITHDRAWN:
        nxt = t("ui.evening.next_waiting", round=e.round + 1) if e.waiting_next else t("ui.evening.next_after")
        if e.round == 0:
            nxt = t("ui.evening.next_waiting", round=1)
        rows.append(
            _card(
                "evening-next",
                t("ui.evening.next"),
                [hook("evening-next-words", ft.Text(nxt, size=16))],
                ft.Colors.BLUE_GREY_50,
            )
        )
    if e.line is not None:
        place = f"{e.line.place}=" if e.line.shared else str(e.line.place)
        words = t("ui.evening.place", place=place, of=e.of_players, points=e.line.points)
        rows.append(
            _card(
                "evening-standing",
                t("ui.evening.standings"),
                [hook("evening-place", ft.Text(words, size=22, weight=ft.FontWeight.BOLD))],
                ft.Colors.AMBER_50,
            )
        )
    rows.append(action_button("evening-projector", t("ui.evening.all_standings"), app.go, Screen.PROJECTOR))
    return rows
