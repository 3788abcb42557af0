"""The table as a viewer's phone shows it: the scoreboard large, whose turn and why, the last award.

A tab whose device may not enter moves in the match shown (a viewer, or a scorer joined for another
match: ``Access.may_score`` false) is offered no entry controls at all (no picker, no spots, no Play,
Undo or score-sheet fixes), not disabled ones: the server would refuse them anyway (docs/server.md).
Every word is the engine's explanation (:mod:`scorekeeper.explain`), as on the scorer's table.
"""

from __future__ import annotations

import flet as ft

from ...explain import placement_words, settlement_words, turn_words
from ...i18n import Translator
from ...rules import Match, Status
from ..models.open_match import OpenMatch
from .rule_links import words_text
from .scoreboard import SIDE_COLORS, distance_words
from .status import table_counts
from .widgets import hook, kept, memoized


def watch_board(t: Translator, match: Match) -> ft.Control:
    """Every side's points in large figures (hooks ``score-<side>``, ``distance-<side>``, as on the table)."""
    winners = set(match.winners)
    sides = tuple(
        (name, match.points[side], distance_words(t, match, side), side in winners)
        for side, name in enumerate(match.side_names)
    )
    return _board(sides, match.rules.target_points)


@memoized
def _board(sides: tuple[tuple[str, int, str, bool], ...], target: int) -> ft.Control:
    cards: list[ft.Control] = []
    # a phone: two by two for 2 and 4 sides; 3 sides side by side (two and one left a half row empty)
    per_row = 3 if len(sides) == 3 else min(len(sides), 2)
    for side, (name, points, distance, winner) in enumerate(sides):
        color = SIDE_COLORS[side % len(SIDE_COLORS)]
        cards.append(
            ft.Container(
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                border_radius=12,
                border=ft.Border.all(4 if winner else 2, color),
                bgcolor=ft.Colors.with_opacity(0.08, color),
                col={"xs": 12 / per_row, "md": 12 / len(sides)},
                content=ft.Column(
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    controls=[
                        ft.Text(
                            name,
                            weight=ft.FontWeight.BOLD,
                            color=color,
                            size=18,
                            no_wrap=True,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        hook(f"score-{side}", ft.Text(str(points), size=52, weight=ft.FontWeight.BOLD)),
                        ft.ProgressBar(
                            value=max(0, min(points, target)) / target,
                            color=color,
                            bar_height=8,
                            bgcolor=ft.Colors.with_opacity(0.15, color),
                            border_radius=4,
                        ),
                        hook(f"distance-{side}", ft.Text(distance, size=14)),
                    ],
                ),
            )
        )
    return ft.ResponsiveRow(cards, spacing=8, run_spacing=8)


def watch_status(t: Translator, table: OpenMatch) -> ft.Control:
    """Whose turn and why, and the last award in the engine's words; between rounds the settlement."""
    match = table.shown
    r = match.round
    turn = match.turn
    if turn is not None:
        headline = turn_words(t, match, turn)
    elif match.status == Status.REVEAL and r is not None:
        domino = r.ended == "domino" and r.finisher is not None
        headline = (
            t("ui.domino", name=match.players[r.finisher]) if domino and r.finisher is not None else t("ui.blocked")
        )
    elif match.status == Status.START_ROUND:
        headline = t("ui.watch_next_round")
    else:
        headline = None
    award: tuple[str, ...] = ()
    award_hook = "explain"  # the last placement's award; "settlement": a round's settlement, step by step
    if table.settlement and match.status in (Status.START_ROUND, Status.FINISHED):  # the round is settled: say how
        award_hook = "settlement"
        award = tuple(settlement_words(t, match, event) for event in table.settlement)
    elif table.last_info is not None:
        award = (placement_words(t, match, table.last_info),)
    end_sum = t("ui.end_sum", sum=r.layout.end_sum) if r is not None and match.status == Status.MOVE else None
    # the tile drawn that fits, once its draw is recorded, is out of the stock (as on the scorer's table)
    stock = t("ui.stock", count=table_counts(match)[0]) if r is not None and match.status == Status.MOVE else None
    return _status(headline, award, award_hook, end_sum, stock, t("ui.watching"))


@memoized
def _status(
    headline: str | None, award: tuple[str, ...], award_hook: str, end_sum: str | None, stock: str | None, watching: str
) -> ft.Control:
    # each row kept while its words stay (a play changes the turn, the end sum and the award, seldom the
    # stock, never the footnote): on every device following a match, a move builds only what it changed
    sums = [row for row in (kept(_sum_row, "end-sum", end_sum), kept(_sum_row, "stock", stock)) if row is not None]
    rows = [
        kept(_headline_row, headline),
        ft.Row(sums, wrap=True, spacing=14) if sums else None,
        kept(_award_row, award_hook, award),
        kept(_watching_row, watching),
    ]
    return ft.Column([row for row in rows if row is not None], spacing=6)


def _headline_row(headline: str | None) -> ft.Control | None:
    return None if headline is None else hook("turn", words_text(headline, size=22, weight=ft.FontWeight.BOLD))


def _sum_row(name: str, words: str | None) -> ft.Control | None:
    return None if words is None else hook(name, ft.Text(words, size=16, weight=ft.FontWeight.W_500))


def _award_row(award_hook: str, award: tuple[str, ...]) -> ft.Control | None:
    if not award:
        return None
    return hook(
        award_hook,
        ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=8,
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(1, ft.Colors.AMBER_300),
            content=words_text(award[0], size=17)
            if len(award) == 1
            else ft.Column([words_text(line, size=17) for line in award], spacing=2),
        ),
    )


def _watching_row(watching: str) -> ft.Control:
    return hook("watching", words_text(watching, size=12, color=ft.Colors.BLUE_GREY_700))
