"""The scoreboard: points per side, the distance to 61, a race track and the E10 paper tally."""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from ...i18n import Translator
from ...rules import Match
from ..models.position import Position
from .fit import em_width
from .tally import tally_segments
from .widgets import hook, memoized

SIDE_COLORS = ["#C62828", "#1565C0", "#2E7D32", "#6A1B9A"]


def tally_picture(points: int, color: str, height: float = 18) -> cv.Canvas:
    """The E10 tally of ``points`` drawn ``height`` pixels high."""
    segments, width = tally_segments(points)
    paint = ft.Paint(color=color, stroke_width=1.6, stroke_cap=ft.StrokeCap.ROUND)
    shapes: list[cv.Shape] = [
        cv.Line(x1 * height, y1 * height, x2 * height, y2 * height, paint=paint) for x1, y1, x2, y2 in segments
    ]
    return cv.Canvas(width=max(width * height, 1), height=height, shapes=shapes)


def distance_words(t: Translator, match: Match, side: int) -> str:
    """How far ``side`` is from the target, as the engine counts it: at least 61 (Horse Race, H3)
    or exactly 61 (Exact 61, E3), or the match's own target and mode (house rule R7)."""
    to_go = match.points_to_target(side)
    if not to_go:
        return t("ui.reached", target=match.rules.target_points)
    return t("ui.distance_exact" if match.rules.exact else "ui.distance", n=to_go)


def scoreboard(t: Translator, position: Position, compact: bool = False, width: float = 390) -> ft.Control:
    """One card per side (hooks ``score-<side>`` and ``distance-<side>``); rebuilt only when a score changes.

    ``compact`` (the table screen on a phone, ``width`` px wide): every side on one row, smaller figures,
    so the layout and the move entry keep their room with 3 or 4 sides; each card as high all match long
    (the tally drawn smaller where it would take another line: it wrapped under the distance once a side
    scored, and everything under the scoreboard moved down).
    """
    match = position.match
    winners = set(match.winners)
    sides = tuple(
        (name, match.points[side], distance_words(t, match, side), side in winners)
        for side, name in enumerate(match.side_names)
    )
    card = (width - 20 - 6 * (len(sides) - 1)) / len(sides) - 14 if compact else 0.0  # a card's inner width
    return _scoreboard(sides, match.rules.target_points, compact, card)


@memoized
def _scoreboard(sides: tuple, target: int, compact: bool = False, card: float = 0.0) -> ft.Control:
    """``sides``: ``(name, points, distance words, winner)`` per side; ``target``: 61 (display points);
    ``card``: a compact card's inner width, px."""
    cards: list[ft.Control] = []
    per_row = len(sides) if compact else min(len(sides), 2)
    for side, (name, points, distance, winner) in enumerate(sides):
        color = SIDE_COLORS[side % len(SIDE_COLORS)]
        # a compact card's tally: beside the distance with two sides, on a line of its own with more
        own_line = compact and len(sides) > 2
        tally_height = (
            compact_tally_height(points, card if own_line else card - em_width(distance) * 12 - 6)
            if compact
            else TALLY_HEIGHT
        )
        cards.append(
            ft.Container(
                padding=ft.Padding.symmetric(horizontal=6 if compact else 10, vertical=4 if compact else 6),
                border_radius=10,
                border=ft.Border.all(3 if winner else 1, color),
                bgcolor=ft.Colors.with_opacity(0.06, color),
                col={"xs": 12 / per_row, "md": 6},
                content=_card(side, name, points, distance, target, compact, tally_height, own_line),
            )
        )
    return ft.ResponsiveRow(cards, spacing=6, run_spacing=6)


TALLY_HEIGHT = 16  # px: the tally's strokes, where there is room
TALLY_SMALLEST = 7  # px: a compact card's tally, at the least


def compact_tally_height(points: int, room: float) -> float:
    """The height (px) at which ``points``' tally fits ``room`` px: :data:`TALLY_HEIGHT` where it does, else
    smaller (at least :data:`TALLY_SMALLEST`; the card clips what is still wider)."""
    units = tally_segments(points)[1]
    if units <= 0 or room <= 0:
        return TALLY_HEIGHT
    return float(max(TALLY_SMALLEST, min(TALLY_HEIGHT, int(room / units))))


@memoized
def _card(
    side: int,
    name: str,
    points: int,
    distance: str,
    target: int,
    compact: bool = False,
    tally_height: float = TALLY_HEIGHT,
    own_line: bool = False,
) -> ft.Control:
    """One side's name, points, race track and tally: rebuilt only when this side scores."""
    color = SIDE_COLORS[side % len(SIDE_COLORS)]
    track = ft.ProgressBar(
        value=max(0, min(points, target)) / target,
        color=color,
        bgcolor=ft.Colors.with_opacity(0.15, color),
        bar_height=6 if compact else 8,
        border_radius=4,
        expand=True,
    )
    tally = hook(
        f"tally-{side}",
        ft.Container(
            height=18,
            alignment=ft.Alignment.CENTER_LEFT,
            clip_behavior=ft.ClipBehavior.HARD_EDGE if compact else None,
            content=tally_picture(points, color, tally_height),
        ),
    )
    distance_text = hook(f"distance-{side}", ft.Text(distance, size=12, no_wrap=compact))
    last: list[ft.Control]
    if not compact:
        last = [ft.Row(spacing=6, wrap=True, controls=[distance_text, tally])]
    elif own_line:
        last = [distance_text, tally]
    else:
        last = [ft.Row(spacing=6, controls=[distance_text, ft.Container(expand=True, content=tally)])]
    return ft.Column(
        spacing=1 if compact else 2,
        controls=[
            ft.Row(
                [
                    ft.Text(
                        name,
                        weight=ft.FontWeight.BOLD,
                        color=color,
                        expand=True,
                        size=13 if compact else None,
                        overflow=ft.TextOverflow.ELLIPSIS,
                        no_wrap=True,
                    ),
                    hook(f"score-{side}", ft.Text(str(points), size=20 if compact else 26, weight=ft.FontWeight.BOLD)),
                ]
            ),
            ft.Row([track] if compact else [track, ft.Text(str(target), size=11)], spacing=6),
            *last,
        ],
    )
