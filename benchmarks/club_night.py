"""A club night: several tables on one host at once, each with a scorer phone and a viewer phone.

    .venv/bin/python benchmarks/club_night.py [--tables 1 10 20] [--plays 24] [--think 1.0] [--between 2.0]

Every device is a browser-less websocket client speaking Flet's protocol (``tests/wire.py``): the figures
are the server's share of what a phone waits for (its render, diff and send; not the network, not the
phone's drawing). It starts ``scorekeeper serve --lan --host 127.0.0.1`` (keys required, loopback only)
with a temp data folder; the host (a laptop window) joins with its link and opens one match of Horse
Race per table, reading each table's scorer and viewer links from its Table screen, then waits on the
start screen (it stays connected). Each table's scorer and viewer phones join with that table's links
(each opens its own table's match). Then all tables play at once, at a human pace: the scorer taps a
tile that may be played (the picker's first enabled one from a seeded random start), a spot when the
tile fits more than one, waits ``--think`` s (jittered ±50 %), taps Play, and waits ``--between`` s
(jittered) before the next move. After 4 plays it takes them back one Undo at a time (4 plays cannot
end a round: no player's hand runs out), and plays again, until it made ``--plays`` plays.

Timed on this process's clock from sending Play's click: to the message after which the viewer's page
draws the table with exactly one more tile (the viewer's figure), and to the message after which the
scorer's own page shows it (its own Play). Printed per table count: the viewer's median, p90, p99 and
max; the scorer's own Play median and p90; moves lost or doubled (the plays and undos each scorer sent
against the events each match's file holds once the server stopped, and every page showing the
expected number of tiles: both must be 0); the server's CPU seconds over the wall seconds of play
(one core is 1.0; the server and its children), then each process's own (the server, its viewer process,
its scorer process) in s and per Play or Undo, and the machine's load average (it is shared: figures vary).

``SCOREKEEPER_SCORER_PROCESS=0`` in the environment keeps the scorer phones in the server (the old path,
to compare).

``--club N`` (issue 23): the tables are round 1 of a club night instead (a Swiss event of two players per
table, made in the data folder before the server starts; the host opens each table's match and starts
it), and the event's followers join with its viewer link: a projector (1920×1080, standings and pairings
in turn, live) and ``N`` players' phones on *My evening* (each picks a player, one per table while there
are tables). Printed besides: the followers' pages that went wrong, and each one's last page.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field

from tables import (
    Phone,
    ServedApp,
    Table,
    cpu_by_process,
    cpu_seconds,
    gc_passes,
    key_of,
    load,
    ms,
    open_tables,
    percentile,
    playable,
    ready_to_play,
    recorded,
    start_server,
    start_tables,
    tiles_shown,
    wall,
    watched,
)

FORWARD = 4  # plays before taking them back: no hand of 5 runs out, so no round ends


@dataclass
class Tally:
    """One table's counts and timings (seconds)."""

    plays: int = 0
    undos: int = 0
    viewer: list[float] = field(default_factory=list)
    own: list[float] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)  # what a page showed that it should not have


def jitter(rng: random.Random, seconds: float) -> float:
    return seconds * rng.uniform(0.5, 1.5)


async def play_table(
    scorer: Phone, viewer: Phone, plays: int, think: float, between: float, rng: random.Random
) -> Tally:
    """The scorer's moves at one table (see the module's docstring); the viewer only watches."""
    tally = Tally()
    on_table = 0
    await asyncio.sleep(rng.uniform(0, between))  # the tables do not start in step
    while tally.plays < plays:
        if on_table < FORWARD:
            tiles = await scorer.wait_until(playable)
            tile = tiles[rng.randrange(len(tiles))]
            await scorer.tap(f"tile-{tile}")
            choice = await scorer.wait_until(ready_to_play(scorer, tile))
            if choice != ["play"]:
                await scorer.tap(choice[0])
                await scorer.wait_until(lambda tree: scorer.clickable("play"))
            await asyncio.sleep(jitter(rng, think))
            seen = viewer.watch(tiles_shown(on_table + 1))
            mine = scorer.watch(
                lambda tree, t=tile, n=on_table + 1: tree.find(f"tile-{t}") is None and len(tree.tiles_on_table()) == n
            )
            sent = await scorer.tap("play")
            tally.plays += 1
            try:
                (own_at, _), (viewer_at, _) = await asyncio.wait_for(asyncio.gather(mine, seen), 30)
            except TimeoutError:
                tally.wrong.append(
                    f"play {tally.plays}: scorer shows {scorer.tree.tiles_on_table()}, viewer "
                    f"{viewer.tree.tiles_on_table()} after 30 s (expected {on_table + 1} tiles)"
                )
                return tally
            tally.own.append(own_at - sent)
            tally.viewer.append(viewer_at - sent)
            on_table += 1
        else:
            while on_table > 0:
                await asyncio.sleep(jitter(rng, between))
                back = [phone.watch(tiles_shown(on_table - 1)) for phone in (scorer, viewer)]
                await scorer.tap("undo")
                tally.undos += 1
                try:
                    await asyncio.wait_for(asyncio.gather(*back), 30)
                except TimeoutError:
                    tally.wrong.append(f"undo {tally.undos}: expected {on_table - 1} tiles")
                    return tally
                on_table -= 1
        await asyncio.sleep(jitter(rng, between))
    return tally


@dataclass
class Night:
    """A club night's round 1 made in a data folder: the event, each table's match and its players."""

    event_id: str
    match_ids: list[str]
    players: list[list[str]]  # by table: the player ids seated there


def club_round(data: str, count: int) -> Night:
    """A Swiss event of Horse Race with ``2 × count`` players, round 1 paired (``count`` tables), in ``data``."""
    from datetime import date

    from scorekeeper.club import ClubRules, Format
    from scorekeeper.store import open_store
    from scorekeeper.store.club import ClubStore, EventSetup

    store = open_store(data)
    try:
        club = ClubStore(store)
        ids = [club.add_player(f"Player {n + 1}").id for n in range(2 * count)]
        setup = EventSetup("Club night", date.today(), "horse-race", {}, Format.SWISS, ClubRules())
        event_id = club.create_event(setup, ids)
        tables = club.pair(event_id, 1).tables
        return Night(event_id, [t.matches[0] for t in tables], [[p for side in t.sides for p in side] for t in tables])
    finally:
        store.close()


async def club_night(count: int, plays: int, think: float, between: float, seed: int, club: int = -1) -> dict:
    import tempfile

    night = None
    data = None
    if club >= 0:
        data = tempfile.mkdtemp(prefix="scorekeeper-bench-")
        night = club_round(data, count)
    server, links = start_server(data=data)
    phones: list[Phone] = []
    try:
        result = await watched(
            server, play_night(server, links, phones, count, plays, think, between, seed, night, max(club, 0))
        )
    finally:
        for phone in phones:
            await phone.close()
        if server.proc.poll() is None:
            server.stop()
    tables, tallies = result.pop("tables"), result["tallies"]
    events = recorded(server.data, [table.match_id for table in tables])
    lost = doubled = 0
    for table, tally in zip(tables, tallies, strict=True):
        kinds = events[table.match_id]
        for sent, kept in ((tally.plays, kinds["move"]), (tally.undos, kinds["undo"])):
            lost += max(0, sent - kept)
            doubled += max(0, kept - sent)
    full = [seconds for generation, seconds in gc_passes(server) if generation == 2]
    return {**result, "lost": lost, "doubled": doubled, "full_gc": full}


async def play_night(
    server: ServedApp,
    links: dict[str, str],
    phones: list[Phone],
    count: int,
    plays: int,
    think: float,
    between: float,
    seed: int,
    night: Night | None = None,
    evenings: int = 0,
) -> dict:
    """The host opens the tables, their phones join (added to ``phones``), and every table plays; with
    ``night``, the tables are its round's and its followers join (:func:`follow_night`)."""
    host = await Phone.join(server.port, key_of(links["this computer (host)"]), size=(1280.0, 800.0))
    phones.append(host)
    tables: list[Table] = await (open_tables(host, count) if night is None else start_tables(host, night.match_ids))
    pairs = []
    for table in tables:
        scorer = await Phone.join(server.port, table.scorer_key)
        viewer = await Phone.join(server.port, table.viewer_key)
        phones += [scorer, viewer]
        pairs.append((scorer, viewer))
    for (scorer, viewer), table in zip(pairs, tables, strict=True):  # each phone opened its own table
        for phone in (scorer, viewer):
            await phone.wait_until(
                lambda tree, p=phone, m=table.match_id: (
                    p.route == f"/table/{m}" and "leads the round" in (tree.text("turn") or "")
                )
            )
    followers = [] if night is None else await follow_night(server, host, night, evenings, phones)
    cpu, start, before, mine = cpu_seconds(server.proc.pid), wall(), load(), time.process_time()
    split = cpu_by_process(server.proc.pid)
    tallies = await asyncio.gather(
        *(
            play_table(scorer, viewer, plays, think, between, random.Random(seed + n))
            for n, (scorer, viewer) in enumerate(pairs)
        )
    )
    return {
        "tables": tables,
        "tallies": tallies,
        "elapsed": wall() - start,
        "cpu": cpu_seconds(server.proc.pid) - cpu,
        "split": {k: v - split.get(k, 0.0) for k, v in cpu_by_process(server.proc.pid).items()},
        "load": (before, load()),
        "phones_cpu": time.process_time() - mine,
        "crashed": [error for phone in phones for error in phone.errors],
        "followers": [follower_page(phone) for phone in followers],
    }


async def follow_night(server: ServedApp, host: Phone, night: Night, evenings: int, phones: list[Phone]) -> list:
    """The host reads the event's viewer link from its projector screen and goes back to the start; a
    projector (1920×1080) and ``evenings`` phones join with it, each phone picking a player (one per table
    first). Returns the followers (also added to ``phones``), each once it shows its first page."""
    await host.navigate("/projector")
    await host.wait_until(lambda tree: host.route == "/projector" and tree.text("projector-what"))
    await host.tap("projector-link", settle=0.3)
    key = key_of(await host.wait_until(lambda tree: tree.text("projector-link-url")))
    await host.tap("projector-home", settle=0.3)
    await host.wait_until(lambda tree: host.route == "/")
    wall_screen = await Phone.join(server.port, key, size=(1920.0, 1080.0))
    phones.append(wall_screen)
    await wall_screen.wait_until(lambda tree: wall_screen.route == "/projector" and tree.text("projector-what"))
    followers = [wall_screen]
    seats = [player for n in range(2) for table in night.players for player in table[n : n + 1]]
    for player in seats[:evenings]:
        phone = await Phone.join(server.port, key)
        phones.append(phone)
        await phone.wait_until(
            lambda tree, p=phone, who=player: p.route == "/evening" and tree.find(f"evening-pick-{who}")
        )
        await phone.tap(f"evening-pick-{player}", settle=0.3)
        await phone.wait_until(lambda tree: tree.text("evening-table"))
        followers.append(phone)
    return followers


def follower_page(phone: Phone) -> str:
    """What a follower shows once play stopped: the projector's heading, or a phone's table and score."""
    tree = phone.tree
    if tree is None:
        return "nothing drawn"
    if phone.route == "/projector":
        return f"projector: {tree.text('projector-what')}"
    return f"evening: {tree.text('evening-table')}, {tree.text('evening-score') or tree.text('evening-now')}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 20])
    parser.add_argument("--plays", type=int, default=24, help="plays per table")
    parser.add_argument("--think", type=float, default=1.0, help="seconds from choosing a tile to Play")
    parser.add_argument("--between", type=float, default=2.0, help="seconds after a move before the next")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument(
        "--club",
        type=int,
        default=-1,
        metavar="N",
        help="the tables are a club night's round 1, followed by a projector and N My evening phones",
    )
    args = parser.parse_args(argv)
    failed = False
    for count in args.tables:
        result = asyncio.run(club_night(count, args.plays, args.think, args.between, args.seed, args.club))
        tallies = result["tallies"]
        viewer = [s for tally in tallies for s in tally.viewer]
        own = [s for tally in tallies for s in tally.own]
        wrong = [w for tally in tallies for w in tally.wrong]
        plays = sum(tally.plays for tally in tallies)
        print(
            f"{count} table(s), {plays} plays, {sum(t.undos for t in tallies)} undos in {result['elapsed']:.0f} s: "
            f"Play -> viewer median {ms(statistics.median(viewer))} ms, p90 {ms(percentile(viewer, 0.9))} ms, "
            f"p99 {ms(percentile(viewer, 0.99))} ms, max {ms(max(viewer))} ms; scorer's own Play median "
            f"{ms(statistics.median(own))} ms, p90 {ms(percentile(own, 0.9))} ms; moves lost {result['lost']}, "
            f"doubled {result['doubled']}, wrong pages {len(wrong)}; server CPU {result['cpu']:.0f} s "
            f"({result['cpu'] / result['elapsed']:.2f} of a core), the phones' {result['phones_cpu']:.0f} s; "
            f"{result['load'][0]} -> {result['load'][1]}",
            flush=True,
        )
        moves = plays + sum(t.undos for t in tallies)
        print(
            "  CPU by process (s, and ms per Play or Undo): "
            + ", ".join(f"{k} {v:.1f} s ({1000 * v / moves:.0f} ms)" for k, v in result["split"].items()),
            flush=True,
        )
        full = result["full_gc"]
        if full:
            print(
                f"  full collector passes in the server: {len(full)}, median {ms(statistics.median(full))} ms, "
                f"max {ms(max(full))} ms, {sum(full):.1f} s in all",
                flush=True,
            )
        if result["followers"]:
            shown = result["followers"]
            print(f"  followers: {len(shown)} (a projector, {len(shown) - 1} My evening); {shown[0]}; {shown[1:3]}")
        for line in [*wrong, *result["crashed"]]:
            print(f"  {line}")
        failed = failed or bool(result["lost"] or result["doubled"] or wrong or result["crashed"])
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
