"""The app's sessions under their device's role, in-process (a real Flet session, taps dispatched as the
browser's clicks are): a viewer is offered no entry control, and its writes (the intents a tap would run,
as a message sent by hand would reach them) are refused by the server and change nothing; a scorer joined
for one match opens it, watches any other and changes none; the host changes anything."""

from __future__ import annotations

from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.server.admission import Admission
from scorekeeper.server.devices import Connection
from scorekeeper.server.roles import Role
from scorekeeper.server.session import CONNECTION

from ..app.live import Live
from .aio import run


async def tab_as(admission: Admission, role: Role, store, data_dir, match_id: str | None = None) -> Live:
    """A tab whose websocket belongs to a device that joined with the ``role`` link (of ``match_id``)."""
    device, _ = admission.join(admission.link(role, match_id), "phone", "127.0.0.1")

    async def nothing(message):
        return None

    CONNECTION.set((admission, Connection(device, nothing)))  # what the guard sets for the tab's tasks
    return await Live.open(store, data_dir)


def test_a_viewers_taps_are_refused_and_change_nothing(tmp_path):
    store = open_app_store(tmp_path)
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False)
    admission = Admission(key_required=True, port=8550)

    async def scenario():
        viewer = await tab_as(admission, Role.VIEWER, store, tmp_path)
        assert viewer.state.screen == Screen.TABLE and viewer.state.table.match_id == match_id
        assert not {"starter-0", "lot"} & set(viewer.hooks())  # not offered…
        await viewer.state.table.start_round(0)  # …and refused by the server if asked all the same
        await viewer.settle()
        assert viewer.texts()["message"].startswith("This device joined as a viewer")
        assert store.version(match_id) == 1  # still only the match's creation
        await viewer.state.table.draw_lot()
        assert store.version(match_id) == 1
        scorer = await tab_as(admission, Role.SCORER, store, tmp_path)
        await scorer.tap("starter-0")
        assert "message" not in scorer.texts() and store.version(match_id) == 2

    run(scenario())


def test_a_scorer_joined_for_one_match_opens_it_and_changes_no_other(tmp_path):
    store = open_app_store(tmp_path)
    first = store.create_match("horse-race", ["Ann", "Bo"], False)
    second = store.create_match("horse-race", ["Cy", "Di"], False)
    admission = Admission(key_required=True, port=8550)

    async def scenario():
        table_one = await tab_as(admission, Role.SCORER, store, tmp_path, first)
        assert table_one.state.table.match_id == first  # not the match last active ({second})
        await table_one.state.table.open_match(second)  # it may look at another table…
        await table_one.settle()
        assert "starter-0" not in table_one.hooks()  # …as a viewer: not offered…
        await table_one.state.table.start_round(0)  # …and refused if asked all the same
        await table_one.settle()
        assert table_one.texts()["message"].startswith("This device joined for another match")
        assert store.version(second) == 1
        await table_one.state.table.open_match(first)
        await table_one.settle()
        await table_one.tap("starter-1")
        assert store.version(first) == 2

    run(scenario())
