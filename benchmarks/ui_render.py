"""Server side of a tap, in-process (no browser): render, Flet's diff and the message, per kind of tap.

    .venv/bin/python benchmarks/ui_render.py [--case hr-4i-block-4-4-4-14] [--width 390] [--repeat 3]

Opens the app in a real Flet session with a recording connection
(``tests/app/live.py``), enters a shared case tap by tap through the hooks
(tile, spot, Play, Draw and its count, Pass), and for each component update
measures CPU time (``time.thread_time``, so other processes on a shared
machine disturb it less than wall time): the whole update, the view
functions (render, memoized parts included), Flet's diff (which renders the
memoized parts that changed), packing the message, and its size; and, not
disturbed by the machine's load at all, the controls built (each takes a
control id) and the controls Flet's diff compared (skipping a kept control is
not a comparison). The case's round ends with its hands entered and Settle.
Prints the median per kind over ``--repeat`` runs (the lowest median of the
runs; the counts are the same in every run).
The durable write is not included: ``benchmarks/store.py`` measures it, and
``benchmarks/ui_tap.py`` measures everything together in a browser.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flet.components import component  # noqa: E402
from flet.controls import object_patch  # noqa: E402
from flet.controls.base_control import ControlId  # noqa: E402

from scorekeeper.app.navigation import Screen  # noqa: E402
from scorekeeper.app.store_access import open_app_store  # noqa: E402
from tests.app.live import Live  # noqa: E402

CURRENT: dict[str, float] = {}
UPDATES: list[dict[str, float]] = []


def _timed(owner, name: str, key: str, classmethod_: bool = False) -> None:
    original = getattr(owner, name)
    function = original.__func__ if classmethod_ else original

    def wrapper(*args, **kwargs):
        start = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            CURRENT[key] = CURRENT.get(key, 0.0) + (time.thread_time() - start) * 1000

    setattr(owner, name, classmethod(wrapper) if classmethod_ else wrapper)


def _install() -> None:
    next_id, compare = ControlId.next, object_patch.DiffBuilder._compare_dataclasses

    def counted_id() -> int:  # every control built takes the next id
        CURRENT["built"] = CURRENT.get("built", 0) + 1
        return next_id()

    def counted_compare(builder, parent, path, src, dst, frozen):
        if not (frozen and src is dst):
            CURRENT["compared"] = CURRENT.get("compared", 0) + 1
        return compare(builder, parent, path, src, dst, frozen)

    ControlId.next = counted_id  # type: ignore[method-assign]
    object_patch.DiffBuilder._compare_dataclasses = counted_compare  # type: ignore[method-assign]
    _timed(component.Renderer, "render", "render")
    _timed(object_patch.ObjectPatch, "from_diff", "diff", classmethod_=True)
    original_update = component.Component.update

    def update(self):
        CURRENT.clear()  # the counts from here: what the tap's handler built is not the update's
        start = time.thread_time()
        original_update(self)
        CURRENT["update"] = (time.thread_time() - start) * 1000
        UPDATES.append(dict(CURRENT))

    component.Component.update = update


def tile_hook(text: str) -> str:
    a, b = sorted(int(v) for v in text.split("-"))
    return f"tile-{a}-{b}"


async def run_case(case: str, width: float) -> dict[str, list[dict[str, float]]]:
    doc = json.loads((ROOT / "tests" / "cases" / f"{case}.json").read_text())
    data = Path(tempfile.mkdtemp(prefix="ui-render-"))
    store = open_app_store(data)
    try:
        return await _enter(doc, store, data, width)
    finally:
        store.close()
        shutil.rmtree(data, ignore_errors=True)


async def _enter(doc: dict, store, data: Path, width: float) -> dict[str, list[dict[str, float]]]:
    live = await Live.open(store, data, width)
    state = live.state
    await state.go(Screen.NEW_MATCH)
    state.setup.set_form(variant=doc["variant"], count=len(doc["players"]), partnerships=doc.get("partnerships", False))
    for seat, name in enumerate(doc["players"]):
        state.setup.set_name(seat, name)
    await state.setup.create()
    await live.settle()
    samples: dict[str, list[dict[str, float]]] = {}

    async def tap(kind: str, name: str) -> None:
        UPDATES.clear()
        sent = await live.tap(name)
        if UPDATES:
            total = {
                key: sum(u.get(key, 0.0) for u in UPDATES) for key in ("update", "render", "diff", "built", "compared")
            }
            total["bytes"] = sent
            samples.setdefault(kind, []).append(total)

    round_ = doc["rounds"][0]
    await tap("start", f"starter-{round_['starter']}")
    previous = None
    for move in round_["moves"]:
        if "play" in move:
            await tap("tile", tile_hook(move["play"]))
            if "at" in move and state.entry.selected_spot is None:
                tile, side = move["at"].split(":")
                await tap("spot", f"spot-{tile_hook(tile)[5:]}-{side}")
            if move.get("drawn") and not (previous and "draw" in previous):
                await tap("draw", "draw")
                await tap("draw-count", "draw-count-0")
            await tap("play", "play")
        elif "draw" in move:
            await tap("draw", "draw")
            await tap("draw-count", f"draw-count-{move['draw']}")
        else:
            await tap("pass", "pass")
        previous = move
    for seat, tiles in round_["hands"].items():
        if tiles:
            await live.tap(f"reveal-seat-{seat}")
            for tile in tiles:
                await tap("reveal-tile", tile_hook(tile))
    await tap("settle", "confirm")
    return samples


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", default="hr-4i-block-4-4-4-14")
    parser.add_argument("--width", type=float, default=390)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    _install()
    best: dict[str, dict[str, float]] = {}
    counts: dict[str, int] = {}
    for _ in range(args.repeat):
        samples = asyncio.run(run_case(args.case, args.width))
        for kind, group in samples.items():
            medians = {key: statistics.median(s[key] for s in group) for key in group[0]}
            counts[kind] = len(group)
            if kind not in best or medians["update"] < best[kind]["update"]:
                best[kind] = medians
    print(f"{args.case}, width {args.width:g} px: CPU ms per tap (median; lowest of {args.repeat} runs)")
    print(f"{'tap':<11} {'n':>3} {'update':>7} {'render':>7} {'diff':>6} {'bytes':>7} {'built':>6} {'compared':>8}")
    for kind, m in best.items():
        print(
            f"{kind:<11} {counts[kind]:>3} {m['update']:7.1f} {m['render']:7.1f} {m['diff']:6.1f} {m['bytes']:7.0f}"
            f" {m['built']:6.0f} {m['compared']:8.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
