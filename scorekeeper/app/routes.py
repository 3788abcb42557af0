"""Each screen's route (the URL path a browser shows and a link opens), both ways: no Flet, no model.

The routes are not listed here: each screen's entry declares its own
(``ScreenEntry.route``, :mod:`.screen_table`), and :class:`RouteTable` reads
them. As the app's entries declare them (``screens/__init__.py``):

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

A query string (``?…``) or fragment is ignored here (left for whoever adds
one, e.g. a join key of a shared link). Match ids are the store's
(``YYYYMMDD-HHMMSS-xxxxxx``, :func:`~scorekeeper.store.paths.is_match_id`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ..store.paths import is_match_id
from .navigation import Screen

HOME = "/"


@dataclass(frozen=True, slots=True)
class Target:
    """What a route opens: ``screen``, and for a screen of one match (the table, the review) the
    ``match_id`` named (``None`` elsewhere). ``known`` is False for a route the app does not have (it opens
    the start screen)."""

    screen: Screen
    match_id: str | None = None
    known: bool = True


class RouteTable:
    """The routes of the screens ``routes`` names: ``(screen, name, of_match)`` each, where ``name`` is
    the route's path segment (``"history"`` → ``/history``; ``""`` is the start screen's ``/``) and
    ``of_match`` says the screen shows one match (``/<name>/<match id>``).

    Raises ``ValueError`` for two screens of one name, a screen given twice, or no start screen
    (:attr:`Screen.HOME` at ``""``): a route must name one screen.
    """

    def __init__(self, routes: Iterable[tuple[Screen, str, bool]]) -> None:
        self._names: dict[Screen, str] = {}
        self._of_match: set[Screen] = set()
        self._by_name: dict[tuple[str, bool], Screen] = {}
        for screen, name, of_match in routes:
            if screen in self._names or (name, of_match) in self._by_name or "/" in name:
                raise ValueError(f"the route of {screen!r} ({name!r}) is not its own")
            self._names[screen] = name
            self._by_name[name, of_match] = screen
            if of_match:
                self._of_match.add(screen)
        if self._names.get(Screen.HOME) != "" or Screen.HOME in self._of_match:
            raise ValueError("the start screen's route must be /")

    def route_of(self, screen: Screen, match_id: str | None = None) -> str:
        """The route of ``screen`` (with ``match_id`` for a screen of one match): ``/table/<id>``.

        A screen of one match without a match is the start screen (``/``): the app shows that then.
        Raises ``KeyError`` for a screen the table has no route for.
        """
        name = self._names[screen]
        if screen in self._of_match:
            return f"/{name}/{match_id}" if match_id else HOME
        return "/" + name

    def target_of(self, route: str) -> Target:
        """What ``route`` (a path, maybe with a query) opens; an unknown route is ``Target(HOME, known=False)``.

        A table or review route whose id is not a match id (``/table/../x``) is unknown too: the id of a
        route typed or linked from outside never reaches the store unchecked.
        """
        parts = [unquote(p) for p in urlsplit(route or HOME).path.split("/") if p]
        if not parts:
            return Target(Screen.HOME)
        if len(parts) == 2 and (parts[0], True) in self._by_name and is_match_id(parts[1]):
            return Target(self._by_name[parts[0], True], parts[1])
        if len(parts) == 1 and (parts[0], False) in self._by_name:
            return Target(self._by_name[parts[0], False])
        return Target(Screen.HOME, known=False)

    def normal(self, route: str) -> str:
        """``route`` as the app writes it (``/history/`` → ``/history``; unknown → ``/``): for comparing routes."""
        target = self.target_of(route)
        return self.route_of(target.screen, target.match_id)
