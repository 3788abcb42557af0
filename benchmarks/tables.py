"""What the browser-less benchmarks share (``wire_follow.py``, ``club_night.py``): the real server, tables
opened by the host with their join links, a scorer's moves, percentiles, the machine's load.

The server is ``scorekeeper serve --lan --host 127.0.0.1`` (keys required, loopback only) in a child
process with a temp data folder; every device is a :class:`tests.wire.Phone` (Flet's websocket protocol,
no browser) joined through its link as a phone scanning the QR code.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.served, tests.wire
from tests.served import ServedApp  # noqa: E402
from tests.wire import Phone, Tree, key_of  # noqa: E402, F401 - Phone and key_of for the scripts

JOIN_LINE = re.compile(r"^  (this computer \(host\)|scorers \(enter moves\)|viewers \(watch only\)): (\S+)$", re.M)
HOST_WINDOW = (1280.0, 800.0)  # the host's laptop
TILE = re.compile(r"^tile-(\d-\d)$")
SETTLE = 0.3  # s without a message before a tap that sets a table up (a person taps a screen that is still)


# The server as the console script runs it, with the garbage collector's passes timed (gc.callbacks) and
# written to $BENCH_GC_LOG as JSON [[generation, seconds], …] when it stops.
GC_PROBE = """
import atexit, gc, json, os, sys, time
passes, started = [], []
def timed(phase, info):
    if phase == "start":
        started.append(time.perf_counter())
    elif started:
        passes.append([info["generation"], time.perf_counter() - started.pop()])
gc.callbacks.append(timed)
atexit.register(lambda: json.dump(passes, open(os.environ["BENCH_GC_LOG"], "w")))
from scorekeeper.cli import main
sys.exit(main())
"""


def start_server(env: dict[str, str] | None = None, data: str | None = None) -> tuple[ServedApp, dict[str, str]]:
    """``serve --lan --host 127.0.0.1`` on a free port with ``data`` (default: a new data folder), its
    collector passes timed (:func:`gc_passes` once stopped); the server and its printed join links
    ({"this computer (host)": url, "scorers (enter moves)": url, "viewers (watch only)": url})."""
    data = data or tempfile.mkdtemp(prefix="scorekeeper-bench-")
    env = {**(env or {}), "BENCH_GC_LOG": str(Path(data) / "gc.json")}
    server = ServedApp(
        data,
        code=GC_PROBE,
        env=env,
        args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
    )
    return server, dict(JOIN_LINE.findall(server.log_path.read_text()))


async def watched(server: ServedApp, work):
    """Await ``work`` (a coroutine) while checking every second that the server still runs. Raises
    ``RuntimeError`` (with the end of the server's log) when it stopped first."""
    import asyncio

    task = asyncio.ensure_future(work)
    while True:
        done, _ = await asyncio.wait([task], timeout=1)
        if done:
            return task.result()
        if server.proc.poll() is not None:
            task.cancel()
            tail = server.log_path.read_text()[-2000:]
            raise RuntimeError(f"the server stopped (exit code {server.proc.returncode}):\n{tail}")


def gc_passes(server: ServedApp) -> list[tuple[int, float]]:
    """After the server stopped: its collector passes, (generation, seconds) each."""
    import json

    path = server.data / "gc.json"
    return [(int(g), float(s)) for g, s in json.loads(path.read_text())] if path.exists() else []


@dataclass
class Table:
    """One match in play: its ``match_id`` and the scorer's and viewer's join keys of that match."""

    match_id: str
    scorer_key: str = field(repr=False)
    viewer_key: str = field(repr=False)


async def table_codes(host: Phone, match_id: str) -> Table:
    """From the open table: the host's Table screen's scorer and viewer links of ``match_id``, then the
    start screen (tapped, not yet shown)."""
    await host.tap("phones", settle=SETTLE)
    await host.wait_until(lambda tree: host.route == "/phones")
    scorer = await host.wait_until(lambda tree: tree.text("join-url-scorer"))
    viewer = await host.wait_until(lambda tree: tree.text("join-url-viewer"))
    await host.tap("home", settle=SETTLE)
    return Table(match_id, key_of(scorer), key_of(viewer))


async def open_tables(host: Phone, count: int) -> list[Table]:
    """The host opens ``count`` new matches of Horse Race (two players, the first seat leads) and reads
    each one's join links from its Table screen; it is left on the start screen."""
    tables = []
    for _ in range(count):
        await host.tap("new-match", settle=SETTLE)
        await host.tap("create-match", settle=SETTLE)
        await host.tap("starter-0", settle=SETTLE)
        await host.wait_until(
            lambda tree: host.route.startswith("/table/") and "leads the round" in (tree.text("turn") or "")
        )
        match_id = host.route.rsplit("/", 1)[-1]
        tables.append(await table_codes(host, match_id))
        await host.wait_until(lambda tree: host.route == "/" and tree.find("new-match") is not None)
    return tables


async def start_tables(host: Phone, match_ids: list[str]) -> list[Table]:
    """The host opens each of ``match_ids`` (matches made for it, e.g. a club round's), starts its first
    round (the first seat leads) and reads its join links from its Table screen, as :func:`open_tables`."""
    tables = []
    for match_id in match_ids:
        await host.settle(SETTLE)
        await host.navigate(f"/table/{match_id}")
        await host.wait_until(lambda tree, m=match_id: host.route == f"/table/{m}" and tree.find("who-leads"))
        await host.tap("starter-0", settle=1.0)
        await host.wait_until(lambda tree: "leads the round" in (tree.text("turn") or ""))
        tables.append(await table_codes(host, match_id))
        await host.wait_until(lambda tree: host.route == "/")
    return tables


def playable(tree: Tree) -> list[str]:
    """The picker's tiles that may be played now (enabled hooks ``tile-a-b``), in the picker's order."""
    return [m[1] for name, control in tree.hooks().items() if (m := TILE.match(name)) and not control.get("disabled")]


def ready_to_play(phone: Phone, tile: str):
    """A check once ``tile`` was tapped: the selection names it, and Play is enabled (``["play"]``: the
    tile fits one spot) or the spots it may join are shown (their hooks' names)."""

    def check(tree: Tree):
        if tile not in (tree.text("selection") or ""):
            return None
        if phone.clickable("play") is not None:
            return ["play"]
        spots = sorted(name for name in tree.hooks() if name.startswith("spot-"))
        return spots or None

    return check


def tiles_shown(count: int):
    """A check: exactly ``count`` tiles drawn on the table (a move lost or shown twice never satisfies it)."""
    return lambda tree: len(tree.tiles_on_table()) == count


def recorded(data_dir: Path, match_ids: list[str]) -> dict[str, Counter]:
    """After the server stopped: each match's events by kind (``move``, ``undo``…), read from the store."""
    from scorekeeper.store import open_store

    store = open_store(data_dir, read_only=True)
    try:
        return {match_id: Counter(str(event["kind"]) for event in store.events(match_id)) for match_id in match_ids}
    finally:
        store.close()


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def load() -> str:
    """The machine's load average now (1, 5, 15 min) as printed by ``uptime``."""
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f}, {five:.2f}, {fifteen:.2f}"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process ``pid`` and its running children (the server's viewer
    process) used so far (Linux ``/proc``)."""
    total = 0.0
    for one in [pid, *_children(pid)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def cpu_by_process(pid: int) -> dict[str, float]:
    """CPU seconds so far of the server ``pid`` itself (``"server"``) and of each running child, by what it
    draws: ``"viewers"`` (the viewer process), ``"scorers"`` (the scorer process, given the writer's socket)."""
    found = {"server": _cpu(pid)}
    for child in _children(pid):
        try:
            args = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        kind = "scorers" if any(a.endswith(b"writer.sock") for a in args) else "viewers"
        found[kind] = found.get(kind, 0.0) + _cpu(child)
    return found


def _cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # ended meanwhile
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def wall() -> float:
    return time.perf_counter()
