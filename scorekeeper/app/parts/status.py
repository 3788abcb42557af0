"""Whose turn and why, each player's tile count, the stock, the end sum and the last placement."""

from __future__ import annotations

import flet as ft

from ...explain import placement_words, turn_words
from ...i18n import Translator
from ..models.open_match import OpenMatch
from .scoreboard import SIDE_COLORS
from .widgets import hook, kept, memoized


def status_view(t: Translator, table: OpenMatch, drawn: bool = False) -> ft.Control:
    """The status of the match on ``table`` as words; rebuilt only when a word changes. ``drawn``: this tab's
    entry marks the next tile as drawn (a draw whose first tile fits is recorded with that play, S8): the turn
    line says so."""
    match = table.shown
    r = match.round
    turn = match.turn
    turn_text = turn_words(t, match, turn) if turn is not None else None
    if drawn and turn is not None:
        turn_text = t("turn.play-drawn", name=match.players[turn.seat])
    lot_text = t("ui.lot_result", name=match.players[table.lot_seat]) if table.lot_seat is not None else None
    hands, stock, end_sum = None, "", None
    if r is not None:
        hands = tuple((t("ui.hand_count", name=name, count=r.hand_sizes[seat]),
                       SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)],
                       turn is not None and turn.seat == seat)
                      for seat, name in enumerate(match.players))
        stock = t("ui.stock_reserve" if r.reserve else "ui.stock", count=r.stock, reserve=r.reserve)  # R3
        end_sum = t("ui.end_sum", sum=r.layout.end_sum)
    explained = placement_words(t, match, table.last_info) if table.last_info is not None else None
    return _status(turn_text, lot_text, hands, stock, end_sum, explained, key="status")  # keyed: see screens/table.py


@memoized
def _status(turn_text: str | None, lot_text: str | None, hands: tuple[tuple[str, str, bool], ...] | None,
            stock: str, end_sum: str | None, explained: str | None) -> ft.Control:
    """The status as words (``hands``: ``(words, colour, to play)`` per seat)."""
    rows: list[ft.Control] = []
    if turn_text is not None:
        rows.append(hook("turn", ft.Text(turn_text, size=16, weight=ft.FontWeight.BOLD)))
    if lot_text is not None:
        rows.append(hook("lot-result", ft.Text(lot_text)))
    if hands is not None:
        # each seat's chip kept while its words and look stay: a Play changes two of them (the player's
        # count, whose turn), not every seat's
        chips = [kept(_hand_chip, seat, words, color, active) for seat, (words, color, active) in enumerate(hands)]
        chips.append(hook("stock", ft.Text(stock, size=13, weight=ft.FontWeight.BOLD)))
        rows.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=4))
    # the end sum and the last placement's sum on one line where they fit (a phone keeps its room for the table)
    sums = [hook("end-sum", ft.Text(end_sum, size=15, weight=ft.FontWeight.W_500))] if end_sum is not None else []
    if explained is not None:
        sums.append(hook("explain", ft.Text(explained, size=15, color=ft.Colors.BLUE_GREY_800)))
    if sums:
        rows.append(ft.Row(sums, wrap=True, spacing=12, run_spacing=2))
    return ft.Column(rows, spacing=4)


def _hand_chip(seat: int, words: str, color: str, active: bool) -> ft.Control:
    return hook(f"hand-{seat}", ft.Container(
        padding=ft.Padding.symmetric(horizontal=8, vertical=3), border_radius=12,
        border=ft.Border.all(2 if active else 1, color),
        bgcolor=ft.Colors.with_opacity(0.15, color) if active else None,
        content=ft.Text(words, size=13)))
