"""The table screen: the scoreboard, the layout, whose turn and why, and the entry of each move."""

from __future__ import annotations

import flet as ft
from flet.components.utils import _CURRENT_RENDERER  # semi-internal: Flet is pinned exactly

from ..explain import placement_words, spot_words, turn_words, violation_words
from ..rules.tiles import ALL_TILES, tile_text
from .layout_view import table_picture
from .round_end import reveal_panel, settlement_view, start_round_panel
from .scoreboard import SIDE_COLORS, scoreboard
from .state import HOME, SETTINGS, AppState
from .tile_picker import tile_picker
from .widgets import WIDE, hook, memoized, picker_cell_for, quick_button, run


def message_view(state: AppState) -> ft.Control | None:
    """A refusal (RuleViolation) in the chosen language, never a traceback (hook ``message``)."""
    if state.error is None:
        return None
    return hook("message", ft.Container(
        padding=10, border_radius=8, bgcolor=ft.Colors.RED_50, border=ft.Border.all(1, ft.Colors.RED_300),
        content=ft.Text(violation_words(state.t, state.error, sentence=True), color=ft.Colors.RED_900)))


def status_view(state: AppState) -> ft.Control:
    """Whose turn and why, the stock, each player's tile count, the end sum and the last placement."""
    t = state.t
    match = state.match
    r = match.round
    turn = match.turn
    turn_text = turn_words(t, match, turn) if turn is not None else None
    lot_text = t("ui.lot_result", name=match.players[state.lot_seat]) if state.lot_seat is not None else None
    hands = stock = end_sum = None
    if r is not None:
        hands = tuple((t("ui.hand_count", name=name, count=r.hand_sizes[seat]),
                       SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)],
                       turn is not None and turn.seat == seat)
                      for seat, name in enumerate(match.players))
        stock = t("ui.stock", count=r.stock)
        end_sum = t("ui.end_sum", sum=r.layout.end_sum)
    explained = placement_words(t, match, state.last_info) if state.last_info is not None else None
    return _status(turn_text, lot_text, hands, stock, end_sum, explained)


@memoized
def _status(turn_text, lot_text, hands, stock, end_sum, explained) -> ft.Control:
    """The status as words (``hands``: ``(words, colour, to play)`` per seat); rebuilt when a word changes."""
    rows: list[ft.Control] = []
    if turn_text is not None:
        rows.append(hook("turn", ft.Text(turn_text, size=16, weight=ft.FontWeight.BOLD)))
    if lot_text is not None:
        rows.append(hook("lot-result", ft.Text(lot_text)))
    if hands is not None:
        chips = []
        for seat, (words, color, active) in enumerate(hands):
            chips.append(hook(f"hand-{seat}", ft.Container(
                padding=ft.Padding.symmetric(horizontal=8, vertical=3), border_radius=12,
                border=ft.Border.all(2 if active else 1, color),
                bgcolor=ft.Colors.with_opacity(0.15, color) if active else None,
                content=ft.Text(words, size=13))))
        chips.append(hook("stock", ft.Text(stock, size=13, weight=ft.FontWeight.BOLD)))
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=4))
    # the end sum and the last placement's sum on one line where they fit (a phone keeps its room for the table)
    sums = [hook("end-sum", ft.Text(end_sum, size=15, weight=ft.FontWeight.W_500))] if end_sum is not None else []
    if explained is not None:
        sums.append(hook("explain", ft.Text(explained, size=15, color=ft.Colors.BLUE_GREY_800)))
    if sums:
        rows.append(ft.Row(sums, wrap=True, spacing=12, run_spacing=2))
    return ft.Column(rows, spacing=4)


def selection_words(state: AppState) -> str:
    """What is selected: the tile and the spot, or what to do next."""
    t = state.t
    tile, spot = state.selected_tile, state.selected_spot
    r = state.match.round
    if tile is None and spot is None:
        return t("ui.pick_lead") if not r.layout.tiles else t("ui.pick_tile_or_spot")
    if tile is None:
        return t("ui.spot_selected", spot=spot_words(t, spot))
    if not r.layout.tiles:
        return t("ui.lead_selected", tile=tile_text(tile))
    if spot is None:
        return t("ui.tile_selected", tile=tile_text(tile))
    if state.spot_tapped and (state.error is not None or len(state.legal_spots(tile)) > 1):  # how to change it
        return t("ui.play_at_other", tile=tile_text(tile), spot=spot_words(t, spot))
    return t("ui.play_at", tile=tile_text(tile), spot=spot_words(t, spot))


def move_panel(state: AppState) -> ft.Control:
    """Play (with the drawn mark), Draw, Pass and the tile picker for the current move."""
    t = state.t
    match = state.match
    r = match.round
    turn = match.turn
    must = turn.must
    controls: list[ft.Control] = []
    if must == "pass":
        controls.append(ft.Text(t("ui.must_pass")))
    else:
        controls.append(hook("selection", ft.Text(selection_words(state), size=14)))
        if must == "drawn":
            controls.append(hook("drawn", ft.Text(t("ui.drawn_forced"), italic=True)))
        elif turn.can_draw:  # S8: the drawn tile may then be marked (the stock has tiles)
            controls.append(hook("drawn", ft.Checkbox(label=t("ui.drawn_toggle"), value=state.drawn,
                                                      on_change=run(state.toggle_drawn))))
    controls.append(_move_buttons((
        ("play", t("ui.play"), state.play, True, not state.can_play() or state.busy, ft.Icons.CHECK),
        ("draw", t("ui.draw"), state.open_draw, False, not turn.can_draw or state.drawn, None),
        ("pass", t("ui.pass"), state.pass_turn, False, not turn.can_pass, None),
        ("undo", t("ui.undo"), state.undo, False, state.busy, ft.Icons.UNDO),
    )))
    if state.drawing:
        # 0 (the first tile drawn fitted) up to the engine's limit: more would break S8
        counts = [quick_button(f"draw-count-{n}", str(n), state.draw, n, width=44)
                  for n in range(0, turn.max_draw + 1)]
        controls.append(hook("draw-panel", ft.Container(
            padding=8, border_radius=8, bgcolor=ft.Colors.BLUE_GREY_50,
            content=ft.Column([ft.Text(t("ui.draw_question")), ft.Row(counts, wrap=True, spacing=4,
                                                                     run_spacing=4)]))))
    if must != "pass":
        unseen = [tile for tile in ALL_TILES if tile not in r.layout.on_table]
        selected = {state.selected_tile} if state.selected_tile else set()
        controls.append(tile_picker(unseen, state.pick_tile, selected=selected, enabled=state.pickable,
                                    dimmed=state.dimmed,
                                    cell=picker_cell(state)))
    return ft.Column(controls, spacing=8)


@memoized
def _move_buttons(buttons: tuple) -> ft.Control:
    """Play, Draw, Pass, Undo: ``(hook, label, handler, filled, disabled, icon)`` each; rebuilt when one changes."""
    return ft.Row([_move_button(*button) for button in buttons], wrap=True, spacing=6, run_spacing=6)


@memoized
def _move_button(name: str, label: str, handler, filled: bool, disabled: bool, icon) -> ft.Control:
    return quick_button(name, label, handler, filled=filled, disabled=disabled, icon=icon)


def picker_cell(state: AppState) -> float:
    """Pixel size of a tile half in the pickers: larger on a wide window."""
    return picker_cell_for(state.width)


def header(state: AppState) -> ft.Control:
    """The game and round, with the ways home and to the settings."""
    t = state.t
    match = state.match
    title = t("game." + match.variant)
    if match.rounds:
        title += " · " + t("ui.round_n", n=len(match.rounds))
    return _header(title, t("ui.home"), t("ui.settings"), state.go)


@memoized
def _header(title: str, home_tip: str, settings_tip: str, go) -> ft.Control:
    return ft.Row([
        hook("home", ft.IconButton(ft.Icons.HOME, tooltip=home_tip, on_click=run(go, HOME)), button=True),
        ft.Text(title, size=18, weight=ft.FontWeight.BOLD, expand=True),
        hook("settings", ft.IconButton(ft.Icons.TRANSLATE, tooltip=settings_tip, on_click=run(go, SETTINGS)),
             button=True),
    ])


def view(state: AppState) -> ft.Control:
    """The whole table screen, one column on a phone and two on a wide window."""
    match = state.match
    status = match.status
    wide = state.width >= WIDE
    if not wide:
        return phone_view(state)
    main_width = state.width * 0.58 - 24
    left: list[ft.Control] = []
    right: list[ft.Control] = [scoreboard(state)]
    if match.round is not None:  # between rounds: the layout the last round ended with
        left.append(table_picture(state, main_width, 520))
    if status in ("move", "reveal"):
        left.append(status_view(state))
    right += [*extras(state), entry_panel(state)]
    body = ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, expand=True, controls=[
        ft.Column(left, spacing=10, width=main_width + 8, scroll=ft.ScrollMode.AUTO),
        ft.Column(right, spacing=10, expand=True, scroll=ft.ScrollMode.AUTO),
    ])
    return ft.Column([header(state), body], expand=True, spacing=6)


def extras(state: AppState) -> list[ft.Control]:
    """A refusal and the last settlement, where there is one."""
    return [c for c in (message_view(state), settlement_view(state)) if c is not None]


def entry_panel(state: AppState) -> ft.Control:
    """What the next entry needs: the move, the hands at a round's end, or the next starter
    (a finished match is shown by :mod:`.match_end`, never here)."""
    status = state.match.status
    if status == "move":
        return move_panel(state)
    if status == "reveal":
        return reveal_panel(state)
    return start_round_panel(state)


def phone_view(state: AppState) -> ft.Control:
    """The table screen on a phone: one column, the layout's picture taking the room the rest leaves.

    The scoreboard (one row), the status (whose turn, the hands, the stock,
    the end sum, the last placement) and the entry of the next move keep
    their natural height; the picture gets what is left of the screen, so
    everything shows without scrolling. Should the rest not fit (a small
    phone, a long refusal), the picture keeps :data:`PICTURE_MIN` and the
    screen scrolls as one.
    """
    match = state.match
    width = state.width - 20
    lower: list[ft.Control] = []
    if match.status in ("move", "reveal"):
        lower.append(status_view(state))
    lower += [*extras(state), entry_panel(state)]
    picture = None
    if match.round is not None:  # between rounds: the layout the last round ended with
        def picture(height: float) -> ft.Control:
            return table_picture(state, width, height, fill=True)
    return ft.Column([header(state), fitted_column(scoreboard(state, compact=True), picture, lower)],
                     spacing=6, expand=True)


PICTURE_MIN = 140  # px: the smallest picture on a phone (below it the screen scrolls instead)
PICTURE_UNMEASURED = 260  # px: before the screen has been laid out once (and in-process tests)
GAP = 8  # px between the parts of the phone column


def picture_room(room: float, board: float, lower: float) -> float:
    """The picture's height on a phone: what the measured column (``room`` px) leaves after the rest."""
    if room <= 0 or lower <= 0:
        return PICTURE_UNMEASURED
    return max(PICTURE_MIN, room - board - lower - 2 * GAP)


def fitted_column(board: ft.Control, picture, lower: list[ft.Control]) -> ft.Control:
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

    def measured(index: int):
        def on_size(e) -> None:
            value = round(e.height)
            set_sizes(lambda old: old if old[index] == value else (*old[:index], value, *old[index + 1:]))
        return on_size

    return _fitted(board, picture, lower, sizes, measured)


def _fitted(board, picture, lower, sizes: tuple, measured) -> ft.Control:
    def watched(control: ft.Control, index: int) -> ft.Control:
        if measured is not None:
            control.on_size_change = measured(index)
        return control

    parts = [watched(ft.Container(content=board), 1)]
    if picture is not None:
        parts.append(picture(picture_room(*sizes)))
    parts.append(watched(ft.Column(lower, spacing=GAP), 2))
    return watched(ft.Column(parts, spacing=GAP, scroll=ft.ScrollMode.AUTO, expand=True), 0)
