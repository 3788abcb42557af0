"""A tab that leaves during its first screen, at every point where that screen waits: nothing in the log, no
task failing unseen, the screen built all the same and the session's updates still running (Flet keeps the
session an hour: a phone back within it is sent the page as it is, and follows).

In-process and deterministic: the tab's ``main`` runs in Flet's own web connection (``FletApp``, its
``__on_session_created``, as flet-web 1.0.5 runs it), and a client in the test answers its method calls
(the browser's language kept in ``SharedPreferences``, the device's locales, ``SharedPreferences.set``,
the wake lock, the address pushed) as a browser does. The points are, in the order they come, each of
the server's messages (the browser reads it, then leaves instead of answering) and each of the tab's
calls in a worker thread (:meth:`Services.call`: the store read; the tab leaves meanwhile). At the k-th
point the tab leaves, each k in turn, in one of two ways a tab that closes leaves:

- ``cut``: the websocket ended, so the connection's send loop stopped and dropped its queue, but Flet has
  not yet told the session (it does once the send loop's task is done): each send raised
  ``AttributeError`` in Flet 1.0.5, out of whatever the tab did (the traceback a loaded server logged
  from ``BrowserLanguage`` registering its ``SharedPreferences``). Held open here until the first screen
  is done: the strictest case.
- ``gone``: Flet has told the session (``Session.disconnect``): its sends are dropped, its method calls
  are never answered (the waits end at the app's time limits), the connection is gone (``page.run_task``
  raises), and Flet's own ``after_event`` fails on the session it dropped (its report filtered,
  :func:`scorekeeper.serve.quiet.no_left_tab_report`).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import warnings
from concurrent.futures import ThreadPoolExecutor

import msgpack
import pytest
from flet.messaging.protocol import Message, MessageAction, RegisterClientResponseBody
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet_web.fastapi.flet_app import FletApp

from scorekeeper.app import browser_language, device
from scorekeeper.app.main import make_main
from scorekeeper.app.services import Services
from scorekeeper.app.store_access import open_app_store
from scorekeeper.serve import flet_fixes
from scorekeeper.serve.quiet import install_log_filters
from scorekeeper.server.admission import Access
from scorekeeper.server.roles import Role
from scorekeeper.server.session import RELAYED
from tests.wire import DEVICE_INFO

from .hooks import hooks

WAIT = 0.05  # s: the app's time limits for the browser's answers, short here (an answer takes a few loop turns)
DEVICE_CALL = "FletDevice._quietly"  # the device's calls not awaited by the app (the address, the wake lock…)
EXECUTOR = ThreadPoolExecutor(1)  # Flet's connection has one (the app runs its work with asyncio.to_thread)
ANSWERS = {"get_device_info": DEVICE_INFO, "get": "uk", "set": True}  # what a browser answers (else None)


class Tab:
    """One tab in Flet's web connection (a ``FletApp`` whose websocket is the test), its browser answering
    until the ``leave_at``-th point, where it leaves ``how`` (``cut`` or ``gone``)."""

    running: Tab | None = None  # the tab whose first screen runs now (its worker-thread calls are points)

    def __init__(self, main, leave_at: int | None, how: str) -> None:
        loop = asyncio.get_running_loop()
        self.app = FletApp(loop, EXECUTOR, main, None)
        self.app.pubsubhub = PubSubHub(loop=loop)
        self.app.page_url, self.app.page_name = "http://127.0.0.1:8550", ""  # what handle() sets from the URL
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self.app._FletApp__send_queue = self.queue  # what handle() makes once the websocket is accepted
        self.session = Session(self.app)
        self.app._FletApp__session = self.session
        page = self.session.page
        page.web, page.route, page.width, page.height = True, "/", 390.0, 844.0  # a phone's browser registered
        self.leave_at, self.how = leave_at, how
        self.points: list[str] = []  # the points passed: "message" or "call <function>", in order
        self.calls: list[str] = []  # the method calls the browser answered, in order
        self.left = False
        self.told = False  # the session was told (Session.disconnect)
        self.broken: BaseException | None = None  # what ended the session's update scheduler, if anything

    async def run(self) -> None:
        """Register (Flet's answer is message 0), run the tab's ``main`` as Flet does, the browser reading;
        then until what the tab started is done and its update scheduler sent the render (a tab cut is
        told now); then the session ends as Flet ends it an hour after its tab left (:meth:`Session.close`)."""
        self.app.send_message(
            Message(
                MessageAction.REGISTER_CLIENT,
                RegisterClientResponseBody(
                    session_id=self.session.id, page_patch=self.session.get_page_patch(), error=""
                ),
            )
        )
        browser = asyncio.create_task(self.browse())
        Tab.running = self
        try:
            started = asyncio.create_task(self.app._FletApp__on_session_created())
            await started
            # the device's calls wait for the browser's answer as long as the session lives (a wake lock
            # asked of a phone asleep is answered when it is back): all that may still wait
            await self.others_done(browser, waiting=DEVICE_CALL)
        finally:
            Tab.running = None
        if self.left and not self.told:  # Flet tells the session once the send loop's task is done
            await self.tell()
        updates = self.session._Session__updates_task  # dead, the session would never update again
        self.broken = updates.exception() if updates is not None and updates.done() else None
        self.session.close()
        await self.others_done(browser)
        self.queue.put_nowait(None)
        await browser
        assert started.exception() is None

    async def others_done(self, *lasting: asyncio.Task, waiting: str = "") -> None:
        """Wait (10 s at most) until every task but ``lasting``, this one, the session's update scheduler (it
        runs as long as the session) and those running ``waiting`` (a coroutine's qualified name) is done,
        then a few turns of the loop (the scheduler sends)."""
        kept = {*lasting, asyncio.current_task(), self.session._Session__updates_task}

        def running() -> set[asyncio.Task]:
            return {task for task in asyncio.all_tasks() - kept if task.get_coro().__qualname__ != waiting}

        for _ in range(1000):
            if not running():
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError(f"still running: {running()}")
        for _ in range(20):
            await asyncio.sleep(0)

    async def point(self, what: str) -> bool:
        """One more point passed; at the ``leave_at``-th the tab leaves. True once it has left."""
        if not self.left:
            if len(self.points) == self.leave_at:
                await self.leave()
            else:
                self.points.append(what)
        return self.left

    async def browse(self) -> None:
        while (frame := await self.queue.get()) is not None:
            if await self.point("message"):
                return
            action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
            if MessageAction(action) == MessageAction.INVOKE_METHOD:
                self.calls.append(body["name"])
                self.session.handle_invoke_method_results(
                    body["control_id"], body["call_id"], ANSWERS.get(body["name"]), None
                )

    async def leave(self) -> None:
        self.left = True
        self.app._FletApp__send_queue = None  # the send loop ended (flet_app.py, __send_loop)
        if self.how == "gone":
            await self.tell()

    async def tell(self) -> None:
        self.told = True
        await self.session.disconnect(3600)  # what app_manager.disconnect_session does


ROLES = {"host": None, "scorer": Role.SCORER, "viewer": Role.VIEWER}


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """A store holding one match (Ann and Bo's Horse Race): ``(store, match id)``; the tabs only read it."""
    store = open_app_store(tmp_path_factory.mktemp("store"))
    yield store, store.create_match("horse-race", ["Ann", "Bo"], False)
    store.close()


def first_screen(table, data_dir, role: str, leave_at: int | None, how: str = "cut", then=None) -> Tab:
    """The first screen of a tab of ``role`` (the host, or a phone joined for the match of ``table``), its
    settings in ``data_dir``, that leaves at the server's ``leave_at``-th message (``None``: stays); then
    ``await then(tab)``, if given."""
    store, match_id = table
    data_dir.mkdir(exist_ok=True)
    main = make_main(store, data_dir)

    async def scenario() -> Tab:
        joined = ROLES[role]
        token = RELAYED.set(Access(joined, match_id) if joined is not None else None)  # the device's access
        try:
            tab = Tab(main, leave_at, how)
            await tab.run()
            if then is not None:
                await then(tab)
            return tab
        finally:
            RELAYED.reset(token)

    return asyncio.run(scenario())


def on_screen(tab: Tab) -> bool:
    """The tab's first screen is in its page: the match's table (joined for it, or resumed by the host)."""
    return "score-0" in hooks(tab.session.page.views)


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(device, "LOCALE_WAIT", WAIT)
    monkeypatch.setattr(browser_language, "TIMEOUT", WAIT)
    threaded = Services.call

    async def call(self, fn, *args):
        result = await threaded(self, fn, *args)
        if Tab.running is not None:  # a point: the tab may leave while the worker thread runs
            await Tab.running.point(f"call {getattr(fn, '__name__', fn)}")
        return result

    monkeypatch.setattr(Services, "call", call)
    assert flet_fixes.quiet_send_message()  # as the server and its viewer process do
    install_log_filters()


@pytest.mark.slow
@pytest.mark.parametrize("role", list(ROLES))
def test_a_tab_leaving_at_any_point_of_its_first_screen_leaves_nothing_in_the_log(table, tmp_path, quick, caplog, role):
    stays = first_screen(table, tmp_path / "stays", role, None)
    assert on_screen(stays) and not stays.left and stays.broken is None
    # every wait on the browser is among the points left at: the language kept in the browser (a phone)
    # or the device's locales (the host), the language written into the browser, the wake lock at the table
    asked = {"host": ["get_device_info"], "scorer": ["get"], "viewer": ["get"]}[role]
    assert stays.calls[:1] == asked and "set" in stays.calls, stays.calls
    assert "message" in stays.points and any(point.startswith("call ") for point in stays.points), stays.points
    failed = []
    for how in ("cut", "gone"):
        # Flet tells the session only after main's first step (its task was made before the websocket's end
        # was read): gone from point 1, main's first message
        for k in range(0 if how == "cut" else 1, len(stays.points)):
            caplog.clear()
            with warnings.catch_warnings(record=True) as caught, caplog.at_level(logging.WARNING):
                warnings.simplefilter("always")
                try:
                    tab = first_screen(table, tmp_path / f"{how}-{k}", role, k, how)
                except Exception as err:  # noqa: BLE001 - raised out of main: Flet would log it, with a traceback
                    failed.append((how, k, stays.points[k], repr(err)))
                    continue
                gc.collect()  # a coroutine never awaited, a task's exception never retrieved: said when collected
            said = [f"{r.name}: {r.getMessage()}" for r in caplog.records] + [str(w.message) for w in caught]
            if said or tab.broken or not tab.left or not on_screen(tab):
                failed.append((how, k, stays.points[k], tab.left, on_screen(tab), repr(tab.broken), said[:3]))
    assert failed == [], "\n".join(map(str, failed))


def test_no_language_written_for_a_tab_already_gone(table, tmp_path, quick, caplog):
    """Flet's ``page.run_task`` needs the tab's connection (else ``AttributeError`` and a coroutine never
    awaited): a language change of a tab that left writes nothing, and says nothing."""

    async def change_once_gone(tab: Tab) -> None:
        mirror = browser_language._kept[tab.session.page.views.args[0].shell]
        assert mirror.sent == "uk"  # written at the start: the language the browser kept
        await tab.session.disconnect(3600)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            mirror.shell.lang = "ko"  # e.g. a pubsub handler of the tab
            await tab.others_done()
            gc.collect()
        assert mirror.sent == "uk" and [str(w.message) for w in caught] == []

    first_screen(table, tmp_path, "viewer", None, then=change_once_gone)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
