"""A refusal, a failed write and a damaged file are said in the user's language, never in English words."""

from __future__ import annotations

import errno

from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from tests.app.tabs import tab

from .test_state import new_match_state, run, shown

LATIN_WORD = r"[A-Za-z]{3,}"


def test_a_name_that_is_not_one_line_is_refused_in_the_users_language(tmp_path):
    st = tab(tmp_path)
    run(st.set_language("uk"))
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_name(0, "Ann\tLee")
    st.setup.set_name(1, "Bo")
    run(st.setup.create())
    assert st.shell.error.code == "name_character" and st.screen == Screen.NEW_MATCH
    assert shown(st)["message"] == (
        'Ім\'я "Ann<U+0009>Lee" містить U+0009: в імені не може бути невидимих, '
        "керівних чи приватних символів; вилучіть його"
    )


def test_a_write_that_fails_is_said_in_the_users_language(tmp_path, monkeypatch):
    from scorekeeper.store.matchfile import MatchLog

    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.set_language("ko"))

    def disk_full(self, events):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(MatchLog, "append", disk_full)
    run(st.table.start_round(0))
    assert st.shell.error.code == "save_failed" and st.shell.error.params["reason"] == "No space left on device"
    assert st.shell.error.params["cause"] == "ENOSPC"  # the system's words are English: said from the errno name
    assert shown(st)["message"] == (
        "데이터 폴더에 쓰지 못했습니다 (디스크 공간 부족): 아무것도 기록되지 "
        "않았습니다 — 남은 공간과 폴더를 확인한 뒤 다시 시도하세요"
    )

    def too_many_files(self, events):  # an errno the catalog has no words for: its name, not English
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(MatchLog, "append", too_many_files)
    run(st.set_language("uk"))
    run(st.table.start_round(0))
    assert shown(st)["message"] == (
        "Не вдалося записати в теку даних (системна помилка EMFILE): нічого не "
        "записано — перевірте вільне місце й теку, тоді спробуйте ще раз"
    )
    monkeypatch.undo()
    assert list(st.services.store.actions(st.table.match_id)) == []  # nothing recorded, as the message says


def test_a_file_that_is_not_json_and_a_damaged_match_are_said_in_the_users_language(tmp_path):
    import re

    from scorekeeper.app.files import PickedFile
    from scorekeeper.app.screens import history

    from .hooks import hooks, text
    from .test_history import import_cases

    st = tab(tmp_path)
    import_cases(st, "hr-2p-seed-layout")
    run(st.set_language("uk"))
    run(st.go(Screen.HISTORY))
    run(st.transfer.import_picked([PickedFile("cut.json", b'{"format": "scorekeeper-match/1",\n "players": [')]))
    assert st.shell.notice.error.code == "not_json_at" and st.shell.notice.error.params == {"line": 2, "column": 14}
    words = shown(st)["notice"]
    assert "(рядок 2, позиція 14)" in words and not re.search(
        LATIN_WORD, words.replace("cut.json", "").replace("JSON", "")
    )
    match_id = st.history.items[0].id
    st.services.store.close()
    (tmp_path / "matches" / f"{match_id}.json").write_text('{"events": {"1": {')  # cut off
    st.services.store = open_app_store(tmp_path)
    run(st.go(Screen.HISTORY))
    row = text(hooks(history.view(st))[f"history-item-{match_id}"])
    status = row.split("\n")[-1] if "\n" in row else row
    assert "Пошкоджено: її файл не вдалося прочитати, його відкладено в теку damaged/" in status
    assert "could not be read" not in row
    run(st.table.open_match(match_id))  # opened from elsewhere (e.g. a stale link): the store's error, translated
    assert st.shell.error.code == "match_damaged"
    assert shown(st)["message"].startswith(f"Партію {match_id} не вдалося прочитати")
