"""Devices following one match: from a scorer's Play to the result visible on every other device.

    .venv/bin/python benchmarks/lan_follow.py [--followers 1 6] [--plays 20] [--pause 0.5]

It starts ``scorekeeper serve --lan --host 127.0.0.1`` (keys required, loopback only) with a temp data
folder, and opens headless Chromium pages (/usr/bin/chromium via Playwright, the flags of the browser
tests), each joined through its link as a phone scanning its QR code: the host (creates a match of Horse
Race and starts the round), one scorer phone and N viewer phones. Then, ``--plays`` times at a human pace
(``--pause`` s between taps), the scorer selects a lead tile and taps Play, and after every device showed
it, Undo (so each Play starts from the same position, with the tile led in turn from a fixed list).

Timed on the machine's clock shared by the pages (``performance.timeOrigin + performance.now()``, ms):
from the Play button's ``pointerdown`` on the scorer's phone to the DOM mutation that removes the tile
from each device's picker and the turn moving on from the lead (Flutter writes its accessibility DOM in
the frame that draws the result; the host page counts as a device; a viewer's page has no picker, so
its turn is what says the Play arrived: until this was checked too, a viewer counted as "seen" from the
start and "every device" was the host page alone). The scorer's own figure is its own phone. Printed per
run: median and p90 of the scorer's own Play and of "every device" (the slowest device of each Play), per
device count, and the ratio of the N-device median to the 1-device median (the issue's aim: 6 devices within 1.5x of 1).
Also the machine's load (``uptime``; the machine is shared, figures vary).
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.served
from tables import percentile  # noqa: E402 - the benchmarks' folder (the script's own)

from tests.served import CHROMIUM, CHROMIUM_ARGS, ServedApp, open_app_page  # noqa: E402

PHONE = {"width": 390, "height": 844}
LEADS = ["1-4", "2-3", "0-5", "3-6", "2-5", "1-6"]  # lead tiles tried in turn (any tile may lead)
JOIN_LINE = re.compile(r"^  (this computer \(host\)|scorers \(enter moves\)|viewers \(watch only\)): (\S+)$", re.M)

# In every page before Flutter starts: an epoch clock, the time of the last pointerdown, and a watcher
# that resolves with the time a predicate on the accessibility DOM first holds.
PROBE = r"""
(() => {
  const f = window.__follow = {down: null, pred: null, seen: null};
  const now = () => performance.timeOrigin + performance.now();
  window.addEventListener('pointerdown', () => { f.down = now(); }, true);
  const check = () => {
    if (f.pred && f.seen === null) {
      let ok = false;
      try { ok = f.pred(); } catch (e) { ok = false; }
      if (ok) { f.seen = now(); f.resolve(f.seen); }
    }
  };
  const start = () => new MutationObserver(check).observe(document.documentElement,
      {subtree: true, childList: true, attributes: true, characterData: true});
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
  f.hook = (name) => document.querySelector(`[flt-semantics-identifier="${name}"]`);
  f.arm = (source) => {
    f.pred = new Function('f', 'return (' + source + ');').bind(null, f);
    f.seen = null;
    f.done = new Promise((resolve) => { f.resolve = resolve; });
    check();
  };
})();
"""


def tap(page, name: str) -> None:
    from playwright.sync_api import expect

    target = page.locator(f'[flt-semantics-identifier="{name}"]').first
    expect(target).to_be_visible(timeout=15_000)
    expect(target).to_be_enabled(timeout=15_000)
    target.click()


def expect_text(page, name: str, pattern) -> None:
    from playwright.sync_api import expect

    expect(page.locator(f'[flt-semantics-identifier="{name}"]').first).to_have_text(pattern, timeout=15_000)


def run(browser, followers: int, plays: int, pause: float) -> dict[str, list[float]]:
    """One server, a host page, a scorer and ``followers - 1`` viewer phones (the host follows too)."""
    data = tempfile.mkdtemp(prefix="scorekeeper-follow-")
    server = ServedApp(data, args=["--data-dir", data, "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"])
    pages = []
    try:
        links = dict(JOIN_LINE.findall(server.log_path.read_text()))

        def join(link: str):
            page = open_app_page(browser, server.url, PHONE, join=link, init_script=PROBE)
            pages.append(page)
            return page

        host = join(links["this computer (host)"])
        tap(host, "new-match")
        tap(host, "create-match")
        tap(host, "starter-0")
        expect_text(host, "turn", re.compile("leads the round"))
        scorer = join(links["scorers (enter moves)"])
        viewers = [join(links["viewers (watch only)"]) for _ in range(followers - 1)]
        devices = [host, *viewers]
        for page in [scorer, *devices]:
            expect_text(page, "turn", re.compile("leads the round"))
        own, every = [], []
        for n in range(plays):
            tile = LEADS[n % len(LEADS)]
            tap(scorer, f"tile-{tile}")
            expect_text(scorer, "selection", f"Lead {tile}")
            # on every page the turn moves on from the lead (a viewer's page has no picker to watch)
            gone = f'!f.hook("tile-{tile}") && !(f.hook("turn")?.innerText || "").includes("leads the round")'
            for page in [scorer, *devices]:
                page.evaluate("(source) => window.__follow.arm(source)", gone)
            scorer.wait_for_timeout(pause * 1000)
            tap(scorer, "play")
            seen = [page.evaluate("() => window.__follow.done") for page in [scorer, *devices]]
            down = scorer.evaluate("() => window.__follow.down")
            own.append(seen[0] - down)
            every.append(max(seen[1:]) - down)
            back = '(f.hook("turn")?.innerText || "").includes("leads the round")'
            for page in [scorer, *devices]:
                page.evaluate("(source) => window.__follow.arm(source)", back)
            scorer.wait_for_timeout(pause * 1000)
            tap(scorer, "undo")
            for page in [scorer, *devices]:
                page.evaluate("() => window.__follow.done")
            scorer.wait_for_timeout(pause * 1000)
        return {"own": own, "every": every}
    finally:
        for page in pages:
            page.context.close()
        server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--followers",
        type=int,
        nargs="+",
        default=[1, 6],
        help="device counts following the scorer (the host page is one of them)",
    )
    parser.add_argument("--plays", type=int, default=20)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between taps (a human pace)")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium)")
        return 2
    from playwright.sync_api import sync_playwright

    print(f"load before: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    results = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for count in args.followers:
                results[count] = run(browser, count, args.plays, args.pause)
                own, every = results[count]["own"], results[count]["every"]
                print(
                    f"{count} device(s) following, {len(own)} plays: scorer's own Play median "
                    f"{statistics.median(own):.0f} ms, p90 {percentile(own, 0.9):.0f} ms; visible on every "
                    f"device median {statistics.median(every):.0f} ms, p90 {percentile(every, 0.9):.0f} ms, "
                    f"max {max(every):.0f} ms",
                    flush=True,
                )
        finally:
            browser.close()
    print(f"load after: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    if len(results) > 1:
        base = min(results)
        for count in sorted(results)[1:]:
            ratio = statistics.median(results[count]["every"]) / statistics.median(results[base]["every"])
            print(f"every device, median: {count} devices / {base} = {ratio:.2f}x (aim: 6 within 1.5x of 1)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
