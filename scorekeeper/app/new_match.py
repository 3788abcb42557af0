"""New match: the game, 2–4 players with names (recent names offered), partnerships where allowed."""

from __future__ import annotations

import functools

import flet as ft

from .state import HOME, MAX_NAME, AppState
from .widgets import action_button, hook, run, text_entry

VARIANTS = ("horse-race", "exact-61")


def view(state: AppState) -> ft.Control:
    """The new-match form: the game, the number of players, their names (recent ones offered) and
    partnerships where the game allows them (H1/E1, asked of the engine)."""
    t = state.t
    allowed, required = state.form_seating_rule()
    games = [hook(f"game-{v}", _choice(t("game." + v), state.form_variant == v,
                                        lambda v=v: state.set_form(variant=v)), button=True)
             for v in VARIANTS]
    counts = [hook(f"players-{n}", _choice(str(n), state.form_count == n, lambda n=n: state.set_form(count=n)),
                   button=True) for n in (2, 3, 4)]
    names = []
    for seat in range(state.form_count):
        names.append(text_entry(
            f"name-{seat}", state.form_names[seat], functools.partial(state.set_name, seat),
            label=t("ui.seat_name", n=seat + 1), dense=True, hint_text=t("ui.player_n", n=seat + 1),
            max_length=MAX_NAME))
    taken = {n.strip() for n in state.form_names[: state.form_count]}
    recent = [hook(f"recent-{i}", ft.Chip(label=ft.Text(name), on_click=run(state.add_recent, name)), button=True,
                   label=name)
              for i, name in enumerate(state.recent_names) if name not in taken]
    rows: list[ft.Control] = [
        ft.Row([hook("home", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("ui.back"),
                                           on_click=run(state.go, HOME)), button=True),
                ft.Text(t("ui.new_match"), size=22, weight=ft.FontWeight.BOLD)]),
        ft.Text(t("ui.game")), ft.Row(games, wrap=True, spacing=6),
        ft.Text(t("ui.players")), ft.Row(counts, spacing=6),
        ft.Text(t("ui.seat_order")), *names,
    ]
    if recent:
        rows += [ft.Text(t("ui.recent_names")), ft.Row(recent, wrap=True, spacing=6, run_spacing=4)]
    if allowed:
        rows.append(hook("partnerships", ft.Switch(
            label=t("ui.partnerships"), value=state.form_partnerships, disabled=required,
            on_change=lambda e: state.set_form(partnerships=bool(e.control.value)))))
        rows.append(ft.Text(t("ui.partnerships_required" if required else "ui.partnerships_help"), size=12))
    rows.append(action_button("create-match", t("ui.create_match"), state.create_match, filled=True,
                              icon=ft.Icons.PLAY_ARROW, disabled=state.busy))
    if state.error is not None:
        from .table import message_view

        rows.append(message_view(state))
    return ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)


def _choice(label: str, chosen: bool, on_click) -> ft.Control:
    cls = ft.FilledButton if chosen else ft.OutlinedButton
    return cls(label, on_click=lambda e: on_click())
