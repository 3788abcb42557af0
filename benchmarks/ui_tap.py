"""Tap latency in the browser: from a player's tap to its visible result, durable write included.

    .venv/bin/python benchmarks/ui_tap.py [--case hr-4i-block-4-4-4-14 ...] [--undo-every 5]
                                         [--pause 0.15] [--floor-taps 40] [--no-floor] [--desktop]
                                         [--server-profile] [--cpu]

It starts ``scorekeeper serve`` on a free loopback port with a temp data
folder, opens it in headless Chromium (/usr/bin/chromium via Playwright, the
flags of ``tests/browser``), creates a match and enters the shared case(s)
from ``tests/cases`` tap by tap as players do: tile then spot (or spot then
tile, alternating), the "drawn" mark, Play, Draw and its count, Pass, Undo
(every ``--undo-every`` placements: undo and enter the move again), the hands
left at the round end and Settle.

Each tap is timed inside the page, on the page's own clock
(``performance.now()``): from the tap's ``pointerdown`` to the DOM mutation
that makes its result true (the text of a hook changes, a tile leaves the
picker, a panel appears...). Flutter writes its accessibility DOM in the
frame that draws the result, so that mutation is the visible result as the
hooks show it. The pixels come a little later: the renderer (skwasm) draws
each frame's scene in a worker and hands the bitmap back to the page; the
``painted`` column is the time until the bitmap of the frame that showed the
result arrived (scenes and bitmaps are numbered in order to pair them). A
Play, Draw, Pass, Undo or Settle tap shows its result only after the store's
durable write (``store.record`` / ``store.undo``, fsync included) returned,
so those figures include it. The page also timestamps the websocket messages,
splitting each tap into: client input -> message sent (``in``), sent ->
first reply received (``server``: handler, durable write, render, diff,
loopback), reply -> result in the DOM (``client``: apply the patch, build,
layout, paint).

Printed: median, p90 and max per kind of tap, the split, the floor (the same
measure on a one-button Flet app served the same way: uvicorn over Flet's
ASGI app, ``no_cdn=True``, a component with one ``use_state`` counter), the
machine's load (``uptime``, the machine is shared) and, as the last line, the
overall median of the app's taps.

``--cpu`` adds the page's CPU time per tap, from just before the click to the
result, as DevTools counts it with thread ticks: its main thread (``cpu``:
Flutter's input, the patch, build, layout, paint, semantics) and its whole
renderer process (``process``: the renderer's worker too, in 10 ms steps). CPU
time, unlike the wall clock, hardly grows with the load of a shared machine:
compare builds by it.

``--server-profile`` runs the server with timers around Flet's component
update (render = the view functions, diff = Flet's ObjectPatch, send =
serialisation and websocket) and prints their medians per update.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.served

from tests.served import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SCOREKEEPER_MAIN,
    ServedApp,
    focus_text_field,
    open_app_page,
    spot_hook,
    stock_after_draw,
    tile_hook,
)

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

# Installed in the page before Flutter starts: a tap clock, a result watcher and websocket timestamps.
PAGE_PROBE = r"""
(() => {
  const b = window.__bench = {pred: null, t0: null, t1: null, sent: null, recv: null, last: null,
                              applied: null, frames: [], posts: [], bitmaps: [], nPosts: 0, nBitmaps: 0};
  // skwasm renders in a worker: each frame's scene goes to it as a "renderPictures" message and comes
  // back, in the same order, as an ImageBitmap the page shows. Numbering both pairs a frame with its pixels.
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (data, ...rest) {
    if (data && data.l === 'renderPictures') {
      if (b.t0 !== null) b.posts.push([performance.now(), b.nPosts]);
      b.nPosts += 1;
    }
    return post.call(this, data, ...rest);
  };
  if (window.ImageBitmapRenderingContext) {
    const transfer = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
    ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (bitmap) {
      if (b.t0 !== null) b.bitmaps.push([performance.now(), b.nBitmaps]);
      b.nBitmaps += 1;
      return transfer.call(this, bitmap);
    };
  }
  // when the task that received the reply ends (the patch applied), and when each animation frame starts
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { if (b.applied === null) b.applied = performance.now(); };
  const nativeRaf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => nativeRaf((stamp) => {
    if (b.pred && b.recv !== null && b.t1 === null) b.frames.push(performance.now());
    return callback(stamp);
  });
  const down = () => { if (b.pred && b.t0 === null) b.t0 = performance.now(); };
  window.addEventListener('pointerdown', down, true);
  window.addEventListener('click', down, true);
  const check = () => {
    if (b.pred && b.t0 !== null && b.t1 === null) {
      let ok = false;
      try { ok = b.pred(); } catch (e) { ok = false; }
      if (ok) { b.t1 = performance.now(); b.resolve(true); }
    }
  };
  b.check = check;
  const start = () => new MutationObserver(check).observe(document.documentElement,
      {subtree: true, childList: true, attributes: true, characterData: true});
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Native(...args);
    const send = ws.send.bind(ws);
    ws.send = (data) => { if (b.pred && b.t0 !== null && b.sent === null) b.sent = performance.now(); send(data); };
    ws.addEventListener('message', () => {
      const now = performance.now();
      if (b.sent !== null && b.t1 === null) {
        if (b.recv === null) { b.recv = now; channel.port2.postMessage(0); }
        b.last = now;
      }
    });
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  const hook = (name) => document.querySelector(`[flt-semantics-identifier="${name}"]`);
  b.hook = hook;
  b.text = (name) => { const el = hook(name); return el ? el.innerText : null; };
  b.checked = (name) => {
    const el = hook(name);
    if (!el) return false;
    const box = el.getAttribute('aria-checked') !== null ? el : el.querySelector('[aria-checked]');
    return !!box && box.getAttribute('aria-checked') === 'true';
  };
  b.arm = (source) => {
    b.pred = new Function('b', 'return (' + source + ');').bind(null, b);
    b.t0 = b.t1 = b.sent = b.recv = b.last = b.applied = null;
    // resolved by the watcher when the result shows: the benchmark waits on it without polling the page
    b.done = new Promise((resolve) => { b.resolve = resolve; });
    b.frames = [];
    b.posts = [];
    b.bitmaps = [];
    let already = false;
    try { already = b.pred(); } catch (e) { already = false; }
    if (already) { b.pred = null; return false; }
    return true;
  };
})();
"""


# The server with timers around a component update (render / diff / send), written to $PROFILE_OUT.
PROFILED_SCOREKEEPER = r"""
import json, os, sys, time
from flet.components import component as comp
from flet.controls import object_patch
from flet.messaging import session as sess
from flet_web.fastapi import flet_app
OUT = open(os.environ["PROFILE_OUT"], "a", buffering=1)
def log(ev, **fields):
    OUT.write(json.dumps({"ev": ev, "t": time.perf_counter() * 1000, **fields}) + "\n")
def around(owner, name, ev, is_async=False, cm=False):
    original = getattr(owner, name)
    original = original.__func__ if cm else original
    if is_async:
        async def wrapper(*args, **kwargs):
            log(ev + "0")
            try:
                return await original(*args, **kwargs)
            finally:
                log(ev + "1")
    else:
        def wrapper(*args, **kwargs):
            log(ev + "0")
            try:
                return original(*args, **kwargs)
            finally:
                log(ev + "1")
    setattr(owner, name, classmethod(wrapper) if cm else wrapper)
original_on_message = flet_app.FletApp._FletApp__on_message
async def on_message(self, data):
    log("recv", action=str(data[0]), name=(data[1] or {}).get("name") if isinstance(data[1], dict) else None)
    return await original_on_message(self, data)
flet_app.FletApp._FletApp__on_message = on_message
original_send = flet_app.FletApp.send_message
def send_message(self, message):
    original_send(self, message)
    log("send", action=str(message.action))
flet_app.FletApp.send_message = send_message
around(sess.Session, "dispatch_event", "dispatch", is_async=True)
around(comp.Component, "update", "update")
around(comp.Renderer, "render", "render")
around(object_patch.ObjectPatch, "from_diff", "diff", cm=True)
from scorekeeper.store import store as store_module
around(store_module.MatchStore, "record", "store")
around(store_module.MatchStore, "undo", "store")
from scorekeeper.cli import main
sys.exit(main())
"""

# The floor: a one-button Flet app served as Scorekeeper is (uvicorn over Flet's ASGI app, no CDN).
FLOOR_APP = r"""
import sys
import flet as ft
import uvicorn

@ft.component
def App():
    count, set_count = ft.use_state(0)
    return ft.Column([
        ft.Semantics(identifier="count", key="count", container=True, content=ft.Text(str(count), size=20)),
        ft.Semantics(identifier="tap", key="tap", container=True, button=True, label="tap",
                     content=ft.FilledButton("Tap", on_click=lambda e: set_count(count + 1))),
    ])

async def main(page: ft.Page):
    page.render(App)

app = ft.run(main, export_asgi_app=True, no_cdn=True)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws="websockets-sansio")
"""


class Bench:
    """One page; ``tap`` clicks a hook and times its result inside the page."""

    def __init__(self, page, pause: float, cpu: bool = False) -> None:
        self.page = page
        self.pause = pause
        self.samples: list[dict] = []
        self.cdp = None
        if cpu:  # the page's CPU time, as DevTools counts it (thread ticks: what the load cannot inflate much)
            self.cdp = page.context.new_cdp_session(page)
            self.cdp.send("Performance.enable", {"timeDomain": "threadTicks"})

    def cpu_times(self) -> tuple[float, float]:
        """CPU seconds so far: the page's main thread (Flutter's build, layout, paint, semantics: ``ThreadTime``)
        and its whole renderer process (the renderer's worker threads too: ``ProcessTime``, in 10 ms steps)."""
        assert self.cdp is not None
        metrics = {m["name"]: m["value"] for m in self.cdp.send("Performance.getMetrics")["metrics"]}
        return metrics["ThreadTime"], metrics["ProcessTime"]

    def hook(self, name: str):
        return self.page.locator(f'[flt-semantics-identifier="{name}"]').first

    def text(self, name: str) -> str:
        return self.hook(name).inner_text()

    def ready(self, name: str) -> None:
        from playwright.sync_api import expect

        target = self.hook(name)
        expect(target).to_be_visible(timeout=15_000)
        expect(target).to_be_enabled(timeout=15_000)

    def tap(self, kind: str, name: str, result: str) -> float | None:
        """Tap hook ``name``; ``result`` is a JS expression over ``b`` (the probe) true once the tap shows.

        Returns the tap's latency in ms, or ``None`` if the result was already
        visible before the tap (nothing to measure; the tap is not made).
        """
        self.ready(name)
        if self.pause:
            time.sleep(self.pause)  # a player's pace: the previous frame and any idle work are done
        if not self.page.evaluate("(src) => window.__bench.arm(src)", result):
            return None
        target = self.hook(name)
        target.element_handle()  # found before the clock of the CPU starts
        before = self.cpu_times() if self.cdp is not None else None
        target.click()
        shown = self.page.evaluate(
            "Promise.race([window.__bench.done, new Promise((r) => setTimeout(() => r(false), 15000))])"
        )
        if not shown:
            raise TimeoutError(f"tap {name}: no result within 15 s ({result})")
        cpu = None
        if before is not None:
            after = self.cpu_times()
            cpu = ((after[0] - before[0]) * 1000, (after[1] - before[1]) * 1000)
        got = self.page.evaluate(
            "(({t0, t1, sent, recv, last, applied, frames, posts}) =>"
            " ({t0, t1, sent, recv, last, applied, frames, posts}))(window.__bench)"
        )
        self.page.evaluate("window.__bench.pred = null")
        sample = {"kind": kind, "ms": got["t1"] - got["t0"]}
        if cpu is not None:
            sample["cpu"], sample["process"] = cpu
        frame = max((f for f in got["frames"] if f <= got["t1"]), default=None)
        painted = self.painted(got, frame if frame is not None else got["t0"])
        if painted is not None:
            sample["painted"] = painted
        if got["sent"] is not None and got["recv"] is not None:
            sample.update(
                input=got["sent"] - got["t0"], server=got["recv"] - got["sent"], client=got["t1"] - got["recv"]
            )
            if got["applied"] is not None and frame is not None and frame >= got["applied"]:
                # client = apply the patch (the reply's task) + wait for a frame + build/layout/paint
                sample.update(apply=got["applied"] - got["recv"], wait=frame - got["applied"], frame=got["t1"] - frame)
        self.samples.append(sample)
        return sample["ms"]

    def painted(self, got: dict, frame_start: float) -> float | None:
        """ms from the tap until the pixels of the frame that showed the result reached the page.

        That frame's scene is the first sent to the renderer at or after the
        frame began; its bitmap is the one with the same number.
        """
        scene = next((number for at, number in got["posts"] if at >= frame_start), None)
        if scene is None:
            return None
        for _ in range(100):
            bitmaps = self.page.evaluate("window.__bench.bitmaps")
            at = next((at for at, number in bitmaps if number == scene), None)
            if at is not None:
                return at - got["t0"]
            time.sleep(0.02)
        return None

    def tap_unmeasured(self, name: str) -> None:
        self.ready(name)
        self.hook(name).click()


def js(value: str) -> str:
    return json.dumps(value)


def text_is(name: str, value: str) -> str:
    return f"b.text({js(name)}) === {js(value)}"


def text_changed(name: str, before: str | None) -> str:
    return f"b.text({js(name)}) !== {js(before)}"


def text_matches(name: str, pattern: str) -> str:
    return f"new RegExp({js(pattern)}).test(b.text({js(name)}) || '')"


def gone(name: str) -> str:
    return f"b.hook({js(name)}) === null"


def present(name: str) -> str:
    return f"b.hook({js(name)}) !== null"


def open_page(browser, url: str, viewport: dict):
    return open_app_page(browser, url, viewport, init_script=PAGE_PROBE, load_timeout=90_000)


def renderer(page) -> str:
    """Which Flutter web build and renderer the page loaded (from its resource list)."""
    names = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    build = "wasm" if any(n.endswith("main.dart.wasm") for n in names) else "js"
    engine = (
        "skwasm" if any("skwasm" in n for n in names) else "canvaskit" if any("canvaskit" in n for n in names) else "?"
    )
    return f"{engine} ({build})"


# ---------------------------------------------------------------- the match, tap by tap


def create_match(bench: Bench, doc: dict) -> None:
    page = bench.page
    page.wait_for_selector('[flt-semantics-identifier="new-match"], [flt-semantics-identifier="home"]')
    if page.locator('[flt-semantics-identifier="new-match"]').count() == 0:
        bench.tap_unmeasured("home")
    bench.tap_unmeasured("new-match")
    bench.tap_unmeasured(f"game-{doc['variant']}")
    bench.tap_unmeasured(f"players-{len(doc['players'])}")
    for seat, name in enumerate(doc["players"]):
        focus_text_field(page, page.locator(f'[flt-semantics-identifier="name-{seat}"] input').first)
        page.keyboard.type(name, delay=15)
    page.wait_for_timeout(300)
    if doc.get("partnerships") and doc["variant"] == "horse-race":
        bench.tap_unmeasured("partnerships")
    bench.tap_unmeasured("create-match")
    bench.ready("score-0")


def enter_placement(bench: Bench, move: dict, spot_first: bool, mark_drawn: bool) -> None:
    tile = tile_hook(move["play"]).removeprefix("tile-")  # "1-4", as the screen writes it
    if "at" not in move:  # the lead
        bench.tap("tile", f"tile-{tile}", text_is("selection", f"Lead {tile}"))
    elif spot_first:
        spot = spot_hook(move["at"])
        bench.tap("spot", spot, text_matches("selection", "^Open spot "))
        bench.tap("tile", f"tile-{tile}", text_matches("selection", f"^{tile} at "))
    else:
        bench.tap("tile", f"tile-{tile}", text_matches("selection", f"^{tile}"))
        # a single legal spot is chosen by itself: then there is nothing to tap (None)
        bench.tap("spot", spot_hook(move["at"]), text_matches("selection", f"^{tile} at "))
    if mark_drawn:
        bench.tap("drawn", "drawn", "b.checked('drawn')")


def play_round(bench: Bench, round_: dict, undo_every: int) -> None:
    previous = None
    placements = 0
    for move in round_["moves"]:
        if "play" in move:
            tile = tile_hook(move["play"]).removeprefix("tile-")  # "1-4", as the screen writes it
            mark = bool(move.get("drawn")) and not (
                previous and "draw" in previous and previous["player"] == move["player"]
            )
            spot_first = placements % 2 == 1
            enter_placement(bench, move, spot_first, mark)
            bench.tap("play", "play", gone(f"tile-{tile}"))
            placements += 1
            if undo_every and placements % undo_every == 0:
                bench.tap("undo", "undo", present(f"tile-{tile}"))
                enter_placement(bench, move, not spot_first, mark)
                bench.tap("play", "play", gone(f"tile-{tile}"))
        elif "draw" in move:
            stock = int(bench.text("stock").split()[-1])
            bench.tap("draw", "draw", present("draw-panel"))
            after = stock_after_draw(stock, move["draw"])
            bench.tap("draw-count", f"draw-count-{move['draw']}", text_is("stock", f"Stock: {after}"))
        else:
            before = bench.text("turn")
            bench.tap("pass", "pass", f"{present('round-end')} || {text_changed('turn', before)}")
        previous = move


def enter_hands(bench: Bench, hands: dict[str, list[str]]) -> None:
    for seat, tiles in hands.items():
        if not tiles:
            continue
        # choosing the seat only changes its frame's width (no text to watch): not timed
        bench.tap_unmeasured(f"reveal-seat-{seat}")
        for count, tile in enumerate(tiles, start=1):
            bench.tap(
                "reveal-tile", tile_hook(tile), text_matches(f"reveal-seat-{seat}", f"{count} of {len(tiles)} tiles?")
            )  # "1 of 1 tile"
    bench.tap("settle", "confirm", present("settlement"))


def play_case(bench: Bench, case: str, undo_every: int) -> None:
    doc = json.loads((CASES / f"{case}.json").read_text())
    create_match(bench, doc)
    for index, round_ in enumerate(doc["rounds"]):
        starter = round_["starter"]
        if index == 0:
            bench.tap("start", f"starter-{starter}", present("turn"))
        else:
            bench.tap(
                "start",
                "start-round"
                if bench.page.locator('[flt-semantics-identifier="start-round"]').count()
                else f"starter-{starter}",
                present("turn"),
            )
        play_round(bench, round_, undo_every)
        enter_hands(bench, round_["hands"])


def floor_taps(bench: Bench, taps: int) -> None:
    for _ in range(taps):
        count = int(bench.text("count"))
        bench.tap("floor", "tap", text_is("count", str(count + 1)))


# ---------------------------------------------------------------- figures


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summary_rows(samples: list[dict]) -> list[str]:
    kinds: dict[str, list[dict]] = {}
    for s in samples:
        kinds.setdefault(s["kind"], []).append(s)
    rows = [
        f"{'tap':<12} {'n':>3} {'median':>7} {'p90':>7} {'max':>7} {'painted':>8}   "
        "split (median ms): in / server / client (apply / wait / frame)"
    ]
    for kind, group in kinds.items():
        ms = [s["ms"] for s in group]
        painted = [s["painted"] for s in group if "painted" in s]
        paint = f"{statistics.median(painted):8.1f}" if painted else f"{'':>8}"
        split = [s for s in group if "server" in s]
        parts = ""
        if split:
            parts = " / ".join(
                f"{statistics.median([s[k] for s in split]):5.1f}" for k in ("input", "server", "client")
            )
            framed = [s for s in split if "frame" in s]
            if framed:
                parts += (
                    "  ("
                    + " / ".join(
                        f"{statistics.median([s[k] for s in framed]):4.1f}" for k in ("apply", "wait", "frame")
                    )
                    + ")"
                )
        cpu = [s["cpu"] for s in group if "cpu" in s]
        if cpu:
            process = statistics.median(s["process"] for s in group)
            parts += f"  cpu {statistics.median(cpu):5.1f} / process {process:5.1f}"
        rows.append(
            f"{kind:<12} {len(ms):>3} {statistics.median(ms):7.1f} {pct(ms, 0.9):7.1f} {max(ms):7.1f} {paint}   {parts}"
        )
    return rows


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def server_profile(path: Path) -> list[str]:
    """Per click, the server's timeline: received -> handler (store write) -> update (render, diff) -> sent."""
    if not path.exists():
        return ["(no server profile written)"]
    events = [json.loads(line) for line in path.read_text().splitlines()]
    taps: list[list[dict]] = []
    for e in events:
        if e["ev"] == "recv":
            taps.append([e] if e.get("name") == "click" else [])
        elif taps and taps[-1]:
            taps[-1].append(e)
    phases: dict[str, dict[str, list[float]]] = {"with a store write": {}, "no write": {}}
    for tap in taps:
        if not tap:
            continue
        first = {}
        last = {}
        for e in tap:
            first.setdefault(e["ev"], e["t"])
            last[e["ev"]] = e["t"]
        if "send" not in first or "update0" not in first:
            continue
        recv, sent = tap[0]["t"], first["send"]
        total_render = sum(e["t"] for e in tap if e["ev"] == "render1") - sum(
            e["t"] for e in tap if e["ev"] == "render0"
        )
        diff = sum(e["t"] for e in tap if e["ev"] == "diff1") - sum(e["t"] for e in tap if e["ev"] == "diff0")
        row = {
            "received -> sent": sent - recv,
            "update (render + diff + send)": last["update1"] - first["update0"],
            "  render (view functions)": total_render,
            "  diff (incl. memo parts rendered)": diff,
        }
        if "store0" in first:
            row["store write"] = last["store1"] - first["store0"]
            row["received -> write starts"] = first["store0"] - recv
            row["write ends -> update starts"] = first["update0"] - last["store1"]
        else:
            row["received -> update starts"] = first["update0"] - recv
        group = phases["with a store write" if "store0" in first else "no write"]
        for key, value in row.items():
            group.setdefault(key, []).append(value)
    rows = []
    for name, group in phases.items():
        if not group:
            continue
        count = len(next(iter(group.values())))
        rows.append(f"server timeline per tap, {name} (n={count}): median / p90 / max ms")
        for key, values in group.items():
            rows.append(f"  {key:<36} {statistics.median(values):6.1f} {pct(values, 0.9):6.1f} {max(values):6.1f}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--case", action="append", help="shared case(s) to enter (default hr-4i-block-4-4-4-14)")
    parser.add_argument("--undo-every", type=int, default=5, help="undo and re-enter every Nth placement (0: never)")
    parser.add_argument("--pause", type=float, default=0.15, help="seconds between taps (a player's pace)")
    parser.add_argument("--floor-taps", type=int, default=40)
    parser.add_argument("--no-floor", action="store_true", help="skip the one-button floor")
    parser.add_argument("--desktop", action="store_true", help="a 1280 x 900 window instead of a phone")
    parser.add_argument("--server-profile", action="store_true", help="time render / diff / send in the server")
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="also the page's CPU ms per tap (main thread / renderer process, DevTools' thread ticks)",
    )
    parser.add_argument("--json", type=Path, help="also write every sample to this file")
    args = parser.parse_args(argv)
    cases = args.case or ["hr-4i-block-4-4-4-14"]
    viewport = DESKTOP if args.desktop else PHONE
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    print(f"load before: {load()}")
    results: dict[str, list[dict]] = {}
    profile_lines: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            if not args.no_floor:
                data = Path(tempfile.mkdtemp(prefix="ui-tap-floor-"))
                served = ServedApp(data, code=FLOOR_APP, args=["{port}"], cwd=ROOT)
                try:
                    page = open_page(browser, served.url, viewport)
                    bench = Bench(page, args.pause, args.cpu)
                    floor_taps(bench, 3)  # warm up
                    bench.samples.clear()
                    floor_taps(bench, args.floor_taps)
                    results["floor"] = bench.samples
                    page.context.close()
                finally:
                    served.stop()
                    shutil.rmtree(data, ignore_errors=True)
            data = Path(tempfile.mkdtemp(prefix="ui-tap-app-"))
            env_profile = data / "profile.json"
            code = PROFILED_SCOREKEEPER if args.server_profile else SCOREKEEPER_MAIN
            os.environ["PROFILE_OUT"] = str(env_profile)
            served = ServedApp(data, code=code, cwd=ROOT)
            try:
                page = open_page(browser, served.url, viewport)
                engine = renderer(page)
                bench = Bench(page, args.pause, args.cpu)
                for case in cases:
                    play_case(bench, case, args.undo_every)
                results["app"] = bench.samples
                page.context.close()
            finally:
                served.stop()
            if args.server_profile:
                profile_lines = server_profile(env_profile)
            shutil.rmtree(data, ignore_errors=True)
        finally:
            browser.close()
    print(f"load after:  {load()}")
    view = "desktop 1280x900" if args.desktop else "phone 390x844"
    if "floor" in results:
        print(f"\nfloor: one-button Flet app, {view}")
        print("\n".join(summary_rows(results["floor"])))
    print(f"\napp: {', '.join(cases)} tap by tap (undo every {args.undo_every} placements), {view}, {engine}")
    print("\n".join(summary_rows(results["app"])))
    if profile_lines:
        print()
        print("\n".join(profile_lines))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    overall = [s["ms"] for s in results["app"]]
    floor = ""
    if "floor" in results:
        floor = f", floor median {statistics.median([s['ms'] for s in results['floor']]):.1f} ms"
    print(
        f"\noverall median tap -> visible result: {statistics.median(overall):.1f} ms "
        f"(p90 {pct(overall, 0.9):.1f}, n={len(overall)}{floor})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
