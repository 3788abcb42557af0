"""The app's screens, one entry each (:class:`~..screen_table.ScreenEntry`): the only list of them.

Each screen's module holds its ``view(app) -> ft.Control``; a view takes the
tab's :class:`~..models.app.AppModel` and hands each part the model it draws.
The entry says the rest: its route, the models it draws (the tab observes
them), what it loads when it is shown, and for a screen of one match which
match it shows and how another is opened. Navigation, the observed models
and the route table are read from :data:`SCREEN_TABLE` (docs/app.md,
"Adding a screen").
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..models.app import AppModel
from ..navigation import Screen
from ..screen_table import OfMatch, ScreenEntry, ScreenTable
from . import (
    event,
    history,
    home,
    my_evening,
    new_match,
    phones,
    projector,
    review,
    round,
    rules,
    season,
    settings,
    table,
)

SCREEN_TABLE: ScreenTable[AppModel] = ScreenTable(
    ScreenEntry(
        Screen.HOME, "", home.view, models=lambda app: (app.home,), enter=lambda app, came_from: app.home.load()
    ),
    ScreenEntry(
        Screen.NEW_MATCH,
        "new",
        new_match.view,
        models=lambda app: (app.setup,),
        enter=lambda app, came_from: app.setup.enter(),
    ),
    ScreenEntry(
        Screen.TABLE,
        "table",
        table.view,
        models=lambda app: (app.table, app.entry, app.reveal, app.correction, app.names),
        enter=lambda app, came_from: app.table.check_version(),  # back from Settings: another tab moved on?
        of_match=OfMatch(
            shown=lambda app: app.table.match_id if app.table.match is not None else None,
            open=lambda app, match_id: app.table.open(match_id),
        ),
    ),
    ScreenEntry(
        Screen.SETTINGS, "settings", settings.view, enter=lambda app, came_from: app.shell.open_settings(came_from)
    ),
    ScreenEntry(
        Screen.HISTORY,
        "history",
        history.view,
        models=lambda app: (app.history,),
        enter=lambda app, came_from: app.history.enter(),
    ),
    ScreenEntry(
        Screen.REVIEW,
        "review",
        review.view,
        models=lambda app: (app.review,),
        of_match=OfMatch(
            shown=lambda app: app.review.review.match_id if app.review.review else None,
            open=lambda app, match_id: app.review.open(match_id),
        ),
    ),
    ScreenEntry(
        Screen.RULES,
        "rules",
        rules.view,
        models=lambda app: (app.rules,),
        enter=lambda app, came_from: app.rules.enter(came_from),
    ),
    ScreenEntry(
        Screen.PHONES,
        "phones",
        phones.view,
        models=lambda app: (app.phones,),
        enter=lambda app, came_from: app.phones.enter(),
        offered=lambda app: app.phones.offered,
    ),
    ScreenEntry(
        Screen.EVENT,
        "event",
        event.view,
        models=lambda app: (app.event, app.event.game),
        enter=lambda app, came_from: app.event.enter(),
    ),
    ScreenEntry(
        Screen.ROUND,
        "round",
        round.view,
        models=lambda app: (app.round,),
        enter=lambda app, came_from: app.round.enter(),
    ),
    ScreenEntry(
        Screen.PROJECTOR,
        "projector",
        projector.view,
        models=lambda app: (app.projector,),
        enter=lambda app, came_from: app.projector.enter(),
        offered=lambda app: app.projector.offered,
    ),
    ScreenEntry(
        Screen.EVENING,
        "evening",
        my_evening.view,
        models=lambda app: (app.evening, app.projector),
        enter=lambda app, came_from: app.evening.enter(),
        offered=lambda app: app.evening.offered,
    ),
    ScreenEntry(
        Screen.SEASON,
        "season",
        season.view,
        models=lambda app: (app.season,),
        enter=lambda app, came_from: app.season.enter(),
        offered=lambda app: app.season.offered,
    ),
)

SCREENS: dict[Screen, Callable[[AppModel], ft.Control]] = SCREEN_TABLE.views  # each screen's view, by screen
