"""Club engine speed over a season: the season view and the ratings of 1,000 matches.

    python benchmarks/club_season.py [--fixtures 1000] [--events 20] [--drop 2] [--repeat 3]

A season of ``--fixtures`` fixtures spread over ``--events`` club nights among 60 members (each night 40 of
them, 5 rounds of random tables; best of 3, loser's bonus, per-game points; every tie-break) is made up from
a seeded random generator (the same inputs on every run). Printed, each the best of ``--repeat``:

1. the season view (each night's standings on the season's scheme, the worst ``--drop`` results of each
   member dropped, the season's tie-breaks);
2. the ratings (openskill's Plackett–Luce, one update per fixture, in date, round, table order) of the same
   season, and of a mixed one: a third of the tables cut-throat (3 sides), a third partnerships (2 × 2).
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
    LengthKind,
    LoserBonus,
    Player,
    PointsScheme,
    Roster,
    SeasonEvent,
    SeasonRules,
    ratings,
    season,
)

SCHEME = PointsScheme(win=2, draw=1, loss=0, loser_bonus=LoserBonus(), per_game=True)
TIE_BREAKS = (
    Criterion.GAMES_WON,
    Criterion.POINTS_DIFFERENCE,
    Criterion.HEAD_TO_HEAD,
    Criterion.BUCHHOLZ,
    Criterion.SONNEBORN_BERGER,
)


def games(rng: random.Random, sides: int, best_of: int) -> tuple[tuple[int, ...], ...]:
    out: list[tuple[int, ...]] = []
    won = [0] * sides
    while max(won) < best_of // 2 + 1:
        scores = [rng.randrange(0, 61) for _ in range(sides)]
        winner = rng.randrange(sides)
        scores[winner] = 61
        won[winner] += 1
        out.append(tuple(scores))
    return tuple(out)


def make_season(fixtures: int, nights: int, mixed: bool) -> list[SeasonEvent]:
    rng = random.Random(11)
    members = [Player(f"m{n:02}", f"Member {n}") for n in range(1, 61)]
    per_night = -(-fixtures // nights)
    events: list[SeasonEvent] = []
    made = 0
    for night in range(nights):
        here = rng.sample(members, 40)
        roster = Roster.of(here)
        length = FixtureLength(LengthKind.BEST_OF, 3) if not mixed else FixtureLength()
        rules = ClubRules(scheme=SCHEME, length=length, tie_breaks=TIE_BREAKS)
        results: list[FixtureResult] = []
        round_no = 0
        while len(results) < per_night and made < fixtures:
            round_no += 1
            ids = [p.id for p in here]
            rng.shuffle(ids)
            table = 0
            while ids and len(results) < per_night and made < fixtures:
                table += 1
                kind = rng.randrange(3) if mixed else 0
                if kind == 1 and len(ids) >= 3:  # cut-throat
                    sides: tuple[tuple[str, ...], ...] = tuple((ids.pop(),) for _ in range(3))
                elif kind == 2 and len(ids) >= 4:  # a table of two partnerships (rotating partners)
                    sides = ((ids.pop(), ids.pop()), (ids.pop(), ids.pop()))
                elif len(ids) >= 2:
                    sides = ((ids.pop(),), (ids.pop(),))
                else:
                    break
                results.append(FixtureResult(round_no, table, sides, games(rng, len(sides), length.games)))
                made += 1
        events.append(
            SeasonEvent(
                f"night-{night + 1:02}", f"2026-{night // 28 + 1:02}-{night % 28 + 1:02}", roster, rules, tuple(results)
            )
        )
    return events


def best(repeat: int, call) -> tuple[float, list[float], object]:
    times = []
    value = None
    for _ in range(repeat):
        start = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - start)
    return min(times), times, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--fixtures", type=int, default=1000)
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--drop", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    rules = SeasonRules(scheme=SCHEME, tie_breaks=TIE_BREAKS, drop_worst=args.drop, ratings=True)
    plain = make_season(args.fixtures, args.events, mixed=False)
    mixed = make_season(args.fixtures, args.events, mixed=True)
    count = sum(len(e.results) for e in plain)

    def fmt(times: list[float]) -> str:
        return (
            f"best of {len(times)}: {min(times) * 1000:.0f} ms (all: {', '.join(f'{t * 1000:.0f}' for t in times)} ms)"
        )

    _, times, view = best(args.repeat, lambda: season(plain, rules))
    assert isinstance(view, tuple)
    print(
        f"season view: {count} fixtures over {len(plain)} nights, worst {args.drop} dropped: "
        f"{len(view)} rows; {fmt(times)}"
    )
    _, times, table = best(args.repeat, lambda: ratings(plain, rules))
    assert isinstance(table, tuple)
    print(f"ratings: {count} fixtures (singles, best of 3): {len(table)} players; {fmt(times)}")
    mixed_count = sum(len(e.results) for e in mixed)
    _, times, table = best(args.repeat, lambda: ratings(mixed, rules))
    assert isinstance(table, tuple)
    print(f"ratings: {mixed_count} fixtures (singles, cut-throat 3, pairs 2 × 2): {len(table)} players; {fmt(times)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
