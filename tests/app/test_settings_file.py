"""settings.json: written like the store's files (durable, atomic), temp files swept, a read-only folder tolerated."""

from __future__ import annotations

import json

import pytest

from scorekeeper.app import settings
from scorekeeper.store import open_store


def test_settings_are_written_through_the_stores_atomic_write(tmp_path, monkeypatch):
    written = []
    real = settings.write_and_confirm
    monkeypatch.setattr(settings, "write_and_confirm", lambda path, data: (written.append(path), real(path, data)))
    (tmp_path / "settings.tmp").write_text("{}")  # the temp file of an older version, never swept before
    settings.save(tmp_path, {"lang": "uk"})
    assert written == [tmp_path / "settings.json"]
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {"lang": "uk"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
    assert settings.load(tmp_path)["lang"] == "uk"


def test_a_temp_file_left_by_a_crash_is_swept_when_the_store_opens(tmp_path):
    (tmp_path / ".settings.json.4242-deadbeef.tmp").write_text('{"lang": "ko"}')
    open_store(tmp_path).close()
    assert not (tmp_path / ".settings.json.4242-deadbeef.tmp").exists()


def test_a_folder_that_refuses_the_write_keeps_the_choice_for_this_run(tmp_path, monkeypatch, caplog):
    def refuse(path, data):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(settings, "write_and_confirm", refuse)
    settings.save(tmp_path, {"lang": "ko"})  # no error for the user
    assert settings.load(tmp_path)["lang"] == "ko"
    assert not (tmp_path / "settings.json").exists() and "could not save the settings" in caplog.text
    monkeypatch.undo()
    settings.save(tmp_path, {settings.LAST_MATCH: "20250612-153012-a1b2c3"})  # writable again: both stored
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {
        "lang": "ko",
        settings.LAST_MATCH: "20250612-153012-a1b2c3",
    }


# ------------------------------------------------------------------ issue 21: a damaged settings file
DAMAGED_SETTINGS = {
    "nested 100,000 deep": b"[" * 100_000,
    "not JSON": b'{"lang": "uk", ',
    "a key twice": b'{"lang": "uk", "lang": "ko"}',
    "not an object": b'["uk"]',
    "larger than a settings file": b'{"lang": "uk", "x": "' + b"y" * settings.MAX_BYTES + b'"}',
}


def _damage_cases():
    return [pytest.param(raw, id=name) for name, raw in DAMAGED_SETTINGS.items()]


@pytest.fixture
def fallback_json(monkeypatch):
    """The store's strict parser as on a phone without orjson (the standard library's json recurses)."""
    import importlib
    import sys

    from scorekeeper.rules import strict_json

    monkeypatch.setitem(sys.modules, "orjson", None)
    importlib.reload(strict_json)
    assert strict_json.backend() == "json"
    yield
    monkeypatch.undo()
    importlib.reload(strict_json)


@pytest.mark.parametrize("parser", ["orjson", "json"])
@pytest.mark.parametrize("raw", _damage_cases())
def test_a_damaged_settings_file_is_set_aside_and_the_defaults_hold(tmp_path, raw, parser, request):
    if parser == "json":
        request.getfixturevalue("fallback_json")
    (tmp_path / "settings.json").write_bytes(raw)
    assert settings.load(tmp_path)["lang"] in ("en", "uk", "ko")  # the system's: no RecursionError
    assert settings.saved_language(tmp_path) is None and settings.haptics(tmp_path) is True
    assert settings.house_rules(tmp_path, "horse-race") == {} and settings.last_match(tmp_path) is None
    [kept] = (tmp_path / "damaged").glob("settings.*.json")
    assert kept.read_bytes() == raw and not (tmp_path / "settings.json").exists()  # moved, never deleted
    assert settings.damage(tmp_path) == settings.Damage(str(kept.relative_to(tmp_path)))
    settings.save(tmp_path, {"lang": "ko"})  # a fresh file from the defaults
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {"lang": "ko"}
    assert settings.saved_language(tmp_path) == "ko"


def test_a_damaged_settings_file_in_a_folder_that_cannot_change_is_left_and_said(tmp_path, monkeypatch):
    (tmp_path / "settings.json").write_bytes(b"[" * 100_000)

    def refuse(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(settings.os, "replace", refuse)
    assert settings.haptics(tmp_path) is True and settings.load(tmp_path)["lang"] in ("en", "uk", "ko")
    assert (tmp_path / "settings.json").exists() and settings.damage(tmp_path) == settings.Damage(None)


def test_the_app_starts_says_so_and_new_match_opens(tmp_path):
    """Issue 21: every settings read raised RecursionError, the start screen said "Something went wrong"
    and New match never opened until the file was deleted by hand."""
    import asyncio

    from scorekeeper.app.navigation import Screen
    from scorekeeper.app.screens import SCREENS
    from scorekeeper.app.store_access import open_app_store
    from tests.app.hooks import hooks, text
    from tests.app.tabs import new_tab

    (tmp_path / "settings.json").write_bytes(b"[" * 100_000)
    tab = new_tab(open_app_store(tmp_path), str(tmp_path), lang="en", width=390)
    asyncio.run(tab.start())
    assert tab.shell.error is None and tab.screen == Screen.HOME
    [kept] = (tmp_path / "damaged").glob("settings.*.json")
    words = text(hooks(SCREENS[tab.screen](tab))["notice"])
    assert words == (
        f"The settings file could not be read: it was moved to {kept.relative_to(tmp_path)} and "
        "kept, and Scorekeeper uses the default settings (language, haptics, favourite house "
        "rules). Your matches are not affected."
    )
    tab.shell.lang = "uk"
    assert "Не вдалося прочитати файл налаштувань" in text(hooks(SCREENS[tab.screen](tab))["notice"])
    tab.shell.lang = "ko"
    assert "설정 파일을 읽을 수 없어" in text(hooks(SCREENS[tab.screen](tab))["notice"])
    asyncio.run(tab.go(Screen.NEW_MATCH))
    assert tab.screen == Screen.NEW_MATCH and tab.shell.error is None
