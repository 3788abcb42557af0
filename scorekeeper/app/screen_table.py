"""One declared entry per screen, and what is derived from them (docs/app.md, "Adding a screen").

A screen is declared once, as a :class:`ScreenEntry` of the app's table
(``SCREEN_TABLE`` in ``screens/__init__.py``): its name, its route, the
models it draws, what it loads when it is shown, its view. From the table:

- the routes both ways (:attr:`ScreenTable.routes`, a :class:`~.routes.RouteTable`);
- the models a tab observes (:meth:`ScreenTable.observed`: a screen's
  model is observed because its entry names it, never by a second list);
- what ``AppModel.go(screen)`` loads and what a route naming a match opens
  (``ScreenEntry.enter``, ``ScreenEntry.of_match``);
- the view drawn for the screen shown (:meth:`ScreenTable.drawn`).

No Flet and no model here: the table is generic over the tab (``Tab``, the
app's ``AppModel``), which is handed its table when it is made
(``AppModel(services, SCREEN_TABLE)``), so the models reach every screen's
entry without importing a view.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .navigation import Screen
from .routes import RouteTable

Tab = TypeVar("Tab")


def _no_models(tab: object) -> tuple[object, ...]:
    return ()


def _everywhere(tab: object) -> bool:
    return True


@dataclass(frozen=True)
class OfMatch(Generic[Tab]):
    """What a screen of one match (the table, the review) adds: ``shown(tab)``, the id of the match the
    screen shows (``None``: none, so the start screen is drawn in its place and the route is ``/``), and
    ``open(tab, match_id)``, which shows that match on the screen (a route naming another one:
    ``/table/<id>``; it raises what reading the match raises, and the screen stays as it was)."""

    shown: Callable[[Tab], str | None]
    open: Callable[[Tab, str], Awaitable[object]]


@dataclass(frozen=True)
class ScreenEntry(Generic[Tab]):
    """One screen, declared once.

    - ``screen``: its name (:class:`Screen`);
    - ``route``: its route's path segment (``"history"`` is ``/history``; ``""`` the start screen's ``/``;
      with ``of_match``, ``/<route>/<match id>``);
    - ``view(tab)``: its controls (an ``ft.Control``);
    - ``models(tab)``: the tab's observable models it draws (observed by the root component: a change in
      one of them draws the tab again);
    - ``enter(tab, came_from)``: what it loads when shown (``go``), given the screen shown until then. It
      returns ``None`` (show it) or another screen to show instead, entered in its place (a refusal: the
      start screen, with the message why already set);
    - ``offered(tab)``: whether ``tab`` has the screen at all; where not, going there leaves the tab as it
      was (nothing loaded, nothing said);
    - ``of_match``: for a screen of one match, the match shown and how to open another (:class:`OfMatch`).
    """

    screen: Screen
    route: str
    view: Callable[[Tab], Any]
    models: Callable[[Tab], tuple[object, ...]] = _no_models
    enter: Callable[[Tab, Screen], Awaitable[Screen | None]] | None = None
    offered: Callable[[Tab], bool] = _everywhere
    of_match: OfMatch[Tab] | None = None


class ScreenTable(Generic[Tab]):
    """The screens of the app, one :class:`ScreenEntry` each (``entries``), in the order given.

    Raises ``ValueError`` for a screen given twice, two screens of one route or no start screen
    (:attr:`Screen.HOME`, at ``/``).
    """

    def __init__(self, *entries: ScreenEntry[Tab]) -> None:
        self._entries: dict[Screen, ScreenEntry[Tab]] = {}
        for entry in entries:
            if entry.screen in self._entries:
                raise ValueError(f"the screen {entry.screen!r} is declared twice")
            self._entries[entry.screen] = entry
        self.routes = RouteTable((e.screen, e.route, e.of_match is not None) for e in entries)

    def __iter__(self) -> Iterator[ScreenEntry[Tab]]:
        return iter(self._entries.values())

    def __contains__(self, screen: object) -> bool:
        return screen in self._entries

    def __getitem__(self, screen: Screen) -> ScreenEntry[Tab]:
        """The entry of ``screen``; raises ``KeyError`` for a screen the table does not have."""
        return self._entries[screen]

    @property
    def views(self) -> dict[Screen, Callable[[Tab], Any]]:
        """Each screen's view, by screen."""
        return {screen: entry.view for screen, entry in self._entries.items()}

    def observed(self, tab: Tab, *first: object) -> tuple[object, ...]:
        """``first`` (the tab's frame), then every model the entries name for ``tab``, each once (a model
        several screens draw, the open match, is named by one and observed once)."""
        found: list[object] = []
        for model in (*first, *(m for entry in self._entries.values() for m in entry.models(tab))):
            if not any(model is seen for seen in found):
                found.append(model)
        return tuple(found)

    def shown_match(self, tab: Tab, screen: Screen) -> str | None:
        """The id of the match ``screen`` shows on ``tab`` (``None`` for a screen of no match, or none open)."""
        of_match = self._entries[screen].of_match
        return of_match.shown(tab) if of_match is not None else None

    def drawn(self, tab: Tab, screen: Screen) -> Screen:
        """The screen drawn when ``tab`` shows ``screen``: itself, or the start screen for a screen of one
        match with none open (or a screen the table does not have). Also where a back arrow to ``screen``
        can go (Settings, Rules)."""
        entry = self._entries.get(screen)
        if entry is None or (entry.of_match is not None and entry.of_match.shown(tab) is None):
            return Screen.HOME
        return screen

    def route(self, tab: Tab, screen: Screen) -> str:
        """The route of ``screen`` as ``tab`` shows it (``/table/<id>`` of the match open…)."""
        return self.routes.route_of(screen, self.shown_match(tab, screen))
