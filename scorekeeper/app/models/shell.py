"""What every screen of a tab shares: the screen shown, the language, the width, the message and the notice.

A tab's models each hold this :class:`Shell` and change it through their
intents (a screen opened, a refusal to show); the views read it. Assigning a
public field re-renders the tab.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from ...i18n import Translator
from ...rules import RuleViolation
from ..navigation import Screen
from ..problems import Message
from ..services import Services

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Notice:
    """The outcome of an import, an export or an abandon, worded by the view.

    ``key`` is a ``ui.*`` catalog key filled with ``params``; ``error`` the
    engine's refusal of an imported document (worded with its round and
    move); ``ok`` False for a failure (shown as an error); ``undo``: the
    ``(match id, version)`` an Undo in the notice takes back (an abandon).
    """

    key: str
    params: dict[str, object] = field(default_factory=dict)
    error: RuleViolation | None = None
    ok: bool = True
    undo: tuple[str, int] | None = None


@dataclass(eq=False)
class Shell(ft.Observable):
    """One tab's frame: ``screen`` shown, ``lang`` (en, uk, ko), ``width`` of the window in px, ``error``
    (the one message shown, :data:`~scorekeeper.app.problems.Message`), ``notice`` (what the last import
    or export did), ``settings_from`` (the screen Settings returns to), ``haptics`` (ticks on Play and at a
    settlement: the setting). ``busy`` while an intent runs."""

    services: Services
    lang: str = "en"
    screen: Screen = Screen.HOME
    width: float = 390
    error: Message | None = None
    notice: Notice | None = None
    settings_from: Screen | None = None
    haptics: bool = True
    _busy: bool = False  # private: assigning it re-renders nothing (one render per intent keeps taps fast)
    _followers: list[Callable[[], None]] = field(default_factory=list)  # run once each intent is done

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

    def after_intents(self, follow: Callable[[], None]) -> None:
        """Call ``follow()`` each time an intent is done (the state settled): what follows from the state
        outside the page (the route, the screen kept awake) is brought up to date there."""
        self._followers.append(follow)

    def settled(self) -> None:
        """An intent is done (called by the intent guard): run the followers; one that fails is logged."""
        for follow in self._followers:
            try:
                follow()
            except Exception:  # noqa: BLE001 - the intent's result stands; the log says what did not follow
                log.exception("could not follow the state")

    def feel(self, kind: str) -> None:
        """Haptic feedback ``kind`` (``device.TICK``, ``device.SETTLED``) unless the setting is off."""
        if self.haptics:
            self.services.device.feel(kind)

    def drop_error(self) -> None:
        """Clear the message (assigned only when set: each assignment re-renders the tab)."""
        if self.error is not None:
            self.error = None

    async def open_settings(self, came_from: Screen) -> None:
        """Settings is shown, opened from ``came_from``: its back arrow returns there (kept while Settings
        is shown again, e.g. after a language switch)."""
        if came_from != Screen.SETTINGS:
            self.settings_from = came_from

    async def set_language(self, lang: str) -> None:
        """Switch every screen to ``lang`` and remember it in the data folder."""
        self.lang = lang
        await self.services.save_language(lang)


WIDE = 900  # px: from here a screen uses two columns
