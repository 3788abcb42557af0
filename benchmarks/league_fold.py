"""The hub's fold into its store, without the network: how fast a league's events are kept.

    .venv/bin/python benchmarks/league_fold.py [--venues 5] [--matches 20]

Each venue's matches are simulated through its own store (tests/store/simulate.py), then every event
is given to one :class:`scorekeeper.league.hub.LeagueBook` over a fresh league store in the order a
hub's consumer would get them (venue by venue, match by match), and again (the redelivery of
everything: all ``duplicate``). Printed: events, seconds and events/s of each pass, and the process's
CPU seconds. Each accepted event folds its match's whole log again (the engine referees it), so the
cost per event grows with the match's length. The network's share (leaf link, sourcing, consumer)
is not in these figures (docs/league.md, what is left).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.league.config import LeagueConfig  # noqa: E402
from scorekeeper.league.hub import open_book  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from tests.store.simulate import simulate  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--venues", type=int, default=5)
    parser.add_argument("--matches", type=int, default=20)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="league-fold-"))
    messages = []
    for v in range(args.venues):
        store = open_store(root / f"venue{v}")
        for m in range(args.matches):
            match = simulate(1000 * v + m)
            match_id = store.create_match("horse-race", list(match.players), partnerships=False)
            for action in match.actions:
                store.record(match_id, action)
            for e in store.events(match_id):
                messages.append((f"league.north.v{v}.{match_id}", f"{match_id}:{e['seq']}", json.dumps(e).encode()))
        store.close()
    league = open_store(root / "league")
    book = open_book(league, LeagueConfig("north", "hub", "", "hub", "x"), root / "book")
    for name in ("first", "again"):
        cpu, wall = time.process_time(), time.perf_counter()
        outcomes: dict[str, int] = {}
        for ref, (subject, msg_id, data) in enumerate(messages, 1):
            outcome = book.take(subject, msg_id, data, ref)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(
            f"{name}: {len(messages)} events in {wall:.1f} s, {len(messages) / wall:.0f} events/s,"
            f" cpu {cpu:.1f} s, {outcomes}"
        )
    league.close()


if __name__ == "__main__":
    main()
