"""Pieces shared by the screens: the page column, the notice line, a choice button, when a match started."""

from __future__ import annotations

import flet as ft

from ..explain import violation_words
from .state import AppState
from .widgets import hook

MAX_COLUMN = 760  # px: a readable column on a wide window


def content_width(state: AppState) -> float:
    """Width of a screen's column: the phone's width, or at most :data:`MAX_COLUMN` on a wide window."""
    return max(min(state.width - 24, MAX_COLUMN), 240)


def page_column(head: ft.Control, rows: list[ft.Control], width: float) -> ft.Control:
    """``head`` on top, then ``rows`` in a scrolling column ``width`` wide, centred on a wide window."""
    body = ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, width=width)
    return ft.Column([head, ft.Container(content=body, alignment=ft.Alignment.TOP_CENTER, expand=True)],
                     spacing=6, expand=True)


def started_words(summary) -> str:
    """When a stored match started (``summary.started``, UTC), in this computer's time: ``2026-11-29 16:56``."""
    return summary.started.astimezone().strftime("%Y-%m-%d %H:%M")


def where_words(t, err) -> str:
    """``"round 2, move 7:"`` (or ``"round 2, hands:"``) for a located refusal, else ``""``."""
    if err.round_no is None:
        return ""
    if err.move_no is None:
        return t("ui.at_round", round=err.round_no)
    if err.move_no == "hands":
        return t("ui.at_hands", round=err.round_no)
    return t("ui.at_move", round=err.round_no, move=err.move_no)


def notice_view(state: AppState) -> ft.Control | None:
    """What the last import or export did (hook ``notice``): a refusal names the file, round, move and rule."""
    notice = state.notice
    if notice is None:
        return None
    t = state.t
    words = t(notice.key, **notice.params)
    if notice.error is not None:
        words += " " + " ".join(w for w in (where_words(t, notice.error), violation_words(t, notice.error)) if w)
    color, back = (ft.Colors.GREEN_900, ft.Colors.GREEN_50) if notice.ok else (ft.Colors.RED_900, ft.Colors.RED_50)
    return hook("notice", ft.Container(padding=10, border_radius=8, bgcolor=back,
                                       border=ft.Border.all(1, color), content=ft.Text(words, color=color)))


def choice(identifier: str, label: str, handler, *args, selected: bool = False) -> ft.Control:
    """A compact choice button (filled when chosen) with a hook; ``handler(*args)`` runs on click."""
    from .widgets import run

    cls = ft.FilledButton if selected else ft.OutlinedButton
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12), visual_density=ft.VisualDensity.COMPACT)
    return hook(identifier, cls(label, on_click=run(handler, *args), style=style), button=True, label=label)
