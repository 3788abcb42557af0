"""Store benchmark: recording latency and history opening time against the history size.

    .venv/bin/python benchmarks/store.py [--sizes 0 1000 10000] [--matches 4] [--no-rebuild]

For each history size N (finished matches already stored) it prints:

* the time to durably record one event (``store.record``: engine check,
  atomic write, fsync of the file and the folder): median, p95 and max over
  every event of a few long simulated matches, split into ordinary moves
  (match file only) and events that also write the index (round start,
  reveal, finish);
* the time to open the history: ``open_store`` + ``list_matches()`` after a
  clean close (median of 5), and ``list_matches()`` alone on an open store;
* the time to rebuild the whole index from the N match files (``--no-rebuild``
  skips it), which only happens if the index is lost.

The N finished matches are written straight to disk (match files in the
store's format, and the index shards), which is quick; the store then opens
them through its normal path. Aims (issue 3): recording at 10,000 within
1.5x of recording at 0 and under 20 ms median; history under 300 ms at 10,000.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import Draw, Pass, Play  # noqa: E402
from scorekeeper.store import open_store  # noqa: E402
from scorekeeper.store.atomic import seal, write_atomic  # noqa: E402
from scorekeeper.store.documents import document_actions, read_document  # noqa: E402
from scorekeeper.store.events import action_to_json, create_event  # noqa: E402
from scorekeeper.store.paths import DataFolder, new_match_id, shard_of  # noqa: E402
from scorekeeper.store.summary import summarize  # noqa: E402
from tests.store.simulate import long_finished_document  # noqa: E402

KINDS = [
    ("horse-race", 2, False),
    ("horse-race", 3, False),
    ("horse-race", 4, True),
    ("exact-61", 2, False),
    ("exact-61", 3, False),
    ("exact-61", 4, True),
]


def templates(count: int) -> list[dict]:
    """Finished simulated matches of every game and seating."""
    out = []
    for i in range(count):
        v, p, pp = KINDS[i % len(KINDS)]
        out.append(long_finished_document(10_000 + i, min_actions=100, variant=v, players=p, partnerships=pp))
    return out


def _stamp(moment: datetime) -> str:
    # time_text() without strftime: the fixture formats millions of these
    return (
        f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}T{moment.hour:02d}:{moment.minute:02d}:"
        f"{moment.second:02d}.000Z"
    )


def write_history(root: Path, size: int, docs: list[dict]) -> None:
    """``size`` finished matches spread over three years, written straight in the store's format
    (the events of each template are serialised once; only ids and times change)."""
    layout = DataFolder(root)
    layout.make()
    shards: dict[str, dict] = {}
    first = datetime.now(UTC) - timedelta(days=3 * 365)
    prepared = []
    for doc in docs:
        bodies = [
            json.dumps(action_to_json(a), ensure_ascii=False, separators=(",", ":"))[1:-1]
            for a in document_actions(doc)
        ]
        prepared.append((doc, read_document(doc)[1], bodies))
    step = timedelta(seconds=20)
    for i in range(size):
        doc, match, bodies = prepared[i % len(prepared)]
        started = first + timedelta(minutes=157 * i)
        match_id = new_match_id(started)
        head = create_event(match_id, doc["variant"], doc["players"], doc["partnerships"], "app", started)
        parts = [f'"1":{json.dumps(head, ensure_ascii=False, separators=(",", ":"))}']
        moment = started
        for seq, body in enumerate(bodies, start=1):
            moment += step
            parts.append(f'"{seq + 1}":{{"seq":{seq},"time":"{_stamp(moment)}",{body}}}')
        raw = seal(('{"events":{' + ",".join(parts) + "}}").encode())  # with its checksum, as the store writes
        layout.match_file(match_id).write_bytes(raw)
        summary = summarize(match_id, head, match, len(bodies) + 1, moment, len(raw))
        table = shards.setdefault(shard_of(match_id), {})
        table[str(len(table) + 1)] = summary.to_entry()
    for shard, table in shards.items():
        text = json.dumps({"matches": table}, ensure_ascii=False, separators=(",", ":"))
        layout.shard_file(shard).write_bytes(seal(text.encode("utf-8")))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.2f}"


def open_history(root: Path) -> tuple[float, float, int]:
    """One app start after a clean close: (wall s, CPU s, matches listed) for open_store + list_matches."""
    t, c = time.perf_counter(), time.process_time()
    store = open_store(root)
    rows = store.list_matches()
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    store.close()
    return wall, cpu, len(rows)


def record_match(root: Path, doc: dict, out: dict) -> None:
    """Record every event of ``doc`` in a new match, timing each durable ``store.record``."""
    store = open_store(root)
    t = time.perf_counter()
    match_id = store.create_match(doc["variant"], doc["players"], doc["partnerships"])
    out["creates"].append(time.perf_counter() - t)
    for action in document_actions(doc):
        t = time.perf_counter()
        result = store.record(match_id, action)
        elapsed = time.perf_counter() - t
        writes_index = type(action) not in (Play, Draw, Pass) or result.match.finished
        (out["index_events"] if writes_index else out["moves"]).append(elapsed)
        out["all"].append(elapsed)
    t = time.perf_counter()
    store.list_matches()
    out["list"].append(time.perf_counter() - t)
    store.close()


def fsync_floor(folder: Path, count: int = 200) -> list[float]:
    """Times of a bare atomic write of 20 kB (temp file, fsync, replace, fsync folder): the disk's floor."""
    folder.mkdir(parents=True, exist_ok=True)
    times = []
    for _ in range(count):
        t = time.perf_counter()
        write_atomic(folder / "floor.json", b"x" * 20_000)
        times.append(time.perf_counter() - t)
    return times


def rebuild(root: Path) -> float:
    shutil.rmtree(root / "index")
    t = time.perf_counter()
    store = open_store(root)
    store.list_matches()
    elapsed = time.perf_counter() - t
    store.close()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[0, 1000, 10000])
    parser.add_argument("--matches", type=int, default=4, help="long matches recorded per size")
    parser.add_argument(
        "--rebuild-max", type=int, default=10000, help="measure the full index rebuild only up to this history size"
    )
    parser.add_argument("--no-rebuild", action="store_true", help="skip the full index rebuild")
    parser.add_argument("--dir", help="where to build the histories (default: a temp folder)")
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    docs = templates(max(24, args.matches))
    base = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    results = {
        size: {
            "moves": [],
            "index_events": [],
            "all": [],
            "creates": [],
            "list": [],
            "open": [],
            "open_cpu": [],
            "rows": 0,
            "rebuild": None,
        }
        for size in args.sizes
    }
    try:
        for size in args.sizes:
            t = time.perf_counter()
            write_history(base / f"history-{size}", size, docs[args.matches :])
            print(f"history of {size} finished matches written in {time.perf_counter() - t:.1f} s", flush=True)
        floor = fsync_floor(base / "floor")
        # Sizes take turns, so a busy moment of the machine does not favour one of them.
        for rep in range(max(args.matches, 7)):
            for size in args.sizes:
                r, root = results[size], base / f"history-{size}"
                wall, cpu, r["rows"] = open_history(root)
                r["open"].append(wall)
                r["open_cpu"].append(cpu)
                if rep < args.matches:
                    record_match(root, docs[rep], r)
        for size in args.sizes:
            if not (args.no_rebuild or size == 0 or size > args.rebuild_max):
                results[size]["rebuild"] = rebuild(base / f"history-{size}")
    finally:
        if not args.dir:
            shutil.rmtree(base, ignore_errors=True)

    print("\nrecord one event, durably (ms)          median      p95      max   events")
    print(
        f"  floor: bare atomic write of 20 kB  {ms(statistics.median(floor))}  {ms(percentile(floor, 0.95))}  "
        f"{ms(max(floor))}  {len(floor):>6}"
    )
    for size, r in results.items():
        for label, key in (("all events", "all"), ("ordinary moves", "moves"), ("+ index write", "index_events")):
            values = r[key]
            print(
                f"  {size:>6} matches, {label:<17} {ms(statistics.median(values))}  "
                f"{ms(percentile(values, 0.95))}  {ms(max(values))}  {len(values):>6}"
            )
    print("\ncreate a match (ms, median)")
    for size, r in results.items():
        print(f"  {size:>6} matches: {ms(statistics.median(r['creates']))}")
    print("\nopen the history (ms)   open_store + list_matches: median   min   (CPU)   list_matches alone")
    for size, r in results.items():
        print(
            f"  {size:>6} matches ({r['rows']:>5} listed)           {ms(statistics.median(r['open']))} "
            f"{ms(min(r['open']))} {ms(statistics.median(r['open_cpu']))}        "
            f"{ms(statistics.median(r['list']))}"
        )
    if any(r["rebuild"] for r in results.values()):
        print("\nrebuild the lost index from the match files (s)")
        for size, r in results.items():
            if r["rebuild"] is not None:
                print(f"  {size:>6} matches: {r['rebuild']:.2f}")
    print(f"\nload average at end: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    if 0 in results and max(results) > 0:
        top = max(results)
        ratio = statistics.median(results[top]["all"]) / statistics.median(results[0]["all"])
        print(f"\nmedian record time at {top} / at 0 matches: {ratio:.2f}x (aim <= 1.5x)")


if __name__ == "__main__":
    main()
