"""The app on a store it cannot write: it opens, shows matches, and says why a change is refused, in each language."""

from __future__ import annotations

import asyncio

import pytest

from scorekeeper.app.store_access import open_app_store, read_only_notice
from scorekeeper.explain import problem_words
from scorekeeper.i18n import LANGUAGES, Translator
from scorekeeper.store import ReadOnlyStore, open_store
from tests.app.tabs import new_tab
from tests.store.conftest import record_case


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_read_only_store_opens_and_a_change_is_refused_in_words(tmp_path, lang):
    store = open_store(tmp_path)
    match_id = record_case(store, "hr-2p-seed-layout")
    store.close()
    store = open_store(tmp_path, read_only=True)  # as a read-only disk or another Scorekeeper would make it
    assert open_app_store(tmp_path) is store
    tab = new_tab(store, tmp_path, lang=lang)
    asyncio.run(tab.start())
    assert tab.table.match_id == match_id and tab.table.match is not None  # the unfinished match is shown
    notice = read_only_notice(store)
    assert isinstance(notice, ReadOnlyStore) and notice.code == "read_only.requested"
    assert notice.params["folder"] == str(tmp_path)
    asyncio.run(tab.setup.create())
    error = tab.shell.error
    assert isinstance(error, ReadOnlyStore) and error.code == "read_only.requested"
    t = Translator(lang)
    words = problem_words(t, error)
    assert words == problem_words(t, notice) == t("error.read_only.requested", folder=str(tmp_path))
    assert str(tmp_path) in words
    store.close()


def test_a_writable_store_needs_no_notice(state):
    assert read_only_notice(state.services.store) is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_of_a_read_only_store_says_so_above_it(tmp_path, lang):
    from scorekeeper.app import settings

    from .live import Live

    store = open_store(tmp_path)
    record_case(store, "hr-2p-seed-layout")
    store.close()
    settings.save(tmp_path, {"lang": lang})
    store = open_store(tmp_path, read_only=True)
    expected = problem_words(Translator(lang), read_only_notice(store), sentence=True)

    async def scenario():
        live = await Live.open(store, tmp_path)
        for route in ("/", "/history", "/new", "/settings", "/rules"):
            await live.route_change(route)
            texts = live.texts()
            assert texts.get("read-only") == expected, (route, texts.get("read-only"))

    asyncio.run(scenario())
    store.close()


def test_a_writable_store_shows_no_read_only_banner(tmp_path):
    from .live import Live

    store = open_store(tmp_path)

    async def scenario():
        live = await Live.open(store, tmp_path)
        assert "read-only" not in live.texts() and "new-match" in live.hooks()

    asyncio.run(scenario())
    store.close()
