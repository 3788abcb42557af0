"""Import benchmark: restoring a club's backup with ``scorekeeper import``.

    .venv/bin/python benchmarks/import_backup.py [--matches 10000] [--rounds 3] [--seed 0] [--keep DIR]

Makes a backup as ``scorekeeper export --all`` writes one (a JSON list of
``scorekeeper-match/1`` documents with ``meta``, indented by one space) from
matches played by the simulator (``tests.simulator``: the seven
seatings in turn, each match cut after ``--rounds`` rounds, or finished
before), then runs the real command in a fresh process:

1. ``scorekeeper --data-dir D import backup.json`` into an empty data folder;
2. the same again (every match is already there: nothing is written, each
   document is compared with the match of its ``meta.id``);
3. ``scorekeeper --data-dir D history`` (the folder opens and lists them all).

It prints the backup's size, each run's wall and CPU time, time per match
and peak memory (VmHWM), and checks that each run exited 0 and printed one
line per match. Target (issue 21): the first import of 10,000 small matches
in at most 60 s. The machine's load average is printed too: on a shared
machine, compare the CPU times.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.store.events import time_text  # noqa: E402
from scorekeeper.store.paths import new_match_id  # noqa: E402
from tests.simulator import CONFIGS, simulate  # noqa: E402

TARGET_S = 60.0


def make_backup(path: Path, matches: int, rounds: int, seed: int) -> tuple[int, int]:
    """Write the backup; return (documents, moves)."""
    first = datetime.now(UTC) - timedelta(days=3 * 365)
    docs = []
    moves = 0
    for i in range(matches):
        sim = simulate(CONFIGS[i % len(CONFIGS)], seed + i, max_rounds=rounds)
        moves += sim.moves
        started = first + timedelta(minutes=97 * i)
        ended = started + timedelta(minutes=40)
        finished = sim.match is not None and sim.match.finished
        doc = dict(sim.document)
        doc["meta"] = {
            "id": new_match_id(started),
            "started": time_text(started),
            "ended": time_text(ended) if finished else None,
        }
        docs.append(doc)
    path.write_text(json.dumps(docs, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return len(docs), moves


def run(args: list[str]) -> tuple[float, float, subprocess.CompletedProcess[str], float]:
    """Run the CLI in a fresh process: (wall s, CPU s, the process, its peak memory in MB)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _CHILD, *args], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    peak = re.search(r"^peak-rss-kb (\d+)$", done.stderr, re.M)
    return wall, cpu, done, int(peak.group(1)) / 1024 if peak else float("nan")


# the CLI, telling its own peak memory on its last line (VmHWM: getrusage's maxrss keeps the parent's across exec)
_CHILD = """
import atexit, re, sys
def _peak():
    status = open("/proc/self/status").read()
    print("peak-rss-kb", re.search(r"VmHWM:\\s+(\\d+)", status).group(1), file=sys.stderr)
atexit.register(_peak)
from scorekeeper.cli import main
sys.exit(main())
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3, help="rounds a match is cut after (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--keep",
        type=Path,
        help="work in this folder and keep it (default: a temp folder); "
        "a backup made there with the same figures is used again",
    )
    args = parser.parse_args(argv)
    work = args.keep or Path(tempfile.mkdtemp(prefix="scorekeeper-import-"))
    work.mkdir(parents=True, exist_ok=True)
    backup, data, made_with = work / "backup.json", work / "data", work / "backup.args"
    shutil.rmtree(data, ignore_errors=True)
    wanted = f"{args.matches} {args.rounds} {args.seed}"
    t = time.perf_counter()
    if backup.exists() and made_with.exists() and made_with.read_text().split()[:3] == wanted.split():
        count, moves = args.matches, int(made_with.read_text().split()[3])  # --keep: the same backup again
    else:
        count, moves = make_backup(backup, args.matches, args.rounds, args.seed)
        made_with.write_text(f"{wanted} {moves}")
    made = time.perf_counter() - t
    size = backup.stat().st_size
    print(
        f"backup: {count} matches, {moves} moves, {size / 1e6:.1f} MB ({size / count / 1000:.1f} kB a match), "
        f"made in {made:.1f} s"
    )
    failed = False
    for label, cli in (
        ("import into an empty folder", ["--data-dir", str(data), "import", str(backup)]),
        ("import again (all already here)", ["--data-dir", str(data), "import", str(backup)]),
        ("history (open and list)", ["--data-dir", str(data), "history"]),
    ):
        wall, cpu, done, peak = run(cli)
        lines = done.stdout.splitlines()
        print(
            f"{label:<32} {wall:6.1f} s ({cpu:5.1f} s CPU)  {wall / count * 1000:5.2f} ms a match  "
            f"peak {peak:5.0f} MB  exit {done.returncode}, {len(lines)} lines"
        )
        if done.returncode != 0 or len(lines) != count:
            print(f"  unexpected: {done.stderr.strip()[:500]}")
            failed = True
        if label.startswith("import into"):
            first_wall = wall
    print(
        f"target: first import <= {TARGET_S:.0f} s: {'met' if first_wall <= TARGET_S else 'NOT met'} "
        f"({first_wall:.1f} s); load average {os.getloadavg()[0]:.1f}"
    )
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
