"""Pieces shared by the screens: the page column, a choice button, the screen header, when a match started."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...i18n import Translator
from ...rules import Match
from ...store import MatchSummary
from ..navigation import Screen
from .fit import fit_size
from .widgets import hook, kept, memoized, run

MAX_COLUMN = 760  # px: a readable column on a wide window


def content_width(width: float) -> float:
    """Width of a screen's column in a window ``width`` px wide: the phone's width, or at most
    :data:`MAX_COLUMN` on a wide window."""
    return max(min(width - 24, MAX_COLUMN), 240)


def page_column(head: ft.Control, rows: list[ft.Control], width: float) -> ft.Control:
    """``head`` on top, then ``rows`` in a scrolling column ``width`` wide, centred on a wide window."""
    body = ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, width=width)
    return ft.Column(
        [head, ft.Container(content=body, alignment=ft.Alignment.TOP_CENTER, expand=True)], spacing=6, expand=True
    )


def started_words(summary: MatchSummary) -> str:
    """When a stored match started (``summary.started``, UTC), in this computer's time: ``2026-11-29 16:56``."""
    return summary.started.astimezone().strftime("%Y-%m-%d %H:%M")


def choice(identifier: str, label: str, handler: Callable[..., Any], *args: Any, selected: bool = False) -> ft.Control:
    """A compact choice button (filled when chosen) with a hook; ``handler(*args)`` runs on click."""
    cls = ft.FilledButton if selected else ft.OutlinedButton
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12), visual_density=ft.VisualDensity.COMPACT)
    return hook(
        identifier, cls(label, on_click=run(handler, *args), style=style), button=True, label=label, selected=selected
    )


def match_header(
    t: Translator,
    match: Match,
    go: Callable[[Screen], Any],
    phones: Callable[[], Any] | None = None,
    width: float = 390,
) -> ft.Control:
    """The header of the table: the game and round (``Horse Race · Round 2``); ``phones`` (a host's tab):
    opens the Table screen (the join codes and the devices); ``width``: the window's, px. Between rounds
    (a round settled, or none yet) it names the round about to be dealt, as the round's start card does;
    a finished match keeps its last round's number."""
    title = t("game." + match.variant)
    number = len(match.rounds) + (1 if match.status == "start-round" else 0)
    if number:
        title += " · " + t("ui.round_n", n=number)
    return header(t, title, go, phones, width=width)


ICON = 40  # px: an IconButton of the header
PAGE_PADDING = 20  # px: the page's padding, both sides (main.py)


def header(
    t: Translator,
    title: str,
    go: Callable[[Screen], Any],
    phones: Callable[[], Any] | None = None,
    *,
    width: float = 390,
    before: int = 0,
) -> ft.Control:
    """Home, the screen's ``title``, the phones at the table (``phones``: opens that screen, when given),
    the rules, settings; ``go(screen)`` opens a screen. ``width``: the window's (px); ``before``: icons the
    screen puts before the header (a back arrow). The title stays on one line: smaller where it is long
    (18 px down to 14), cut with an ellipsis where even that is too wide (it wrapped on a phone)."""
    icons = 3 + (phones is not None) + before
    room = width - PAGE_PADDING - ICON * icons
    return _header(
        title,
        fit_size(title, room, 18, 14, bold=True),
        t("ui.home"),
        t("ui.rules"),
        t("ui.settings"),
        go,
        t("ui.phones_tip") if phones else None,
        phones,
    )


@memoized
def _header(
    title: str,
    size: float,
    home_tip: str,
    rules_tip: str,
    settings_tip: str,
    go: Callable[[Screen], Any],
    phones_tip: str | None = None,
    phones: Callable[[], Any] | None = None,
) -> ft.Control:
    # the buttons kept while their words stay: a new title (each round's start) builds the title only
    home = kept(_icon, "home", ft.Icons.HOME, home_tip, None, go, Screen.HOME)
    phone = kept(_phones_icon, phones_tip, phones)  # always called: a kept part is kept by its place
    rules = kept(_icon, "rules", ft.Icons.MENU_BOOK, rules_tip, rules_tip, go, Screen.RULES)
    settings = kept(_icon, "settings", ft.Icons.TRANSLATE, settings_tip, None, go, Screen.SETTINGS)
    buttons = [phone] if phone is not None else []
    return ft.Row(
        [
            home,
            ft.Text(
                title, size=size, weight=ft.FontWeight.BOLD, expand=True, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS
            ),
            *buttons,
            rules,
            settings,
        ],
        spacing=0,
    )


def _phones_icon(tip: str | None, phones: Callable[[], Any] | None) -> ft.Control | None:
    """The header's way to the phones at the table (a host's tab), or ``None``."""
    return None if phones is None else _icon("phones", ft.Icons.QR_CODE_2, tip, None, phones)


def _icon(
    name: str, icon: ft.IconData, tip: str | None, label: str | None, handler: Callable[..., Any], *args: Any
) -> ft.Control:
    """A header button (hook ``name``): ``handler(*args)`` on a tap, ``tip`` its tooltip, ``label`` its hook's."""
    return hook(name, ft.IconButton(icon, tooltip=tip, on_click=run(handler, *args)), button=True, label=label)
