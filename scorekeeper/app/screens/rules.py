"""The Rules screen: a game's rules in the players' words, each by its id, with worked examples as pictures.

Opened from the header's book icon (the whole list, of the open match's game
first) or from a rule id in a message (that rule alone, with the way to the
whole list). The index links every rule of the game; a rule id inside a
rule's text links too. Texts: :mod:`scorekeeper.rulebook`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...explain import ends_words
from ...i18n import Translator
from ...rulebook import EXAMPLES, example_match, rule_text, rules_of
from ...rules.scoring import to_points
from ...rules.tiles import tile_text
from ..models.app import AppModel
from ..models.position import StillPosition
from ..models.setup import GAMES
from ..navigation import Screen
from ..parts.layout_view import table_picture
from ..parts.page import choice, content_width, header, page_column
from ..parts.rule_links import linked_text
from ..parts.widgets import action_button, hook, run

EXAMPLE_HEIGHT = 170  # px: a worked example's picture


def back_screen(app: AppModel) -> Screen:
    """Where the back arrow goes: the screen the rules were opened from, if it can still be shown."""
    return app.screens.drawn(app, app.rules.back)  # a match gone meanwhile: the start screen


def view(app: AppModel) -> ft.Control:
    """The rules of the game chosen (the shared ones, the game's own, then the house
    options'; ``rulebook.rules_of``), or the one rule asked about."""
    t, guide = app.t, app.rules
    width = content_width(app.shell.width)
    head = ft.Row(
        [
            hook(
                "back",
                ft.IconButton(ft.Icons.ARROW_BACK, tooltip=t("ui.back"), on_click=run(app.go, back_screen(app))),
                button=True,
                label=t("ui.back"),
            ),
            ft.Container(content=header(t, t("ui.rules"), app.go, width=app.shell.width, before=1), expand=True),
        ],
        spacing=0,
    )
    games = ft.Row(
        wrap=True,
        spacing=6,
        run_spacing=6,
        controls=[
            choice(f"rules-game-{game}", t(f"game.{game}"), guide.choose_game, game, selected=game == guide.game)
            for game in GAMES
        ],
    )
    # each rule by its id and short name ("S8 Play, draw, pass"): bare ids (S1 … R11) said nothing
    index = hook(
        "rules-index",
        ft.Row(
            wrap=True,
            spacing=4,
            run_spacing=4,
            controls=[
                choice(
                    f"rules-index-{rule}",
                    f"{rule} {rule_text(t.lang, rule).name}",
                    guide.show,
                    rule,
                    selected=rule == guide.focus,
                )
                for rule in rules_of(guide.game)
            ],
        ),
    )
    rows: list[ft.Control] = [games]
    if guide.focus is not None:  # the rule asked about first, in view; the index to the others under it
        rows.append(rule_card(t, guide.focus, app.open_rule, width, focused=True))
        rows.append(
            action_button(
                "rules-all", t("ui.rules_all", game=t(f"game.{guide.game}")), guide.show_all, icon=ft.Icons.MENU_BOOK
            )
        )
        rows.append(index)
    else:
        rows += [index, *(rule_card(t, rule, app.open_rule, width) for rule in rules_of(guide.game))]
    return page_column(head, rows, width)


def rule_card(
    t: Translator, rule: str, open_rule: Callable[[str], Any], width: float, focused: bool = False
) -> ft.Control:
    """One rule (hook ``rule-<id>``): its id and title, its text (rule ids in it are links), and its worked
    example where it has one."""
    text = rule_text(t.lang, rule)
    parts: list[ft.Control] = [ft.Text(f"{rule} · {text.title}", size=16, weight=ft.FontWeight.BOLD)]
    parts += [linked_text(paragraph, open_rule, size=14) for paragraph in text.paragraphs]
    if rule in EXAMPLES:
        parts.append(example(t, rule, width - 22))
    return hook(
        f"rule-{rule}",
        ft.Container(
            padding=10,
            border_radius=8,
            content=ft.Column(parts, spacing=6),
            bgcolor=ft.Colors.AMBER_50 if focused else None,
            border=ft.Border.all(2 if focused else 1, ft.Colors.AMBER_400 if focused else ft.Colors.GREY_300),
        ),
    )


def example(t: Translator, rule: str, width: float) -> ft.Control:
    """A rule's worked example: the layout the engine folds from the seeds' moves, and its last placement's
    ends and points (hook ``rule-<id>-example``)."""
    match = example_match(rule)
    r = match.round
    assert r is not None, "an example is a round in play"
    info = r.placements[len(r.moves) - 1]
    words = t(
        "ui.rules_example",
        tile=tile_text(info.tile),
        ends=ends_words(t, info.ends, info.end_sum),
        count=to_points(info.raw),
    )
    # the picture is an illustration: its tiles, ends and spots are left out of the accessibility tree
    # (the caption says what it shows), so no table hook appears twice on the screen
    picture = ft.Semantics(
        exclude_semantics=True, label=words, content=table_picture(t, StillPosition(match), width, EXAMPLE_HEIGHT)
    )
    return hook(
        f"rule-{rule}-example",
        ft.Column(spacing=4, controls=[picture, ft.Text(words, size=13, italic=True, color=ft.Colors.BLUE_GREY_800)]),
    )
