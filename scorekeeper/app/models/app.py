"""One tab's models, composed: who owns what (docs/app.md, "The models"), and the intents that span them.

``AppModel`` builds the models of a tab around one :class:`Shell` and the
shared :class:`Services`; each model carries its own intents (a view calls
``app.entry.play``, ``app.history.apply``…). What is left here moves between
screens: start a tab, go to a screen (loading what it lists), open a route
(a link, the browser's Back and Forward, the phone's Back), and hand the
views every observable model, so a change in any of them draws the tab
again. After every intent the route, the view stack and the device follow
the state (:meth:`AppModel.follow`).

None of it is written per screen: a screen's route, its models, what it
loads when shown and how a route naming a match opens it are its entry in
the tab's :class:`~..screen_table.ScreenTable` (the app's: ``SCREEN_TABLE``
in ``screens/__init__.py``), handed to the tab when it is made.
"""

from __future__ import annotations

import asyncio
import logging

from ...i18n import Translator, system_language
from ...rules import Status
from ..device import supported_language
from ..navigation import Screen
from ..routes import HOME, Target
from ..screen_table import ScreenTable
from ..services import Services
from ..store_access import match_to_resume
from .correction import Correction
from .event import EventDesk
from .history import HistoryQuery
from .home import HomeList
from .intent import intent
from .move_entry import MoveEntry
from .my_evening import MyEvening
from .names import NamesForm
from .open_match import OpenMatch
from .phones import Phones
from .projector import Projector
from .reveal import RevealEntry
from .review import ReviewCursor
from .round import RoundDesk
from .rules import RulesGuide
from .season import SeasonDesk
from .setup import SetupForm
from .shell import Notice, Shell
from .transfer import Transfer
from .view_stack import ViewStack

log = logging.getLogger(__name__)


class AppModel:
    """A tab: ``shell`` (screen, language, message), ``home`` (matches to resume), ``setup`` (the new-match
    form), ``table`` (the open match and its writes), ``entry`` (the next move), ``reveal`` (the hands at a
    round's end), ``names`` (the table's Names panel), ``history`` (the query), ``review`` (the step
    shown), ``transfer`` (import, export), ``phones`` (a host's join codes and devices), ``rules`` (the rule
    shown), ``event`` and ``round`` (club night: the Event and Round screens);
    ``views``: the screens gone through (Back returns along it) and the route the client shows;
    ``screens``: the screens it can show, one entry each (their routes, models, what each loads)."""

    def __init__(
        self, services: Services, screens: ScreenTable[AppModel], lang: str = "en", width: float = 390
    ) -> None:
        self.screens = screens
        self.shell = Shell(services, lang=lang, width=width)
        self.home = HomeList(self.shell)
        self.table = OpenMatch(self.shell)
        self.entry = MoveEntry(self.shell, self.table)
        self.reveal = RevealEntry(self.shell, self.table)
        self.correction = Correction(self.shell, self.table)
        self.names = NamesForm(self.shell, self.table)  # the table's Names panel (fixing players' names)
        self.setup = SetupForm(self.shell, self.table)
        self.review = ReviewCursor(self.shell)
        self.history = HistoryQuery(self.shell, self.table, self.review)
        self.transfer = Transfer(self.shell, self.history)
        self.rules = RulesGuide(self.shell, self.setup, self.table)  # the Rules screen: the game, the rule shown
        self.views = ViewStack(normal=screens.routes.normal)
        self.shell.after_intents(self.follow)
        self.phones = Phones(self.shell, self.table)
        # club night (issue 23): the Event screen (its own game form: the game and house rules of the event)
        self.event = EventDesk(self.shell, self.table, SetupForm(self.shell, self.table))
        self.round = RoundDesk(self.shell, self.table, self.event)  # the Round screen of the event open
        self._table_match: str | None = None  # the table's match as this tab last knew it (follows_table)
        self.projector = Projector(self.shell)  # a club event's standings and pairings, live (a wall, a TV)
        self.evening = MyEvening(self.shell, self.projector)  # "My evening" on a player's phone
        self.season = SeasonDesk(self.shell)  # the club's season over several events, its ratings

    def observed(self) -> tuple[object, ...]:
        """Every observable model of the tab (the root component subscribes to each): the shell, then the
        models each screen's entry names (``ScreenEntry.models``), each once."""
        return self.screens.observed(self, self.shell)

    # ------------------------------------------------------------ read by the views
    @property
    def services(self) -> Services:
        return self.shell.services

    @property
    def screen(self) -> Screen:
        return self.shell.screen

    @property
    def t(self) -> Translator:
        return self.shell.t

    @property
    def route(self) -> str:
        """The route of what the tab shows (``/table/<id>`` for the open match…; :mod:`..routes`)."""
        return self.screens.route(self, self.shell.screen)

    @property
    def at_table(self) -> bool:
        """A match is open and going on: the table screen shows it and it is not finished (the
        screen is kept awake exactly then)."""
        match = self.table.match
        return self.shell.screen == Screen.TABLE and match is not None and match.status != Status.FINISHED

    def follow(self) -> None:
        """After each intent: the view stack and the client's route follow the screen shown, the screen is
        kept awake at the table only, and Flutter's own texts speak the tab's language."""
        device = self.services.device
        route = self.route
        if self.views.visit(route):
            device.push_route(route)
        device.keep_awake(self.at_table)
        device.use_language(self.shell.lang)

    # ------------------------------------------------------------ intents
    @intent
    async def start(self, route: str = HOME) -> None:
        """On opening a tab at ``route`` (the address it was opened with): the language (saved, else the
        device's, then saved; else the server's), the haptics setting, then the screen of ``route``.

        A route naming a screen (``/history``, ``/table/<id>``) opens it, whatever was played last; the
        start screen's route (``/``) resumes the match last played if it is unfinished (else the most
        recently active unfinished one); an unknown route shows the start screen.
        """
        services = self.services
        self.shell.lang = services.saved_language() or await self._device_language()
        self.shell.haptics = services.haptics()
        self.views.url = self.screens.routes.normal(route)
        self._table_match = services.last_match()
        await self.home.load()
        await self._first_screen(route)
        damage = services.settings_damage()
        if damage is not None:  # a damaged settings file never stops the app: set aside, said, defaults used
            self.shell.notice = (
                Notice("ui.settings_set_aside", {"path": damage.moved_to}, ok=False)
                if damage.moved_to
                else Notice("ui.settings_unreadable", ok=False)
            )

    # ------------------------------------------------------------ club events (projector, My evening)
    @intent
    async def open_projector(self, event_id: str) -> None:
        """A host shows club event ``event_id`` on the projector screen (its Event screen's button; the
        event's viewer link for the wall's browser is on that screen: ``app.projector.show_link``)."""
        await self.projector.open(event_id)
        await self._enter(Screen.PROJECTOR, self.shell.screen)

    @intent
    async def open_evening(self, event_id: str | None = None) -> None:
        """*My evening* of ``event_id`` (``None``: the event shown, or the link's)."""
        if event_id is not None:
            await self.projector.open(event_id)
        await self._enter(Screen.EVENING, self.shell.screen)

    async def follow_event_match(self, match_id: str) -> None:
        """Another tab wrote ``match_id``: the projector and *My evening* follow if it is their event's."""
        await self.projector.follow_match(match_id)
        await self.evening.follow()

    async def follow_event(self, event_id: str | None) -> None:
        """Club event ``event_id`` changed (``None``: this tab is back after a time away)."""
        await self.projector.follow_event(event_id)
        await self.evening.follow()
        await self.season.follow(self.shell.screen is Screen.SEASON)

    async def _first_screen(self, route: str) -> None:
        services = self.services
        if services.access.event_id is not None and self.screens.routes.target_of(route) == Target(Screen.HOME):
            # an event's viewer link: a phone gets My evening, a wider screen (a wall, a TV) the projector
            self.shell.screen = Screen.HOME
            await self._enter(Screen.EVENING if self.shell.width < 700 else Screen.PROJECTOR, Screen.HOME)
            return
        target = self.screens.routes.target_of(route)
        if target != Target(Screen.HOME):
            self.shell.screen = Screen.HOME  # under the screen opened, and shown if that one cannot open
            await self._open(target)
            return
        resume = await services.call(match_to_resume, services.data_dir, self.home.unfinished, services.last_match())
        if resume is not None:
            await self.table.open(resume)
        else:
            self.shell.screen = Screen.HOME

    async def _device_language(self) -> str:
        """On a phone joined as scorer or viewer, the language it keeps for itself (its browser's: the one
        its last tab spoke, so a new session after a server restart speaks it too); else the first of the
        device's languages the app speaks, remembered (set once: later starts read it, Settings changes it);
        the server's language if the device speaks none of them."""
        if not self.services.keeps_settings:
            kept = await self.services.device.kept_language()
            if kept is not None:
                return kept
        lang = supported_language(await self.services.device.languages())
        if lang is None:
            return system_language()
        try:
            await self.services.save_language(lang)
        except OSError as err:  # the tab speaks it anyway; the next start asks the device again
            log.warning("could not remember the language %s: %s", lang, err)
        return lang

    async def follow_table(self, match_id: str) -> None:
        """A host opened ``match_id`` on its table (started it, or resumed it): a phone joined with the
        table's codes (:attr:`Services.follows_table`) opens it, from the start screen, where it waits for
        the host, or from the table of the match before (finished or not). Elsewhere (the history, a
        review, the rules, settings) it stays where its user went; other tabs ignore it."""
        if not self.services.follows_table:
            return
        self._table_match = match_id
        await self.when_free()  # a move being written goes first
        if self.shell.screen not in (Screen.HOME, Screen.TABLE):
            return
        if match_id == self.table.match_id and self.table.match is not None and self.shell.screen == Screen.TABLE:
            return
        await self._open_table(match_id)

    async def catch_up_table(self) -> None:
        """This tab's connection is back (a phone woke up): if the host opened another match on the table
        meanwhile (the match last played, as the host's tabs save it), follow it (:meth:`follow_table`)."""
        if not self.services.follows_table:
            return
        last = await self.services.call(self.services.last_match)
        if last is not None and last != self._table_match:
            await self.follow_table(last)

    @intent
    async def _open_table(self, match_id: str) -> None:
        await self.table.open(match_id)

    @intent
    async def open_route(self, route: str) -> None:
        """Show what ``route`` names (the browser's Back or Forward, an address typed or linked): its screen,
        and for ``/table/<id>`` or ``/review/<id>`` that match. A match that cannot be opened leaves the
        screen as it was (the message says why); the route shown then follows the screen again."""
        await self._open(self.screens.routes.target_of(route))

    async def when_free(self) -> None:
        """Return once this tab's intent in progress (if any) is done: a route change or Back that
        arrives during a write waits for it instead of being ignored as a second tap."""
        while self.shell.busy:
            await asyncio.sleep(0.02)

    @intent
    async def back(self) -> None:
        """The phone's Back (Flutter popped the top view): show the screen under it. If that cannot be
        opened (a match damaged meanwhile), the start screen, with the message why."""
        target = self.views.back()
        if target is None:
            return
        try:
            await self._open(self.screens.routes.target_of(target))
        finally:
            if self.route != target:  # the popped view must not come back
                await self._go(Screen.HOME)

    async def _open(self, target: Target) -> None:
        """Show ``target``: a match the screen does not show yet is opened on it (its entry's
        ``of_match.open``); anything else is :meth:`go` (the match shown stays: re-checked, not re-read)."""
        of_match = self.screens[target.screen].of_match
        if of_match is not None and target.match_id is not None and of_match.shown(self) != target.match_id:
            await of_match.open(self, target.match_id)
        else:
            await self._go(target.screen)

    @intent
    async def go(self, screen: Screen) -> None:
        """Show ``screen``; loads what it lists (the history, the matches to resume, recent names). The
        route follows once the intent is done (pushed to the client: the browser's history, the view stack)."""
        await self._go(screen)

    async def _go(self, screen: Screen) -> None:
        self.shell.error = None
        self.shell.notice = None
        await self._enter(screen, self.shell.screen)

    async def _enter(self, screen: Screen, came_from: Screen) -> None:
        """Show ``screen`` once its entry loaded what it lists (``ScreenEntry.enter``); a screen refused
        shows the one its entry names instead; a screen this tab is not offered leaves it as it was."""
        entry = self.screens[screen]
        if not entry.offered(self):
            return
        instead = await entry.enter(self, came_from) if entry.enter is not None else None
        if instead is None:
            self.shell.screen = screen
        else:
            await self._enter(instead, came_from)

    @intent
    async def set_language(self, lang: str) -> None:
        """Switch every screen to ``lang`` and remember it in the data folder."""
        await self.shell.set_language(lang)

    async def open_rule(self, rule: str) -> None:
        """Show rule ``rule`` (``"S8"``) on the Rules screen: what a rule id in a message links to."""
        shown = self.review.review.match if self.shell.screen == Screen.REVIEW and self.review.review else None
        match = shown or self.table.match
        self.rules.show(rule, match.variant if match is not None else None)  # S… rules: in the match's game
        await self.go(Screen.RULES)

    @intent
    async def set_haptics(self, on: bool) -> None:
        """Haptic ticks on Play and at a settlement on or off, remembered in the data folder."""
        self.shell.haptics = on
        await self.services.save_haptics(on)
