"""The score sheet: a round's moves as a list (who, tile, spot, points), and its hands; each entry opens its fix.

On a phone the table shows a strip of the round's moves, the latest first
(the one to fix is usually a few moves back), and a button that opens the
whole sheet (every round); on a wide window the whole sheet stands beside
the table. A tap on an entry opens the correction panel for it
(:class:`~..models.correction.Correction`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import hands_words, move_words, settlement_words, signed
from ...i18n import Translator
from ...rules import Match, Play
from ...rules.match import Round
from ...rules.tiles import tile_text
from ..models.correction import Correction
from ..models.open_match import OpenMatch
from ..models.shell import Shell
from .widgets import hook, kept, memoized, quick_button, run

Entry = tuple[int, int | None, str, str]  # (round, move or None for the hands, short words, long words)


def round_entries(t: Translator, match: Match, r: Round) -> list[Entry]:
    """Round ``r``'s moves (and its hands, once revealed) as sheet entries, in play order."""
    entries: list[Entry] = []
    for index, move in enumerate(r.moves):
        info = r.placements.get(index)
        points = ""
        if info is not None and info.event is not None and info.event.accepted and info.event.points:
            points = " " + signed(info.event.points)
        name = match.players[move.player]
        if type(move) is Play:
            short = f"{index + 1} {name} {tile_text(move.tile)}{points}"
        else:
            short = f"{index + 1} " + move_words(t, match, r, index)
        entries.append((r.number, index + 1, short, f"{index + 1}. {move_words(t, match, r, index)}{points}"))
    if r.hands is not None:
        words = hands_words(t, match, r)
        penalties = [settlement_words(t, match, e) for e in r.events if e.kind == "misplay"]  # R14
        if penalties:
            words = "; ".join([words, *penalties])
        entries.append((r.number, None, t("ui.sheet_hands"), words))
    return entries


def sheet_hook(round_no: int, move_no: int | None) -> str:
    """``sheet-<round>-<move>`` or ``sheet-<round>-hands``."""
    return f"sheet-{round_no}-{'hands' if move_no is None else move_no}"


def score_strip(shell: Shell, table: OpenMatch, correction: Correction) -> ft.Control:
    """A phone's strip: the current round's moves, the latest first, each a tap away from its fix; then
    the whole sheet and, right after an Undo, Redo. While the whole sheet is open only the button that
    closes it: the sheet has every entry and Redo (two controls with one hook were in the page)."""
    t, match = shell.t, table.shown
    r = match.rounds[-1] if match.rounds else None
    entries = tuple(round_entries(t, match, r)) if r is not None and not correction.sheet_open else ()
    redo = t("ui.redo") if table.can_redo and not correction.sheet_open else None
    return _strip(entries, correction.open_entry, correction.show_sheet, t("ui.score_sheet"), redo, table.redo)


STRIP_GROUP = 6  # entries per group of the strip's chips, in play order


@memoized
def _strip(
    entries: tuple[Entry, ...],
    open_entry: Callable[[int, int | None], Any],
    show_sheet: Callable[[], Any],
    sheet_label: str,
    redo_label: str | None,
    redo: Callable[[], Any],
) -> ft.Control:
    """``entries`` in play order, shown the latest first, in groups of :data:`STRIP_GROUP` (the latest group first).

    A new entry goes first: in one row of chips every chip after it moved one place, and the browser
    rebuilt the whole row (every chip, each a hooked button) on each Play. In groups of six by play
    order (each a tight row, the same gaps: the strip looks the same), a new entry changes the latest
    group only; the other groups are the same controls (Flet's diff skips them) and the browser keeps
    their widgets. Each chip is kept while its words stay (its hook is its entry's place in play order).
    """
    # the buttons first, at fixed places among the kept parts (a kept part is a hook: kept by its place)
    redo_button = kept(_quick, "redo", redo_label, redo, ft.Icons.REDO)
    chips: list[ft.Control] = [] if redo_button is None else [redo_button]
    sheet_button = kept(_quick, "sheet-open", sheet_label, show_sheet, ft.Icons.LIST_ALT)
    assert sheet_button is not None
    chips.append(sheet_button)
    groups: list[ft.Control] = []
    for start in range(0, len(entries), STRIP_GROUP):
        # a group's chips, then the group, kept while they are the same chips: the places of the full
        # groups' parts never change as entries are added after them
        made = tuple(
            kept(_chip, round_no, move_no, short, open_entry)
            for round_no, move_no, short, _long in entries[start : start + STRIP_GROUP]
        )
        groups.append(kept(_chip_group, start, *made))
    return ft.Row(chips + groups[::-1], spacing=6, scroll=ft.ScrollMode.AUTO)


def _quick(name: str, label: str | None, handler: Callable[[], Any], icon: ft.IconData) -> ft.Control | None:
    """The strip's Redo or whole-sheet button (``None``: no ``label``, not offered)."""
    return None if label is None else quick_button(name, label, handler, icon=icon)


def _chip_group(start: int, *chips: ft.Control) -> ft.Control:
    """Chips of the strip in play order from entry ``start`` (0-based), shown the latest first (a tight row: the
    strip's own gaps); keyed by ``start``: a new group before it moves it, Flet does not compare it with its
    neighbour."""
    return ft.Row(list(chips[::-1]), spacing=6, tight=True, key=f"group-{start}")


def _chip(round_no: int, move_no: int | None, short: str, open_entry: Callable[[int, int | None], Any]) -> ft.Control:
    return hook(
        sheet_hook(round_no, move_no),
        ft.Container(
            padding=ft.Padding.symmetric(horizontal=10, vertical=6),
            border_radius=14,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            on_click=run(open_entry, round_no, move_no),
            content=ft.Text(short, size=13, no_wrap=True),
        ),
        button=True,
    )


def score_sheet(
    shell: Shell, table: OpenMatch, correction: Correction, names: Callable[[], Any] | None = None
) -> ft.Control:
    """The whole sheet: every round (the latest first), each move with its points and the revealed hands;
    a tap on an entry opens its fix (hook ``score-sheet``); ``names``, when given: opens the players' names
    to fix (hook ``rename``, beside the title)."""
    t, match = shell.t, table.shown
    rounds = tuple((t("ui.round_n", n=r.number), tuple(round_entries(t, match, r))) for r in reversed(match.rounds))
    return _sheet(
        t("ui.score_sheet"),
        t("ui.sheet_help"),
        rounds,
        correction.open_entry,
        t("ui.redo") if table.can_redo else None,
        table.redo,
        t("ui.names") if names else None,
        names,
    )


@memoized
def _sheet(
    title: str,
    help_text: str,
    rounds: tuple[tuple[str, tuple[Entry, ...]], ...],
    open_entry: Callable[[int, int | None], Any],
    redo_label: str | None,
    redo: Callable[[], Any],
    names_label: str | None = None,
    names: Callable[[], Any] | None = None,
) -> ft.Control:
    buttons: list[ft.Control] = []
    if redo_label is not None:
        buttons.append(quick_button("redo", redo_label, redo, icon=ft.Icons.REDO))
    if names_label is not None and names is not None:
        buttons.append(quick_button("rename", names_label, names, icon=ft.Icons.DRIVE_FILE_RENAME_OUTLINE))
    rows: list[ft.Control] = [
        ft.Row([ft.Text(title, size=16, weight=ft.FontWeight.BOLD, expand=True)]),
        ft.Text(help_text, size=12, color=ft.Colors.GREY_700),
    ]
    if buttons:
        rows.insert(1, ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    for heading, entries in rounds:
        rows.append(ft.Text(heading, weight=ft.FontWeight.BOLD, size=14))
        for round_no, move_no, _short, long in entries:
            rows.append(
                hook(
                    sheet_hook(round_no, move_no),
                    ft.Container(
                        padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                        border_radius=6,
                        on_click=run(open_entry, round_no, move_no),
                        content=ft.Text(long, size=13),
                    ),
                    button=True,
                )
            )
    return hook(
        "score-sheet",
        ft.Container(
            padding=10, border_radius=8, border=ft.Border.all(1, ft.Colors.GREY_300), content=ft.Column(rows, spacing=2)
        ),
    )
