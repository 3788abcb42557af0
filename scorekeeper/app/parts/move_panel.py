"""The entry of the next move: what is selected, Play (with the drawn mark), Draw, Pass, Undo, the picker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import spot_words
from ...i18n import Translator
from ...rules.tiles import ALL_TILES, tile_text
from ..models.move_entry import MoveEntry
from ..models.shell import Shell
from .fit import em_width, fit_size
from .rule_links import words_text
from .tile_picker import picker_height, tile_picker
from .widgets import hook, memoized, quick_button, run


def selection_words(t: Translator, entry: MoveEntry, refused: bool) -> str:
    """What is selected: the tile and the spot, or what to do next (``refused``: the last Play was refused)."""
    tile, spot = entry.selected_tile, entry.selected_spot
    r = entry.match.round
    assert r is not None, "a move is entered only in a round"
    if tile is None:
        if spot is None:
            return t("ui.pick_lead") if not r.layout.tiles else t("ui.pick_tile_or_spot")
        return t("ui.spot_selected", spot=spot_words(t, spot, r.layout.is_spinner(spot[0])))
    if not r.layout.tiles:
        return t("ui.lead_selected", tile=tile_text(tile))
    if spot is None:
        return t("ui.tile_selected", tile=tile_text(tile))
    if entry.spot_tapped and (refused or len(entry.legal_spots(tile)) > 1):  # say how to change it
        return t("ui.play_at_other", tile=tile_text(tile), spot=spot_words(t, spot, r.layout.is_spinner(spot[0])))
    return t("ui.play_at", tile=tile_text(tile), spot=spot_words(t, spot, r.layout.is_spinner(spot[0])))


def move_panel(shell: Shell, entry: MoveEntry) -> ft.Control:
    """Play (with the drawn mark), Draw, Pass, Undo and the tile picker for the current move; on a phone
    in slots of fixed height (:func:`phone_move_panel`)."""
    if not shell.wide:
        return phone_move_panel(shell, entry)
    t = shell.t
    match = entry.match
    r, turn = match.round, match.turn
    assert r is not None and turn is not None, "a move is entered only on a turn"
    must = turn.must
    controls: list[ft.Control] = []
    if must == "pass":
        controls.append(ft.Text(t("ui.must_pass")))
    else:
        controls.append(hook("selection", ft.Text(selection_words(t, entry, shell.error is not None), size=14)))
        if must == "drawn":
            controls.append(hook("drawn", ft.Text(t("ui.drawn_forced"), italic=True)))
        elif turn.can_draw:  # S8: the drawn tile may then be marked (the stock has tiles)
            controls.append(
                hook(
                    "drawn",
                    ft.Checkbox(label=t("ui.drawn_toggle"), value=entry.drawn, on_change=run(entry.toggle_drawn)),
                )
            )
    phone = not shell.wide  # one row of four equal buttons, words only (their icons where there is room)
    controls.append(
        _move_buttons(
            (
                (
                    "play",
                    t("ui.play"),
                    entry.play,
                    True,
                    not entry.can_play() or shell.busy,
                    None if phone else ft.Icons.CHECK,
                ),
                ("draw", t("ui.draw"), entry.open_draw, False, not turn.can_draw or entry.drawn, None),
                ("pass", t("ui.pass"), entry.pass_turn, False, not turn.can_pass, None),
                ("undo", t("ui.undo"), entry.table.undo, False, shell.busy, None if phone else ft.Icons.UNDO),
            ),
            phone,
            key="move-buttons",
        )
    )  # keyed: kept when the lines above it come and go (a pass's turn)
    controls.extend(claim_rows(shell, entry))
    if entry.drawing:
        # 0 (the first tile drawn fitted) up to the engine's limit: more would break S8
        counts = [quick_button(f"draw-count-{n}", str(n), entry.draw, n, width=44) for n in range(0, turn.max_draw + 1)]
        controls.append(
            hook(
                "draw-panel",
                ft.Container(
                    padding=8,
                    border_radius=8,
                    bgcolor=ft.Colors.BLUE_GREY_50,
                    content=ft.Column(
                        [ft.Text(t("ui.draw_question")), ft.Row(counts, wrap=True, spacing=4, run_spacing=4)]
                    ),
                ),
            )
        )
    if must != "pass":
        unseen = [tile for tile in ALL_TILES if tile not in r.layout.on_table]
        selected = {entry.selected_tile} if entry.selected_tile else set()
        controls.append(
            tile_picker(
                unseen,
                entry.pick_tile,
                selected=selected,
                enabled=entry.pickable,
                dimmed=entry.dimmed,
                width=shell.width,
            )
        )
    return ft.Column(controls, spacing=8)


SELECTION_SIZE, SELECTION_SMALLEST = 14, 12  # px: the selection's words, fitted to two lines
SELECTION_HEIGHT = 44  # px: two lines of it, or the drawn mark's box
CHECKBOX = 44  # px: a checkbox's box and the gap before its label
COUNT_KEY = 40  # px: a draw count's key (44 high): eight to a phone's row


def phone_move_panel(shell: Shell, entry: MoveEntry) -> ft.Control:
    """The move's entry on a phone, each part in a slot of fixed height, so no tap moves the controls under
    it (issue 21): the selection (two lines) with the drawn mark beside it, Play / Draw / Pass / Undo,
    then the picker's place, which the draw question takes while it is open (the picker is hidden, not
    removed: no rebuild when it closes) and which stays empty when the only move is a pass."""
    t = shell.t
    match = entry.match
    r, turn = match.round, match.turn
    assert r is not None and turn is not None, "a move is entered only on a turn"
    must = turn.must
    width = shell.width - 20
    if must == "pass":
        words, drawn = t("ui.must_pass"), None
    else:
        words = selection_words(t, entry, shell.error is not None)
        drawn = None
        if must == "drawn":
            mark = t("ui.drawn_forced_short")
            drawn = hook("drawn", ft.Text(mark, italic=True, size=13))
            mark_width = em_width(mark) * 13 + 4
        elif turn.can_draw:  # S8: the drawn tile may then be marked (the stock has tiles)
            mark = t("ui.drawn_short")
            drawn = hook("drawn", ft.Checkbox(label=mark, value=entry.drawn, on_change=run(entry.toggle_drawn)))
            mark_width = CHECKBOX + em_width(mark) * 14 + 4
    room = width - (mark_width + 6 if drawn is not None else 0)
    size = fit_size(words, room, SELECTION_SIZE, SELECTION_SMALLEST, lines=2)
    said: ft.Control = words_text(words, size=size, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
    if must != "pass":  # what is selected (a pass selects nothing)
        said = hook("selection", said)
    top: list[ft.Control] = [ft.Container(expand=True, content=said)]
    if drawn is not None:
        top.append(ft.Container(width=mark_width, content=drawn))
    controls: list[ft.Control] = [
        ft.Container(height=SELECTION_HEIGHT, alignment=ft.Alignment.CENTER_LEFT, content=ft.Row(top, spacing=6))
    ]
    controls.append(
        _move_buttons(
            (
                ("play", t("ui.play"), entry.play, True, not entry.can_play() or shell.busy, None),
                ("draw", t("ui.draw"), entry.open_draw, False, not turn.can_draw or entry.drawn, None),
                ("pass", t("ui.pass"), entry.pass_turn, False, not turn.can_pass, None),
                ("undo", t("ui.undo"), entry.table.undo, False, shell.busy, None),
            ),
            True,
        )
    )
    controls.extend(claim_rows(shell, entry))
    height = picker_height(shell.width)
    slot: list[ft.Control] = []
    if entry.drawing:
        # 0 (the first tile drawn fitted) up to the engine's limit: more would break S8
        counts = [
            quick_button(f"draw-count-{n}", str(n), entry.draw, n, width=COUNT_KEY) for n in range(0, turn.max_draw + 1)
        ]
        slot.append(
            hook(
                "draw-panel",
                ft.Container(
                    height=height,
                    padding=8,
                    border_radius=8,
                    bgcolor=ft.Colors.BLUE_GREY_50,
                    content=ft.Column(
                        [words_text(t("ui.draw_question")), ft.Row(counts, wrap=True, spacing=4, run_spacing=6)],
                        spacing=8,
                    ),
                ),
            )
        )
    if must != "pass":
        unseen = [tile for tile in ALL_TILES if tile not in r.layout.on_table]
        selected = {entry.selected_tile} if entry.selected_tile else set()
        slot.append(
            ft.Container(
                visible=not entry.drawing,
                content=tile_picker(
                    unseen,
                    entry.pick_tile,
                    selected=selected,
                    enabled=entry.pickable,
                    dimmed=entry.dimmed,
                    width=shell.width,
                ),
            )
        )
    controls.append(ft.Container(height=height, content=ft.Column(slot, spacing=0)))
    return ft.Column(controls, spacing=8)


def claim_rows(shell: Shell, entry: MoveEntry) -> list[ft.Control]:
    """R13 ``muggins``: the claim's quick buttons for a scoring placement (the ends' value, less, 0;
    the one chosen filled) and, after an under-claim, one "Muggins!" button per opponent who may call."""
    t = shell.t
    rows: list[ft.Control] = []
    choices = entry.claim_choices()
    if choices:
        chosen = choices[0] if entry.claim is None else entry.claim
        buttons = [
            quick_button(f"claim-{n}", str(n), entry.pick_claim, n, filled=n == chosen, width=COUNT_KEY)
            for n in choices
        ]
        rows.append(hook("claim", ft.Row([words_text(t("ui.claim")), *buttons], spacing=6, wrap=True)))
    callers = entry.match.muggins_callers
    if callers:
        calls = [
            quick_button(
                f"muggins-{seat}", t("ui.muggins_by", name=entry.match.players[seat]), entry.call_muggins, seat
            )
            for seat in callers
        ]
        rows.append(hook("muggins", ft.Row(calls, spacing=6, wrap=True, run_spacing=6)))
    return rows


MoveButton = tuple[str, str, Callable[..., Any], bool, bool, ft.IconData | None]  # hook, label, handler, filled…


@memoized
def _move_buttons(buttons: tuple[MoveButton, ...], share: bool) -> ft.Control:
    """Play, Draw, Pass, Undo: ``(hook, label, handler, filled, disabled, icon)`` each; rebuilt when one changes.
    ``share``: a phone's one row, each button an equal share of it (never wrapped onto a second row)."""
    if share:
        return ft.Row([_move_button(*button, True) for button in buttons], spacing=6)
    return ft.Row([_move_button(*button, False) for button in buttons], wrap=True, spacing=6, run_spacing=6)


@memoized
def _move_button(
    name: str,
    label: str,
    handler: Callable[..., Any],
    filled: bool,
    disabled: bool,
    icon: ft.IconData | None,
    share: bool,
) -> ft.Control:
    return quick_button(name, label, handler, filled=filled, disabled=disabled, icon=icon, share=share)
