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

House rules and presets (a :class:`Config`'s ``house_rules``, docs/house-rules.md)
are played as a table playing them would: R1 ``stop`` — a continuing player
with no tile to play from hand passes; R2 ``allowed`` — a player able to play
sometimes draws anyway (until a tile fits); R3 — the last tiles of the stock
are never drawn; R10 — a starter without a double draws until one comes (or
passes, and the next seat leads); R9/R11 — the engine's layout says which
spots are open, as for any player.

The first starter is drawn by lot (S3); the next is the player who went out,
or a new lot after a blocked round (S10). Rounds go on until the match ends
or ``max_rounds`` rounds were played. Hands are revealed as tile lists or pip
totals (chosen per seat).

For refusal tests, ``cheat`` makes one player draw (or pass) once while
holding a fitting tile; the engine may then refuse a later action, which
ends the simulation (see :class:`Cheat`). Under R14 ``misplay: penalty`` the
table instead records the offence the refusal proves (a :class:`Misplay`, in the
round's ``"misplays"``, counted in ``SimulatedMatch.misplays``) and plays on.

Use: ``simulate(CONFIGS[0], seed=7)`` → :class:`SimulatedMatch`.

Test tooling, kept out of the package (``tests/`` is neither in the wheel nor in a phone build): the
tests, ``benchmarks/`` and ``scripts/screenshots.py`` import it as ``tests.simulator`` (docs/engine.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.document import FORMAT, hands_to_json, misplay_to_json, move_to_json
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.house import Value
from scorekeeper.rules.layout import Layout
from scorekeeper.rules.match import Match, Round
from scorekeeper.rules.moves import Action, Draw, Misplay, Pass, Play, Reveal, StartRound
from scorekeeper.rules.scoring import placement_raw
from scorekeeper.rules.tiles import ALL_TILES, Tile, parse_tile

PROOF_CODES = frozenset({"held_fitting_tile", "held_fitting_tile_stop", "held_double"})  # proven_fit's (S8, R1, R10)
NAMES = ("Ann", "Bo", "Cy", "Di", "Оксана", "Тарас", "민준", "서연")


@dataclass(frozen=True, slots=True)
class Config:
    """A game and seating to simulate (H1, E1, A1, M1), with house rules (the house options') as
    ``((name, value), …)`` pairs (hashable; ``()`` for the game's own rules)."""

    variant: str
    players: int
    partnerships: bool = False
    house_rules: tuple[tuple[str, Value], ...] = ()

    @property
    def name(self) -> str:
        """Short id, e.g. ``"horse-race-4p-pairs"`` or ``"horse-race-2p+continuation=stop"``."""
        base = f"{self.variant}-{self.players}p" + ("-pairs" if self.partnerships else "")
        return base + "".join(f"+{name}={value}" for name, value in self.house_rules)


CONFIGS: tuple[Config, ...] = (
    Config("horse-race", 2),
    Config("horse-race", 3),
    Config("horse-race", 4),
    Config("horse-race", 4, True),
    Config("exact-61", 2),
    Config("exact-61", 3),
    Config("exact-61", 4, True),
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
    misplays: int = 0

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


def simulate(
    config: Config,
    seed: int,
    *,
    max_rounds: int = 40,
    reveal: str = "mixed",
    cheat: int | None = None,
    observe: Observer | None = None,
) -> SimulatedMatch:
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
    match = Match(config.variant, names, config.partnerships, house_rules=dict(config.house_rules))
    deal_size = match.rules.deal_size(n)
    sim = SimulatedMatch(config, seed, match=match)
    sim.document = {"format": FORMAT, "variant": config.variant, "players": names, "partnerships": config.partnerships}
    if match.house_rules:
        sim.document["house_rules"] = match.house_rules
    sim.document["rounds"] = []
    chances = [cheat]  # countdown to the cheat, shared with the round loop

    penalty = match.rules.options["misplay"] == "penalty"

    def apply(action: Action, table: Table) -> None:
        try:
            match.apply(action)
        except RuleViolation as err:  # R14: "it happened at the table": record the offence, play on
            if not penalty or err.code not in PROOF_CODES:
                raise
            offence = Misplay(
                int(str(err.params["seat"])), int(str(err.params["move"])) - 1, parse_tile(err.params["tile"])
            )
            match.apply(offence)
            sim.actions.append(offence)
            sim.document["rounds"][-1].setdefault("misplays", []).append(misplay_to_json(offence))
            sim.misplays += 1
            apply(action, table)  # the proof again: another claim of the same seat may refuse it too
            return
        sim.actions.append(action)
        if observe is not None:
            observe(table, match, action)

    starter = rng.randrange(n)  # S3: the first starter by lot
    try:
        while not match.finished and len(match.rounds) < max_rounds:
            tiles = list(ALL_TILES)
            rng.shuffle(tiles)
            hands = [tiles[seat * deal_size : (seat + 1) * deal_size] for seat in range(n)]
            table = Table(hands, tiles[n * deal_size :], [list(h) for h in hands])
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


def _play_round(
    match: Match,
    table: Table,
    starter: int,
    rng: random.Random,
    doc_moves: list[dict[str, Any]],
    apply: Callable[[Action, Table], None],
    chances: list[int | None],
    sim: SimulatedMatch,
) -> int | None:
    """Play one round to its end; return the seat that went out, or None (blocked / match end)."""
    n = match.n
    options = match.rules.options
    continuation = match.rules.continuation
    stop = options["continuation"] == "stop"  # R1
    draw_when_able = options["draw_when_able"] == "allowed"  # R2
    reserve = match.rules.reserve_tiles(n)  # R3 (the whole stock with "all")
    scoring = str(options["scoring"])  # R12
    lead_double = options["lead"] == "double"  # R10
    hands, stock = table.hands, table.stock
    layout = _round(match).layout
    seat, lead = starter, True
    continuing = False  # H4: the seat goes on after a double or a scoring tile from hand
    passes = 0

    def record(move: Play | Draw | Pass) -> None:
        doc_moves.append(move_to_json(move))
        apply(move, table)

    while True:
        turn = match.turn
        if turn is None or turn.seat != seat:
            raise SimulatorError(
                f"round {len(match.rounds)}, move {len(doc_moves) + 1}: the simulator "
                f"expects seat {seat} to move, the engine says {turn}"
            )
        hand = hands[seat]
        if lead and lead_double:  # R10: a double leads; without one, draw until one comes
            doubles = [tile for tile in hand if tile[0] == tile[1]]
            if doubles and not (draw_when_able and len(stock) > reserve and rng.random() < 0.2):
                tile = rng.choice(doubles)
                hand.remove(tile)
                record(Play(seat, tile))
                drawn, lead = False, False
            else:
                count, found = _draw_until(lambda t: t[0] == t[1], hand, stock, reserve)
                if count:
                    record(Draw(seat, count))
                    passes = 0  # a draw breaks a row of passes
                if not found and doubles:  # R2: drew while holding one; the stock ran out
                    tile = rng.choice(doubles)
                    hand.remove(tile)
                    record(Play(seat, tile))
                    drawn, lead = False, False
                elif not found:
                    record(Pass(seat))  # nothing left to draw: the next seat leads
                    passes += 1
                    if passes == n:
                        return None
                    seat = (seat + 1) % n
                    continue
                else:
                    tile = stock.pop()
                    record(Play(seat, tile, None, drawn=True))
                    drawn, lead = True, False
        elif lead:
            tile = rng.choice(hand)
            hand.remove(tile)
            record(Play(seat, tile))
            drawn, lead = False, False
        else:
            options_ = [(tile, spot) for tile in hand for spot in layout.spots_for(tile)]
            cheating = False
            if options_ and chances[0] is not None:
                if chances[0] == 0:
                    cheating, chances[0] = True, None
                else:
                    chances[0] -= 1
            if (
                options_
                and draw_when_able
                and not (continuing and stop)
                and len(stock) > reserve
                and rng.random() < 0.2
            ):
                cheating = True  # R2: drawing while able is no cheat; it takes the same path
            if options_ and not cheating:
                tile, spot = rng.choice(options_)
                hand.remove(tile)
                record(Play(seat, tile, spot))
                drawn = False
            elif continuing and stop and len(stock) > reserve:  # R1: unable to go on from hand, the turn ends
                record(Pass(seat))
                passes += 1
                continuing = False
                seat = (seat + 1) % n
                continue
            else:
                mask = _mask(layout)
                move_index = len(doc_moves)
                count, fitting = _draw_until(layout.can_place, hand, stock, reserve)
                if cheating and not draw_when_able:
                    held = [t for t in hand if _fits(t, mask)]
                    sim.cheat = Cheat(len(match.rounds), move_index, seat, mask, held)
                if count:
                    record(Draw(seat, count))
                    passes = 0  # a draw breaks a row of passes (after R1's pass with tiles in the stock)
                from_hand = []
                if not fitting and draw_when_able:  # R2: the stock ran out; a tile from hand may still go
                    from_hand = [(tile, spot) for tile in hand for spot in layout.spots_for(tile)]
                if from_hand:
                    tile, spot = rng.choice(from_hand)
                    hand.remove(tile)
                    record(Play(seat, tile, spot))
                    drawn = False
                elif not fitting:
                    record(Pass(seat))
                    passes += 1
                    continuing = False
                    if passes == n:  # everyone passed with the stock empty: blocked (S8)
                        return None
                    seat = (seat + 1) % n
                    continue
                else:
                    tile = stock.pop()
                    record(Play(seat, tile, rng.choice(layout.spots_for(tile)), drawn=True))
                    drawn = True
        passes = 0
        if match.finished:  # H6 / E9: a placement ended the match
            return None
        if not hand:
            return seat
        end_sum = layout.end_sum
        scored = placement_raw(end_sum, scoring) > 0  # S7; R12
        continuing = continuation and not drawn and (tile[0] == tile[1] or scored)
        if not continuing:  # H4, H5, E4
            seat = (seat + 1) % n


def _draw_until(fits: Callable[[Tile], bool], hand: list[Tile], stock: list[Tile], reserve: int) -> tuple[int, bool]:
    """S8: draw one tile at a time until one fits (or, R3, only ``reserve`` tiles are left).
    Non-fitting tiles join the hand.

    Returns (non-fitting count, whether a fitting tile was found); the fitting
    tile is left on top of the stock (``stock[-1]``) for the caller to play, so
    the tiles stay accounted for while the draw is recorded.
    """
    count = 0
    while len(stock) > reserve:
        if fits(stock[-1]):
            return count, True
        hand.append(stock.pop())
        count += 1
    return count, False


__all__ = ["CONFIGS", "Cheat", "Config", "SimulatedMatch", "SimulatorError", "Table", "simulate"]
