"""History, review and match-end screens: how long the server works per tap, against the history size.

    .venv/bin/python benchmarks/history_screens.py [--sizes 1000 10000] [--repeat 7]

For each history size N (finished simulated matches of 100-400 actions,
written straight to disk as ``benchmarks/store.py`` does) it opens the store
as the app does and prints medians (ms) of:

* opening the history: ``state.go(HISTORY)`` (``list_matches`` + ``rule_set_stats``
  in a worker thread) and building the screen (``history.view``, 50 rows);
* a filter tap (a game), and a typed player name applied;
* opening a long match's review (``store.actions`` + one fold), one step
  (``review_go``: a re-fold from the start) at the match's end, and building
  the review screen (picture, chart);
* building the match-end screen of that match (chart included).

These are the server's share of a tap (the browser then applies the patch:
see docs/app.md for the round trip).
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.store import templates, write_history  # noqa: E402
from scorekeeper.app.navigation import Screen  # noqa: E402
from scorekeeper.app.parts.match_end import match_end_view  # noqa: E402
from scorekeeper.app.screens import history, review  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from tests.app.tabs import new_tab  # noqa: E402


def timed(fn, repeat: int) -> float:
    """Median wall time of ``fn()`` in ms."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    docs = templates(24)
    base = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-history-"))
    run = asyncio.run
    print(
        f"{'history':>8} {'open':>7} {'view':>7} {'filter':>7} {'player':>7} "
        f"{'review':>7} {'step':>7} {'r.view':>7} {'end':>7}  (ms, median of {args.repeat}; "
        "review of a match of A actions)"
    )
    try:
        for size in args.sizes:
            root = base / f"history-{size}"
            write_history(root, size, docs)
            store = open_store(root)
            state = new_tab(store, root)
            opening = timed(lambda s=state: run(s.go(Screen.HISTORY)), args.repeat)
            view = timed(lambda s=state: history.view(s), args.repeat)
            flt = (
                timed(
                    lambda s=state: (run(s.history.filter_game("exact-61")), run(s.history.filter_game(None))),
                    args.repeat,
                )
                / 2
            )
            name = state.history.items[0].players[0]
            state.history.set_text("player", name)
            player = timed(lambda s=state: run(s.history.apply()), args.repeat)
            state.history.set_text("player", "")
            run(state.history.apply())
            longest = max(state.history.items[:50], key=lambda s: s.events)
            opened = timed(lambda s=state, i=longest.id: run(s.review.open_review(i)), args.repeat)
            last = len(state.review.review.steps) - 1
            step = timed(lambda s=state, i=last: run(s.review.go(i)), args.repeat)
            review_view = timed(lambda s=state: review.view(s), args.repeat)
            run(state.table.open_match(longest.id))
            end = timed(lambda s=state: match_end_view(s), args.repeat)
            print(
                f"{size:>8} {opening:>7.1f} {view:>7.1f} {flt:>7.1f} {player:>7.1f} "
                f"{opened:>7.1f} {step:>7.1f} {review_view:>7.1f} {end:>7.1f}  (A = {last + 1})"
            )
            store.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
