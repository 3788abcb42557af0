"""A small match simulator for store tests and benchmarks (not a rules oracle).

It deals real hands from a shuffled set, lets each seat play a random legal
tile (asking the engine's layout for spots), draws only when nothing fits
and passes only when the stock is empty, and reveals the true hands, so every
action is one the engine must accept. Deterministic for a seed.
"""

from __future__ import annotations

import random

from scorekeeper.rules import ALL_TILES, Draw, Match, Pass, Play, Reveal, StartRound
from scorekeeper.rules.document import match_to_document
from scorekeeper.rules.moves import LEAD, PASS_AFTER_DRAW

NAMES = ["Ann", "Bo", "Cy", "Di"]


def simulate(
    seed: int, variant: str = "horse-race", players: int = 2, partnerships: bool = False, max_rounds: int = 40
) -> Match:
    """A match played out from ``seed`` until it is finished (or ``max_rounds`` rounds)."""
    rng = random.Random(seed)
    match = Match(variant, NAMES[:players], partnerships)
    n = players
    while not match.finished and len(match.rounds) < max_rounds:
        starter = match.required_starter
        if starter is None:
            starter = rng.randrange(n)
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        deal = match.rules.deal_size(n)
        hands = [tiles[i * deal : (i + 1) * deal] for i in range(n)]
        stock = tiles[n * deal :]
        match.apply(StartRound(starter))
        layout = match.round.layout
        while match.status == "move":
            turn = match.turn
            seat, hand = turn.seat, hands[turn.seat]
            if turn.reason == LEAD:
                tile = rng.choice(hand)
                hand.remove(tile)
                match.apply(Play(seat, tile))
                continue
            if turn.reason == PASS_AFTER_DRAW:
                match.apply(Pass(seat))
                continue
            playable = [(t, s) for t in hand for s in layout.spots_for(t)]
            if playable:
                tile, spot = rng.choice(playable)
                hand.remove(tile)
                match.apply(Play(seat, tile, spot))
                continue
            if not stock:
                match.apply(Pass(seat))
                continue
            drawn = 0
            while stock:
                tile = stock.pop()
                spots = layout.spots_for(tile)
                if spots:
                    if drawn:
                        match.apply(Draw(seat, drawn))
                    match.apply(Play(seat, tile, rng.choice(spots), drawn=True))
                    break
                hand.append(tile)
                drawn += 1
            else:
                match.apply(Draw(seat, drawn))  # the stock ran out without a fit: a pass follows
        if match.status == "reveal":
            match.apply(Reveal({seat: list(hand) for seat, hand in enumerate(hands)}))
    return match


def simulated_document(seed: int, **kwargs) -> dict:
    """The match document of :func:`simulate`."""
    return match_to_document(simulate(seed, **kwargs))


def long_finished_document(seed: int, min_actions: int = 120, **kwargs) -> dict:
    """A finished simulated match of at least ``min_actions`` actions (tries seeds from ``seed``)."""
    while True:
        match = simulate(seed, **kwargs)
        if match.finished and len(match.actions) >= min_actions:
            return match_to_document(match)
        seed += 1000
