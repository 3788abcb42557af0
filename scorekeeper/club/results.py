"""A fixture's result as the standings read it: who sat at a table, each game's scores, how it was decided.

A fixture is what one table plays in one round: one game, best of N, or all N
counted (:class:`~scorekeeper.club.scheme.FixtureLength`). Its result names the
sides by player id and gives every game's final score per side, so the
standings can count games won and points difference; a game is won by the
side with the highest score (a level top score is a drawn game: nobody wins
it), and the fixture by the side that won the most games (level: a draw).
A fixture of three or four sides (cut-throat) is read the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import ResultError
from .roster import Unit
from .scheme import FixtureLength, LengthKind


class Decided(Enum):
    """How a fixture's result came to be."""

    PLAYED = "played"  # from the table's own match(es)
    PAPER = "paper"  # played on paper, final scores entered by the organiser (marked as such)
    BYE = "bye"  # no table this round: one side, no games, scored as the scheme's ``bye``


@dataclass(frozen=True, slots=True)
class FixtureResult:
    """One table's result in one round.

    Attributes:
        round: the round, counted from 1.
        table: the table number, from 1 (``0`` for a bye).
        sides: the sides as tuples of player ids, in seat order (one side for a bye).
        games: each game's final scores, one per side in the order of ``sides``
            (display points, as the match reports them); ``()`` for a bye.
        decided: played, entered on paper, or a bye.
    """

    round: int
    table: int
    sides: tuple[Unit, ...]
    games: tuple[tuple[int, ...], ...] = ()
    decided: Decided = Decided.PLAYED

    @classmethod
    def bye(cls, round_no: int, unit: Unit) -> FixtureResult:
        """The result of a bye for ``unit`` in round ``round_no``."""
        return cls(round_no, 0, (unit,), (), Decided.BYE)

    def players(self) -> tuple[str, ...]:
        """Every player at the fixture, side by side."""
        return tuple(p for side in self.sides for p in side)

    def games_won(self) -> tuple[int, ...]:
        """Games won per side (a game's strictly highest score wins it)."""
        won = [0] * len(self.sides)
        for scores in self.games:
            top = max(scores)
            if scores.count(top) == 1:
                won[scores.index(top)] += 1
        return tuple(won)


def check_result(result: FixtureResult, length: FixtureLength) -> None:
    """Refuse a result whose shape does not fit a fixture of ``length``.

    Raises:
        ResultError: ``round_number`` (round < 1), ``bye_shape`` (a bye with a table,
            games or more than one side), ``table_number`` (table < 1), ``sides``
            (fewer than two sides, or an empty side), ``player_twice`` (a player on two
            sides of one fixture), ``scores_per_game`` (a game without one score per
            side, or a negative score), ``fixture_games`` (too few or too many games
            for the length), ``game_after_decided`` (a best-of game after one side
            had won it).
    """
    where = {"round": result.round, "table": result.table}
    if result.round < 1:
        raise ResultError("round_number", f"round {result.round} is no round; rounds count from 1", **where)
    if result.decided is Decided.BYE:
        if result.table != 0 or result.games or len(result.sides) != 1 or not result.sides[0]:
            raise ResultError(
                "bye_shape",
                "a bye is one side, table 0 and no games; record the bye as FixtureResult.bye(round, unit)",
                **where,
            )
        return
    if result.table < 1:
        raise ResultError("table_number", f"table {result.table} is no table; tables count from 1", **where)
    if len(result.sides) < 2 or not all(result.sides):
        raise ResultError(
            "sides",
            "a fixture needs two or more sides of one or more players each; name every side at the table",
            **where,
        )
    players = result.players()
    for pid in players:
        if players.count(pid) > 1:
            raise ResultError(
                "player_twice",
                f"{pid!r} sits on two sides of round {result.round} table {result.table}; name each player once",
                player=pid,
                **where,
            )
    for n, scores in enumerate(result.games, 1):
        if len(scores) != len(result.sides) or any(s < 0 for s in scores):
            raise ResultError(
                "scores_per_game",
                f"game {n} of round {result.round} table {result.table} needs one "
                f"score of 0 or more for each of its {len(result.sides)} sides",
                game=n,
                **where,
            )
    played = len(result.games)
    if length.kind is LengthKind.BEST_OF:
        won = [0] * len(result.sides)
        for n, scores in enumerate(result.games, 1):
            if max(won) >= length.to_win:
                raise ResultError(
                    "game_after_decided",
                    f"game {n} of round {result.round} table {result.table} "
                    f"comes after a side had won {length.to_win} of {length.games}; leave it out",
                    game=n,
                    **where,
                )
            top = max(scores)
            if scores.count(top) == 1:
                won[scores.index(top)] += 1
        complete = max(won, default=0) >= length.to_win or played == length.games
        if 1 <= played <= length.games and complete:
            return
    elif played == length.games:
        return
    raise ResultError(
        "fixture_games",
        f"round {result.round} table {result.table} has {played} game(s); a fixture "
        f"of {length.kind.value} {length.games} needs its games to the end",
        games=played,
        length=length.games,
        **where,
    )
