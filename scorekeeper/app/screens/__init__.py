"""The screens: one module each, named after its :class:`~..navigation.Screen`, with ``view(app) -> ft.Control``.

The root component draws ``SCREENS[app.screen](app)``; a view takes the
tab's :class:`~..models.app.AppModel` and hands each part the model it draws.
A screen's module is the screen's value with ``-`` as ``_``
(``Screen.NEW_MATCH`` = ``"new-match"`` → ``screens/new_match.py``), so a new
screen is its module and its member of ``Screen`` (docs/app.md, "Adding a screen").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import flet as ft

from ..models.app import AppModel
from ..navigation import Screen


def _view(screen: Screen) -> Callable[[AppModel], ft.Control]:
    module = importlib.import_module(f"{__name__}.{screen.value.replace('-', '_')}")
    return module.view  # type: ignore[no-any-return]


SCREENS: dict[Screen, Callable[[AppModel], ft.Control]] = {screen: _view(screen) for screen in Screen}
