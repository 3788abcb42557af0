"""The table screen: the scoreboard, the layout, whose turn and why, and the entry of each move."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import flet as ft
from flet.components.hooks.use_ref import MutableRef
from flet.components.utils import _CURRENT_RENDERER  # semi-internal: Flet is pinned exactly

from ...rules import Status
from ...rules.clock import clock_state
from ..models.app import AppModel
from ..models.position import StillPosition
from ..parts.clock_line import clock_line
from ..parts.fix_panel import fix_panel
from ..parts.house_line import with_house_rules_line
from ..parts.layout_view import table_picture
from ..parts.match_end import match_end_view
from ..parts.messages import message_view, message_words, notice_view, notice_words
from ..parts.misplay_choice import misplay_choice
from ..parts.move_panel import move_panel
from ..parts.names_panel import abandoned_panel, names_panel
from ..parts.page import match_header
from ..parts.round_end import reveal_panel, settlement_view, start_round_panel
from ..parts.score_sheet import score_sheet, score_strip
from ..parts.scoreboard import scoreboard
from ..parts.status import News, status_view
from ..parts.watch import watch_board, watch_status


def table_header(app: AppModel) -> ft.Control:
    """The game and round, with the ways home, to the phones at the table (a host's tab) and to the settings;
    under it the match clock's time left (R15, a line of fixed height: the match has a clock) and the house
    rules on (the house options, each id a link to its rule), when the match has any."""
    match = app.table.shown
    head = match_header(app.t, match, app.go, app.phones.open if app.phones.offered else None, app.shell.width)
    clock = clock_line(app.t, clock_state(match, time.time()))  # the engine counts from the recorded times
    if clock is not None:
        head = ft.Column([head, clock], spacing=0)
    return with_house_rules_line(head, app.t, match.house_rules, app.open_rule)


def names_opener(app: AppModel) -> Callable[[], Any] | None:
    """What opens the players' names to fix (the sheet's ``rename``): where this device scores, while no fix
    is open, the names are not open already and the match is not abandoned; else ``None``."""
    if not entering(app) or app.correction.open or app.names.shown or app.table.abandoned:
        return None
    return app.names.start


def entering(app: AppModel) -> bool:
    """Whether this tab's device may enter moves in the match shown (else it only watches: no entry controls)."""
    return app.services.access.may_score(app.table.match_id)


def view(app: AppModel) -> ft.Control:
    """The whole table screen, one column on a phone and two on a wide window; the match end once the
    match is finished (unless an entry of it is being fixed); a viewer's phone: :func:`watch_view`."""
    shell, match = app.shell, app.table.shown
    fixing = app.correction.open
    if match.finished and not fixing:
        return match_end_view(app)
    if not entering(app):
        return watch_view(app)
    if not shell.wide:
        return phone_view(app)
    main_width = shell.width * 0.58 - 24
    left: list[ft.Control] = []
    right: list[ft.Control] = [scoreboard(shell.t, app.entry)]
    if match.round is not None:  # between rounds: the layout the last round ended with
        left.append(picture(app, main_width, 520))
    if match.status in (Status.MOVE, Status.REVEAL) and not fixing:
        left.append(status_view(shell.t, app.table, app.entry.drawn, width=main_width))
    right += [*extras(app), keyed(entry_panel(app), "entry")]
    if not fixing:  # the whole sheet beside the table: every entry a tap away from its fix
        right.append(score_sheet(shell, app.table, app.correction, names_opener(app)))
    body = ft.Row(
        vertical_alignment=ft.CrossAxisAlignment.START,
        expand=True,
        controls=[
            ft.Column(left, spacing=10, width=main_width + 8, scroll=ft.ScrollMode.AUTO),
            ft.Column(right, spacing=10, expand=True, scroll=ft.ScrollMode.AUTO),
        ],
    )
    return ft.Column([table_header(app), body], expand=True, spacing=6)


def watch_view(app: AppModel) -> ft.Control:
    """A phone that only watches (a viewer): the scoreboard large, whose turn and why, the last award, and
    the layout taking the room left; nothing to tap but the ways to other screens."""
    t, match = app.t, app.table.shown
    width = min(app.shell.width - 20, 900)
    shown = None
    if match.round is not None:

        def shown(height: float) -> ft.Control:
            return table_picture(t, StillPosition(match), width, height, fill=True, entering=False)

    lower = [c for c in (message_view(app.shell), watch_status(t, app.table)) if c is not None]
    return ft.Column([table_header(app), fitted_column(watch_board(t, match), shown, lower)], spacing=6, expand=True)


def picture(app: AppModel, width: float, height: float, fill: bool = False) -> ft.Control:
    """The layout: the live table (a tap on a placed tile opens the fix of its move), or, while a fix is open,
    the position just before the move being fixed."""
    if app.correction.open:
        return table_picture(app.t, app.correction, width, height, fill)
    return table_picture(app.t, app.entry, width, height, fill, on_tile=app.correction.open_tile)


def extras(app: AppModel, news_shown: bool = False) -> list[ft.Control]:
    """A refusal, what the last action did (a fix, a rename), and the last settlement (not while the names
    are being fixed or a fix is open: room for them), where there are. ``news_shown``: the status's news
    line says the refusal and the notice (a phone during a round)."""
    shell = app.shell
    settlement = None if app.names.shown or app.correction.open else settlement_view(app.t, app.table, app.open_rule)
    parts = (
        (None, None)
        if news_shown
        else (message_view(shell, app.open_rule), notice_view(shell.t, shell.notice, app.open_rule))
    )
    return [c for c in (*parts, misplay_choice(app), settlement) if c is not None]  # R14: the question under it


def phone_news(app: AppModel) -> News | None:
    """What a phone's news line says instead of the last placement: a refusal, else what the last action did
    (a fix, a rename); ``None`` when neither is there."""
    words = message_words(app.shell)
    if words is not None:
        return "message", words
    if app.shell.notice is not None:
        return "notice", notice_words(app.t, app.shell.notice)
    return None


def entry_panel(app: AppModel) -> ft.Control:
    """What the next entry needs: the fix being made, the abandoned match's Undo, the players' names being
    fixed, the move, the hands at a round's end, or the next starter (a finished match is shown by
    :mod:`..parts.match_end`, unless one of its entries is fixed)."""
    if app.correction.open:
        return fix_panel(app.shell, app.correction)
    if app.table.abandoned:
        return abandoned_panel(app.shell, app.table)
    if app.names.shown:
        return names_panel(app.shell, app.names)
    status = app.table.shown.status
    if status == Status.MOVE:
        return move_panel(app.shell, app.entry)
    if status == Status.REVEAL:
        return reveal_panel(app.shell, app.reveal)
    return start_round_panel(app.shell, app.table, app.open_rule)


def keyed(control: ft.Control, key: str) -> ft.Control:
    """``control`` with the key ``key`` among the parts of a screen's column (unless it has one, or is a
    memoized part, which is keyed where it is made: the status, the picker).

    Flet matches unkeyed siblings by their place: when a part comes or goes (the status between rounds, a
    refusal, the settlement), each part after it was compared with the one that used to be in its place,
    found of another kind and replaced whole, rebuilt and sent again (at a settlement the strip's every
    chip: 252 controls built instead of 138). Keyed parts are matched by key and only moved."""
    if not hasattr(control, "_frozen") and control.key is None:
        control.key = key
    return control


def phone_view(app: AppModel) -> ft.Control:
    """The table screen on a phone: one column, the layout's picture taking the room the rest leaves.

    The scoreboard (one row), the status (whose turn, the hands, the stock,
    the end sum, the last placement), the score-sheet strip and the entry
    of the next move keep their natural height; the picture gets what is
    left of the screen, so everything shows without scrolling. Should the
    rest not fit (a small phone, a long refusal), the picture keeps
    :data:`PICTURE_MIN` and the screen scrolls as one. The whole score sheet,
    when opened, takes the entry's place.
    """
    match = app.table.shown
    t = app.t
    width = app.shell.width - 20
    lower: list[ft.Control] = []
    fixing = app.correction.open
    in_round = match.status in (Status.MOVE, Status.REVEAL) and not fixing
    if in_round:  # slots of fixed height: a message, a notice or a longer turn line moves nothing under it
        lower.append(
            status_view(t, app.table, app.entry.drawn, news=phone_news(app), width=width, open_rule=app.open_rule)
        )
    if not fixing:
        lower.append(keyed(score_strip(app.shell, app.table, app.correction), "strip"))
    lower += extras(app, news_shown=in_round)
    if app.correction.sheet_open and not fixing and not app.names.shown:  # the names, once open, in its place
        if match.status == Status.START_ROUND:  # "Start: Zoe leads" stays, over the sheet (it took its place)
            lower.append(keyed(entry_panel(app), "entry"))
        lower.append(score_sheet(app.shell, app.table, app.correction, names_opener(app)))
    else:
        lower.append(keyed(entry_panel(app), "entry"))
    shown = None
    if match.round is not None:  # between rounds: the layout the last round ended with

        def shown(height: float) -> ft.Control:
            return picture(app, width, height, fill=True)

    board = scoreboard(t, app.entry, compact=True, width=app.shell.width)
    return ft.Column([table_header(app), fitted_column(board, shown, lower)], spacing=6, expand=True)


PICTURE_MIN = 140  # px: the smallest picture on a phone (below it the screen scrolls instead)
PICTURE_UNMEASURED = 260  # px: before the screen has been laid out once (and in-process tests)
GAP = 8  # px between the parts of the phone column


def picture_room(room: float, board: float, lower: float) -> float:
    """The picture's height on a phone: what the measured column (``room`` px) leaves after the rest."""
    if room <= 0 or lower <= 0:
        return PICTURE_UNMEASURED
    return max(PICTURE_MIN, room - board - lower - 2 * GAP)


def fitted_column(
    board: ft.Control, picture: Callable[[float], ft.Control] | None, lower: list[ft.Control]
) -> ft.Control:
    """Scoreboard, picture (``picture(height)``, or None), the rest: one scrolling column, the picture sized to fit.

    The heights come from the browser (``on_size_change``) after each
    layout that changed them, and are kept in the component's state; in
    an in-process test there is no layout and the picture takes
    :data:`PICTURE_UNMEASURED`.
    """
    if _CURRENT_RENDERER.get() is None:
        return _fitted(board, picture, lower, (0, 0, 0), None)
    return _Fitted(board, picture, lower)


@ft.component
def _Fitted(board, picture, lower) -> ft.Control:
    sizes, set_sizes = ft.use_state((0, 0, 0))  # (column, scoreboard, rest) heights in px
    # The size handlers must not hold this render: a setter holds the component that rendered it, and that
    # component its controls, so handlers made anew with each render's setter left every screen drawn as a
    # cycle for the garbage collector (whole trees, found late in its oldest generation: pauses of up to
    # 1.5 s at a club night, docs/server.md). They are made once and reach the latest setter through a ref.
    setter: MutableRef[Callable[..., None] | None] = ft.use_ref(None)
    setter.current = set_sizes
    handlers = ft.use_memo(lambda: tuple(_size_handler(setter, index) for index in range(3)), [])
    return _fitted(board, picture, lower, sizes, handlers.__getitem__)


def _size_handler(setter: Any, index: int) -> Callable[[Any], None]:
    """``on_size_change`` of part ``index`` of the fitted column: its new height into the sizes' state, set
    through ``setter.current`` (the state's latest setter)."""

    def on_size(e: Any) -> None:
        value = round(e.height)
        setter.current(lambda old: old if old[index] == value else (*old[:index], value, *old[index + 1 :]))

    return on_size


def _fitted(
    board: ft.Control,
    picture: Callable[[float], ft.Control] | None,
    lower: list[ft.Control],
    sizes: tuple[int, int, int],
    measured: Callable[[int], Callable[[Any], None]] | None,
) -> ft.Control:
    def watched(control: ft.LayoutControl, index: int) -> ft.Control:
        if measured is not None:
            control.on_size_change = measured(index)
        return control

    # keyed: when the picture comes (a match's first round starts), the rest is matched by key and kept,
    # not compared with the picture that took its place and replaced whole (every part of it sent again)
    parts: list[ft.Control] = [watched(ft.Container(content=board, key="board"), 1)]
    if picture is not None:
        parts.append(keyed(picture(picture_room(*sizes)), "picture"))
    parts.append(watched(ft.Column(lower, spacing=GAP, key="lower"), 2))
    return watched(ft.Column(parts, spacing=GAP, scroll=ft.ScrollMode.AUTO, expand=True), 0)
