"""New match: the game, 2–4 players with names (recent names offered), partnerships where allowed."""

from __future__ import annotations

import functools

import flet as ft

from ..models.app import AppModel
from ..models.setup import GAMES, MAX_NAME, SEATS
from ..navigation import Screen
from ..parts.messages import message_view
from ..parts.widgets import action_button, hook, run, text_entry


def view(app: AppModel) -> ft.Control:
    """The new-match form: the game, the number of players, their names (recent ones offered) and
    partnerships where the game allows them (H1/E1, asked of the engine)."""
    t, form = app.t, app.setup
    allowed, required = form.seating_rule()
    # a chosen game or count is "selected" for a screen reader as it is filled for the eye
    games = [hook(f"game-{v}", _choice(t("game." + v), form.variant == v, lambda v=v: form.set_form(variant=v)),
                  button=True, selected=form.variant == v) for v in GAMES]
    counts = [hook(f"players-{n}", _choice(str(n), form.count == n, lambda n=n: form.set_form(count=n)),
                   button=True, selected=form.count == n) for n in SEATS]
    names = [text_entry(f"name-{seat}", form.names[seat], functools.partial(form.set_name, seat),
                        label=t("ui.seat_name", n=seat + 1), dense=True, hint_text=t("ui.player_n", n=seat + 1),
                        max_length=MAX_NAME)
             for seat in range(form.count)]
    taken = {n.strip() for n in form.names[: form.count]}
    recent = [hook(f"recent-{i}", ft.Chip(label=ft.Text(name), on_click=run(form.add_recent, name)), button=True,
                   label=name)
              for i, name in enumerate(form.recent) if name not in taken]
    rows: list[ft.Control] = [
        ft.Row([hook("home", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("ui.back"),
                                           on_click=run(app.go, Screen.HOME)), button=True),
                ft.Text(t("ui.new_match"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                hook("rules", ft.IconButton(ft.Icons.MENU_BOOK, tooltip=t("ui.rules"),  # the chosen game's rules
                                            on_click=run(app.go, Screen.RULES)), button=True, label=t("ui.rules"))]),
        ft.Text(t("ui.game")), ft.Row(games, wrap=True, spacing=6),
        ft.Text(t("ui.players")), ft.Row(counts, spacing=6),
        ft.Text(t("ui.seat_order")), *names,
    ]
    if recent:
        rows += [ft.Text(t("ui.recent_names")), ft.Row(recent, wrap=True, spacing=6, run_spacing=4)]
    if allowed:
        rows.append(hook("partnerships", ft.Switch(
            label=t("ui.partnerships"), value=form.partnerships, disabled=required,
            on_change=lambda e: form.set_form(partnerships=bool(e.control.value)))))
        rows.append(ft.Text(t("ui.partnerships_required" if required else "ui.partnerships_help"), size=12))
    rows.append(action_button("create-match", t("ui.create_match"), form.create, filled=True,
                              icon=ft.Icons.PLAY_ARROW, disabled=app.shell.busy))
    message = message_view(app.shell, app.open_rule)
    if message is not None:
        rows.append(message)
    return ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)


def _choice(label: str, chosen: bool, on_click) -> ft.Control:
    cls = ft.FilledButton if chosen else ft.OutlinedButton
    return cls(label, on_click=lambda e: on_click())
