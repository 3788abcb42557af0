"""The chart of the scores over a match (hook ``chart``), drawn with ``flet.canvas``.

``flet.canvas`` is part of the Flet client itself (the tally already uses
it), so it renders in the offline web view; ``flet-charts`` would need a
client extension that ``flet-web`` does not ship. One step line per side
(display points after every action, from :mod:`.progress`), a dot for each
award, a hollow dot for an Exact 61 award rejected whole (E3), the target 61
as a dashed line, 0 as a solid one (Exact 61 scores can go below it, E6
reading), a light band per round with its number below, and an optional
marker for the step a review shows. Names and points are plain Text under
the picture so they use the app's font (Hangul, Cyrillic).
"""

from __future__ import annotations

import flet as ft
import flet.canvas as cv

from ...rules.match import Match
from .progress import Progress, points_at, score_progress
from .scoreboard import SIDE_COLORS
from .widgets import hook

LEFT, RIGHT, TOP, BOTTOM = 30, 10, 10, 20  # px around the plot: y labels left, round numbers below
AXIS = "#616161"
BAND = "#F1F4F1"
FONT = "NotoSansKR"  # the app's font (main.FONT_FAMILY), also for numbers drawn on the canvas


def _scale(progress: Progress, width: float, height: float):
    plot_w, plot_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    span = progress.high - progress.low or 1
    steps = max(progress.steps, 1)

    def x(step: float) -> float:
        return LEFT + step / steps * plot_w

    def y(points: float) -> float:
        return TOP + (progress.high - points) / span * plot_h

    return x, y


def chart_shapes(progress: Progress, width: float, height: float, marker: int | None = None) -> list:
    """The canvas shapes of the chart, ``width`` x ``height`` pixels; ``marker``: a step to mark."""
    x, y = _scale(progress, width, height)
    label = ft.TextStyle(size=10, color=AXIS, font_family=FONT)
    shapes: list = []
    # rounds: alternate light bands, the round number below
    bounds = [start - 1 for start in progress.round_steps] + [progress.steps]
    for number, (start, end) in enumerate(zip(bounds, bounds[1:], strict=False), start=1):
        if number % 2:
            shapes.append(cv.Rect(x(start), TOP, x(end) - x(start), height - TOP - BOTTOM, paint=ft.Paint(color=BAND)))
        shapes.append(
            cv.Text(
                (x(start) + x(end)) / 2,
                height - BOTTOM + 3,
                str(number),
                style=label,
                alignment=ft.Alignment.TOP_CENTER,
            )
        )
    # the levels that matter: 0, 61 (dashed), and the lowest or highest score when outside 0..61
    target = progress.target
    levels = [(0, False), (target, True)]
    for extra in (progress.low, progress.high):
        if extra not in (0, target) and all(abs(y(extra) - y(level)) > 11 for level, _ in levels):
            levels.append((extra, False))
    for value, dashed in levels:
        paint = ft.Paint(
            color=AXIS if value in (0, target) else ft.Colors.GREY_400,
            stroke_width=1,
            stroke_dash_pattern=[5, 4] if dashed else None,
        )
        shapes.append(cv.Line(LEFT, y(value), width - RIGHT, y(value), paint=paint))
        shapes.append(cv.Text(LEFT - 4, y(value), str(value), style=label, alignment=ft.Alignment.CENTER_RIGHT))
    if marker is not None:
        shapes.append(
            cv.Line(
                x(marker), TOP - 4, x(marker), height - BOTTOM, paint=ft.Paint(color=ft.Colors.BLACK, stroke_width=1.5)
            )
        )
    # one step line per side, nudged apart so equal scores stay visible
    sides = len(progress.series)
    for side, line in enumerate(progress.series):
        color = SIDE_COLORS[side % len(SIDE_COLORS)]
        nudge = (side - (sides - 1) / 2) * 1.6
        elements: list[cv.Path.PathElement] = [cv.Path.MoveTo(x(0), y(0) + nudge)]
        last = 0
        for step, points in line[1:]:
            elements.append(cv.Path.LineTo(x(step), y(last) + nudge))
            elements.append(cv.Path.LineTo(x(step), y(points) + nudge))
            last = points
        elements.append(cv.Path.LineTo(x(progress.steps), y(last) + nudge))
        shapes.append(
            cv.Path(
                elements,
                paint=ft.Paint(
                    color=color, stroke_width=2.2, style=ft.PaintingStyle.STROKE, stroke_join=ft.StrokeJoin.ROUND
                ),
            )
        )
    for change in progress.changes:
        color = SIDE_COLORS[change.side % len(SIDE_COLORS)]
        nudge = (change.side - (sides - 1) / 2) * 1.6
        cx, cy = x(change.step), y(change.points) + nudge
        if change.accepted:
            shapes.append(cv.Circle(cx, cy, 3, paint=ft.Paint(color=color)))
        else:  # E3: rejected whole, the score stays
            shapes.append(
                cv.Circle(cx, cy, 4.5, paint=ft.Paint(color=color, style=ft.PaintingStyle.STROKE, stroke_width=1.5))
            )
    return shapes


def score_chart(
    t, match: Match, width: float, height: float = 170, marker: int | None = None, title: bool = True
) -> ft.Control:
    """The chart of ``match``'s scores (hook ``chart``) with a legend; ``marker``: a review's step.

    The hook's text is the legend: each side with its points (at
    ``marker`` when given, else now), e.g. ``Ann 62 · Bo 0``.
    """
    progress = score_progress(match)
    width = max(width, 200)
    canvas = cv.Canvas(width=width, height=height, shapes=chart_shapes(progress, width, height, marker))
    at = progress.steps if marker is None else marker
    legend: list[ft.Control] = []
    for side, name in enumerate(match.side_names):
        color = SIDE_COLORS[side % len(SIDE_COLORS)]
        legend.append(
            ft.Row(
                spacing=4,
                tight=True,
                controls=[
                    ft.Container(width=14, height=4, bgcolor=color, border_radius=2),
                    ft.Text(f"{name} {points_at(progress, side, at)}", size=13, color=color, weight=ft.FontWeight.BOLD),
                ],
            )
        )
    rows: list[ft.Control] = []
    if title:
        rows.append(ft.Text(t("ui.chart_title"), size=15, weight=ft.FontWeight.BOLD))
    rows += [
        ft.Row(legend, wrap=True, spacing=12, run_spacing=2),
        ft.Container(
            content=canvas,
            width=width,
            height=height,
            bgcolor=ft.Colors.WHITE,
            border_radius=8,
            border=ft.Border.all(1, ft.Colors.GREY_300),
        ),
        ft.Text(t("ui.chart_caption", target=progress.target), size=11, color=ft.Colors.GREY_700),
    ]
    return hook("chart", ft.Column(rows, spacing=4, tight=True))
