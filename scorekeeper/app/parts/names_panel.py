"""The table's Names panel (fix the players' names) and the panel of an abandoned match (Undo brings it back).

Both are drawn in place of the move entry. The names fixed hold for the whole match: the scoreboard, the
history, the statistics by player, the review and the export say them; Undo takes the fix back.
"""

from __future__ import annotations

import functools

import flet as ft

from ..models.names import NamesForm
from ..models.open_match import OpenMatch
from ..models.setup import MAX_NAME
from ..models.shell import Shell
from .rule_links import words_text
from .widgets import action_button, hook, run, text_entry


def names_panel(shell: Shell, form: NamesForm) -> ft.Control:
    """A field per seat (hooks ``rename-N``), Save (``rename-save``) and Cancel (``rename-cancel``)."""
    t = shell.t
    fields = [
        text_entry(
            f"rename-{seat}",
            name,
            functools.partial(form.set_name, seat),
            label=t("ui.seat_name", n=seat + 1),
            dense=True,
            max_length=MAX_NAME,
            on_submit=run(form.save),
        )
        for seat, name in enumerate(form.names)
    ]
    buttons = ft.Row(
        wrap=True,
        spacing=6,
        run_spacing=6,
        controls=[
            action_button(
                "rename-save", t("ui.names_save"), form.save, filled=True, icon=ft.Icons.CHECK, disabled=shell.busy
            ),
            action_button("rename-cancel", t("ui.cancel"), form.close),
        ],
    )
    return hook(
        "rename-panel",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.BLUE_50,
            border=ft.Border.all(1, ft.Colors.BLUE_200),
            content=ft.Column(
                spacing=8,
                controls=[
                    ft.Text(t("ui.names_title"), size=16, weight=ft.FontWeight.BOLD),
                    words_text(t("ui.names_help"), size=12),
                    *fields,
                    buttons,
                ],
            ),
        ),
    )


def abandoned_panel(shell: Shell, table: OpenMatch) -> ft.Control:
    """An abandoned match on the table (hook ``abandoned``): it takes no moves; Undo (``abandoned-undo``)
    takes the abandon back."""
    t = shell.t
    return hook(
        "abandoned",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(1, ft.Colors.AMBER_700),
            content=ft.Column(
                spacing=8,
                controls=[
                    words_text(t("ui.abandoned_banner"), size=14),
                    action_button("abandoned-undo", t("ui.undo"), table.undo, icon=ft.Icons.UNDO, disabled=shell.busy),
                ],
            ),
        ),
    )
