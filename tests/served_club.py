"""A served app whose process also plays club-night matches through its own store, on request: what the
club-night browser test and ``scripts/club_screenshots.py`` use to have a table's match played to its end
(``tests/simulator.py``) while the server holds the data folder (another process could only read it).

A request is a file ``<data>/play/<name>.json`` holding ``{"match": id, "winner": seat}``; the server's
thread plays the first simulated 2-player match whose seat ``winner`` finishes ahead into that match
(``store.record``, one action at a time, as a phone would), then renames the file ``<name>.done``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from tests.served import ServedApp

PLAYING_SERVER = """
import json, pathlib, sys, threading, time
from scorekeeper.cli import main

def player(folder):
    requests = pathlib.Path(folder) / "play"
    requests.mkdir(exist_ok=True)
    while True:
        for ask in sorted(requests.glob("*.json")):
            from scorekeeper.store import open_store
            from tests.simulator import Config, simulate
            wanted = json.loads(ask.read_text())
            store = open_store(folder)  # the server's own store (one per folder per process)
            seat = wanted["winner"]
            for seed in range(200):
                sim = simulate(Config("horse-race", 2), seed)
                if sim.match.points[seat] > sim.match.points[1 - seat]:
                    break
            for action in sim.actions:
                store.record(wanted["match"], action)
            ask.rename(ask.with_suffix(".done"))
        time.sleep(0.05)

threading.Thread(target=player, args=(sys.argv[2],), daemon=True).start()
sys.exit(main())
"""

ROOT = Path(__file__).resolve().parent.parent


def playing_server(data: str | Path, *extra: str) -> ServedApp:
    """``scorekeeper --data-dir DATA serve --port P *extra`` that plays matches on request (:func:`play`)."""
    return ServedApp(
        data, code=PLAYING_SERVER, args=["--data-dir", str(data), "serve", *extra, "--port", "{port}"], cwd=ROOT
    )


def play(data: str | Path, match_id: str, winner: int, timeout: float = 60) -> None:
    """Have the server play ``match_id`` to its end, seat ``winner`` ahead; returns once it is recorded."""
    folder = Path(data) / "play"
    folder.mkdir(exist_ok=True)
    ask = folder / f"{match_id}.json"
    ask.write_text(json.dumps({"match": match_id, "winner": winner}))
    deadline = time.monotonic() + timeout
    while not ask.with_suffix(".done").exists():  # a condition, polled: the server's thread renames it
        if time.monotonic() > deadline:
            raise TimeoutError(f"the server did not play {match_id}")
        time.sleep(0.05)


def event_tables(data: str | Path, round_no: int) -> list[str]:
    """The match ids of round ``round_no``'s tables of the (only) event in ``data``, read from its file."""
    files = sorted((Path(data) / "club" / "events").glob("e*.json"))
    assert len(files) == 1, files
    log = json.loads(files[0].read_text())["events"]
    rounds = [e for _, e in sorted(log.items(), key=lambda kv: int(kv[0])) if e.get("kind") == "pair"]
    return [t["matches"][0] for t in rounds[round_no - 1]["tables"]]
