"""Whose turn and why, each player's tile count, the stock, the end sum, the last placement, the news.

On a phone the status is three slots of fixed height (issue 21): whose turn
(the name large, in the side's colour, readable across the table as on a
viewer's phone), the hands and the stock, and the news line: a refusal, what
the last fix did, else the last placement explained. A text that changes with
a tap (a longer turn line, a message coming or going) then never moves the
controls under it: a finger, or a test, aimed at Play or a tile hits it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import placement_words, turn_words
from ...i18n import Translator
from ...rules import Match, Status
from ..models.open_match import OpenMatch
from .fit import em_width, fit_size, fits, keep_words
from .rule_links import linked_text
from .scoreboard import SIDE_COLORS
from .widgets import hook, kept, memoized

LINE = 1.45  # a line's height per px of font size (the font's ascent and descent: 1.16 + 0.29 em)
NAME_SIZE = 24  # px: the name of the player to move
TURN_SIZE, TURN_SMALLEST = 17, 13  # px: the rest of the turn line, fitted to two lines
TURN_HEIGHT = round(NAME_SIZE * LINE + TURN_SIZE * LINE) + 2  # two lines: the name's, and one more
NEWS_SIZES = (14, 13, 12, 11)  # px: the news line's, the largest at which it fits its slot
NEWS_HEIGHT = 54  # px: two lines of 14 px or three of 11, and a little padding
CHIP_ROW = round(13 * LINE) + 10  # px: a row of the hands' chips (13 px words, padding, frame)
NEWS_COLORS = {"message": ft.Colors.RED_900, "notice": ft.Colors.GREEN_900}  # else neutral

#: what the news slot shows: ``(hook, words)`` — a refusal (``message``), what the last action did
#: (``notice``), the last placement explained (``explain``), who the lot chose (``lot-result``), a help line
News = tuple[str, str]


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


def headline(t: Translator, match: Match, drawn: bool = False) -> tuple[str, str, str | None, str] | None:
    """The turn slot's words: ``(hook, text, name, colour)`` — whose turn and why (``turn``; ``drawn``: this
    tab marks the next tile as drawn, S8, and the line says so), or at a round's end who went out or that
    it is blocked (``round-end``); ``name``: the player named first (drawn large), ``None`` for a blocked
    round. ``None`` between rounds."""
    r, turn = match.round, match.turn
    if turn is not None:
        name = match.players[turn.seat]
        text = t("turn.play-drawn", name=name) if drawn else turn_words(t, match, turn)
        return "turn", text, name, SIDE_COLORS[match.side_of[turn.seat] % len(SIDE_COLORS)]
    if r is not None and match.status == Status.REVEAL:
        if r.ended == "domino" and r.finisher is not None:
            name = match.players[r.finisher]
            return (
                "round-end",
                t("ui.domino", name=name),
                name,
                SIDE_COLORS[match.side_of[r.finisher] % len(SIDE_COLORS)],
            )
        return "round-end", t("ui.blocked"), None, ft.Colors.BLUE_GREY_900
    return None


def status_view(
    t: Translator,
    table: OpenMatch,
    drawn: bool = False,
    *,
    news: News | None = None,
    width: float = 390,
    open_rule: Callable[[str], Any] | None = None,
) -> ft.Control:
    """The status of the match on ``table``; rebuilt only when a word changes. ``drawn``: this tab's entry
    marks the next tile as drawn (:func:`table_counts`, :func:`headline`). ``news``: what the news slot says
    instead of the last placement (a refusal, a notice; ``open_rule`` links their rule ids); ``width``: the
    slots' width in px. At a round's end: the headline and the news slot (the hands are being entered)."""
    match = table.shown
    r = match.round
    head = headline(t, match, drawn)
    hands, stock, end_sum, rows = None, "", None, 1
    if r is not None and match.status == Status.MOVE:
        in_stock, held = table_counts(match, drawn)
        hands = tuple(
            (
                t("ui.hand_count", name=name, count=held[seat]),
                SIDE_COLORS[match.side_of[seat] % len(SIDE_COLORS)],
                match.turn is not None and match.turn.seat == seat,
            )
            for seat, name in enumerate(match.players)
        )
        stock = t("ui.stock_reserve" if r.reserve else "ui.stock", count=in_stock, reserve=r.reserve)  # R3
        end_sum = t("ui.end_sum", sum=r.layout.end_sum)
        rows = chip_rows(t, match, width)
        if news is None and table.last_info is not None:
            news = ("explain", placement_words(t, match, table.last_info))
        elif news is None and table.lot_seat is not None:
            news = ("lot-result", t("ui.lot_result", name=match.players[table.lot_seat]))
    elif news is None and match.status == Status.REVEAL:
        news = ("reveal-help", t("ui.reveal_help"))
    # keyed: Flet matches it by key when a part before it comes or goes (screens/table.py keyed())
    return _status(head, hands, stock, end_sum, rows, news, width, open_rule, key="status")


def chip_rows(t: Translator, match: Match, width: float) -> int:
    """How many rows the hands' chips, the stock and the end sum take at most in ``width`` px, counted with
    two-digit numbers (the most a hand or the stock holds): the row is that high all round long, so a count
    that grows (a draw) never wraps a chip onto a new row under the player's finger."""
    pieces = [em_width(t("ui.hand_count", name=name, count=10)) * 13 + 20 for name in match.players]
    reserve = match.round.reserve if match.round is not None else 0  # R3: the stock says what is never drawn
    pieces.append(em_width(t("ui.stock_reserve" if reserve else "ui.stock", count=10, reserve=reserve), bold=True) * 13)
    pieces.append(em_width(t("ui.end_sum", sum=88)) * 13)
    rows, used = 1, 0.0
    for piece in pieces:
        if used and used + 6 + piece > width:
            rows, used = rows + 1, piece
        else:
            used += (6 if used else 0) + piece
    return rows


@memoized
def _status(
    head: tuple[str, str, str | None, str] | None,
    hands: tuple[tuple[str, str, bool], ...] | None,
    stock: str,
    end_sum: str | None,
    rows_of_chips: int,
    news: News | None,
    width: float,
    open_rule: Callable[[str], Any] | None,
) -> ft.Control:
    """The three slots (``hands``: ``(words, colour, to play)`` per seat)."""
    rows: list[ft.Control] = [turn_slot(head, width)]
    if hands is not None:
        # each seat's chip kept while its words and look stay: a Play changes two of them (the player's
        # count, whose turn), not every seat's
        chips = [kept(_hand_chip, seat, words, color, active) for seat, (words, color, active) in enumerate(hands)]
        chips.append(hook("stock", ft.Text(stock, size=13, weight=ft.FontWeight.BOLD)))
        if end_sum is not None:
            chips.append(hook("end-sum", ft.Text(end_sum, size=13, weight=ft.FontWeight.W_500)))
        rows.append(
            ft.Container(
                height=rows_of_chips * CHIP_ROW + (rows_of_chips - 1) * 4,
                alignment=ft.Alignment.TOP_LEFT,
                content=ft.Row(
                    chips, wrap=True, spacing=6, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER
                ),
            )
        )
    rows.append(news_slot(news, width, open_rule))
    return ft.Column(rows, spacing=4)


def _hand_chip(seat: int, words: str, color: str, active: bool) -> ft.Control:
    return hook(
        f"hand-{seat}",
        ft.Container(
            padding=ft.Padding.symmetric(horizontal=8, vertical=3),
            border_radius=12,
            border=ft.Border.all(2 if active else 1, color),
            bgcolor=ft.Colors.with_opacity(0.15, color) if active else None,
            content=ft.Text(words, size=13),
        ),
    )


def turn_slot(head: tuple[str, str, str | None, str] | None, width: float) -> ft.Control:
    """Whose turn (two lines high, always): the player's name large in the side's colour, the rest of the
    sentence after it at the size that fits two lines (the longest, with a house rule's words, is cut)."""
    if head is None:
        return ft.Container(height=TURN_HEIGHT)
    name_hook, text, name, color = head
    first, rest = (name, text[len(name) :]) if name is not None and text.startswith(name) else ("", text)
    # two lines, the first shared with the name (drawn at its size whatever the rest takes)
    room = max(width * 1.8 - em_width(first, bold=True) * NAME_SIZE, width * 0.8)
    size = fit_size(rest, room, TURN_SIZE, TURN_SMALLEST, bold=True)
    spans = []
    if first:
        spans.append(
            ft.TextSpan(keep_words(first), style=ft.TextStyle(size=NAME_SIZE, color=color, weight=ft.FontWeight.BOLD))
        )
    spans.append(
        ft.TextSpan(
            keep_words(rest), style=ft.TextStyle(size=size if first else TURN_SIZE + 1, weight=ft.FontWeight.BOLD)
        )
    )
    words = ft.Text(spans=spans, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS, semantics_label=text)
    return ft.Container(height=TURN_HEIGHT, alignment=ft.Alignment.CENTER_LEFT, content=hook(name_hook, words))


def news_slot(news: News | None, width: float, open_rule: Callable[[str], Any] | None = None) -> ft.Control:
    """The news line (as high always): a refusal in red, a notice in green, else the last placement explained;
    two lines of 14 px, a long refusal smaller (three lines of 11 px), and it scrolls in its slot beyond."""
    if news is None:
        return ft.Container(height=NEWS_HEIGHT)
    name, words = news
    # the largest size at which the words take no more lines than the slot holds at that size
    size = next(
        (size for size in NEWS_SIZES if fits(words, width - 8, size, int((NEWS_HEIGHT - 6) // (size * LINE)))),
        NEWS_SIZES[-1],
    )
    color = NEWS_COLORS.get(name, ft.Colors.BLUE_GREY_800)
    text = linked_text(
        words, open_rule, size=size, color=color, weight=ft.FontWeight.W_500 if name in NEWS_COLORS else None
    )
    body = ft.Column([hook(name, text)], scroll=ft.ScrollMode.AUTO, spacing=0)
    return ft.Container(
        height=NEWS_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=4, vertical=3),
        alignment=ft.Alignment.CENTER_LEFT,
        content=body,
        bgcolor=ft.Colors.RED_50 if name == "message" else None,
        border_radius=6,
    )
