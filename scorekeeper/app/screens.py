"""The screen registry: one module per screen, each with ``view(state) -> ft.Control``.

Navigation is ``await state.go(NAME)``: the root component renders
``SCREENS[state.screen](state)``. To add a screen, write a module with a
``view`` function, add a name constant in :mod:`.state` and an entry here.
"""

from __future__ import annotations

from . import history, home, match_end, new_match, review, settings_view
from .state import HISTORY, HOME, NEW_MATCH, REVIEW, SETTINGS, TABLE

SCREENS = {
    HOME: home.view,
    NEW_MATCH: new_match.view,
    TABLE: match_end.table_or_match_end,  # table.view, or the match-end screen once the match is finished
    SETTINGS: settings_view.view,
    HISTORY: history.view,
    REVIEW: review.view,
}
