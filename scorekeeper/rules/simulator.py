"""A match simulator: real hidden hands, a shuffled stock, players choosing at random.

The simulator plays whole matches the way a table does and records them as
the engine's actions and as a ``scorekeeper-match/1`` document. It is a
*player*, not a referee: it knows every hand and the stock order, decides
each move by the rules, and only asks the engine what any player can see on
the table (the layout's open spots and end sum, the scores, whether the match
is over), through the engine's public API. The engine, which never sees a
hand, referees every action. Whose move it is next is decided by the
simulator's own reading of the rules and compared with the engine's.

How a player moves:

- the lead (S3, S10): any tile from hand;
- otherwise a random legal placement (any tile, any open spot it fits, S4/S5);
  a player who can play must play (S8);
- a player who cannot play draws one tile at a time until a drawn tile fits
  and plays it at once (``drawn``, H5), recording the non-fitting tiles as one
  ``Draw(k)``; with the stock empty (or emptied without a fit) the player
  passes (S8);
- Horse Race (H4): a tile from hand that is a double or scored lets the same
  player move again; a drawn tile ends the turn (H5).

The first starter is drawn by lot (S3); the next is the player who went out,
or a new lot after a blocked round (S10). Rounds go on until the match ends
or ``max_rounds`` rounds were played. Hands are revealed as tile lists or pip
totals (chosen per seat).

For refusal tests, ``cheat`` makes one player draw (or pass) once while
holding a fitting tile; the engine may then refuse a later action, which
ends the simulation (see :class:`Cheat`).

Use: ``simulate(CONFIGS[0], seed=7)`` → :class:`SimulatedMatch`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .document import FORMAT, hands_to_json, move_to_json
from .errors import RuleViolation
from .layout import Layout
from .match import Match, Round
from .moves import Action, Draw, Pass, Play, Reveal, StartRound
from .tiles import ALL_TILES, Tile
from .variants import get_variant

NAMES = ("Ann", "Bo", "Cy", "Di", "Оксана", "Тарас", "민준", "서연")


@dataclass(frozen=True, slots=True)
class Config:
    """One of the seven seatings the two games allow (H1, E1)."""

    variant: str
    players: int
    partnerships: bool = False

    @property
    def name(self) -> str:
        """Short id, e.g. ``"horse-race-4p-pairs"``."""
        return f"{self.variant}-{self.players}p" + ("-pairs" if self.partnerships else "")


CONFIGS: tuple[Config, ...] = (
    Config("horse-race", 2), Config("horse-race", 3), Config("horse-race", 4),
    Config("horse-race", 4, True),
    Config("exact-61", 2), Config("exact-61", 3), Config("exact-61", 4, True),
)


@dataclass
class Table:
    """The true, hidden state of the round in play: each seat's tiles and the stock.

    ``hands[seat]`` are the tiles the seat holds; ``stock`` the tiles left,
    drawn from the end. ``dealt`` is the deal of the round (by seat).
    """

    hands: list[list[Tile]]
    stock: list[Tile]
    dealt: list[list[Tile]]


@dataclass
class Cheat:
    """A draw or pass by a player who held a fitting tile (S8), and what it implies.

    Attributes:
        round_no: 1-based round; ``move`` the 0-based index of the first cheating
            move (the draw, the lone drawn play, or the pass).
        seat: the cheater; ``mask`` the open values then (bit ``v`` for value ``v``).
        held: the cheater's tiles just after the cheat (drawn non-fitting tiles
            included) that fitted an open value: the proof, if it ever shows.
    """

    round_no: int
    move: int
    seat: int
    mask: int
    held: list[Tile]


@dataclass
class SimulatedMatch:
    """A simulated match: what was played and what was hidden.

    Attributes:
        config, seed: what was simulated.
        actions: the engine actions in order (StartRound, moves, Reveal).
        document: the match document (the simulator's own writing of ``actions``).
        match: the engine's :class:`Match` after all actions.
        deals: per round, the tiles dealt to each seat; ``stocks`` per round,
            the stock in draw order (last drawn first).
        refusal: in a cheat simulation, the engine's refusal that ended it.
        cheat: the cheat made, if any.
    """

    config: Config
    seed: int
    actions: list[Action] = field(default_factory=list)
    document: dict[str, Any] = field(default_factory=dict)
    match: Match | None = None
    deals: list[list[list[Tile]]] = field(default_factory=list)
    stocks: list[list[Tile]] = field(default_factory=list)
    refusal: RuleViolation | None = None
    cheat: Cheat | None = None

    @property
    def moves(self) -> int:
        """Number of moves (plays, draws, passes) in the match."""
        return sum(len(r["moves"]) for r in self.document["rounds"])


class SimulatorError(AssertionError):
    """The engine and the simulator disagree about whose move it is."""


Observer = Callable[[Table, Match, Action], None]


def _mask(layout: Layout) -> int:
    mask = 0
    for value in layout.open_spots.values():
        mask |= 1 << value
    return mask


def _fits(tile: Tile, mask: int) -> bool:
    return bool(mask & (1 << tile[0] | 1 << tile[1]))


def simulate(config: Config, seed: int, *, max_rounds: int = 40, reveal: str = "mixed",
             cheat: int | None = None, observe: Observer | None = None) -> SimulatedMatch:
    """Play one match of ``config`` with ``random.Random(seed)``.

    Args:
        max_rounds: stop after this many rounds if the match has not ended.
        reveal: how hands are shown at a round's end: ``"tiles"``,
            ``"pips"`` or ``"mixed"`` (chosen per seat at random).
        cheat: if given, the cheat happens at the first chance (a player to
            move who holds a fitting tile, not the lead) from this many
            chances in; the cheater draws (or, with the stock empty, passes).
        observe: called after every action the engine accepted, with the
            true table, the engine match and the action.

    Returns a :class:`SimulatedMatch`. Raises :class:`SimulatorError` if the
    engine's turn differs from the rules' as the simulator reads them, and
    lets an engine refusal of an honest match propagate (a bug either way).
    """
    rng = random.Random(seed)
    n = config.players
    names = rng.sample(NAMES, n)
    match = Match(config.variant, names, config.partnerships)
    deal_size = get_variant(config.variant).deal_size(n)
    sim = SimulatedMatch(config, seed, match=match)
    sim.document = {"format": FORMAT, "variant": config.variant, "players": names,
                    "partnerships": config.partnerships, "rounds": []}
    chances = [cheat]  # countdown to the cheat, shared with the round loop

    def apply(action: Action, table: Table) -> None:
        match.apply(action)
        sim.actions.append(action)
        if observe is not None:
            observe(table, match, action)

    starter = rng.randrange(n)  # S3: the first starter by lot
    try:
        while not match.finished and len(match.rounds) < max_rounds:
            tiles = list(ALL_TILES)
            rng.shuffle(tiles)
            hands = [tiles[seat * deal_size:(seat + 1) * deal_size] for seat in range(n)]
            table = Table(hands, tiles[n * deal_size:], [list(h) for h in hands])
            sim.deals.append([list(h) for h in hands])
            sim.stocks.append(list(table.stock))
            doc_round: dict[str, Any] = {"starter": starter, "moves": []}
            sim.document["rounds"].append(doc_round)
            apply(StartRound(starter), table)
            finisher = _play_round(match, table, starter, rng, doc_round["moves"], apply, chances, sim)
            ended = _round(match).ended
            if ended is None:
                raise SimulatorError("the simulated round ended but the engine's did not")
            if ended == "match-end" and rng.random() < 0.5:
                break  # hands are optional after a placement ended the match
            hands_out = _reveal(table, reveal, rng)
            doc_round["hands"] = hands_to_json(hands_out)
            apply(Reveal(hands_out), table)
            starter = finisher if finisher is not None else rng.randrange(n)  # S10
    except RuleViolation as err:
        if sim.cheat is None:
            raise
        sim.refusal = err
    return sim


def _reveal(table: Table, how: str, rng: random.Random) -> dict[int, list[Tile] | int]:
    out: dict[int, list[Tile] | int] = {}
    for seat, hand in enumerate(table.hands):
        as_pips = how == "pips" or (how == "mixed" and rng.random() < 0.3)
        out[seat] = sum(a + b for a, b in hand) if as_pips else sorted(hand)
    return out


def _round(match: Match) -> Round:
    """The engine's round in play (the simulator only asks once it started one)."""
    r = match.round
    if r is None:
        raise SimulatorError("the engine has no round in play")
    return r


def _play_round(match: Match, table: Table, starter: int, rng: random.Random, doc_moves: list[dict[str, Any]],
                apply: Callable[[Action, Table], None], chances: list[int | None],
                sim: SimulatedMatch) -> int | None:
    """Play one round to its end; return the seat that went out, or None (blocked / match end)."""
    n = match.n
    continuation = match.rules.continuation
    hands, stock = table.hands, table.stock
    layout = _round(match).layout
    seat, lead = starter, True
    passes = 0

    def record(move: Play | Draw | Pass) -> None:
        doc_moves.append(move_to_json(move))
        apply(move, table)

    while True:
        turn = match.turn
        if turn is None or turn.seat != seat:
            raise SimulatorError(f"round {len(match.rounds)}, move {len(doc_moves) + 1}: the simulator "
                                 f"expects seat {seat} to move, the engine says {turn}")
        hand = hands[seat]
        if lead:
            tile = rng.choice(hand)
            hand.remove(tile)
            record(Play(seat, tile))
            drawn, lead = False, False
        else:
            options = [(tile, spot) for tile in hand for spot in layout.spots_for(tile)]
            cheating = False
            if options and chances[0] is not None:
                if chances[0] == 0:
                    cheating, chances[0] = True, None
                else:
                    chances[0] -= 1
            if options and not cheating:
                tile, spot = rng.choice(options)
                hand.remove(tile)
                record(Play(seat, tile, spot))
                drawn = False
            else:
                mask = _mask(layout)
                move_index = len(doc_moves)
                count, fitting = _draw_until_fit(layout, hand, stock)
                if cheating:
                    held = [t for t in hand if _fits(t, mask)]
                    sim.cheat = Cheat(len(match.rounds), move_index, seat, mask, held)
                if count:
                    record(Draw(seat, count))
                if not fitting:
                    record(Pass(seat))
                    passes += 1
                    if passes == n:  # everyone passed with the stock empty: blocked (S8)
                        return None
                    seat = (seat + 1) % n
                    continue
                tile = stock.pop()
                record(Play(seat, tile, rng.choice(layout.spots_for(tile)), drawn=True))
                drawn = True
        passes = 0
        if match.finished:  # H6 / E9: a placement ended the match
            return None
        if not hand:
            return seat
        end_sum = layout.end_sum
        scored = end_sum > 0 and end_sum % 5 == 0
        if not (continuation and not drawn and (tile[0] == tile[1] or scored)):  # H4, H5, E4
            seat = (seat + 1) % n


def _draw_until_fit(layout: Layout, hand: list[Tile], stock: list[Tile]) -> tuple[int, bool]:
    """S8: draw one tile at a time until one fits. Non-fitting tiles join the hand.

    Returns (non-fitting count, whether a fitting tile was found); the fitting
    tile is left on top of the stock (``stock[-1]``) for the caller to play, so
    the tiles stay accounted for while the draw is recorded.
    """
    count = 0
    while stock:
        if layout.can_place(stock[-1]):
            return count, True
        hand.append(stock.pop())
        count += 1
    return count, False


__all__ = ["CONFIGS", "Cheat", "Config", "SimulatedMatch", "SimulatorError", "Table", "simulate"]
