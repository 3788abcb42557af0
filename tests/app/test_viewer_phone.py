"""A viewer's phone, in real Flet sessions in-process: no entry control is offered (not even a disabled
one), the scoreboard is large, whose turn and why and the last award are the engine's words, and it follows
the scorer's moves. Position: the seed layout of ``hr-2p-seed-layout`` after Bo's 0-5 (see test_two_screens)."""

from __future__ import annotations

import asyncio

from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app.navigation import Screen
from scorekeeper.app.parts.widgets import hook
from scorekeeper.app.store_access import open_app_store
from scorekeeper.server.admission import Admission
from scorekeeper.server.roles import Role
from tests.server.aio import run

from .hooks import walk
from .live import Live
from .test_phones_screen import as_device
from .test_two_screens import bo_continues, until

#: hooks that enter or change something at the table (the picker, spots, the move buttons, the round's
#: start and end, the score sheet's fixes, a placed tile's fix)
ENTRY = (
    "tile-",
    "spot-",
    "play",
    "draw",
    "pass",
    "undo",
    "redo",
    "drawn",
    "starter-",
    "lot",
    "start-round",
    "confirm",
    "pips-",
    "reveal-seat-",
    "sheet-",
    "placed-",
    "fix-",
    "new-match",
    "import",
)


def entry_hooks(live: Live) -> list[str]:
    return sorted(name for name in live.hooks() if name.startswith(ENTRY))


async def scorer_and_viewer(store, data_dir, admission: Admission, match_id: str) -> tuple[Live, Live]:
    """A scorer's phone and a viewer's phone joined for ``match_id`` (tabs of one app: one pubsub hub)."""
    hub = PubSubHub(loop=asyncio.get_running_loop())
    as_device(admission, Role.SCORER, match_id)
    scorer = await Live.open(store, data_dir, hub=hub)
    as_device(admission, Role.VIEWER, match_id)
    return scorer, await Live.open(store, data_dir, hub=hub)


def font_size(live: Live, name: str) -> float:
    texts = [node for node in walk(live.hooks()[name]) if hasattr(node, "size") and hasattr(node, "value")]
    return texts[0].size


def test_a_viewer_is_offered_no_entry_control_and_follows_the_scorer(tmp_path):
    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        scorer, viewer = await scorer_and_viewer(store, tmp_path, admission, match_id)
        assert viewer.state.screen == Screen.TABLE
        assert "play" in entry_hooks(scorer) and "tile-1-3" in entry_hooks(scorer)  # the scorer's table as today
        assert entry_hooks(viewer) == []
        assert "phones" not in viewer.hooks()
        seen = viewer.texts()
        assert seen["turn"] == "Bo continues: 0-5 scored"
        assert seen["explain"] == "3-4: 3 + 1-2: 2 + 0-5: 0 = 5 → +1 Bo (8)"  # the last award (as in test_two_screens)
        assert seen["score-1"] == "8" and seen["distance-1"] == "53 to go"
        assert font_size(viewer, "score-1") >= 2 * font_size(scorer, "score-1")  # the scoreboard large

        before = viewer.hooks()
        await scorer.tap("tile-1-3")
        await scorer.tap("spot-1-1-branch-b")
        await scorer.tap("play")
        await until(lambda: viewer.texts()["turn"] == "Ann to play: Bo's tile did not score")
        seen = viewer.texts()
        assert seen["explain"] == "3-4: 3 + 1-2: 2 + 0-5: 0 + 1-3: 3 = 8"
        assert seen["end-sum"] == "End sum: 8" and seen["score-1"] == "8"
        assert entry_hooks(viewer) == []
        # what the move did not change is not built again (every device following redraws only the rest)
        after = viewer.hooks()
        assert seen["stock"] == "Stock: 11"
        for kept in ("stock", "watching", "score-0", "score-1"):
            assert after[kept] is before[kept], f"{kept} was rebuilt by a move that did not change it"
        for changed in ("turn", "explain", "end-sum"):
            assert after[changed] is not before[changed]

    run(scenario())


def test_a_scorer_joined_for_one_match_only_watches_another(tmp_path):
    store = open_app_store(tmp_path)
    mine = bo_continues(store)
    other = bo_continues(store)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        as_device(admission, Role.SCORER, mine)
        scorer = await Live.open(store, tmp_path)
        assert scorer.state.table.match_id == mine and "play" in entry_hooks(scorer)
        await scorer.state.table.open_match(other)
        await scorer.settle()
        assert entry_hooks(scorer) == [] and scorer.texts()["turn"] == "Bo continues: 0-5 scored"
        await scorer.tap("home")
        assert "new-match" not in scorer.hooks()  # a link of one match starts none

    run(scenario())


def test_the_entry_hooks_list_finds_entry_controls():
    """The check above would see an entry control if one were drawn (the list of prefixes is not empty)."""
    import flet as ft

    class Fake:
        def hooks(self):
            return {"play": hook("play", ft.Text("Play")), "turn": hook("turn", ft.Text("x"))}

    assert entry_hooks(Fake()) == ["play"]  # type: ignore[arg-type]


def test_only_the_hosts_choices_are_the_data_folders_settings(tmp_path):
    """A viewer's (or scorer's) language and the match it opened stay its own: before, a viewer choosing
    Korean and opening another match made every new device open in Korean on that match (tester's report)."""
    from scorekeeper.app import settings

    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    other = bo_continues(store)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])
    settings.save(tmp_path, {settings.LANG: "en", settings.LAST_MATCH: match_id})
    before = (tmp_path / settings.FILE).read_bytes()

    async def scenario():
        hub = PubSubHub(loop=asyncio.get_running_loop())
        for role in (Role.VIEWER, Role.SCORER):
            as_device(admission, role, None)
            phone = await Live.open(store, tmp_path, hub=hub)
            await phone.state.set_language("ko")
            await phone.state.set_haptics(False)
            await phone.state.table.open_match(other)
            await phone.settle()
            assert phone.state.shell.lang == "ko" and phone.state.table.match_id == other  # its own choices hold
            assert (tmp_path / settings.FILE).read_bytes() == before, role  # the folder's settings untouched
        as_device(admission, Role.HOST, None)
        host = await Live.open(store, tmp_path, hub=hub)
        assert host.state.shell.lang == "en" and host.state.table.match_id == match_id
        await host.state.set_language("uk")
        await host.settle()
        assert settings.saved_language(tmp_path) == "uk"  # the host's choice is the folder's

    run(scenario())


def test_a_viewer_sees_how_the_round_was_settled(tmp_path):
    """Between rounds the viewer's phone tells the settlement (it kept showing the last tile's award,
    '+4 Cy (9)' beside a score of 17: fresh tester's report). Round 1 of hr-3p-openings: Тарас goes out."""
    from scorekeeper.rules import StartRound
    from tests.store.conftest import case_match

    store = open_app_store(tmp_path)
    match = case_match("hr-3p-openings")
    match_id = store.create_match(match.variant, match.players, match.partnerships)
    starts = [i for i, action in enumerate(match.actions) if isinstance(action, StartRound)]
    for action in match.actions[: starts[1]]:  # round 1 settled, round 2 not started
        store.record(match_id, action)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        as_device(admission, Role.VIEWER, match_id)
        viewer = await Live.open(store, tmp_path)
        seen = viewer.texts()
        assert seen["score-1"] == "10" and "explain" not in seen  # 3 for his 19th move, 7 for going out
        assert seen["settlement"].startswith("Domino for Тарас: opponents ") and seen["settlement"].endswith("→ +7")

    run(scenario())


def test_a_phone_away_draws_nothing_and_catches_up_when_it_is_back(tmp_path):
    """A phone that lost its connection (asleep, out of Wi-Fi) keeps its session for Flet's hour. The moves made
    meanwhile are not read or drawn for it (its follow failed in Flet's ``run_task``: no connection), and once
    it is back it shows the match as it is now (before: the table as it was, until the next move)."""
    store = open_app_store(tmp_path)
    match_id = bo_continues(store)
    admission = Admission(key_required=True, port=8550, addresses=["192.168.1.20"])

    async def scenario():
        scorer, viewer = await scorer_and_viewer(store, tmp_path, admission, match_id)
        version = viewer.state.table.version
        await viewer.session.disconnect(3600)
        await scorer.tap("tile-1-3")
        await scorer.tap("spot-1-1-branch-b")
        await scorer.tap("play")
        await scorer.settle()
        await viewer.settle()
        assert viewer.state.table.version == version  # nothing read or drawn while away
        assert viewer.texts()["turn"] == "Bo continues: 0-5 scored"
        await viewer.session.connect(viewer.connection)
        await until(lambda: viewer.texts()["turn"] == "Ann to play: Bo's tile did not score")
        assert viewer.state.table.version == scorer.state.table.version
        assert viewer.texts()["end-sum"] == "End sum: 8"

    run(scenario())
