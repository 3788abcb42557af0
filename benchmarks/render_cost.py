"""What one move costs the server to draw: a scorer's taps and a viewer following, in-process.

    .venv/bin/python benchmarks/render_cost.py [--plays 48] [--seed 1]

The app runs in real Flet sessions without a browser or network (``tests/app/live.py``): a scorer
phone and a viewer phone joined for one Horse Race match, as at a club night. The scorer taps a
playable tile (seeded random), a spot when the tile fits more than one, and Play; after 4 plays it
takes them back with 4 Undos, and plays again, ``--plays`` plays in all. Each tap is handled and
every tab's update drawn before the next.

Printed per tab (scorer, viewer): updates drawn, the mean and p90 CPU ms of one update (Flet's render,
diff and the patch packed), and the controls built and compared per update. These are the server's
share of what a phone waits for and the figures the club night's latency grows with (one event-loop
thread draws every tab); unlike ``club_night.py`` they hardly depend on the machine's other load
(CPU time, one process).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.app.live

from flet.components.component import Component, Renderer  # noqa: E402
from flet.controls import object_patch  # noqa: E402
from flet.controls.base_control import ControlId  # noqa: E402
from flet.pubsub.pubsub_hub import PubSubHub  # noqa: E402

from scorekeeper.app.store_access import open_app_store  # noqa: E402
from scorekeeper.server.admission import Admission  # noqa: E402
from scorekeeper.server.roles import Role  # noqa: E402
from tests.app.live import Live  # noqa: E402
from tests.app.test_phones_screen import as_device  # noqa: E402

FORWARD = 4  # plays before taking them back (no hand of 5 runs out: no round ends)


class Meter:
    """CPU time, controls built and compared per update, by the tab (its AppModel) drawn."""

    def __init__(self) -> None:
        self.cpu: dict[int, list[float]] = defaultdict(list)
        self.built: dict[int, int] = defaultdict(int)
        self.compared: dict[int, int] = defaultdict(int)
        self.tab: int | None = None
        self.parts: dict[tuple[int, str], int] = defaultdict(int)  # (tab, component rendering) -> controls built
        self.rendering: list[str] = []

    def install(self) -> None:
        meter = self
        update, next_id, render = Component.update, ControlId.next, Renderer.render
        compare = object_patch.DiffBuilder._compare_dataclasses

        def timed_update(component):  # the root component of a tab: App(app, …)
            outer, meter.tab = meter.tab, id(component.args[0]) if component.args else None
            start = time.process_time()
            try:
                return update(component)
            finally:
                if meter.tab is not None and outer is None:
                    meter.cpu[meter.tab].append(time.process_time() - start)
                meter.tab = outer

        def counted_id() -> int:  # every control built takes the next id
            if meter.tab is not None:
                meter.built[meter.tab] += 1
                meter.parts[meter.tab, meter.rendering[-1] if meter.rendering else "?"] += 1
            return next_id()

        def named_render(renderer, fn, *args, **kwargs):
            meter.rendering.append(getattr(fn, "__name__", "?"))
            try:
                return render(renderer, fn, *args, **kwargs)
            finally:
                meter.rendering.pop()

        def counted_compare(builder, parent, path, src, dst, frozen):
            if meter.tab is not None and not (frozen and src is dst):
                meter.compared[meter.tab] += 1
            return compare(builder, parent, path, src, dst, frozen)

        Component.update = timed_update
        Renderer.render = named_render
        ControlId.next = counted_id  # type: ignore[method-assign]
        object_patch.DiffBuilder._compare_dataclasses = counted_compare


def enabled(live: Live, prefix: str) -> list[str]:
    return sorted(name for name, node in live.hooks().items() if name.startswith(prefix) and not node.disabled)


async def night(plays: int, seed: int, meter: Meter) -> tuple[Live, Live]:
    folder = tempfile.mkdtemp(prefix="scorekeeper-render-")
    store = open_app_store(Path(folder))
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])
    hub = PubSubHub(loop=asyncio.get_running_loop())
    as_device(admission, Role.SCORER, match_id)
    scorer = await Live.open(store, Path(folder), hub=hub)
    as_device(admission, Role.VIEWER, match_id)
    viewer = await Live.open(store, Path(folder), hub=hub)
    await scorer.tap(enabled(scorer, "starter-")[0])  # the round starts with the first player
    await settled(scorer, viewer)
    meter.install()
    rng, done, on_table = random.Random(seed), 0, 0
    while done < plays:
        if on_table < FORWARD:
            tiles = enabled(scorer, "tile-")
            await scorer.tap(tiles[rng.randrange(len(tiles))])
            spots = enabled(scorer, "spot-")
            if "play" not in enabled(scorer, "play"):
                await scorer.tap(spots[0])
            await scorer.tap("play")
            done, on_table = done + 1, on_table + 1
        else:
            while on_table:
                await scorer.tap("undo")
                on_table -= 1
                await settled(scorer, viewer)
        await settled(scorer, viewer)
    return scorer, viewer


async def settled(*tabs: Live) -> None:
    """Until no tab has sent anything for 50 ms (the viewer's re-read runs in a worker thread)."""
    while True:
        sent = [len(tab.connection.sent) for tab in tabs]
        await asyncio.sleep(0.05)
        if sent == [len(tab.connection.sent) for tab in tabs]:
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", action="store_true", help="also the controls built per update by each part")
    args = parser.parse_args(argv)
    meter = Meter()
    scorer, viewer = asyncio.run(night(args.plays, args.seed, meter))
    for name, tab in (("scorer", scorer), ("viewer", viewer)):
        key = id(tab.state)
        cpu = sorted(meter.cpu[key])
        count = len(cpu)
        p90 = cpu[min(count - 1, int(0.9 * count))]
        print(
            f"{name}: {count} updates, {1000 * statistics.mean(cpu):.1f} ms CPU mean, {1000 * p90:.1f} ms p90; "
            f"{meter.built[key] / count:.0f} controls built, {meter.compared[key] / count:.0f} compared per update"
        )
        if args.parts:
            parts = sorted(((n, part) for (tab, part), n in meter.parts.items() if tab == key), reverse=True)
            print("   ", ", ".join(f"{part} {n / count:.1f}" for n, part in parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
