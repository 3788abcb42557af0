"""Between moves: entering the hands left (reveal), the settlement, the next round's starter."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import settlement_lines, tile_list
from ...i18n import Translator
from ...rules import Match, Status
from ...rules.tiles import ALL_TILES, Tile
from ..models.open_match import OpenMatch
from ..models.reveal import RevealEntry
from ..models.shell import Shell
from .rule_links import linked_text, words_text
from .scoreboard import SIDE_COLORS
from .tile_picker import tile_picker
from .widgets import action_button, hook, run, text_entry


def settlement_view(
    t: Translator, table: OpenMatch, open_rule: Callable[[str], Any] | None = None
) -> ft.Control | None:
    """The last settlement, step by step (H8–H10, E6–E8), while the next round waits (or the match is
    finished), or ``None``: each hand's total (a blocked round), every award, who won the round (E8); the
    rule ids in it link to their rules (``open_rule``)."""
    match = table.match
    if match is None or not match.rounds or match.status not in (Status.START_ROUND, Status.FINISHED):
        return None
    words = settlement_lines(t, match, match.rounds[-1])  # [] for a round whose placement ended the match
    if not words:
        return None
    lines = [linked_text(line, open_rule, size=14) for line in words]
    # headed by the round it ends: the lines themselves say "Settlement for …", "Domino for …"
    heading = ft.Text(t("ui.round_end_heading", n=len(match.rounds)), weight=ft.FontWeight.BOLD)
    return hook(
        "settlement",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(1, ft.Colors.AMBER_300),
            content=ft.Column([heading, *lines], spacing=4),
        ),
    )


def reveal_panel(shell: Shell, reveal: RevealEntry) -> ft.Control:
    """Enter each player's remaining tiles (tap tiles) or pip total; the engine checks them (``confirm``).
    Who went out, or that the round is blocked, and how to enter the hands are the status's (its headline
    ``round-end`` and its news line). On a phone the pip total, Settle and Undo share one row, so the
    whole panel is in view at 390 x 844 with four long names (issue 21: Settle was below the fold)."""
    t = shell.t
    match = reveal.match
    r = match.round
    assert r is not None, "hands are entered at a round's end"
    phone = not shell.wide
    seats = [s for s in range(match.n) if r.hand_sizes[s] > 0]
    current = seats[0] if reveal.seat not in seats and seats else reveal.seat
    chips: list[ft.Control] = []
    for seat in seats:
        tiles = reveal.tiles.get(seat) or []
        total = reveal.totals.get(seat, "").strip()
        label = hand_entry_words(t, match.players[seat], r.hand_sizes[seat], tiles, total)
        color = SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)]
        chip = ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=2 if phone else 8),
            border_radius=8,
            border=ft.Border.all(3 if seat == current else 1, color),
            on_click=run(reveal.select_seat, seat),
            height=SEAT_HEIGHT if phone else None,
            alignment=ft.Alignment.CENTER_LEFT if phone else None,
            content=words_text(label, size=13, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS)
            if phone
            else words_text(label),
        )
        # a phone: two seats a row, each two lines high whatever is entered (four long names took four rows)
        chips.append(
            ft.Container(col={"xs": 6}, content=hook(f"reveal-seat-{seat}", chip, button=True))
            if phone
            else hook(f"reveal-seat-{seat}", chip, button=True)
        )
    holder = {
        tile: SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)]
        for seat, tiles in reveal.tiles.items()
        for tile in tiles
        if seat != current
    }
    unseen = [tile for tile in ALL_TILES if tile not in r.layout.on_table]
    mine = set(reveal.tiles.get(current) or [])
    full = len(mine) >= r.hand_sizes[current]  # a full hand offers only its own tiles (to take one back)
    picker = tile_picker(
        unseen,
        PickInto(reveal, current),
        selected=mine,
        marks=holder,
        enabled=(lambda tile: tile in mine) if full else (lambda tile: True),
        width=shell.width,
    )
    total_field = text_entry(
        f"pips-{current}",
        reveal.totals.get(current, ""),
        functools.partial(reveal.set_total, current),
        label=t("ui.pip_total_short" if phone else "ui.pip_total_for", name=match.players[current]),
        keyboard_type=ft.KeyboardType.NUMBER,
        dense=True,
    )  # wide: full width, a long name fits its label
    settle = action_button("confirm", t("ui.settle"), reveal.reveal, filled=True, disabled=shell.busy)
    if phone:  # one row: the total takes what Settle and an Undo icon leave
        undo = hook(
            "undo",
            ft.IconButton(
                ft.Icons.UNDO,
                tooltip=t("ui.undo"),
                on_click=run(reveal.table.undo),
                disabled=shell.busy or not match.actions,
            ),
            button=True,
            label=t("ui.undo"),
            disabled=shell.busy or not match.actions,
        )
        last: list[ft.Control] = [
            ft.Row(
                [ft.Container(expand=True, content=total_field), settle, undo],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ]
    else:
        last = [total_field, ft.Row(wrap=True, spacing=6, controls=[settle, undo_button(shell, reveal.table)])]
    seat_row = (
        ft.ResponsiveRow(chips, spacing=6, run_spacing=6)
        if phone
        else ft.Row(chips, wrap=True, spacing=6, run_spacing=6)
    )
    return ft.Column(spacing=8, controls=[seat_row, picker, *last])


SEAT_HEIGHT = 50  # px: a phone's seat at the round's end: two lines of 13 px, its frame (3 px chosen) and padding


def hand_entry_words(t: Translator, name: str, count: int, tiles: list[Tile], total: str) -> str:
    """One player's hand as entered so far: ``Bo: 3 tile(s) to enter``, ``Bo: 2 of 3 tiles — 1-2 4-6``,
    ``Bo: pip total 14`` (a whole sentence, no trailing "…" that reads as text cut off)."""
    if tiles:
        return t("ui.hand_entry", name=name, entered=len(tiles), count=count, tiles=tile_list(sorted(tiles)))
    if total:
        return t("ui.hand_entry_total", name=name, total=total)
    return t("ui.hand_entry_none", name=name, count=count)


def undo_button(shell: Shell, table: OpenMatch) -> ft.Control:
    """Undo of the last entry, offered on every panel (the last move, the start of a round, a settlement)."""
    return action_button(
        "undo",
        shell.t("ui.undo"),
        table.undo,
        icon=ft.Icons.UNDO,
        disabled=shell.busy or table.match is None or not table.match.actions,
    )


class PickInto:
    """Adds or removes a tapped tile in ``seat``'s hand; equal for the same entry and seat, so the
    memoized picker (:func:`.tile_picker.tile_picker`) rebuilds only the tile that changed."""

    __slots__ = ("reveal", "seat")

    def __init__(self, reveal: RevealEntry, seat: int) -> None:
        self.reveal, self.seat = reveal, seat

    def __call__(self, tile: Tile) -> None:
        self.reveal.select_seat(self.seat)
        self.reveal.pick(tile)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PickInto) and other.reveal is self.reveal and other.seat == self.seat

    def __hash__(self) -> int:
        return hash((id(self.reveal), self.seat))


def deal_words(t: Translator, match: Match) -> str:
    """What to deal (S2 with the game's deal table, H2/E2): ``Shuffle all 28 tiles face down (anyone may);
    each player takes 5 tiles; the other 8 stay in the stock, all drawable (S2, E2).`` The numbers are
    the engine's (:meth:`Variant.deal_size`, :meth:`Variant.stock_size`); the stock's words follow R3's
    reserve (:meth:`Variant.reserve_tiles`): with ``all`` (Fives and Threes, F2) the other tiles are set
    aside and nobody draws, with 1 or 2 the last ones are never drawn (R3 is named when it is a house rule)."""
    rules = match.rules
    stock = rules.stock_size(match.n)
    reserve = rules.reserve_tiles(match.n)
    if reserve >= stock:  # R3 ``all`` (Fives and Threes' F2): the stock is out of play, nobody draws
        stock_words = t("ui.deal_stock_out", count=stock)
    elif reserve:  # R3 1 or 2: the last tiles of the stock are never drawn
        stock_words = t("ui.deal_stock_reserve", count=stock, reserve=reserve)
    else:
        stock_words = t("ui.deal_stock", count=stock)
    ids = f"S2, {rules.deal_rule}" + (", R3" if "reserve" in rules.house_rules else "")
    return t("ui.deal", each=t("ui.deal_each", count=rules.deal_size(match.n)), stock=stock_words, rules=ids)


def start_round_panel(shell: Shell, table: OpenMatch, open_rule: Callable[[str], Any] | None = None) -> ft.Control:
    """Before a round: what to deal (S2, H2/E2) and who leads: the one who went out (S10), else entered or
    drawn by lot (S3 for the first round, S10 after a blocked one)."""
    t = shell.t
    match = table.shown
    number = len(match.rounds) + 1
    controls: list[ft.Control] = [
        ft.Text(t("ui.round_n", n=number), size=18, weight=ft.FontWeight.BOLD),
        hook("deal", linked_text(deal_words(t, match), open_rule)),
    ]
    required = match.required_starter
    if required is not None:
        controls.append(linked_text(t("ui.starter_went_out", name=match.players[required]), open_rule))
        controls.append(
            action_button(
                "start-round",
                t("ui.start_round_by", name=match.players[required]),
                table.start_round,
                required,
                filled=True,
            )
        )
    else:
        # no round yet: the first starter by lot (S3); after a blocked round by lot again (S10)
        key = "ui.who_leads_after_block" if match.rounds else "ui.who_leads"
        controls.append(hook("who-leads", linked_text(t(key), open_rule)))
        controls.append(action_button("lot", t("ui.draw_lot"), table.draw_lot, filled=True, icon=ft.Icons.CASINO))
        controls.append(
            ft.Row(
                wrap=True,
                spacing=6,
                controls=[
                    action_button(f"starter-{seat}", name, table.start_round, seat)
                    for seat, name in enumerate(match.players)
                ],
            )
        )
    if match.actions:
        controls.append(undo_button(shell, table))
    return ft.Column(controls, spacing=8)
