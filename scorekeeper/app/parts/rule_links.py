"""Text in which every rule id (``S8``, ``H4``, ``E7``) is a link to its rule on the Rules screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from ...rulebook import rule_ids_in
from .fit import keep_words
from .widgets import run

LINK = ft.TextStyle(decoration=ft.TextDecoration.UNDERLINE, weight=ft.FontWeight.W_600)


def words_text(text: str, **style: Any) -> ft.Text:
    """``ft.Text(text, **style)`` whose Korean words are kept whole across lines (:func:`.fit.keep_words`);
    screen readers (and the browser tests) read the text without the joiners."""
    kept = keep_words(text)
    return ft.Text(kept, semantics_label=text if kept != text else None, **style)


def linked_text(text: str, open_rule: Callable[[str], Any] | None, **style: Any) -> ft.Text:
    """``ft.Text(text, **style)``, with each rule id in it a tappable span calling ``open_rule(rule)``
    (plain text when ``open_rule`` is ``None`` or the text names no rule). Korean words are kept whole
    (:func:`words_text`; the links' pieces keep their joiners in the accessibility tree: a text's label
    would hide its links)."""
    pieces = rule_ids_in(text)
    if open_rule is None or not any(is_rule for _, is_rule in pieces):
        return words_text(text, **style)
    spans = [
        ft.TextSpan(piece, style=LINK, on_click=run(open_rule, piece)) if is_rule else ft.TextSpan(keep_words(piece))
        for piece, is_rule in pieces
    ]
    return ft.Text(spans=spans, **style)
