"""Club engine speed: a Swiss round of 200 players, and the standings of a season of 1,000 fixtures.

    python benchmarks/club_pairing.py [--players 200] [--rounds 5] [--fixtures 1000] [--repeat 3]

1. A Swiss event of ``--players`` is paired and played for ``--rounds`` rounds of synthetic results
   (a random winner on 61, one game a fixture); then round ``rounds + 1`` is paired ``--repeat`` times
   and the best time printed (the organiser's "Pair round 6": standings, then networkx's
   maximum-weight matching over every two players).
2. A season of ``--fixtures`` fixtures (a pub league's: best of 3 games, loser's bonus, per-game points,
   tie-breaks games won, points difference, head-to-head, Buchholz, Sonneborn–Berger) among 60 players is
   made up at random, and its standings computed ``--repeat`` times (best time printed).

Synthetic results from a seeded random generator: the same figures' inputs on every run.
"""

from __future__ import annotations

import argparse
import random
import time

from scorekeeper.club import (
    ClubRules,
    Criterion,
    FixtureLength,
    FixtureResult,
    Format,
    LengthKind,
    LoserBonus,
    Pairing,
    Player,
    PointsScheme,
    Roster,
    pair_round,
    standings,
)


def one_game(rng: random.Random) -> tuple[tuple[int, int], ...]:
    loser = rng.randrange(0, 61)
    return ((61, loser),) if rng.random() < 0.5 else ((loser, 61),)


def best_of_three(rng: random.Random) -> tuple[tuple[int, int], ...]:
    games: list[tuple[int, int]] = []
    won = [0, 0]
    while max(won) < 2:
        winner = rng.randrange(2)
        won[winner] += 1
        loser = rng.randrange(0, 61)
        games.append((61, loser) if winner == 0 else (loser, 61))
    return tuple(games)


def swiss_round(players: int, rounds: int, repeat: int) -> None:
    rng = random.Random(23)
    roster = Roster.of([Player(f"p{n:03}", f"Player {n}") for n in range(1, players + 1)])
    rules = ClubRules()
    history: list[Pairing] = []
    results: list[FixtureResult] = []
    for _ in range(rounds):
        pairing = pair_round(Format.SWISS, roster, rules, history, results)
        history.append(pairing)
        results += pairing.bye_results()
        results += [FixtureResult(pairing.round, t.number, t.sides, one_game(rng)) for t in pairing.tables]
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        pairing = pair_round(Format.SWISS, roster, rules, history, results)
        times.append(time.perf_counter() - start)
    rematches = sum(1 for t in pairing.tables for p in history for u in p.tables if set(u.sides) == set(t.sides))
    print(
        f"swiss: {players} players, round {pairing.round} after {rounds} rounds: {len(pairing.tables)} tables, "
        f"{len(pairing.byes)} bye(s), {rematches} rematch(es); best of {repeat}: {min(times) * 1000:.0f} ms "
        f"(all: {', '.join(f'{t * 1000:.0f}' for t in times)} ms)"
    )


def season(fixtures: int, repeat: int) -> None:
    rng = random.Random(7)
    roster = Roster.of([Player(f"m{n:02}", f"Member {n}") for n in range(1, 61)])
    rules = ClubRules(
        scheme=PointsScheme(win=2, draw=1, loss=0, loser_bonus=LoserBonus(), per_game=True),
        length=FixtureLength(LengthKind.BEST_OF, 3),
        tie_breaks=(
            Criterion.GAMES_WON,
            Criterion.POINTS_DIFFERENCE,
            Criterion.HEAD_TO_HEAD,
            Criterion.BUCHHOLZ,
            Criterion.SONNEBORN_BERGER,
        ),
    )
    ids = list(roster.ids())
    results: list[FixtureResult] = []
    round_no = 0
    while len(results) < fixtures:
        round_no += 1
        rng.shuffle(ids)
        for table in range(len(ids) // 2):
            if len(results) == fixtures:
                break
            sides = ((ids[2 * table],), (ids[2 * table + 1],))
            results.append(FixtureResult(round_no, table + 1, sides, best_of_three(rng)))
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        rows = standings(roster, rules, results)
        times.append(time.perf_counter() - start)
    print(
        f"standings: {len(results)} fixtures ({round_no} rounds of 60 players, best of 3): {len(rows)} rows, "
        f"leader {rows[0].unit[0]} on {rows[0].points}; best of {repeat}: {min(times) * 1000:.0f} ms "
        f"(all: {', '.join(f'{t * 1000:.0f}' for t in times)} ms)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before the timed pairing")
    parser.add_argument("--fixtures", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    swiss_round(args.players, args.rounds, args.repeat)
    season(args.fixtures, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
