"""Devices following one match, without browsers: from a scorer's Play to the result on every device.

    .venv/bin/python benchmarks/wire_follow.py [--followers 1 6] [--rounds 3] [--plays 10] [--pause 0.5]

The browser-less twin of ``lan_follow.py`` (there every device is a headless Chromium on the same two
cores as the server, so six devices mostly measure six renderers queueing for the CPU). Here every
device is a websocket client speaking Flet's protocol (``tests/wire.py``) that keeps the page's controls
from the server's patches and draws nothing: the figures are the server's share (its render, diff and
send for every device) of what a phone at the table waits for.

It starts ``scorekeeper serve --lan --host 127.0.0.1`` (keys required, loopback only) with a temp data
folder. The host (a laptop-sized window) joins with its link and opens a match of Horse Race, and a
scorer phone joins with that match's scorer link from the host's Table screen; the host goes back to the
table, so it follows (it is the one device of "1 device following"). Then, ``--rounds`` times, a block
per device count N of ``--followers``: N-1 viewer phones join with the match's viewer link, and
``--plays`` times, at a human pace (``--pause`` s between taps), the scorer taps a lead tile, then Play,
and once every device shows it, Undo (each Play starts from the same position); then the viewers leave
(their sessions stay, as a phone's that went to sleep: they follow nothing, ``app/main.py``). The blocks
alternate on one server so that the machine's drift (it is shared) falls on every count alike; the
figures are pooled per count.

Timed on this process's clock: from sending Play's click to the message after which the tile is drawn on
the table of each device's page (for the scorer: on its own page, and gone from its picker). Printed per
device count: median and p90 of the scorer's own Play and of "every device" (the slowest device of each
Play), each block's median, the ratio of the N-device median to the 1-device median (the issue's aim:
6 within 1.5x of 1), the server's CPU seconds per Play in those blocks and the machine's load average.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics

from tables import Phone, cpu_seconds, key_of, load, ms, open_tables, percentile, start_server, tiles_shown

LEADS = ["1-4", "2-3", "0-5", "3-6", "2-5", "1-6"]  # lead tiles tried in turn (any tile may lead)


async def follow(counts: list[int], rounds: int, plays: int, pause: float) -> dict[int, dict[str, list[float]]]:
    """Per device count: "own" (the scorer's Play), "every" (the slowest following device), "blocks" (each
    block's median of "every") and "cpu" (the server's CPU seconds per Play, each block), seconds."""
    server, links = start_server()
    phones: list[Phone] = []
    results: dict[int, dict[str, list[float]]] = {n: {"own": [], "every": [], "blocks": [], "cpu": []} for n in counts}
    try:
        host = await Phone.join(server.port, key_of(links["this computer (host)"]), size=(1280.0, 800.0))
        phones.append(host)
        (table,) = await open_tables(host, 1)
        await host.tap("resume-0")
        await host.wait_until(lambda tree: "leads the round" in (tree.text("turn") or ""))
        scorer = await Phone.join(server.port, table.scorer_key)
        phones.append(scorer)
        await scorer.wait_until(lambda tree: "leads the round" in (tree.text("turn") or ""))
        for _ in range(rounds):
            for count in counts:
                viewers = [await Phone.join(server.port, table.viewer_key) for _ in range(count - 1)]
                phones += viewers
                for phone in viewers:
                    await phone.wait_until(lambda tree: "leads the round" in (tree.text("turn") or ""))
                block = await plays_followed(scorer, [host, *viewers], plays, pause, server.proc.pid)
                for phone in viewers:
                    await phone.close()
                    phones.remove(phone)
                result = results[count]
                result["own"] += block["own"]
                result["every"] += block["every"]
                result["blocks"].append(statistics.median(block["every"]))
                result["cpu"].append(block["cpu"][0] / plays)
        return results
    finally:
        for phone in phones:
            await phone.close()
        server.stop()


async def plays_followed(
    scorer: Phone, devices: list[Phone], plays: int, pause: float, pid: int
) -> dict[str, list[float]]:
    """``plays`` times: a lead tile, Play (timed to the scorer's page and to every device's), then Undo."""
    cpu = cpu_seconds(pid)
    own, every = [], []
    for n in range(plays):
        tile = LEADS[n % len(LEADS)]
        await scorer.tap(f"tile-{tile}")
        await scorer.wait_until(lambda tree: scorer.clickable("play"))
        await asyncio.sleep(pause)
        seen = [phone.watch(tiles_shown(1)) for phone in devices]
        mine = scorer.watch(lambda tree, t=tile: tree.find(f"tile-{t}") is None and tree.tiles_on_table())
        sent = await scorer.tap("play")
        arrivals = [stamp for stamp, _ in await asyncio.gather(mine, *seen)]
        own.append(arrivals[0] - sent)
        every.append(max(arrivals[1:]) - sent)
        await asyncio.sleep(pause)
        back = [phone.watch(tiles_shown(0)) for phone in [scorer, *devices]]
        await scorer.tap("undo")
        await asyncio.gather(*back)
        await asyncio.sleep(pause)
    return {"own": own, "every": every, "cpu": [cpu_seconds(pid) - cpu]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--followers",
        type=int,
        nargs="+",
        default=[1, 6],
        help="device counts following the scorer (the host is one of them)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="blocks per device count, alternating")
    parser.add_argument("--plays", type=int, default=10, help="plays per block")
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between taps (a human pace)")
    args = parser.parse_args(argv)
    before = load()
    results = asyncio.run(follow(args.followers, args.rounds, args.plays, args.pause))
    for count, result in results.items():
        own, every = result["own"], result["every"]
        print(
            f"{count} device(s) following, {len(own)} plays: scorer's own Play median {ms(statistics.median(own))}"
            f" ms, p90 {ms(percentile(own, 0.9))} ms; on every device median {ms(statistics.median(every))} ms,"
            f" p90 {ms(percentile(every, 0.9))} ms, max {ms(max(every))} ms (blocks: "
            f"{', '.join(ms(block) for block in result['blocks'])} ms); server CPU per Play and Undo "
            f"{ms(statistics.mean(result['cpu']))} ms",
            flush=True,
        )
    print(f"{before} -> {load()}")
    if len(results) > 1:
        base = min(results)
        for count in sorted(results)[1:]:
            ratio = statistics.median(results[count]["every"]) / statistics.median(results[base]["every"])
            print(f"every device, median: {count} devices / {base} = {ratio:.2f}x (aim: 6 within 1.5x of 1)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
