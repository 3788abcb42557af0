"""The app's language, kept in the browser too: the page's reconnecting banner is worded in it.

While the connection is lost nothing can be asked of the server, so the page (``assets/reconnecting.js``)
reads the language from the browser's own storage: Flet's ``SharedPreferences`` service keeps it there
(the web client's ``localStorage``, key ``flutter.`` + :data:`KEY`, the value as JSON). A tab writes it
when it starts and whenever its language changes; only in a browser (``page.web``). A new session of the
same browser starts in it (``Device.kept_language``): a phone joined as scorer or viewer keeps its
language across a server restart or a reconnect that lost its session.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

import flet as ft

from .device import KEPT_LANGUAGE

log = logging.getLogger(__name__)

KEY = KEPT_LANGUAGE  # in localStorage: "flutter.scorekeeper.lang" (shared_preferences_web's prefix)
TIMEOUT = 5.0  # s: a client that never answers (a tab closed meanwhile) does not keep the task

_kept: weakref.WeakKeyDictionary[Any, BrowserLanguage] = weakref.WeakKeyDictionary()  # shell -> its mirror


class BrowserLanguage:
    """Mirrors ``shell.lang`` (an observable with a ``lang`` field) into the browser of ``page``."""

    def __init__(self, page: ft.Page, shell: Any) -> None:
        self.page = page
        self.shell = shell
        self.prefs = ft.SharedPreferences()  # registered with the tab's page (made inside its session)
        self.sent: str | None = None
        # the shell holds its listeners weakly: the bound method is kept here, and this object as long as the shell
        self._listener = self._changed
        shell.subscribe(self._listener)
        _kept[shell] = self

    @classmethod
    def start(cls, page: ft.Page, shell: Any) -> BrowserLanguage | None:
        """Mirror ``shell.lang`` into the browser of ``page`` from now on, and write it there now (in a task
        of the tab; not for a tab gone meanwhile: if it comes back, its next change is written). ``None``
        outside a browser."""
        if not page.web:
            return None
        mirror = cls(page, shell)
        mirror._write()
        return mirror

    def _changed(self, sender: object, field: str | None) -> None:
        if field == "lang":
            self._write()

    def _write(self) -> None:
        # Flet's run_task needs the tab's connection (without it: AttributeError, the coroutine never awaited);
        # a tab away has no browser to write to, and the language is written again at its next change
        if self.page.session.connection is not None:
            self.page.run_task(self.keep)

    async def keep(self) -> None:
        """Write the tab's language into the browser's storage, unless it is there already."""
        lang = self.shell.lang
        if lang == self.sent:
            return
        self.sent = lang
        try:
            await asyncio.wait_for(self.prefs.set(KEY, lang), TIMEOUT)
        except Exception as err:  # noqa: BLE001 - best effort: the banner then uses the browser's language
            self.sent = None
            log.debug("could not keep the language in the browser: %s", err)
