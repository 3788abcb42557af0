"""The table screen: the scoreboard, the layout, whose turn and why, and the entry of each move."""

from __future__ import annotations

import flet as ft

from ..explain import placement_words, spot_words, turn_words, violation_words
from ..rules.tiles import ALL_TILES, tile_text
from .layout_view import table_picture
from .round_end import finished_panel, reveal_panel, settlement_view, start_round_panel
from .scoreboard import SIDE_COLORS, scoreboard
from .state import HOME, SETTINGS, AppState
from .tile_picker import tile_picker
from .widgets import hook, memoized, quick_button, run

WIDE = 900  # px: from here the table screen uses two columns


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
        rows.append(hook("end-sum", ft.Text(end_sum, size=15)))
    if explained is not None:
        rows.append(hook("explain", ft.Text(explained, size=15, color=ft.Colors.BLUE_GREY_800)))
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
        counts = [quick_button(f"draw-count-{n}", str(n), state.draw, n) for n in range(0, turn.max_draw + 1)]
        controls.append(hook("draw-panel", ft.Container(
            padding=8, border_radius=8, bgcolor=ft.Colors.BLUE_GREY_50,
            content=ft.Column([ft.Text(t("ui.draw_question")), ft.Row(counts, wrap=True, spacing=4,
                                                                     run_spacing=4)]))))
    if must != "pass":
        unseen = [tile for tile in ALL_TILES if tile not in r.layout.on_table]
        selected = {state.selected_tile} if state.selected_tile else set()
        controls.append(tile_picker(unseen, state.pick_tile, selected=selected, enabled=state.pickable,
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
    return 24 if state.width >= WIDE else 19


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
    main_width = (state.width * 0.58 - 24) if wide else (state.width - 20)
    picture_h = 520 if wide else (280 if len(match.sides) <= 2 else 230)
    left: list[ft.Control] = []
    right: list[ft.Control] = [scoreboard(state)]
    if match.round is not None:  # between rounds: the layout the last round ended with
        left.append(table_picture(state, main_width, picture_h))
    extra = [c for c in (message_view(state), settlement_view(state)) if c is not None]
    if status == "move":
        left.append(status_view(state))
        right += extra + [move_panel(state)]
    elif status == "reveal":
        left.append(status_view(state))
        right += extra + [reveal_panel(state)]
    elif status == "start-round":
        right += extra + [start_round_panel(state)]
    else:
        right += extra + [finished_panel(state)]
    if wide:
        body = ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, expand=True, controls=[
            ft.Column(left, spacing=10, width=main_width + 8, scroll=ft.ScrollMode.AUTO),
            ft.Column(right, spacing=10, expand=True, scroll=ft.ScrollMode.AUTO),
        ])
        return ft.Column([header(state), body], expand=True, spacing=6)
    # phone: what happened scrolls above; the entry of the next move (with any refusal) stays at hand below
    upper = ft.Column([right[0], *left], spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)
    lower = right[1:]
    return ft.Column([header(state), upper, ft.Divider(height=1), *lower], spacing=6, expand=True)
