"""Write simulated match documents for the replay benchmark.

    python benchmarks/make_corpus.py OUT_DIR [--matches N] [--seed S]

Cycles through the seven seatings (tests.simulator.CONFIGS): Horse
Race 2, 3, 4 and 4 in pairs; Exact 61 2, 3 and 4 in pairs. Each match is played
to its end (or 40 rounds) by the simulator, with real hidden hands, and written
as ``NNNNN-<seating>.json``. Prints how many documents and moves it wrote.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.simulator
from tests.simulator import CONFIGS, simulate  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--matches", type=int, default=700, help="number of documents (default 700)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    args = parser.parse_args(argv)
    args.out_dir.mkdir(parents=True, exist_ok=True)
    moves = 0
    for i in range(args.matches):
        config = CONFIGS[i % len(CONFIGS)]
        sim = simulate(config, args.seed + i)
        moves += sim.moves
        path = args.out_dir / f"{i:05d}-{config.name}.json"
        path.write_text(json.dumps(sim.document, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {args.matches} documents, {moves} moves, to {args.out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
