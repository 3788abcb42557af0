"""settings.json: written like the store's files (durable, atomic), temp files swept, a read-only folder tolerated."""

from __future__ import annotations

import json

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
        "lang": "ko", settings.LAST_MATCH: "20250612-153012-a1b2c3"}
