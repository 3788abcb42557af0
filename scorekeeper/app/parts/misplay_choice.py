"""R14 ``misplay: penalty``: under an S8 proof refusal, the table's question "was this entered wrongly, or
did it happen at the table?" — fix the draw or pass (the fix panel), or record the offence and play on."""

from __future__ import annotations

import flet as ft

from ..models.app import AppModel
from .widgets import action_button, hook


def misplay_choice(app: AppModel) -> ft.Control | None:
    """The two answers under the refusal (hooks ``misplay``, ``misplay-fix``, ``misplay-record``), or ``None``
    when no proof refusal is shown or the match refuses misplays (``refuse``: the refusal alone, as ever).
    Buttons wrap to their own lines on a phone (390 px)."""
    err = app.table.offence_open()
    if err is None or app.correction.open or err.round_no is None or type(err.move_no) is not int:
        return None
    t = app.t
    name, move = str(err.params["name"]), int(err.move_no)
    fix = action_button(
        "misplay-fix",
        t("ui.misplay_fix", move=move),
        app.correction.open_move,
        err.round_no,
        move,
        icon=ft.Icons.EDIT,
    )
    record = action_button(
        "misplay-record", t("ui.misplay_record", name=name), app.table.play_on, icon=ft.Icons.GAVEL, filled=True
    )
    return hook(
        "misplay",
        ft.Container(
            padding=10,
            border_radius=8,
            bgcolor=ft.Colors.AMBER_50,
            border=ft.Border.all(1, ft.Colors.AMBER_300),
            content=ft.Column(
                spacing=6,
                controls=[
                    ft.Text(t("ui.misplay_question"), size=14, weight=ft.FontWeight.W_500),
                    ft.Row([fix, record], wrap=True, spacing=8, run_spacing=6),
                ],
            ),
        ),
    )
