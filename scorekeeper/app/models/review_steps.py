"""Stepping through a recorded match, round by round and move by move: pure data, no Flet.

A review holds the match's actions as the store keeps them in effect
(``store.actions(id)``) and shows the match after the first ``index + 1``
of them, re-folded by the engine with explanations (``Match.replay(...,
explain=True)``): the layout, the scores, whose turn and each award are the
engine's, never recomputed here. Re-folding from the start costs about
20 µs per action on this machine (1.4 ms for a 62-action match), so no
snapshot is kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rules import Match, Reveal, StartRound
from ...rules.moves import Misplay


@dataclass(frozen=True, slots=True)
class Step:
    """One action of the match, as the review shows it.

    ``index``: 0-based position in the action list (the view shows the match
    after actions ``0..index``). ``kind``: ``"start"`` (a round starts),
    ``"move"`` (a tile, draw or pass), ``"misplay"`` (R14: an offence recorded)
    or ``"reveal"`` (the hands left, the settlement). ``round_no``: 1-based. ``move_no``: 1-based within the
    round for a move, else ``None``; ``moves``: the round's number of moves.
    """

    index: int
    kind: str
    round_no: int
    move_no: int | None
    moves: int


def review_steps(actions: list) -> list[Step]:
    """The steps of a match whose actions (in effect, in order) are ``actions``."""
    steps: list[Step] = []
    round_no = 0
    move_no = 0
    for index, action in enumerate(actions):
        if isinstance(action, StartRound):
            round_no += 1
            steps.append(Step(index, "start", round_no, None, 0))
            move_no = 0
        elif isinstance(action, Reveal):
            steps.append(Step(index, "reveal", round_no, None, 0))
        elif isinstance(action, Misplay):  # R14: the offence recorded: a step of its own, no move
            steps.append(Step(index, "misplay", round_no, None, 0))
        else:
            move_no += 1
            steps.append(Step(index, "move", round_no, move_no, 0))
    # each step knows how many moves its round has ("move 3 of 17")
    counts: dict[int, int] = {}
    for step in steps:
        if step.move_no is not None:
            counts[step.round_no] = step.move_no
    return [Step(s.index, s.kind, s.round_no, s.move_no, counts.get(s.round_no, 0)) for s in steps]


@dataclass(frozen=True)
class Review:
    """A match under review and the step shown.

    ``variant``, ``players``, ``partnerships`` as for :class:`Match`;
    ``actions`` the actions in effect; ``index`` the step shown (0-based);
    ``match`` the engine's fold of ``actions[:index + 1]`` with
    explanations; ``whole`` the fold of every action (for the chart).
    """

    match_id: str
    variant: str
    players: tuple[str, ...]
    partnerships: bool
    actions: tuple
    index: int = 0
    steps: tuple[Step, ...] = field(default=(), compare=False)
    match: Match | None = field(default=None, compare=False)
    whole: Match | None = field(default=None, compare=False)

    @classmethod
    def of(cls, match_id: str, seating: Match, actions: list, index: int = 0) -> Review:
        """A review of ``actions`` (a match seated as ``seating``: variant, players, partnerships) at ``index``."""
        players = tuple(seating.players)
        whole = Match.replay(
            seating.variant,
            list(players),
            seating.partnerships,
            list(actions),
            explain=True,
            house_rules=seating.house_rules,
        )
        base = cls(
            match_id,
            seating.variant,
            players,
            seating.partnerships,
            tuple(actions),
            steps=tuple(review_steps(list(actions))),
            whole=whole,
        )
        return base.at(index)

    @property
    def step(self) -> Step | None:
        """The step shown, or ``None`` for a match with no action yet."""
        return self.steps[self.index] if self.steps else None

    def at(self, index: int) -> Review:
        """The same review showing step ``index`` (clamped to the match), re-folded by the engine."""
        index = max(0, min(index, len(self.steps) - 1)) if self.steps else 0
        match = Match.replay(
            self.variant,
            list(self.players),
            self.partnerships,
            list(self.actions[: index + 1]),
            explain=True,
            house_rules=self.whole.house_rules if self.whole is not None else None,
        )
        return Review(
            self.match_id,
            self.variant,
            self.players,
            self.partnerships,
            self.actions,
            index,
            self.steps,
            match,
            self.whole,
        )

    # ------------------------------------------------------------ navigation
    def next_move(self) -> int | None:
        """The next step's index, or ``None`` at the end."""
        return self.index + 1 if self.index + 1 < len(self.steps) else None

    def previous_move(self) -> int | None:
        """The previous step's index, or ``None`` at the start."""
        return self.index - 1 if self.index > 0 else None

    def next_round(self) -> int | None:
        """The start of the next round, or ``None`` in the last round."""
        step = self.step
        return (
            next(
                (s.index for s in self.steps[self.index + 1 :] if s.kind == "start" and s.round_no > step.round_no),
                None,
            )
            if step
            else None
        )

    def previous_round(self) -> int | None:
        """The start of this round if a later step is shown, else the start of the previous round."""
        step = self.step
        if step is None:
            return None
        starts = [s.index for s in self.steps[: self.index] if s.kind == "start"]
        return starts[-1] if starts else None
