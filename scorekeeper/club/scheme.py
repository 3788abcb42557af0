"""The club's own rules for an event: its points scheme, the fixture length and the tie-break order.

These are data only; :mod:`scorekeeper.club.results` reads a fixture with the
fixture length, and :mod:`scorekeeper.club.standings` scores it with the scheme.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .errors import SetupError


@dataclass(frozen=True, slots=True)
class LoserBonus:
    """The loser's bonus point of pub leagues (the "5–4" point).

    Attributes:
        points: what a losing side earns when the condition holds.
        within: the condition: lost by at most this many games (``1``: a fixture of
            9 games lost 4–5 earns it, 3–6 does not). Only a fixture of more than one
            game can earn it (a one-game fixture is always lost by one game).
    """

    points: int = 1
    within: int = 1


@dataclass(frozen=True, slots=True)
class PointsScheme:
    """What a fixture earns in the standings.

    Attributes:
        win / draw / loss: points for the fixture's result (a draw: games won level).
        loser_bonus: the loser's bonus point and its condition, or ``None``.
        per_game: when true, every game won earns one more point (pub leagues that
            count games: a 5–4 win is worth ``win + 5``).
        bye: points for a bye (a round without a table, or an opponent away in a
            round-robin); a bye is neither won, drawn nor lost.

    Raises:
        SetupError: ``negative_points`` for a negative value.
    """

    win: int = 2
    draw: int = 1
    loss: int = 0
    loser_bonus: LoserBonus | None = None
    per_game: bool = False
    bye: int = 2

    def __post_init__(self) -> None:
        values = {"win": self.win, "draw": self.draw, "loss": self.loss, "bye": self.bye}
        if self.loser_bonus is not None:
            values.update(bonus=self.loser_bonus.points, bonus_within=self.loser_bonus.within)
        for name, value in values.items():
            if value < 0:
                raise SetupError("negative_points", f"{name} is {value}; points are 0 or more", name=name, value=value)


class LengthKind(Enum):
    """How many games a fixture is."""

    ONE_GAME = "one"  # one game to the target
    BEST_OF = "best-of"  # best of N: ends when one side has won more than half of N
    ALL_COUNTED = "all"  # all N games played and counted (pub leagues play 9)


@dataclass(frozen=True, slots=True)
class FixtureLength:
    """A fixture's length: ``FixtureLength()`` is one game, ``FixtureLength(LengthKind.BEST_OF, 3)`` best of 3.

    Raises:
        SetupError: ``fixture_length`` for a best-of with an even or non-positive N, an
            all-counted with N < 1, or a one-game length with N other than 1.
    """

    kind: LengthKind = LengthKind.ONE_GAME
    games: int = 1

    def __post_init__(self) -> None:
        bad = (
            self.kind is LengthKind.ONE_GAME
            and self.games != 1
            or self.kind is LengthKind.BEST_OF
            and (self.games < 1 or self.games % 2 == 0)
            or self.kind is LengthKind.ALL_COUNTED
            and self.games < 1
        )
        if bad:
            raise SetupError(
                "fixture_length",
                f"{self.kind.value} {self.games} is no fixture length; use one game, "
                "best of an odd N, or all N counted",
                kind=self.kind.value,
                games=self.games,
            )

    @property
    def to_win(self) -> int:
        """Games that decide a best-of fixture (2 of 3); for the others, all ``games`` are played."""
        return self.games // 2 + 1 if self.kind is LengthKind.BEST_OF else self.games


class Criterion(Enum):
    """What orders the standings: points first, then the club's tie-breaks (docs/club-night.md)."""

    POINTS = "points"
    GAMES_WON = "games_won"  # games won over all fixtures
    POINTS_DIFFERENCE = "points_difference"  # Σ over opponents at each fixture of (my score − theirs)
    HEAD_TO_HEAD = "head_to_head"  # points of the fixtures among the tied only
    BUCHHOLZ = "buchholz"  # Σ of the opponents' points, one term per opponent met
    SONNEBORN_BERGER = "sonneborn_berger"  # Σ of beaten opponents' points + ½ of those drawn


TIE_BREAKS = tuple(c for c in Criterion if c is not Criterion.POINTS)


@dataclass(frozen=True, slots=True)
class ClubRules:
    """The club's rules for an event (the game's rules are the match's, not these).

    Attributes:
        scheme: the points scheme.
        length: how many games a fixture is.
        tie_breaks: the tie-breaks in the club's order, after points.

    Raises:
        SetupError: ``tie_break`` for points or a repeated criterion in ``tie_breaks``.
    """

    scheme: PointsScheme = field(default_factory=PointsScheme)
    length: FixtureLength = field(default_factory=FixtureLength)
    tie_breaks: tuple[Criterion, ...] = (Criterion.HEAD_TO_HEAD, Criterion.BUCHHOLZ)

    def __post_init__(self) -> None:
        for i, criterion in enumerate(self.tie_breaks):
            if criterion is Criterion.POINTS or criterion in self.tie_breaks[:i]:
                raise SetupError(
                    "tie_break",
                    f"{criterion.value} cannot be a tie-break here; choose each of "
                    f"{', '.join(c.value for c in TIE_BREAKS)} at most once",
                    criterion=criterion.value,
                )
