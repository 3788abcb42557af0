"""Replay speed: every match document in a folder, in one process.

    python benchmarks/replay.py DIR [--repeat K]

Each document goes through the same code path as ``scorekeeper replay FILE
--json``: ``load_document`` (parse, validate, fold every move through the
engine, check the hands) and ``build_report``. The files are read into memory
first, so the figure is the engine's, not the disk's. The whole folder is
replayed ``K`` times (default 3); each pass is printed and the last line gives
the best pass, exactly ``moves/s: N``. Aim (issue 2): at least 250,000 moves/s.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from scorekeeper.rules import RuleViolation, build_report, load_document


def replay_all(documents: list[bytes]) -> tuple[int, int]:
    """Replay every document; return (moves replayed, documents refused)."""
    moves = refused = 0
    for data in documents:
        try:
            match = load_document(data)
        except RuleViolation:
            refused += 1
            continue
        build_report(match)
        moves += sum(len(r.moves) for r in match.rounds)
    return moves, refused


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir", type=Path)
    parser.add_argument("--repeat", type=int, default=3, help="passes over the folder (default 3)")
    args = parser.parse_args(argv)
    documents = [path.read_bytes() for path in sorted(args.dir.glob("*.json"))]
    if not documents:
        print(f"no *.json documents in {args.dir}", file=sys.stderr)
        return 2
    best = 0.0
    for run in range(1, max(args.repeat, 1) + 1):
        start = time.perf_counter()
        moves, refused = replay_all(documents)
        seconds = time.perf_counter() - start
        rate = moves / seconds if seconds else 0.0
        best = max(best, rate)
        print(
            f"pass {run}: {len(documents)} documents ({refused} refused), {moves} moves "
            f"in {seconds:.3f} s = {rate:,.0f} moves/s"
        )
    print(f"moves/s: {best:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
