"""The match clock under the table's header (house rule R15): the time left, ticking on the phone.

A line of fixed height (:data:`CLOCK_HEIGHT`) on every phone of a table whose match has a clock (the
scorer's and the viewers': the table, the phone view and the watch view share the header), absent
otherwise, so nothing under it moves while it ticks or when time is called. The time shown is the
engine's :func:`~scorekeeper.rules.clock.clock_state` of the recorded times; the line re-reads the
wall clock once a second (a task of the line's own, cancelled when it goes), which is one small
update of one text per second per tab: Flet 1.0 has no client-side timer text.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import flet as ft

from ...i18n import Translator
from ...rules.clock import ClockState, mm_ss
from .widgets import hook

CLOCK_HEIGHT = 20  # px: one line of 14 px text
TICK = 1.0  # s between two redraws of the time left


def clock_words(t: Translator, state: ClockState) -> str:
    """``"Time left 12:34"`` (minutes and seconds), ``"Time limit 30:00, from the first tile"`` before it,
    or ``"Time called — finish this round"`` once the limit has passed (R15)."""
    if state.expired:
        return t("clock.called")
    if state.started is None:
        return t("clock.waiting", time=mm_ss(state.limit))
    return t("clock.left", time=mm_ss(state.remaining))


def clock_line(t: Translator, state: ClockState) -> ft.Control | None:
    """The clock's line (hook ``match-clock``) for a match with a clock, ``None`` without one."""
    if not state.on:
        return None
    return _ClockLine(t, state)


@ft.component
def _ClockLine(t: Translator, state: ClockState) -> ft.Control:
    started: float = time.time()
    now, set_now = ft.use_state(started)
    task: Any = ft.use_ref(None)

    async def tick() -> None:
        while True:  # a screen's redraw of the time left, not a wait in a test
            await asyncio.sleep(TICK - time.time() % TICK)
            set_now(time.time())

    def start() -> None:
        if state.started is not None and not state.expired:
            task.current = asyncio.get_running_loop().create_task(tick())

    def stop() -> None:
        if task.current is not None:
            task.current.cancel()
            task.current = None

    ft.use_effect(start, [state.started, state.expired, state.limit], cleanup=stop)
    shown = state.at(max(now, time.time()))
    words = clock_words(t, shown)
    color = ft.Colors.RED_800 if shown.expired else ft.Colors.BLUE_GREY_900
    text = ft.Text(words, size=14, weight=ft.FontWeight.W_600, color=color, max_lines=1, no_wrap=True)
    icon = ft.Icon(ft.Icons.TIMER_OUTLINED, size=16, color=color)  # the shipped font has no ⏱
    line = ft.Row([icon, text], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return hook("match-clock", ft.Container(line, height=CLOCK_HEIGHT), label=words)
