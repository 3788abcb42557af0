"""What the names policy (scorekeeper/rules/names.py) costs: a name cleaned, a match's names, and the
refusal of a huge name, alone and inside a document (``scorekeeper replay``'s and import's path).

    .venv/bin/python benchmarks/names.py

Targets (docs/store.md, "Players' names"): a match's names in well under a millisecond (an import of
10,000 matches pays under a second for them); a 10,000,000-character name refused in a line, in no
more than its JSON parse.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper.rules import RuleViolation  # noqa: E402
from scorekeeper.rules.document import match_from_document, parse_json  # noqa: E402
from scorekeeper.rules.names import clean_name, clean_names  # noqa: E402

NAMES = {
    "ascii": "Ann",
    "cyrillic": "Олександра Коваленко",
    "vietnamese": "Nguyễn Thị Minh Khai",
    "emoji": "👩\u200d💻 Mum",
    "korean": "김민준",
}


def per_call(fn, repeat: int) -> float:
    """Microseconds per call, the best of 5 runs of ``repeat`` calls."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        best = min(best, time.perf_counter() - start)
    return best / repeat * 1e6


def main() -> None:
    for label, name in NAMES.items():
        print(f"clean_name {label:<11} {per_call(lambda name=name: clean_name(name), 20000):8.1f} us")
    four = list(NAMES.values())[1:]
    print(f"clean_names (4 names)  {per_call(lambda: clean_names(four), 5000):8.1f} us")
    for size in (1_000_000, 10_000_000):
        huge = "A" * size
        start = time.perf_counter()
        try:
            clean_name(huge)
        except RuleViolation as err:
            line = err.message
        print(
            f"refuse a {size:,}-character name: {(time.perf_counter() - start) * 1e3:.3f} ms, "
            f"a {len(line)}-character message"
        )
        text = json.dumps(
            {"format": "scorekeeper-match/1", "variant": "horse-race", "players": ["Bo", huge], "rounds": []}
        )
        start = time.perf_counter()
        doc = parse_json(text)
        parsed = time.perf_counter()
        try:
            match_from_document(doc)
        except RuleViolation as err:
            line = err.message
        done = time.perf_counter()
        print(
            f"  in a document: parse {(parsed - start) * 1e3:.1f} ms, refuse {(done - parsed) * 1e3:.3f} ms, "
            f"a {len(line)}-character message"
        )


if __name__ == "__main__":
    main()
