"""The screens a tab went through, as Flet's view stack, and the route the browser shows.

The models decide what a tab shows (``shell.screen`` and the match open);
the route (:mod:`..routes`) follows from that. After each intent the tab
*visits* its route: the stack grows by it, or falls back to it if it was
already there (Home → History → Table → History is ``/``, ``/history``), so
the phone's Back (Flutter pops the top view: ``page.on_view_pop``) returns to
the screen before, and the start screen is always at the bottom (Back from a
table opened by a link goes to the start screen, then leaves the app).

The browser keeps its own history of the routes pushed to it; its Back and
Forward arrive as route changes (``page.on_route_change``), as do the
echoes of the routes this tab pushed, which :meth:`ViewStack.echo` tells apart.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..routes import HOME


@dataclass
class ViewStack:
    """``routes``: the stack, the start screen first and the screen shown last; ``url``: the route the
    client shows (as far as this tab knows) once the routes on their way to it landed; ``pending``:
    routes pushed to the client and not yet echoed back as a route change (``url`` is the last);
    ``normal``: a route as the app writes it (the tab's :meth:`RouteTable.normal`), to compare routes."""

    normal: Callable[[str], str] = field(repr=False)
    routes: list[str] = field(default_factory=lambda: [HOME])
    url: str = HOME
    pending: list[str] = field(default_factory=list)

    def with_top(self, route: str) -> list[str]:
        """The stack once ``route`` is visited (nothing changed: a render draws it before the intent ends)."""
        if route in self.routes:
            return self.routes[: self.routes.index(route) + 1]
        return [*self.routes, route]

    def visit(self, route: str) -> bool:
        """Make ``route`` the top of the stack; True if the client must be told (it shows another route),
        in which case it is now expected back as an echo."""
        self.routes = self.with_top(route)
        if self.normal(self.url) == route:
            return False
        self.url = route
        self.pending.append(route)
        return True

    def echo(self, route: str) -> bool:
        """The client says it shows ``route``: True if that is one this tab pushed (nothing to do), False if
        the user went there (Back, Forward, a typed or linked address): open it.

        A route change of the user's can cross this tab's pushes on their way (Back pressed just after
        a tap): they land after it, and the client ends on the last of them, not on the user's route.
        :attr:`url` is then that last push, so opening the user's route pushes it again after them."""
        route = self.normal(route)
        if route in self.pending:
            del self.pending[: self.pending.index(route) + 1]
            return True
        self.url = self.pending[-1] if self.pending else route
        return False

    def back(self) -> str | None:
        """The route under the top one (where Back goes), ``None`` on the start screen."""
        return self.routes[-2] if len(self.routes) > 1 else None
