"""The device a tab runs on: its languages, the address shown, the screen kept awake, haptics, sharing.

One object per tab, which the models call (through ``Services.device``), so
nothing else touches Flet's device services. :class:`Device` is what a tab
without a Flet session has (the in-process tests): it does nothing but keep
what it was asked, so a test reads ``device.awake`` or ``device.felt``.
:class:`FletDevice` also asks the Flutter client, with Flet 1.0.5's services
(``flet/controls/services/``): ``Wakelock``, ``HapticFeedback``, ``Share``,
and ``page.get_device_info()`` for the device's locales.

The client's answers are not awaited by the intents (a haptic tick must not
delay the Play it confirms): each call runs in a task of its own, and a
platform without the service (a web page served over plain HTTP has no
Screen Wake Lock API) only logs it; haptics are asked only of a phone (a desktop has no vibration).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Iterable
from typing import Any

import flet as ft

from ..i18n import LANGUAGES

log = logging.getLogger(__name__)

TICK = "tick"  # a Play recorded: a short, light tick
SETTLED = "settled"  # a round settled (domino, block, Exact 61 settlement): a stronger one
KEPT_LANGUAGE = "scorekeeper.lang"  # the browser's storage key of the tab's language (browser_language.KEY)
LOCALE_WAIT = 5.0  # s: how long the first start waits for the device's locales before using the server's


def supported_language(codes: Iterable[str]) -> str | None:
    """The first of the device's language ``codes`` (in its order of preference: ``uk-UA``, ``ko``,
    ``en_US``…) that the app speaks (:data:`~scorekeeper.i18n.LANGUAGES`), else ``None``."""
    for code in codes:
        lang = code.replace("_", "-").split("-")[0].lower()
        if lang in LANGUAGES:
            return lang
    return None


class Device:
    """The device as the models see it; this base keeps what it was asked and does nothing else.

    ``awake``: the screen is kept on; ``felt``: the haptic feedback played, in order (:data:`TICK`,
    :data:`SETTLED`); ``shared``: ``(file name, bytes)`` handed to the share sheet; ``lang``: the
    language Flutter's own texts use; ``pushed``: the routes pushed to the client (its address, the
    browser's history); ``can_share``: the device has a share sheet; ``back_button``: the device has a
    Back of its own that Flutter hands to the app (a phone app), so the tab draws a view per screen.
    """

    can_share = False

    def __init__(self, locales: Iterable[str] = (), back_button: bool = False, kept: str | None = None) -> None:
        self._locales = list(locales)
        self._kept = kept
        self.back_button = back_button
        self.awake = False
        self.felt: list[str] = []
        self.shared: list[tuple[str, bytes]] = []
        self.lang: str | None = None
        self.pushed: list[str] = []
        self.values: dict[str, str] = {}  # what the device keeps for itself (:meth:`keep_value`)

    async def kept_value(self, key: str) -> str | None:
        """What this device keeps under ``key`` for itself (a phone's choice, e.g. the player it is on *My
        evening*: ``scorekeeper.evening.<event id>``), ``None`` if nothing or unreadable."""
        return self.values.get(key)

    async def keep_value(self, key: str, value: str) -> None:
        """Keep ``value`` (at most 200 characters) under ``key`` on this device (a browser's storage), best
        effort: a device that cannot keep it forgets it with the tab."""
        self.values[key] = value[:200]

    async def languages(self) -> list[str]:
        """The device's language codes, most preferred first (``["uk-UA", "en-US"]``); ``[]`` if unknown."""
        return list(self._locales)

    async def kept_language(self) -> str | None:
        """The app's language this device keeps for itself (en, uk or ko: the one its last tab spoke, kept in
        its browser's storage by :mod:`.browser_language`), or ``None`` if none is kept or readable."""
        return self._kept

    def push_route(self, route: str) -> None:
        """Show ``route`` as the client's address (a new entry in the browser's history); the client
        answers with a route change (``page.on_route_change``), which the tab recognises as its own."""
        self.pushed.append(route)
        self._route(route)

    def keep_awake(self, on: bool) -> None:
        """Keep the screen on (``True``) or let it sleep again; only a change reaches the device."""
        if on != self.awake:
            self.awake = on
            self._wake(on)

    def feel(self, kind: str) -> None:
        """Play the haptic feedback ``kind`` (:data:`TICK` or :data:`SETTLED`) where the device has it."""
        self.felt.append(kind)
        self._haptic(kind)

    def use_language(self, lang: str) -> None:
        """Flutter's own texts (tooltips, date pickers, semantics) in ``lang``; only a change is sent."""
        if lang != self.lang:
            self.lang = lang
            self._language(lang)

    async def share_file(self, name: str, data: bytes, mime: str) -> bool:
        """Offer the file ``name`` (``data``, of type ``mime``) through the share sheet.

        Returns False if the device has none or it cannot share now (then the caller downloads it);
        True once the sheet was shown (whether or not the user picked a target).
        """
        self.shared.append((name, data))
        return self.can_share

    def resume(self) -> None:
        """The app is visible again: ask again for what the platform dropped while hidden (a browser
        releases a wake lock when its tab is hidden)."""
        if self.awake:
            self._wake(True)

    # what a real device does (nothing here)
    def _route(self, route: str) -> None:
        pass

    def _wake(self, on: bool) -> None:
        pass

    def _haptic(self, kind: str) -> None:
        pass

    def _language(self, lang: str) -> None:
        pass


def locale_configuration(lang: str) -> ft.LocaleConfiguration:
    """The page's locales: the app's three, the current one ``lang`` (Flutter's own texts follow it)."""
    return ft.LocaleConfiguration(
        supported_locales=[ft.Locale(code) for code in LANGUAGES], current_locale=ft.Locale(lang)
    )


class FletDevice(Device):
    """The device behind a Flet page: its services are made (registered with the page) at once,
    so create it inside ``main(page)``."""

    def __init__(self, page: ft.Page) -> None:
        super().__init__()
        self.page = page
        self._wakelock = ft.Wakelock()
        self._haptics = ft.HapticFeedback()
        self._share = ft.Share()
        self._prefs: ft.SharedPreferences | None = None  # made on first use (a browser's tab only)
        self._tasks: set[asyncio.Task[Any]] = set()
        # a phone app has the share sheet; a browser downloads instead (the Web Share API needs a secure
        # page, which a server on the local network is not), a desktop saves through a dialog
        phone_app = not page.web and page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
        self.can_share = phone_app
        # a phone app's Back (Android's button, iOS's swipe from the edge) pops Flutter's top view; in a
        # browser Back is the browser's (a route change), a desktop window has none
        self.back_button = phone_app
        # only a phone vibrates (its app, or a browser on it): a desktop's tab was sent a haptic call on every
        # Play and answered it, two messages and a client method call for nothing (issue 21)
        self.vibrates = page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)

    async def kept_language(self) -> str | None:
        if not self.page.web:  # a phone app or a desktop window: the data folder's settings keep it
            return None
        try:
            # kept on the device: a throwaway service was unregistered whenever the garbage collector got to
            # it, a patch at a moment that moved with every allocation elsewhere (tests/app/test_tab_leaves.py)
            if self._prefs is None:
                self._prefs = ft.SharedPreferences()
            kept = await asyncio.wait_for(self._prefs.get(KEPT_LANGUAGE), LOCALE_WAIT)
        except Exception as err:  # noqa: BLE001 - no answer: the device's languages decide
            log.info("the language kept in the browser is unknown (%s)", err)
            return None
        return kept if kept in LANGUAGES else None

    async def kept_value(self, key: str) -> str | None:
        if not self.page.web:
            return await super().kept_value(key)
        try:
            kept = await asyncio.wait_for(ft.SharedPreferences().get(key), LOCALE_WAIT)
        except Exception as err:  # noqa: BLE001 - no answer: nothing kept
            log.info("a value kept in the browser is unknown (%s)", err)
            return await super().kept_value(key)
        return kept[:200] if isinstance(kept, str) else None

    async def keep_value(self, key: str, value: str) -> None:
        await super().keep_value(key, value)
        if self.page.web:
            try:
                await asyncio.wait_for(ft.SharedPreferences().set(key, value[:200]), LOCALE_WAIT)
            except Exception as err:  # noqa: BLE001 - kept for this tab only
                log.info("the browser did not keep a value (%s)", err)

    async def languages(self) -> list[str]:
        try:
            info = await asyncio.wait_for(self.page.get_device_info(), LOCALE_WAIT)
        except Exception as err:  # noqa: BLE001 - no answer, an unknown platform: the server's language
            log.info("the device's locales are unknown (%s)", err)
            return []
        locales = getattr(info, "locales", None) or []
        return [loc.language_code + (f"-{loc.country_code}" if loc.country_code else "") for loc in locales]

    def _route(self, route: str) -> None:
        self._run(self.page.push_route(route), "route")

    def _wake(self, on: bool) -> None:
        self._run(self._wakelock.enable() if on else self._wakelock.disable(), "wakelock")

    def _haptic(self, kind: str) -> None:
        if not self.vibrates:
            return
        self._run(self._haptics.heavy_impact() if kind == SETTLED else self._haptics.light_impact(), "haptics")

    def _language(self, lang: str) -> None:
        self.page.locale_configuration = locale_configuration(lang)
        self.page.schedule_update()  # sent with the next update (at start: the first render's)

    async def share_file(self, name: str, data: bytes, mime: str) -> bool:
        if not self.can_share:
            return False
        self.shared.append((name, data))
        try:
            result = await self._share.share_files(
                [ft.ShareFile.from_bytes(data, mime_type=mime, name=name)], subject=name
            )
        except Exception as err:  # noqa: BLE001 - no share sheet after all: the caller saves the file instead
            log.info("share sheet unavailable: %s", err)
            return False
        return result.status != ft.ShareResultStatus.UNAVAILABLE

    def _run(self, call: Coroutine[Any, Any, Any], what: str) -> None:
        task = asyncio.get_running_loop().create_task(self._quietly(call, what))
        self._tasks.add(task)  # keep a reference until done (the loop keeps only a weak one)
        task.add_done_callback(self._tasks.discard)

    @staticmethod
    async def _quietly(call: Coroutine[Any, Any, Any], what: str) -> None:
        try:
            await call
        except Exception as err:  # noqa: BLE001 - a platform without the service: the app goes on without it
            log.info("%s not available here: %s", what, err)
