"""Club night, the Round screen (issue 23 item 5): "Pair round N", the round's tables by table (each
table's match as it stands: round of the match, scores, minutes since the last move, finished; open it,
a paper result, the next game of a fixture) and by name ("Ann → table 3"), the results missing, the join
codes of the whole round as one printable sheet, and for a ``free`` event the organiser's tables formed by
hand. A scorer's or viewer's tab sees the round and no button that writes."""

from __future__ import annotations

import functools

import flet as ft

from ...i18n import Translator
from ..models.app import AppModel
from ..models.round import RoundDesk, TableLine
from ..navigation import Screen
from ..parts.messages import message_view, notice_view
from ..parts.page import choice, content_width, header, page_column
from ..parts.widgets import action_button, hook, text_entry
from .phones import lan_help


def view(app: AppModel) -> ft.Control:
    """The Round screen of the event open on the Event screen."""
    t, desk = app.t, app.round
    state = desk.state
    rows: list[ft.Control] = [
        action_button("club-back-event", t("ui.club.back_event"), app.go, Screen.EVENT, icon=ft.Icons.ARROW_BACK)
    ]
    title = t("ui.club.title")
    if state is not None:
        title = t("ui.club.round_title", round=desk.shown, event=state.setup.name) if desk.shown else state.setup.name
        if len(state.rounds) > 1:
            rows.append(
                ft.Row(
                    [
                        choice(f"club-round-{n}", t("ui.round_n", n=n), desk.show_round, n, selected=desk.shown == n)
                        for n in range(1, len(state.rounds) + 1)
                    ],
                    wrap=True,
                    spacing=6,
                    run_spacing=4,
                )
            )
        message = message_view(app.shell, app.open_rule)
        if message is not None:
            rows.append(message)
        notice = notice_view(t, app.shell.notice)
        if notice is not None:
            rows.append(notice)
        if desk.may_change:
            rows += pair_rows(t, desk)
        rows.append(missing_line(t, desk))
        width = content_width(app.shell.width)
        across = 2 if width >= 700 else 1  # a laptop's window: two tables a row
        card = (width - 10 * (across - 1)) / across
        rows.append(
            ft.Row([table_card(t, desk, line, card) for line in desk.lines], wrap=True, spacing=10, run_spacing=10)
        )
        if desk.byes:
            rows.append(hook("club-byes", ft.Text(t("ui.club.byes", names=", ".join(desk.byes)))))
        if desk.by_name:
            rows += by_name(t, desk)
        if desk.may_change and desk.shown:
            rows += codes_rows(app, desk)
        rows.append(action_button("club-refresh", t("ui.club.refresh"), desk.refresh, icon=ft.Icons.REFRESH))
    return page_column(header(t, title, app.go, width=app.shell.width), rows, content_width(app.shell.width))


def pair_rows(t: Translator, desk: RoundDesk) -> list[ft.Control]:
    """ "Pair round N" (hook ``club-pair``); for a ``free`` event first the tables formed by hand: the present
    players not seated yet (hooks ``club-seat-<id>``), the table being formed, Close table, Clear."""
    rows: list[ft.Control] = []
    if desk.free:
        rows.append(ft.Text(t("ui.club.free_help"), size=12))
        for number, table in enumerate(desk.forming, start=1):
            rows.append(
                ft.Text(
                    t("ui.club.table_n", table=number)
                    + ": "
                    + t("ui.club.versus").join(desk.event.unit_words(u) for u in table)
                )
            )
        if desk.seating:
            rows.append(
                hook(
                    "club-seating",
                    ft.Text(
                        t("ui.club.table_n", table=len(desk.forming) + 1)
                        + ": "
                        + t("ui.club.versus").join(desk.event.unit_words(u) for u in desk.seating),
                        weight=ft.FontWeight.BOLD,
                    ),
                )
            )
        chips = [
            hook(
                f"club-seat-{'-'.join(u)}",
                ft.Chip(label=ft.Text(desk.event.unit_words(u)), on_click=lambda e, u=u: desk.seat(u)),
                button=True,
                label=desk.event.unit_words(u),
            )
            for u in desk.unseated()
        ]
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=4))
        rows.append(
            ft.Row(
                [
                    action_button(
                        "club-close-table", t("ui.club.close_table"), desk.close_table, disabled=len(desk.seating) < 2
                    ),
                    action_button("club-clear-tables", t("ui.club.clear_tables"), desk.clear_tables),
                ],
                wrap=True,
                spacing=8,
            )
        )
    rows.append(
        action_button(
            "club-pair", t("ui.club.pair_round", round=desk.next_round), desk.pair, filled=True, icon=ft.Icons.SHUFFLE
        )
    )
    return rows


def missing_line(t: Translator, desk: RoundDesk) -> ft.Control:
    """Which tables of the last round still have no result (hook ``club-missing``)."""
    if desk.state is None or not desk.state.rounds:
        words = t("ui.club.no_rounds")
    elif desk.missing:
        words = t("ui.club.missing", tables=", ".join(str(n) for n in desk.missing), count=len(desk.missing))
    else:
        words = t("ui.club.all_in", round=len(desk.state.rounds))
    return hook("club-missing", ft.Text(words, size=15, weight=ft.FontWeight.W_500))


def state_words(t: Translator, line: TableLine) -> str:
    """A table's state: finished with its scores, on paper, or playing (round of the match, scores, minutes
    since the last move)."""
    scores = "–".join(str(s) for s in line.scores)
    if line.paper is not None:
        games = ", ".join("–".join(str(v) for v in g) for g in line.paper)
        return t("ui.club.state_paper", scores=games)
    if line.status == "finished":
        words = t("ui.club.state_finished", scores=scores)
        if line.games > 1 or line.next_game:
            words += " · " + t("ui.club.game_n", n=line.games)
        if line.next_game:
            words += " · " + t("ui.club.state_next")
        return words
    if line.status in ("abandoned", "damaged"):
        return t(f"ui.club.state_{line.status}")
    words = t("ui.club.state_playing", round=max(line.match_round, 1), scores=scores)
    if line.minutes is not None:
        words += " · " + t("ui.club.minutes", count=line.minutes)
    return words


def table_card(t: Translator, desk: RoundDesk, line: TableLine, width: float) -> ft.Control:
    """One table: number, sides, state; Open (the Table screen), Paper, Next game (hooks ``club-table-N``,
    ``club-state-N``, ``club-open-N``, ``club-paper-N``, ``club-next-N``)."""
    n = line.number
    colour = ft.Colors.GREEN_50 if line.done else ft.Colors.AMBER_50
    controls: list[ft.Control] = [
        ft.Text(t("ui.club.table_n", table=n), weight=ft.FontWeight.BOLD, size=16),
        hook(f"club-sides-{n}", ft.Text(t("ui.club.versus").join(line.sides), size=15)),
        hook(f"club-state-{n}", ft.Text(state_words(t, line))),
    ]
    buttons = [
        action_button(
            f"club-open-{n}", t("ui.club.open_match"), desk.open_table, line.match_id, icon=ft.Icons.PLAY_ARROW
        )
    ]
    if desk.may_change and desk.shown == len(desk.state.rounds if desk.state else ()):
        buttons.append(
            action_button(f"club-paper-{n}", t("ui.club.paper"), desk.start_paper, n, icon=ft.Icons.EDIT_NOTE)
        )
        if line.next_game:
            buttons.append(
                action_button(f"club-next-{n}", t("ui.club.next_game"), desk.next_game, n, icon=ft.Icons.SKIP_NEXT)
            )
    controls.append(ft.Row(buttons, wrap=True, spacing=8, run_spacing=6))
    if desk.paper_table == n:
        controls.append(paper_panel(t, desk, line))
    return hook(
        f"club-table-{n}",
        ft.Container(
            width=width,
            padding=10,
            border_radius=8,
            bgcolor=colour,
            border=ft.Border.all(1, ft.Colors.BLUE_GREY_100),
            content=ft.Column(controls, spacing=6),
        ),
    )


def paper_panel(t: Translator, desk: RoundDesk, line: TableLine) -> ft.Control:
    """The final scores of each game as written on paper, one field per side (hooks ``club-score-G-S``)."""
    rows: list[ft.Control] = [ft.Text(t("ui.club.paper_help"), size=12)]
    games = desk.state.setup.rules.length.games if desk.state else 1
    for g in range(games):
        fields = [
            ft.Container(
                text_entry(
                    f"club-score-{g}-{s}",
                    desk.paper_text(g, s),
                    functools.partial(desk.set_paper, g, s),
                    label=side,
                    dense=True,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    max_length=7,
                ),
                width=140,
            )
            for s, side in enumerate(line.sides)
        ]
        rows.append(ft.Row([ft.Text(t("ui.club.game_n", n=g + 1), width=70), *fields], wrap=True, spacing=6))
    rows.append(
        ft.Row(
            [
                action_button("club-paper-save", t("ui.club.save"), desk.save_paper, filled=True),
                action_button("club-paper-cancel", t("ui.club.cancel"), desk.start_paper, None),
            ],
            spacing=8,
        )
    )
    return ft.Column(rows, spacing=6)


def by_name(t: Translator, desk: RoundDesk) -> list[ft.Control]:
    """Everyone of the round, alphabetical: "Ann → table 3" (a bye: "Ann → bye"); hook ``club-by-name``."""
    lines = [
        t("ui.club.seat_line", name=name, table=table) if table else t("ui.club.bye_line", name=name)
        for name, table in desk.by_name
    ]
    return [
        ft.Text(t("ui.club.by_name"), size=17, weight=ft.FontWeight.BOLD),
        hook("club-by-name", ft.Column([ft.Text(line) for line in lines], spacing=2)),
    ]


def codes_rows(app: AppModel, desk: RoundDesk) -> list[ft.Control]:
    """The round's join codes as one sheet to print (hook ``club-sheet``), or why there are none (without
    ``serve --lan``: hook ``phones-lan-help``)."""
    t = app.t
    rows: list[ft.Control] = [ft.Text(t("ui.club.codes"), size=17, weight=ft.FontWeight.BOLD)]
    if desk.sheet_available():
        rows.append(ft.Text(t("ui.club.codes_help"), size=12))
        rows.append(action_button("club-sheet", t("ui.club.sheet"), desk.download_sheet, icon=ft.Icons.PRINT))
    else:
        rows.append(lan_help(t))
    return rows
