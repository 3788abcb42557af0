"""The screen registry: one module per screen, each with ``view(state) -> ft.Control``.

Navigation is ``await state.go(NAME)``: the root component renders
``SCREENS[state.screen](state)``. To add a screen, write a module with a
``view`` function, add a name constant in :mod:`.state` and an entry here.
"""

from __future__ import annotations

from . import home, new_match, settings_view, table
from .state import HOME, NEW_MATCH, SETTINGS, TABLE

SCREENS = {
    HOME: home.view,
    NEW_MATCH: new_match.view,
    TABLE: table.view,
    SETTINGS: settings_view.view,
}
