"""The match clock (house rule R15, docs/house-rules.md): a time limit for the match, read from the record.

The record's times are the truth: every action carries the time it was
recorded (``time``, seconds since the epoch, UTC; the store stamps it, see
docs/store.md), the clock starts with the match's first tile played, and
time is *called* by the first action recorded at or after the limit (a move,
a round's start or the revealed hands). The engine folds those times
(:class:`~scorekeeper.rules.match.Match` keeps :attr:`Match.clock_start` and
:attr:`Match.clock_called`) and never reads the wall clock: a screen asks
:func:`clock_state` with its own ``now``, so a server restarted in between
shows the same remaining time (it is the same record).

When time is called the round in play is finished, then ``clock_end`` applies
(settled by the engine, :attr:`Round.clock <scorekeeper.rules.match.Round>`):
``leader-wins`` — the side ahead wins; level, one more round, until one is
ahead — or ``lower-target`` — the target becomes ``clock_target``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

SECONDS_PER_MINUTE = 60


class _Options(Protocol):
    @property
    def options(self) -> Mapping[str, object]: ...


class _Timed(Protocol):
    @property
    def time(self) -> float | None: ...


class Clocked(Protocol):
    """What :func:`clock_state` reads of a :class:`~scorekeeper.rules.match.Match` (no import: match.py
    imports this module)."""

    @property
    def rules(self) -> _Options: ...
    @property
    def clock_start(self) -> float | None: ...
    @property
    def clock_called(self) -> ClockCall | None: ...
    @property
    def finished(self) -> bool: ...
    @property
    def actions(self) -> Sequence[_Timed]: ...


@dataclass(frozen=True, slots=True)
class ClockCall:
    """Where time was called: the first action recorded at or after the limit.

    Attributes:
        round: the round it belongs to, counted from 1 (a round's start: the round it starts).
        move: the move of that round, counted from 1; ``0`` for the round's start, ``"hands"`` for the
            revealed hands.
        time: when it was recorded (seconds since the epoch).
    """

    round: int
    move: int | str
    time: float


@dataclass(frozen=True, slots=True)
class ClockState:
    """A match's clock at one moment (:func:`clock_state`).

    Attributes:
        limit: the time limit in seconds (``0``: the match has no clock).
        started: when the clock started (the first tile played, seconds since the epoch), or ``None``
            before it.
        remaining: whole seconds left, ``0`` once the limit is reached (the limit itself before the
            first tile).
        expired: the limit has passed (time is called by the next action, or was called).
        called: where time was called (:class:`ClockCall`), or ``None`` while no action came after the limit.
    """

    limit: int
    started: float | None
    remaining: int
    expired: bool
    called: ClockCall | None

    @property
    def on(self) -> bool:
        """Whether the match has a time limit (R15 ``clock`` not 0)."""
        return self.limit > 0

    def at(self, now: float) -> ClockState:
        """This clock at a later ``now`` with the record unchanged (a screen's tick: no fold)."""
        if not self.limit or self.started is None or self.called is not None:
            return self
        return _counted(self.limit, self.started, now, None)


def clock_limit(match: Clocked) -> int:
    """The match's time limit in seconds (R15 ``clock`` minutes × 60; 0 for none)."""
    minutes = match.rules.options["clock"]
    return int(minutes) * SECONDS_PER_MINUTE if isinstance(minutes, int) else 0


def clock_state(match: Clocked, now: float) -> ClockState:
    """The clock of ``match`` at ``now`` (seconds since the epoch, the caller's clock: the engine reads none).

    Remaining time counts from :attr:`Match.clock_start`; once the match is finished it stops at the
    last recorded action's time (the clock shows what was left when play ended). Rule R15.
    """
    limit = clock_limit(match)
    start = match.clock_start
    called = match.clock_called
    if not limit:
        return ClockState(0, None, 0, False, None)
    if start is None:
        return ClockState(limit, None, limit, False, None)
    if match.finished:
        times = [a.time for a in match.actions if a.time is not None]
        now = max(times) if times else now
    return _counted(limit, start, now, called)


def _counted(limit: int, start: float, now: float, called: ClockCall | None) -> ClockState:
    left = start + limit - now
    expired = called is not None or left <= 0
    remaining = 0 if expired else min(limit, int(-(-left // 1)))  # whole seconds, rounded up; before the start: all
    return ClockState(limit, start, remaining, expired, called)


def mm_ss(seconds: int) -> str:
    """``seconds`` as minutes and seconds, ``"mm:ss"`` (``"125:00"`` past an hour; never negative)."""
    seconds = max(0, seconds)
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


__all__ = ["ClockCall", "ClockState", "clock_limit", "clock_state", "mm_ss"]
