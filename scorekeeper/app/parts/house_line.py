"""The line saying which house rules a match plays (of the house options), each rule id a link to its rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import flet as ft

from ...explain import house_rules_words
from ...i18n import Translator
from ...rules.house import Value
from .rule_links import linked_text
from .widgets import hook, memoized


def house_rules_line(t: Translator, house: Mapping[str, Value], open_rule: Callable[[str], Any]) -> ft.Control | None:
    """``House rules: R1 …; R3 …`` (hook ``house-rules-on``) for a match with ``house`` rules in effect
    (``Match.house_rules``), each rule id calling ``open_rule(rule)``; ``None`` for a match without.
    The table, the match end and the review show the same line."""
    if not house:
        return None
    return _line(t("account.house_rules", rules=house_rules_words(t, house)), open_rule)


@memoized
def _line(words: str, open_rule: Callable[[str], Any]) -> ft.Control:
    # memoized: the table draws its header on every tap, and the line's links (a span and a handler per rule
    # id) were built and compared each time
    return hook("house-rules-on", linked_text(words, open_rule, size=12, color=ft.Colors.BLUE_GREY_800), label=words)


def with_house_rules_line(
    head: ft.Control, t: Translator, house: Mapping[str, Value], open_rule: Callable[[str], Any]
) -> ft.Control:
    """``head`` (a screen's header) with :func:`house_rules_line` under it, or ``head`` alone for a match
    without house rules: the table, the match end and the review."""
    on = house_rules_line(t, house, open_rule)
    return head if on is None else ft.Column([head, on], spacing=0)
