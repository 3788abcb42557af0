"""A tab's screens drawn anew leave no cycles for the garbage collector: each old tree is freed at once.

At a club night (20 tables, one server thread drawing every tab) two cycles per update left every
screen drawn, and every patch sent, for the collector to find: the size handlers of the phone's table
column held the component that rendered them (``screens/table.py``), and Flet's diff left its list of
patch operations linked (``flet_diff.unlinked_diff_nodes``). The collector's oldest generation grew by
over a million objects in 4.5 minutes; its passes stalled every table for 0.3–1.5 s. Checked here with
the collector's own bookkeeping: what it finds unreachable after a few taps holds no control.
"""

from __future__ import annotations

import asyncio
import gc

from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from scorekeeper.app import flet_diff
from scorekeeper.app.store_access import open_app_store

from .live import Live
from .test_two_screens import bo_continues


def cyclic_garbage(work) -> list:
    """Run ``work()`` with the collector off; the objects it then finds unreachable (only cycles are)."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        work()
        gc.collect()
        return list(gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def test_taps_on_the_phone_table_leave_no_control_in_a_cycle(tmp_path):
    store = open_app_store(tmp_path)
    bo_continues(store)

    async def scenario(tab: Live) -> None:
        for _ in range(3):
            await tab.tap("tile-1-3")
            await tab.tap("spot-1-1-branch-b")
            await tab.tap("play")
            await tab.tap("undo")

    async def opened() -> Live:
        return await Live.open(store, tmp_path)

    loop = asyncio.new_event_loop()
    try:
        tab = loop.run_until_complete(opened())
        loop.run_until_complete(scenario(tab))  # the first updates make what lives on (memos, hooks)
        garbage = cyclic_garbage(lambda: loop.run_until_complete(scenario(tab)))
    finally:
        loop.close()
    assert tab.texts()["turn"] == "Bo continues: 0-5 scored"  # the taps did what they should
    controls = [type(o).__name__ for o in garbage if isinstance(o, BaseControl)]
    assert controls == []


def test_the_diffs_operations_are_unlinked_when_it_is_done():
    assert flet_diff.unlinked_diff_nodes()
    src = {"a": 1, "b": [1, 2], "c": "x"}
    dst = {"a": 2, "b": [1, 3, 4], "d": "y"}

    def diff() -> None:
        patch, _, _ = ObjectPatch.from_diff(src, dst, BaseControl)
        assert len(patch.patch) >= 3  # several operations: a list of several nodes was built

    garbage = cyclic_garbage(diff)
    assert garbage == []
