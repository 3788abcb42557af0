"""The one writer (:mod:`scorekeeper.server.writer`): a scorer process's writes applied by the server's store
with the device's own grant, over a real Unix socket, in-process.

The scorer process's side is its real store (:class:`~scorekeeper.serve.viewer_server.RelayedStore`: the
folder opened read only, writes sent to the writer), seen through the tab's :class:`GuardedStore` as in
the app.
"""

from __future__ import annotations

import os
import pickle
import socket
import tempfile

import pytest

from scorekeeper.rules import Play, RuleViolation, StartRound
from scorekeeper.serve.viewer_server import RelayedStore
from scorekeeper.server.admission import Access, Admission
from scorekeeper.server.devices import Device
from scorekeeper.server.roles import AccessDenied, Role
from scorekeeper.server.store_guard import GuardedStore
from scorekeeper.server.writer import Writer, WriterClient, read_frame, send_frame
from scorekeeper.store import MatchStore, StaleView
from tests.store.simulate import simulate

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX"), reason="the writer listens on a Unix socket")


@pytest.fixture
def table(tmp_path):
    """The server's store and admission, its writer listening, and the scorer process's store of the folder:
    ``(store, admission, writer, relayed, announced)``."""
    store = MatchStore(tmp_path / "data")
    admission = Admission(key_required=True, port=8730)
    folder = tempfile.mkdtemp(prefix="h-scale-writer-")  # a Unix socket's path is short (108 bytes)
    announced: list[tuple[str, int]] = []
    writer = Writer(store, admission, os.path.join(folder, "writer.sock"), lambda m, v: announced.append((m, v)))
    writer.start()
    relayed = RelayedStore(MatchStore(tmp_path / "data", read_only=True), WriterClient(writer.path))
    yield store, admission, writer, relayed, announced
    writer.stop()
    relayed._store.close()
    store.close()
    os.rmdir(folder)


def new_match(store: MatchStore, relayed: RelayedStore, players: list[str]) -> str:
    """A match the host created: the server tells the scorer process of it (as ``{"table": id}``)."""
    match_id = store.create_match("horse-race", players, False)
    relayed.refresh(match_id)
    return match_id


def tab_of(relayed: RelayedStore, admission: Admission, match_id: str | None) -> tuple[Device, GuardedStore]:
    """A scorer phone joined with ``match_id``'s link (the server's :class:`Device`), and its tab's store in
    the scorer process (the device there as the relay names it: by id only)."""
    device, _ = admission.join(admission.link(Role.SCORER, match_id), "Android · Chrome", "127.0.0.1")
    access = Access(Role.SCORER, match_id, Device(device.id, Role.SCORER, match_id, "relayed", ""))
    return device, GuardedStore(relayed.for_tab(access), access)


def test_a_scorer_through_the_writer_plays_a_match_whose_log_equals_one_played_directly(table, tmp_path):
    store, admission, _, relayed, announced = table
    played = simulate(7)  # a whole match of Horse Race, every action one the engine accepts
    match_id = new_match(store, relayed, ["Ann", "Bo"])
    _, tab = tab_of(relayed, admission, match_id)
    direct = MatchStore(tmp_path / "direct")
    direct_id = direct.create_match("horse-race", ["Ann", "Bo"], False)
    for n, action in enumerate(played.actions, start=1):
        version = tab.version(match_id)  # the scorer's screen: its own store's reading
        result = tab.record(match_id, action, expected_version=version)
        direct.record(direct_id, action)
        assert (
            result.version == version + 1 and len(result.match.actions) == n
        )  # the writer's answer, as the store returns it
        assert tab.version(match_id) == store.version(match_id) == n + 1  # read again here at once
    assert [a for _, a in store.actions(match_id)] == [a for _, a in direct.actions(direct_id)] == played.actions
    assert [a for _, a in tab.actions(match_id)] == played.actions
    assert tab.summary(match_id).finished and tab.summary(match_id).scores == direct.summary(direct_id).scores
    assert announced == [(match_id, n + 1) for n in range(1, len(played.actions) + 1)]  # every write told
    undone = tab.undo(match_id)
    assert len(undone.actions) == len(played.actions) - 1 and tab.version(match_id) == len(played.actions) + 2
    direct.close()


def test_the_writer_refuses_a_scorers_write_to_another_match_and_writes_nothing(table):
    store, admission, _, relayed, announced = table
    mine = new_match(store, relayed, ["Ann", "Bo"])
    other = new_match(store, relayed, ["Cy", "Di"])
    _, tab = tab_of(relayed, admission, mine)
    # the scorer process's own check is skipped (a tampered process, a bug): the writer's holds
    client = relayed.client
    with pytest.raises(AccessDenied) as refused:
        client.call(tab.access.device.id, "record", (other, StartRound(0)), {})
    assert refused.value.code == "access_other_match"
    assert mine in refused.value.message
    with pytest.raises(AccessDenied) as started:
        client.call(tab.access.device.id, "create_match", ("horse-race", ["Ed", "Flo"], False), {})
    assert started.value.code == "access_other_match"
    assert store.version(other) == 1 and len(store.list_matches()) == 2 and announced == []


def test_a_revoked_scorer_is_refused_by_the_writer(table):
    store, admission, _, relayed, announced = table
    match_id = new_match(store, relayed, ["Ann", "Bo"])
    device, tab = tab_of(relayed, admission, match_id)
    tab.record(match_id, StartRound(0))
    device.revoked = True  # disconnected, or the table's keys renewed
    with pytest.raises(AccessDenied) as refused:
        tab.record(match_id, Play(0, (1, 3)))
    assert refused.value.code == "access_revoked"
    admission.devices_.forget_revoked()  # gone from the table's list: still refused
    with pytest.raises(AccessDenied) as gone:
        relayed.client.call(device.id, "record", (match_id, Play(0, (1, 3))), {})
    assert gone.value.code == "access_revoked"
    with pytest.raises(AccessDenied):  # a device id never joined
        relayed.client.call("d99", "record", (match_id, Play(0, (1, 3))), {})
    assert store.version(match_id) == 2 and announced == [(match_id, 2)]


def test_the_engines_and_the_stores_refusals_come_back_as_raised(table):
    store, admission, _, relayed, announced = table
    match_id = new_match(store, relayed, ["Ann", "Bo"])
    _, tab = tab_of(relayed, admission, match_id)
    with pytest.raises(RuleViolation) as illegal:
        tab.record(match_id, Play(1, (1, 3)))  # no round started: no play
    assert type(illegal.value) is RuleViolation and illegal.value.code and illegal.value.rule
    tab.record(match_id, StartRound(0))
    with pytest.raises(StaleView) as stale:
        tab.record(match_id, Play(0, (1, 3)), expected_version=1)  # another screen moved on
    assert stale.value.version == 2
    assert store.version(match_id) == 2


def test_a_frame_naming_anything_but_the_apps_values_is_refused(tmp_path):
    left, right = socket.socketpair()
    with left, right:

        class Sneaky:
            def __reduce__(self):
                return (os.system, ("true",))

        send_frame(left, ("d1", "record", (Sneaky(),), {}))
        with pytest.raises(pickle.UnpicklingError):
            read_frame(right)
