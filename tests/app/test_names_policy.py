"""Issue 21, "Names without bounds", in the app (in-process): the new-match form, the table's Names panel
and the import hold names to the one policy (scorekeeper/rules/names.py), each refusal in the user's
language, nothing written."""

from __future__ import annotations

import json

import pytest

from scorekeeper.app import files
from scorekeeper.app.navigation import Screen
from scorekeeper.app.screens import history
from scorekeeper.app.store_access import open_app_store
from tests.app.hooks import hooks, text
from tests.app.tabs import new_tab

from .test_state import new_match_state, run, shown

# The examples as typed into two seats, with the code that refuses them
EXAMPLES = [
    (["\u200b", "Bo"], "name_character"),
    (["\ufeff", "Bo"], "name_character"),
    (["\u3164", "Bo"], "name_character"),
    (["\u0301", "Bo"], "name_blank"),
    (["Ann", "Ann\u200b"], "name_character"),
    (["Ann\u202e", "Bo"], "name_character"),
    (["A" * 1_000_000, "Bo"], "name_too_long"),
    (["Ann", "ann"], "same_names"),
    (["Ann", "Ａｎｎ"], "same_names"),
]


def tab(tmp_path, lang: str = "en"):
    st = new_tab(open_app_store(tmp_path), str(tmp_path), width=390)
    run(st.start())
    run(st.set_language(lang))
    return st


@pytest.mark.parametrize(("names", "code"), EXAMPLES)
def test_the_new_match_form_refuses_each_example_and_creates_nothing(tmp_path, names, code):
    st = tab(tmp_path)
    run(st.go(Screen.NEW_MATCH))
    for seat, name in enumerate(names):
        st.setup.set_name(seat, name)
    run(st.setup.create())
    assert st.shell.error is not None and st.shell.error.code == code and st.screen == Screen.NEW_MATCH
    message = shown(st)["message"]
    assert len(message) < 250  # a 1,000,000-character name is quoted short
    assert st.services.store.list_matches() == []


@pytest.mark.parametrize(
    ("lang", "name", "words"),
    [
        (
            "en",
            "Ann\u200b",
            'The name "Ann<U+200B>" holds U+200B ZERO WIDTH SPACE: a name cannot hold invisible, '
            "control or private-use characters; remove it",
        ),
        (
            "uk",
            "Ann\u200b",
            'Ім\'я "Ann<U+200B>" містить U+200B ZERO WIDTH SPACE: в імені не може бути невидимих, '
            "керівних чи приватних символів; вилучіть його",
        ),
        (
            "ko",
            "Ann\u200b",
            '이름 "Ann<U+200B>"에 U+200B ZERO WIDTH SPACE이(가) 들어 있습니다: 이름에는 보이지 않는 문자, '
            "제어 문자, 사용자 정의 문자를 쓸 수 없으니 지워 주세요",
        ),
        ("en", "x" * 41, 'A player\'s name has at most 40 characters; "xxxxxxxxxxxxxxxxxxxx…" is longer: shorten it'),
        (
            "uk",
            "x" * 41,
            "Ім'я гравця має щонайбільше 40 символів; ім'я \"xxxxxxxxxxxxxxxxxxxx…\" довше: скоротіть його",
        ),
        ("ko", "x" * 41, '참가자 이름은 40자까지 쓸 수 있습니다: "xxxxxxxxxxxxxxxxxxxx…"을(를) 줄여 주세요'),
        ("en", "\u0301", 'A player\'s name needs a visible character, and "<U+0301>" has none: type the name'),
        (
            "uk",
            "\u0301",
            "Ім'я гравця має містити хоч один видимий символ, а ім'я \"<U+0301>\" не має жодного: введіть ім'я",
        ),
        (
            "ko",
            "\u0301",
            '참가자 이름에는 보이는 글자가 하나 이상 있어야 하는데 "<U+0301>"에는 없습니다: 이름을 입력하세요',
        ),
        ("uk", "bo", 'Двоє гравців мають однакове ім\'я "Bo": дайте кожному інше'),
        ("ko", "bo", '두 참가자의 이름이 모두 "Bo"입니다: 서로 다른 이름을 주세요'),
    ],
)
def test_a_refused_name_is_said_in_the_users_language(tmp_path, lang, name, words):
    st = tab(tmp_path, lang)
    run(st.go(Screen.NEW_MATCH))
    st.setup.set_name(0, "Bo")
    st.setup.set_name(1, name)
    run(st.setup.create())
    assert shown(st)["message"] == words


def test_the_form_keeps_the_name_normalised(tmp_path):
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["  Ann   Lee ", "Zoe\u0308"])
    assert st.shell.error is None and st.table.match.players == ["Ann Lee", "Zoë"]


def test_the_fields_take_a_name_of_the_policys_length(tmp_path):
    """The field stops where the policy does (40 characters), so what can be typed can be saved."""
    from scorekeeper.app.models.setup import MAX_NAME
    from scorekeeper.rules.names import MAX_NAME_LENGTH

    assert MAX_NAME == MAX_NAME_LENGTH == 40
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["👩\u200d💻" * 40, "x" * 40])  # 40 characters each (120 and 40 code points)
    assert st.shell.error is None and st.table.match.players == ["👩\u200d💻" * 40, "x" * 40]


@pytest.mark.parametrize(("names", "code"), EXAMPLES)
def test_the_names_panel_refuses_each_example_and_writes_nothing(tmp_path, names, code):
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Cy", "Di"])
    match_id = st.table.match_id
    version = st.services.store.version(match_id)
    st.names.start()
    for seat, name in enumerate(names):
        st.names.set_name(seat, name)
    run(st.names.save())
    assert st.shell.error is not None and st.shell.error.code == code
    assert len(shown(st)["message"]) < 250 and st.names.open  # the panel stays, with what was typed
    assert st.services.store.version(match_id) == version
    assert st.services.store.summary(match_id).players == ("Cy", "Di")


def test_the_names_panel_sees_a_name_typed_with_spaces_as_unchanged(tmp_path):
    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann Lee", "Bo"])
    match_id = st.table.match_id
    version = st.services.store.version(match_id)
    st.names.start()
    st.names.set_name(0, " Ann  Lee ")
    run(st.names.save())
    assert not st.names.open and st.shell.error is None and st.services.store.version(match_id) == version


def doc(players: list[str]) -> dict:
    return {"format": "scorekeeper-match/1", "variant": "horse-race", "players": players, "rounds": []}


@pytest.mark.parametrize(("names", "code"), EXAMPLES)
def test_an_import_refuses_each_example_naming_the_field(tmp_path, names, code):
    st = tab(tmp_path)
    run(st.go(Screen.HISTORY))
    picked = files.PickedFile("match.json", json.dumps(doc(names)).encode())
    run(st.transfer.import_picked([picked]))
    words = text(hooks(history.view(st))["notice"])
    assert not st.shell.notice.ok and st.shell.notice.error.params["fault"] == code
    assert words.startswith('match.json refused, nothing imported: the match record is damaged: "players"')
    assert len(words) < 300
    assert st.services.store.list_matches() == []


def test_an_import_refusal_is_said_in_the_users_language(tmp_path):
    st = tab(tmp_path, "uk")
    run(st.go(Screen.HISTORY))
    run(st.transfer.import_picked([files.PickedFile("match.json", json.dumps(doc(["Ann", "\u3164"])).encode())]))
    words = text(hooks(history.view(st))["notice"])
    assert '"players", ім\'я 2: ім\'я "<U+3164>" містить U+3164 HANGUL FILLER: в імені не може бути' in words
