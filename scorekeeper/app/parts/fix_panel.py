"""The correction panel: what the entry being fixed becomes, the engine's preview of the effect, Save.

Drawn in place of the move entry while a fix is open; the table's picture
shows the position just before the move (its open spots are the places the
tile could have joined), so the right tile and spot are chosen as a move is
entered: a tap on the picture, a tile in the picker.
"""

from __future__ import annotations

import functools

import flet as ft

from ...explain import move_words, problem_words, spot_words
from ...i18n import Translator
from ...rules.tiles import ALL_TILES, tile_text
from ..models.correction import Correction, FixKind
from ..models.shell import Shell
from .page import choice
from .round_end import hand_entry_words
from .rule_links import words_text
from .scoreboard import SIDE_COLORS
from .tile_picker import tile_picker
from .widgets import action_button, hook, quick_button, run, text_entry

KINDS = (FixKind.PLAY, FixKind.DRAW, FixKind.PASS, FixKind.DELETE, FixKind.INSERT_DRAW)


def fix_panel(shell: Shell, fix: Correction) -> ft.Control:
    """The fix of one move or one round's hands (hooks ``fix-…``, docs/ui-ids.md)."""
    t = shell.t
    rows: list[ft.Control] = [hook("fix-title", words_text(title_words(t, fix), size=16, weight=ft.FontWeight.BOLD))]
    if fix.kind == FixKind.HANDS:
        rows.append(_hands(shell, fix))
    else:
        rows.append(
            ft.Row(
                wrap=True,
                spacing=4,
                run_spacing=4,
                controls=[
                    choice(
                        f"fix-kind-{kind.value}",
                        t(f"ui.fix_kind_{kind.value.replace('-', '_')}"),
                        fix.set_kind,
                        kind,
                        selected=fix.kind == kind,
                    )
                    for kind in KINDS
                ],
            )
        )
        rows += _what(shell, fix)
    preview = fix.preview
    buttons: list[ft.Control] = [
        action_button(
            "fix-save",
            t("ui.fix_save"),
            fix.save,
            filled=True,
            icon=ft.Icons.CHECK,
            disabled=shell.busy or not _savable(fix),
        ),
        action_button("fix-cancel", t("ui.cancel"), fix.close),
    ]
    if preview is not None and preview.broken is not None and preview.kept is not None:
        keep = t(
            "ui.fix_keep",
            count=preview.dropped_moves,
            changes=", ".join(c.text() for c in preview.kept_changes if c.changed) or t("ui.fix_no_score_change"),
        )
        buttons.insert(1, action_button("fix-keep", keep, functools.partial(fix.save, True), disabled=shell.busy))
    # the effect and Save before the picker: on a phone they stay in view, the picker may scroll
    effect = [
        hook("fix-preview", words_text(preview_words(t, fix), size=14, color=preview_color(fix))),
        ft.Row(buttons, wrap=True, spacing=6, run_spacing=6),
    ]
    if fix.kind == FixKind.PLAY:  # after the words of the tile and spot chosen
        rows[3:3] = effect
    else:
        rows += effect
    return hook(
        "fix-panel",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.BLUE_50,
            border=ft.Border.all(1, ft.Colors.BLUE_200),
            content=ft.Column(rows, spacing=8),
        ),
    )


def title_words(t: Translator, fix: Correction) -> str:
    """``Fix round 2, move 5: Bo plays 2-4 at 2-2 (line A)`` or ``Fix the hands of round 2``."""
    if fix.move_no is None:
        return t("ui.fix_hands_title", round=fix.round_no)
    r = fix.recorded.rounds[(fix.round_no or 1) - 1]
    recorded = move_words(t, fix.recorded, r, fix.move_no - 1)
    return t("ui.fix_title", round=fix.round_no, move=fix.move_no, recorded=recorded)


def _what(shell: Shell, fix: Correction) -> list[ft.Control]:
    """What the move becomes: the tile and spot (and the drawn mark), or the count of a draw."""
    t = shell.t
    if fix.kind in (FixKind.DRAW, FixKind.INSERT_DRAW):
        counts = [
            quick_button(f"fix-count-{n}", str(n), fix.set_count, n, width=44, filled=fix.count == n)
            for n in range(1, max(fix.max_draw(), 1) + 1)
        ]
        return [words_text(t("ui.fix_draw_question")), ft.Row(counts, wrap=True, spacing=4, run_spacing=4)]
    if fix.kind != FixKind.PLAY:
        return []
    tile, spot = fix.selected_tile, fix.selected_spot
    if tile is None:
        words = t("ui.fix_pick_tile")
    elif spot is None and fix.match.round is not None and fix.match.round.layout.tiles:
        words = t("ui.fix_pick_spot", tile=tile_text(tile))
    elif spot is None:
        words = t("ui.lead_selected", tile=tile_text(tile))
    else:
        r = fix.match.round
        spinner = r is None or r.layout.is_spinner(spot[0])  # no lines on a double that is no spinner (R9)
        words = t("ui.play_at", tile=tile_text(tile), spot=spot_words(t, spot, spinner))
    r = fix.match.round
    unseen = [x for x in ALL_TILES if r is None or x not in r.layout.on_table]
    return [
        hook("fix-selection", ft.Text(words, size=14)),
        hook("fix-drawn", ft.Checkbox(label=t("ui.drawn_toggle"), value=fix.drawn, on_change=run(fix.toggle_drawn))),
        tile_picker(unseen, fix.pick_tile, selected={tile} if tile else set(), enabled=fix.pickable, width=shell.width),
    ]


def _hands(shell: Shell, fix: Correction) -> ft.Control:
    """The hands of the round: each seat's tiles tapped, or a pip total; the seats not changed keep theirs."""
    t = shell.t
    match = fix.match
    r = match.round
    assert r is not None
    seats = [s for s in range(match.n) if r.hand_sizes[s] > 0]
    chips: list[ft.Control] = []
    for seat in seats:
        words = hand_entry_words(
            t,
            match.players[seat],
            r.hand_sizes[seat],
            fix.hand_tiles.get(seat) or [],
            fix.hand_totals.get(seat, "").strip(),
        )
        color = SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)]
        chips.append(
            hook(
                f"fix-hand-seat-{seat}",
                ft.Container(
                    padding=8,
                    border_radius=8,
                    border=ft.Border.all(3 if seat == fix.hand_seat else 1, color),
                    on_click=run(fix.select_hand, seat),
                    content=words_text(words),
                ),
                button=True,
            )
        )
    unseen = [tile for tile in ALL_TILES if tile not in r.layout.on_table]
    picker = tile_picker(
        unseen, fix.pick_hand_tile, selected=set(fix.hand_tiles.get(fix.hand_seat) or []), width=shell.width
    )
    total = text_entry(
        f"fix-pips-{fix.hand_seat}",
        fix.hand_totals.get(fix.hand_seat, ""),
        functools.partial(fix.set_hand_total, fix.hand_seat),
        label=t("ui.pip_total_for", name=match.players[fix.hand_seat]),
        keyboard_type=ft.KeyboardType.NUMBER,
        dense=True,
    )
    return ft.Column([ft.Row(chips, wrap=True, spacing=6, run_spacing=6), picker, total], spacing=8)


def preview_color(fix: Correction) -> str:
    """Error red only for a fix the engine refuses (its own move, or a later one it breaks); what saving would
    change, that nothing would, or that the fix is not complete yet are neutral words."""
    refused = fix.problem is not None or (fix.preview is not None and not fix.preview.ok)
    return ft.Colors.RED_900 if refused else ft.Colors.BLUE_GREY_900


def _savable(fix: Correction) -> bool:
    p = fix.preview
    return p is not None and p.ok and not fix.unchanged()


def preview_words(t: Translator, fix: Correction) -> str:
    """What saving would do: ``Bo 14 → 12, Ann 9 → 11; 3 later moves re-checked``, that nothing would change,
    or which later move would no longer fit and why (the rule)."""
    if fix.problem is not None:
        return problem_words(t, fix.problem, sentence=True)
    p = fix.preview
    if p is None:
        return t("ui.fix_incomplete")
    if p.ok:
        if fix.unchanged():
            return t("ui.fix_same")
        changes = ", ".join(c.text() for c in p.changes if c.changed) or t("ui.fix_no_score_change")
        return t("ui.fix_effect", changes=changes, count=p.rechecked)
    assert p.refusal is not None
    why = problem_words(t, p.refusal)
    if p.broken is None:  # the fix's own move or hands are refused
        return t("ui.fix_refused", why=why)
    where = t("ui.sheet_hands") if p.broken.move == "hands" else str(p.broken.move)
    return t("ui.fix_breaks", round=p.broken.round, move=where, why=why)
