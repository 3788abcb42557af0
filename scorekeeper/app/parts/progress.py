"""The scores over a match, for the match-end chart: pure data, no Flet.

Everything comes from the engine's fold: each round's score events carry the
side's raw score before the event (``score_before``) and whether it counted
(Exact 61 rejects an event that would pass 61, E3). The x axis is the
match's actions in order (round starts, moves, reveals), so a review step
and a point of the chart are the same thing: step ``k`` is the match after
its first ``k`` actions.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...rules.match import Match
from ...rules.moves import Draw, Pass, Play


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """One score event placed on the chart.

    ``step``: the number of actions after which it applies (1 = after the
    first round start). ``points``: the side's display points after it
    (unchanged when ``accepted`` is False: E3 rejected it).
    """

    step: int
    side: int
    points: int
    accepted: bool
    round_no: int


@dataclass(frozen=True, slots=True)
class Progress:
    """The scores of every side over a match.

    Attributes:
        steps: the number of actions in the match (the x axis runs 0..steps).
        series: per side, ``[(step, display points)]`` starting at ``(0, 0)``
            and holding one point per accepted score event (a step line).
        changes: every score event in order, accepted or rejected.
        round_steps: per round, the step right after its start (x of its label).
        low, high: the y range to draw: at least 0..61, wider when a score
            is negative (Exact 61 settlement, E6 reading) or passes 61
            (Horse Race, H6).
        target: the game's target in display points (61, H3/E3; the engine's
            ``Variant.target_points``).
    """

    steps: int
    series: tuple[tuple[tuple[int, int], ...], ...]
    changes: tuple[ScoreChange, ...]
    round_steps: tuple[int, ...]
    low: int
    high: int
    target: int


def round_action_count(r) -> int:
    """Actions a round took: its start, its moves, its recorded offences (R14) and, once given, the reveal."""
    return 1 + len(r.moves) + len(r.misplays) + (1 if r.hands is not None else 0)


def _is_move(match: Match, index: int) -> bool:
    return index < len(match.actions) and isinstance(match.actions[index], (Play, Draw, Pass))


def score_progress(match: Match) -> Progress:
    """The scores over ``match`` (any state: finished, in progress or just started).

    A placement's event (move index ``i`` of a round whose start is action
    ``a``) applies at step ``a + 2 + i``; a settlement or block event at the
    step of the reveal. The points after each event are the engine's (``ScoreEvent.points_after``:
    unchanged by an event E3 rejected).
    """
    sides = len(match.sides)
    series: list[list[tuple[int, int]]] = [[(0, 0)] for _ in range(sides)]
    changes: list[ScoreChange] = []
    round_steps: list[int] = []
    start = 0  # index of the round's StartRound action
    for r in match.rounds:
        round_steps.append(start + 1)
        reveal_step = start + 1 + round_action_count(r) - (1 if r.hands is not None else 0)
        # R14: a recorded offence is an action between moves; each move's step is its action's (1-based)
        moves = [i + 1 for i in range(start + 1, start + round_action_count(r)) if _is_move(match, i)]
        for event in r.events:
            step = moves[event.move] if event.kind in ("play", "muggins") and event.move is not None else reveal_step
            if event.accepted:
                series[event.side].append((step, event.points_after))
            changes.append(ScoreChange(step, event.side, event.points_after, event.accepted, r.number))
        start += round_action_count(r)
    values = [points for line in series for _, points in line]
    target = match.rules.target_points
    return Progress(
        steps=start,
        series=tuple(tuple(line) for line in series),
        changes=tuple(changes),
        round_steps=tuple(round_steps),
        low=min(0, *values),
        high=max(target, *values),
        target=target,
    )


def points_at(progress: Progress, side: int, step: int) -> int:
    """``side``'s display points after the first ``step`` actions."""
    points = 0
    for at, value in progress.series[side]:
        if at > step:
            break
        points = value
    return points
