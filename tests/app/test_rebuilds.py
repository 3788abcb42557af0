"""What a tap leaves as it was is not built again: the same controls stay in the tab's tree (issue 21).

A tap re-renders the table screen; the parts it did not change must come out as the very controls of the
last render (Flet's diff then skips them: nothing built, compared or sent for them). Checked by identity
on the shared 4-player case entered tap by tap: after a Play, the hand chips of the seats it did not
touch and the tiles placed before the last one; at the settlement, every chip of the score-sheet strip
(the status above it goes away there: its parts, matched by place, were rebuilt whole); the house-rules
line under the header at any tap.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import Play, StartRound

from .live import Live

CASE = Path(__file__).resolve().parents[1] / "cases" / "hr-4i-block-4-4-4-14.json"


def tile_hook(text: str) -> str:
    a, b = sorted(int(v) for v in text.split("-"))
    return f"tile-{a}-{b}"


async def created(tmp_path) -> tuple[Live, dict]:
    """The case's match created from the form, its first round not yet started: ``(live tab, the case)``."""
    doc = json.loads(CASE.read_text())
    live = await Live.open(open_app_store(tmp_path), tmp_path)
    st = live.state
    await st.go(Screen.NEW_MATCH)
    st.setup.set_form(variant=doc["variant"], count=len(doc["players"]))
    for seat, name in enumerate(doc["players"]):
        st.setup.set_name(seat, name)
    await st.setup.create()
    await live.settle()
    return live, doc


async def opened(tmp_path) -> tuple[Live, dict]:
    live, doc = await created(tmp_path)
    await live.tap(f"starter-{doc['rounds'][0]['starter']}")
    return live, doc["rounds"][0]


async def enter(live: Live, moves: list[dict]) -> None:
    previous = None
    for move in moves:
        if "play" in move:
            await live.tap(tile_hook(move["play"]))
            if "at" in move and live.state.entry.selected_spot is None:
                tile, side = move["at"].split(":")
                await live.tap(f"spot-{tile_hook(tile)[5:]}-{side}")
            if move.get("drawn") and not (previous and "draw" in previous):
                await live.tap("draw")
                await live.tap("draw-count-0")
            await live.tap("play")
        elif "draw" in move:
            await live.tap("draw")
            await live.tap(f"draw-count-{move['draw']}")
        else:
            await live.tap("pass")
        assert live.state.shell.error is None, live.state.shell.error
        previous = move


def prefixed(live: Live, prefix: str) -> dict[str, object]:
    return {name: node for name, node in live.hooks().items() if name.startswith(prefix)}


def test_a_play_keeps_the_hand_chips_and_tiles_it_did_not_change(tmp_path):
    async def scenario() -> None:
        live, round_ = await opened(tmp_path)
        await enter(live, round_["moves"][:10])
        before_turn = live.state.table.shown.turn.seat
        hands, placed = prefixed(live, "hand-"), prefixed(live, "placed-")
        last = tile_hook(round_["moves"][9]["play"]).replace("tile-", "placed-")
        await enter(live, round_["moves"][10:11])  # Ann plays 0-5
        after_turn = live.state.table.shown.turn.seat
        untouched = [f"hand-{seat}" for seat in range(4) if seat not in (before_turn, after_turn)]
        assert len(untouched) == 2
        now = prefixed(live, "hand-")
        assert all(now[name] is hands[name] for name in untouched)
        assert all(now[name] is not hands[name] for name in (f"hand-{before_turn}", f"hand-{after_turn}"))
        now = prefixed(live, "placed-")
        assert set(now) == set(placed) | {"placed-0-5"}
        kept = [name for name in placed if name != last]  # the last tile loses its "just placed" look
        assert len(kept) == len(placed) - 1 == 8 and all(now[name] is placed[name] for name in kept)

    asyncio.run(scenario())


def test_the_settlement_keeps_every_chip_of_the_score_sheet_strip(tmp_path):
    async def scenario() -> None:
        live, round_ = await opened(tmp_path)
        await enter(live, round_["moves"])
        for seat, tiles in round_["hands"].items():
            await live.tap(f"reveal-seat-{seat}")
            for tile in tiles:
                await live.tap(tile_hook(tile))
        chips = prefixed(live, "sheet-1-")
        assert len(chips) == len(round_["moves"])
        await live.tap("confirm")
        assert "settlement" in live.hooks() and "turn" not in live.hooks()  # the status is gone
        now = prefixed(live, "sheet-1-")
        assert set(now) == set(chips) | {"sheet-1-hands"}
        assert all(now[name] is chips[name] for name in chips)

    asyncio.run(scenario())


def test_a_play_keeps_the_strip_groups_before_the_latest(tmp_path):
    """The strip's chips come in groups of six by play order (the latest group first): a Play adds its chip to
    the latest group, and every earlier group is the same row of the same chips (the browser rebuilt the
    whole strip when every chip moved one place in a single row)."""

    async def scenario() -> None:
        live, round_ = await opened(tmp_path)
        await enter(live, round_["moves"][:13])  # two full groups (1-6, 7-12), the latest holds 13
        chips = prefixed(live, "sheet-1-")
        assert len(chips) == 13
        groups = {n: chips[f"sheet-1-{n}"].parent for n in (1, 7, 13)}
        assert groups[1] is not groups[7] and groups[7] is not groups[13]
        assert [c.key for c in groups[7].controls] == [f"sheet-1-{n}" for n in range(12, 6, -1)]  # latest first
        await enter(live, round_["moves"][13:14])
        now = prefixed(live, "sheet-1-")
        assert set(now) == set(chips) | {"sheet-1-14"}
        assert all(now[name] is chips[name] for name in chips)  # no chip built again
        assert now["sheet-1-1"].parent is groups[1] and now["sheet-1-7"].parent is groups[7]
        assert now["sheet-1-14"].parent is now["sheet-1-13"].parent is not groups[13]
        assert [c.key for c in now["sheet-1-14"].parent.controls] == ["sheet-1-14", "sheet-1-13"]

    asyncio.run(scenario())


def test_the_round_start_keeps_the_header_buttons(tmp_path):
    """A round's start gives the header a new title ("· Round 1"); its buttons are the same controls."""

    async def scenario() -> None:
        live, doc = await created(tmp_path)
        buttons = {name: live.hooks()[name] for name in ("home", "rules", "settings")}
        await live.tap(f"starter-{doc['rounds'][0]['starter']}")
        assert "turn" in live.hooks()
        assert all(live.hooks()[name] is node for name, node in buttons.items())

    asyncio.run(scenario())


def test_a_tap_keeps_the_house_rules_line(tmp_path):
    """The table's header is drawn on every tap; its house-rules line (a span and a handler per rule id) is
    the same control until the words change."""

    async def scenario() -> None:
        store = open_app_store(tmp_path)
        match_id = store.create_match("horse-race", ["Ann", "Bo"], False, {"target": 4})
        store.record(match_id, StartRound(0))
        store.record(match_id, Play(0, (5, 5)))
        live = await Live.open(store, tmp_path, route=f"/table/{match_id}")
        line = live.hooks()["house-rules-on"]
        await live.tap("tile-0-5")
        assert live.state.entry.selected_tile == (0, 5)
        assert live.hooks()["house-rules-on"] is line

    asyncio.run(scenario())
