"""New match: the game, 2–4 players with names (recent names offered), partnerships where allowed, and a
short House rules section (each option one line, its rule text a tap away on the Rules screen)."""

from __future__ import annotations

import functools

import flet as ft

from ...explain import house_rules_words, problem_words
from ...rules.house import OptionInfo
from ..models.app import AppModel
from ..models.setup import GAMES, MAX_NAME, SEATS, SetupForm
from ..navigation import Screen
from ..parts.messages import message_view
from ..parts.widgets import action_button, hook, run, text_entry
from ..problems import Problem


def view(app: AppModel) -> ft.Control:
    """The new-match form: the game, the number of players, their names (recent ones offered) and
    partnerships where the game allows them (H1/E1, asked of the engine)."""
    t, form = app.t, app.setup
    allowed, required = form.seating_rule()
    # a chosen game or count is "selected" for a screen reader as it is filled for the eye
    games = [
        hook(
            f"game-{v}",
            _choice(t("game." + v), form.variant == v, lambda v=v: form.set_form(variant=v)),
            button=True,
            selected=form.variant == v,
        )
        for v in GAMES
    ]
    counts = [
        hook(
            f"players-{n}",
            _choice(str(n), form.count == n, lambda n=n: form.set_form(count=n)),
            button=True,
            selected=form.count == n,
        )
        for n in SEATS
    ]
    names = [
        text_entry(
            f"name-{seat}",
            form.names[seat],
            functools.partial(form.set_name, seat),
            label=t("ui.seat_name", n=seat + 1),
            dense=True,
            hint_text=t("ui.player_n", n=seat + 1),
            max_length=MAX_NAME,
        )
        for seat in range(form.count)
    ]
    taken = {n.strip() for n in form.names[: form.count]}
    recent = [
        hook(f"recent-{i}", ft.Chip(label=ft.Text(name), on_click=run(form.add_recent, name)), button=True, label=name)
        for i, name in enumerate(form.recent)
        if name not in taken
    ]
    rows: list[ft.Control] = [
        ft.Row(
            [
                hook(
                    "home",
                    ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("ui.back"), on_click=run(app.go, Screen.HOME)),
                    button=True,
                ),
                ft.Text(t("ui.new_match"), size=22, weight=ft.FontWeight.BOLD, expand=True),
                hook(
                    "rules",
                    ft.IconButton(
                        ft.Icons.MENU_BOOK,
                        tooltip=t("ui.rules"),  # the chosen game's rules
                        on_click=run(app.go, Screen.RULES),
                    ),
                    button=True,
                    label=t("ui.rules"),
                ),
            ]
        ),
        ft.Text(t("ui.game")),
        ft.Row(games, wrap=True, spacing=6),
        ft.Text(t("ui.players")),
        ft.Row(counts, spacing=6),
        ft.Text(t("ui.seat_order")),
        *names,
    ]
    if recent:
        rows += [ft.Text(t("ui.recent_names")), ft.Row(recent, wrap=True, spacing=6, run_spacing=4)]
    if allowed:
        rows.append(
            hook(
                "partnerships",
                ft.Switch(
                    label=t("ui.partnerships"),
                    value=form.partnerships,
                    disabled=required,
                    on_change=lambda e: form.set_form(partnerships=bool(e.control.value)),
                ),
            )
        )
        rows.append(ft.Text(t("ui.partnerships_required" if required else "ui.partnerships_help"), size=12))
    rows += house_rules_section(app, form)
    rows.append(
        action_button(
            "create-match",
            t("ui.create_match"),
            form.create,
            filled=True,
            icon=ft.Icons.PLAY_ARROW,
            disabled=app.shell.busy,
        )
    )
    message = message_view(app.shell, app.open_rule)
    if message is not None:
        rows.append(message)
    return ft.Column(rows, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)


TARGETS = (31, 61, 101, 121, 151)  # targets a tap away (R7); any other of the engine's 1 to 999 is typed
PENALTIES = (1, 2, 5, 10)  # misplay penalties a tap away (R14), inside the engine's 1 to 50


def house_rules_section(app: AppModel, form: SetupForm) -> list[ft.Control]:
    """The House rules section: a fold with what is on (or "the game's own rules"); unfolded, each
    option of the game for the seating chosen (asked of the engine: R8 only in partnerships) with its
    values, the game's own marked, and an info button opening the option's rule on the Rules screen."""
    t = app.t
    on = house_rules_words(t, form.in_effect())  # what the match will record (no R8 without partnerships)
    title = f"{t('house.title')}: {on}"
    fold = ft.Container(
        padding=ft.Padding.symmetric(vertical=6),
        on_click=lambda e: form.toggle_house(),
        content=ft.Row(
            [
                ft.Icon(ft.Icons.EXPAND_LESS if form.house_open else ft.Icons.EXPAND_MORE),
                ft.Text(title, expand=True, weight=ft.FontWeight.W_500),
            ],
            spacing=6,
        ),
    )
    rows: list[ft.Control] = [hook("house-rules", fold, button=True, label=title)]
    if not form.house_open:
        return rows
    for option in form.house_menu():
        current = form.house_value(option.name)
        taps = TARGETS if option.name == "target" else PENALTIES
        values = option.values or tuple(sorted({*taps, int(option.default)}))
        choices = []
        for value in values:
            label = t(option.value_keys["number"], points=value) if not option.values else t(option.value_keys[value])
            if value == option.default:
                label = t("ui.house_own", value=label)
            cls = ft.FilledButton if current == value else ft.OutlinedButton
            choices.append(
                hook(
                    f"house-{option.name}-{value}",
                    cls(label, on_click=run(form.set_house, option.name, value)),
                    button=True,
                    selected=current == value,
                    label=label,
                )
            )
        rows.append(
            ft.Row(
                [
                    ft.Text(f"{option.rule} {t(option.title_key)}", weight=ft.FontWeight.BOLD),
                    hook(
                        f"house-rule-{option.name}",
                        ft.IconButton(
                            ft.Icons.INFO_OUTLINE,
                            tooltip=t("ui.house_rule_text"),
                            icon_size=18,
                            on_click=run(app.open_rule, option.rule),
                        ),
                        button=True,
                    ),
                ],
                spacing=2,
            )
        )
        rows.append(ft.Row(choices, wrap=True, spacing=6, run_spacing=4))
        if option.name == "target":  # R7's target: any the engine takes, typed
            rows.append(target_field(app, form, option))
    if form.in_effect():
        rows.append(action_button("house-reset", t("ui.house_reset"), form.reset_house))
    return rows


def target_field(app: AppModel, form: SetupForm, option: OptionInfo) -> ft.Control:
    """The target typed (hook ``house-target-field``): the one in effect until something is typed; applied
    on Enter, on leaving the field, or with Create; a text the engine does not take is refused
    (``ui_bad_target``) and kept in the field to be corrected."""
    error = app.shell.error
    # a refused target is said under the field itself too: on a phone the screen's message is far below it
    bad = isinstance(error, Problem) and error.code == "ui_bad_target"
    refused = problem_words(app.t, error, sentence=True) if bad and error is not None else None
    field = text_entry(
        "house-target-field",
        form.target_text(),
        form.set_target_text,
        label=app.t("ui.house_target_field", min=option.minimum, max=option.maximum),
        keyboard_type=ft.KeyboardType.NUMBER,
        dense=True,
        error=refused,
        error_max_lines=3,
        on_submit=run(form.apply_target),
        on_blur=run(form.apply_target),
    )
    return ft.Container(content=field, width=260)


def _choice(label: str, chosen: bool, on_click) -> ft.Control:
    cls = ft.FilledButton if chosen else ft.OutlinedButton
    return cls(label, on_click=lambda e: on_click())
