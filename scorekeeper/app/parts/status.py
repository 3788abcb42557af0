"""Whose turn and why, each player's tile count, the stock, the end sum and the last placement."""

from __future__ import annotations

import flet as ft

from ...explain import placement_words, turn_words
from ...i18n import Translator
from ...rules import Match
from ..models.open_match import OpenMatch
from .scoreboard import SIDE_COLORS
from .widgets import hook, memoized


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
        in_stock, held = table_counts(match, drawn)
        hands = tuple((t("ui.hand_count", name=name, count=held[seat]),
                       SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)],
                       turn is not None and turn.seat == seat)
                      for seat, name in enumerate(match.players))
        stock = t("ui.stock_reserve" if r.reserve else "ui.stock", count=in_stock, reserve=r.reserve)  # R3
        end_sum = t("ui.end_sum", sum=r.layout.end_sum)
    explained = placement_words(t, match, table.last_info) if table.last_info is not None else None
    return _status(turn_text, lot_text, hands, stock, end_sum, explained)


def table_counts(match: Match, drawn: bool = False) -> tuple[int, tuple[int, ...]]:
    """The stock and each seat's tiles as they are on the table: ``(stock, hands by seat)``.

    The engine records a draw whose tile fits with the play of that tile (S8): after Draw → "0 did not
    fit" (``drawn``: this tab marks the next play as drawn) nothing is recorded, and after "2 did not fit"
    the record holds the two, not the third that fits. That tile is out of the stock and in the drawer's
    hand all the same, so until it is played it is counted there (the record is not changed: its Play,
    ``drawn``, takes it from the stock). Raises ``AssertionError`` between rounds.
    """
    r = match.round
    assert r is not None, "counts of a round"
    turn = match.turn
    held = list(r.hand_sizes)
    if turn is not None and (drawn or turn.must == "drawn"):  # the drawn tile that fits, to be played now
        held[turn.seat] += 1
        return r.stock - 1, tuple(held)
    return r.stock, tuple(held)


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
        chips: list[ft.Control] = []
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
