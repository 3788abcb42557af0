"""Walk a Flet control tree built in-process and find the test hooks (no browser, no session)."""

from __future__ import annotations

import dataclasses

import flet as ft
from flet.components.component import Component


def walk(control):
    """Every control under ``control`` (depth first), following dataclass fields that hold controls.

    In a tree rendered by Flet (a live session) a memoized part is a
    ``Component`` whose controls are its rendered body: the walk goes into it.
    """
    stack = [control]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(reversed(node))
            continue
        if not isinstance(node, ft.BaseControl):
            continue
        if isinstance(node, Component):
            stack.append(node._b)
            continue
        yield node
        if isinstance(node, ft.Semantics) and node.exclude_semantics:
            continue  # left out of the accessibility tree, as in the browser (an illustration)
        for field in dataclasses.fields(node):
            if field.name.startswith("_") or field.name in ("parent", "page"):
                continue
            value = getattr(node, field.name, None)
            if isinstance(value, ft.BaseControl) or (
                isinstance(value, list) and value and isinstance(value[0], ft.BaseControl)
            ):
                stack.append(value)


def hooks(control) -> dict[str, ft.Semantics]:
    """``{identifier: Semantics}`` for every test hook under ``control``."""
    found = {}
    for node in walk(control):
        if isinstance(node, ft.Semantics) and node.identifier:
            assert node.identifier not in found, f"hook {node.identifier} appears twice"
            found[node.identifier] = node
    return found


def text(control) -> str:
    """The visible text under ``control``: Text values, and button labels; without the word joiners that keep
    Korean words whole (U+2060: invisible, no width)."""
    return _text(control).replace("\u2060", "")


def _text(control) -> str:
    parts = []
    for node in walk(control):
        if isinstance(node, ft.Text) and node.value:
            parts.append(str(node.value))
        elif isinstance(node, ft.Text) and node.spans:  # a text with links (rule ids): its pieces
            parts.append("".join(span.text or "" for span in node.spans))
        elif isinstance(node, ft.Button | ft.FilledButton | ft.OutlinedButton) and isinstance(node.content, str):
            parts.append(node.content)
    return " ".join(parts)
