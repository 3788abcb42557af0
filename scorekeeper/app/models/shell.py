"""What every screen of a tab shares: the screen shown, the language, the width, the message and the notice.

A tab's models each hold this :class:`Shell` and change it through their
intents (a screen opened, a refusal to show); the views read it. Assigning a
public field re-renders the tab.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flet as ft

from ...i18n import Translator
from ...rules import RuleViolation
from ..navigation import Screen
from ..problems import Message
from ..services import Services


@dataclass(frozen=True, slots=True)
class Notice:
    """The outcome of an import or export, worded by the view.

    ``key`` is a ``ui.*`` catalog key filled with ``params``; ``error`` the
    engine's refusal of an imported document (worded with its round and
    move); ``ok`` False for a failure (shown as an error).
    """

    key: str
    params: dict[str, object] = field(default_factory=dict)
    error: RuleViolation | None = None
    ok: bool = True


@dataclass(eq=False)
class Shell(ft.Observable):
    """One tab's frame: ``screen`` shown, ``lang`` (en, uk, ko), ``width`` of the window in px, ``error``
    (the one message shown, :data:`~scorekeeper.app.problems.Message`), ``notice`` (what the last import
    or export did), ``settings_from`` (the screen Settings returns to). ``busy`` while an intent runs."""

    services: Services
    lang: str = "en"
    screen: Screen = Screen.HOME
    width: float = 390
    error: Message | None = None
    notice: Notice | None = None
    settings_from: Screen | None = None
    _busy: bool = False  # private: assigning it re-renders nothing (one render per intent keeps taps fast)

    @property
    def shell(self) -> Shell:
        """Itself: every model has a ``shell`` (the intent guard finds the tab's frame there)."""
        return self

    @property
    def busy(self) -> bool:
        """True while an intent is being recorded (further taps are ignored until it is done)."""
        return self._busy

    @property
    def t(self) -> Translator:
        """The translator of the chosen language."""
        return Translator(self.lang)

    @property
    def wide(self) -> bool:
        """A window wide enough for two columns (the table, the history, the review)."""
        return self.width >= WIDE

    def drop_error(self) -> None:
        """Clear the message (assigned only when set: each assignment re-renders the tab)."""
        if self.error is not None:
            self.error = None

    async def set_language(self, lang: str) -> None:
        """Switch every screen to ``lang`` and remember it in the data folder."""
        self.lang = lang
        await self.services.save_language(lang)


WIDE = 900  # px: from here a screen uses two columns
