"""The season from the store: what the Season screen and ``scorekeeper season standings`` cost.

    python benchmarks/season_store.py [--events 20] [--players 16] [--rounds 3] [--repeat 3]

Makes ``--events`` club nights in a temporary data folder through ``ClubStore`` (Swiss, ``--players`` each,
``--rounds`` rounds, every table entered on paper with seeded random scores), ratings on and the worst 2
dropped. Printed, each the best of ``--repeat``: ``SeasonStore.view()`` (every event's file read and folded,
its results, the season view and the ratings), and the same view with ratings off.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

from scorekeeper.club import ClubRules, Format
from scorekeeper.store import open_store
from scorekeeper.store.club import ClubStore, EventSetup
from scorekeeper.store.season import SeasonSettings, SeasonStore


def best_of(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(23)
    with tempfile.TemporaryDirectory(prefix="scorekeeper-bench-season-") as folder:
        store = open_store(Path(folder))
        club = ClubStore(store)
        ids = [club.add_player(f"Player {n:02}").id for n in range(args.players)]
        fixtures = 0
        for night in range(args.events):
            day = date(2026, 1, 1) + timedelta(days=7 * night)
            setup = EventSetup(f"Night {night + 1}", day, "horse-race", {}, Format.SWISS, ClubRules())
            event = club.create_event(setup, rng.sample(ids, len(ids)))
            for round_no in range(1, args.rounds + 1):
                for table in club.pair(event, round_no).tables:
                    low = rng.randrange(0, 61)
                    club.paper(event, round_no, table.number, [[61, low] if rng.random() < 0.5 else [low, 61]])
                    fixtures += 1
        season = SeasonStore(club)
        season.save(SeasonSettings(drop_worst=2, ratings=True))
        with_ratings = best_of(args.repeat, season.view)
        without = best_of(args.repeat, lambda: season.view(ratings=False))
        print(f"{args.events} events, {fixtures} fixtures, {args.players} players each")
        print(f"SeasonStore.view() with ratings: {with_ratings * 1000:.0f} ms")
        print(f"SeasonStore.view() without ratings: {without * 1000:.0f} ms")
        store.close()


if __name__ == "__main__":
    main()
