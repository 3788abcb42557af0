"""Each screen's route (the URL path a browser shows and a link opens), both ways: no Flet, no model.

| screen | route |
|---|---|
| start | ``/`` |
| new match | ``/new`` |
| table (or the match end) | ``/table/<match id>`` |
| history | ``/history`` |
| review | ``/review/<match id>`` |
| settings | ``/settings`` |
| rules | ``/rules`` |
| the phones at the table (a host's tab) | ``/phones`` (elsewhere the screen stays as it was) |

Any other screen added to :class:`Screen` is ``/<its value>``. A query
string (``?…``) or fragment is ignored here (left for whoever adds one, e.g.
a join key of a shared link). Match ids are the store's
(``YYYYMMDD-HHMMSS-xxxxxx``, :func:`~scorekeeper.store.paths.is_match_id`).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ..store.paths import is_match_id
from .navigation import Screen

HOME = "/"
WITH_MATCH = {Screen.TABLE: "table", Screen.REVIEW: "review"}  # screens that show one match: /<name>/<id>
NAMES = {Screen.HOME: "", Screen.NEW_MATCH: "new"}  # the other screens: /<name>, by default the value


@dataclass(frozen=True, slots=True)
class Target:
    """What a route opens: ``screen``, and for the table and the review the ``match_id`` named
    (``None`` elsewhere). ``known`` is False for a route the app does not have (it opens the start screen)."""

    screen: Screen
    match_id: str | None = None
    known: bool = True


def route_of(screen: Screen, match_id: str | None = None) -> str:
    """The route of ``screen`` (with ``match_id`` for the table and the review): ``/table/<id>``.

    The table or the review without a match is the start screen (``/``): the app shows that then.
    """
    if screen in WITH_MATCH:
        return f"/{WITH_MATCH[screen]}/{match_id}" if match_id else HOME
    return "/" + NAMES.get(screen, screen.value)


def target_of(route: str) -> Target:
    """What ``route`` (a path, maybe with a query) opens; an unknown route is ``Target(HOME, known=False)``.

    A table or review route whose id is not a match id (``/table/../x``) is unknown too: the id of a
    route typed or linked from outside never reaches the store unchecked.
    """
    parts = [unquote(p) for p in urlsplit(route or HOME).path.split("/") if p]
    if not parts:
        return Target(Screen.HOME)
    by_name = {name: screen for screen, name in WITH_MATCH.items()}
    if len(parts) == 2 and parts[0] in by_name and is_match_id(parts[1]):
        return Target(by_name[parts[0]], parts[1])
    if len(parts) == 1:
        for screen in Screen:
            if screen not in WITH_MATCH and NAMES.get(screen, screen.value) == parts[0]:
                return Target(screen)
    return Target(Screen.HOME, known=False)


def normal(route: str) -> str:
    """``route`` as the app writes it (``/history/`` → ``/history``; unknown → ``/``): for comparing routes."""
    target = target_of(route)
    return route_of(target.screen, target.match_id)
