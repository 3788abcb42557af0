"""One tab's models, composed: who owns what (docs/app.md, "The models"), and the intents that span them.

``AppModel`` builds the models of a tab around one :class:`Shell` and the
shared :class:`Services`; each model carries its own intents (a view calls
``app.entry.play``, ``app.history.apply``…). What is left here moves between
screens: start a tab, go to a screen (loading what it lists), and hand the
views every observable model, so a change in any of them draws the tab again.
"""

from __future__ import annotations

from ...i18n import Translator
from ..navigation import Screen
from ..problems import Problem
from ..services import Services
from ..store_access import match_to_resume
from .correction import Correction
from .history import HistoryQuery
from .home import HomeList
from .intent import intent
from .move_entry import MoveEntry
from .open_match import OpenMatch
from .phones import Phones
from .reveal import RevealEntry
from .review import ReviewCursor
from .setup import SetupForm
from .shell import Shell
from .transfer import Transfer


class AppModel:
    """A tab: ``shell`` (screen, language, message), ``home`` (matches to resume), ``setup`` (the new-match
    form), ``table`` (the open match and its writes), ``entry`` (the next move), ``reveal`` (the hands at a
    round's end), ``history`` (the query), ``review`` (the step shown), ``transfer`` (import, export), ``phones``
    (a host's join codes and devices)."""

    def __init__(self, services: Services, lang: str = "en", width: float = 390) -> None:
        self.shell = Shell(services, lang=lang, width=width)
        self.home = HomeList(self.shell)
        self.table = OpenMatch(self.shell)
        self.entry = MoveEntry(self.shell, self.table)
        self.reveal = RevealEntry(self.shell, self.table)
        self.correction = Correction(self.shell, self.table)
        self.setup = SetupForm(self.shell, self.table)
        self.review = ReviewCursor(self.shell)
        self.history = HistoryQuery(self.shell, self.table, self.review)
        self.transfer = Transfer(self.shell, self.history)
        self.phones = Phones(self.shell, self.table)

    def observed(self) -> tuple[object, ...]:
        """Every observable model of the tab (the root component subscribes to each)."""
        return (self.shell, self.home, self.table, self.entry, self.reveal, self.correction, self.setup, self.review,
                self.history, self.phones)

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

    # ------------------------------------------------------------ intents
    @intent
    async def start(self) -> None:
        """On opening a tab: the saved language, and the match last played if it is unfinished
        (else the most recently active unfinished one): resume."""
        services = self.services
        self.shell.lang = services.saved_language() or self.shell.lang
        await self.home.load()
        resume = await services.call(match_to_resume, services.data_dir, self.home.unfinished,
                                     services.last_match())
        if resume is not None:
            await self.table.open(resume)
        else:
            self.shell.screen = Screen.HOME

    @intent
    async def go(self, screen: Screen) -> None:
        """Show ``screen``; loads what it lists (the history, the matches to resume, recent names)."""
        shell = self.shell
        shell.error = None
        shell.notice = None
        if screen == Screen.SETTINGS and shell.screen != Screen.SETTINGS:
            shell.settings_from = shell.screen
        if screen == Screen.HISTORY:
            try:
                await self.history.load()
            except Problem as err:  # a typed date that is no date: listed without it, the screen says why
                shell.error = err
        if screen == Screen.HOME:
            await self.home.load()
        if screen == Screen.NEW_MATCH:
            await self.setup.load_recent()
        if screen == Screen.TABLE:  # back from settings: another tab may have moved on meanwhile
            await self.table.check_version()
        shell.screen = screen

    @intent
    async def set_language(self, lang: str) -> None:
        """Switch every screen to ``lang`` and remember it in the data folder."""
        await self.shell.set_language(lang)
