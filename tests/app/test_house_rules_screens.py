"""House rules on every screen of a match, in real Flet sessions (tests/app/live.py): the table, the match
end and the review say the same house-rules line, each rule id a link to its rule; a match without house
rules has no such line; a new match, a resume or a phone's link starts with the score sheet closed."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import flet as ft

from scorekeeper.app.navigation import Screen
from scorekeeper.app.store_access import open_app_store
from scorekeeper.rules import Play, StartRound, parse_spot

from .hooks import walk
from .live import Live

CASES = Path(__file__).resolve().parents[1] / "cases"
LINE = {  # R7 target 4 (docs/house-rules.md), as the table says it in each language
    "en": "House rules: R7 Target: 4 points",
    "uk": "Домашні правила: R7 Мета: 4 бали",
    "ko": "하우스 규칙: R7 목표: 4점",
}


def target_4(store) -> str:
    """A stored Horse Race, Ann v Bo, with R7 target 4: Ann's 5-5 lead (10: 2 points); 0-5 on its line
    (10: 2 more, :data:`FINISH`) reaches it."""
    match_id = store.create_match("horse-race", ["Ann", "Bo"], False, {"target": 4})
    for action in (StartRound(0), Play(0, (5, 5))):
        store.record(match_id, action)
    return match_id


FINISH = Play(0, (0, 5), parse_spot("5-5:line-a"))


def test_the_match_end_and_the_review_say_the_tables_house_rules_line_with_its_links(tmp_path):
    async def scenario():
        store = open_app_store(tmp_path)
        match_id = target_4(store)
        live = await Live.open(store, tmp_path, route=f"/table/{match_id}")
        state = live.state
        assert state.screen == Screen.TABLE and not state.table.match.finished
        assert live.texts()["house-rules-on"] == LINE["en"]  # the table's line (its table_header)
        store.record(match_id, FINISH)
        await state.table.reload()
        await live.settle()
        assert state.table.match.finished
        said = {}
        for lang in ("en", "uk", "ko"):
            await state.set_language(lang)
            await live.settle()
            said[lang] = live.texts()["house-rules-on"]
        assert said == LINE
        await state.set_language("en")
        await live.settle()
        assert "winners" in live.texts()  # the match end, not the table
        await live.tap("house-rules-on")  # the rule id is a link
        assert state.screen == Screen.RULES and state.rules.focus == "R7"
        await state.go(Screen.TABLE)
        await live.settle()
        await live.tap("review")
        assert state.screen == Screen.REVIEW
        assert live.texts()["house-rules-on"] == LINE["en"]
        await live.tap("review-prev-round")  # every step: the match plays them from its start
        assert live.texts()["house-rules-on"] == LINE["en"]
        await live.tap("house-rules-on")
        assert state.screen == Screen.RULES and state.rules.focus == "R7"

    asyncio.run(scenario())


def test_a_match_without_house_rules_says_none_at_its_end_or_in_its_review(tmp_path):
    async def scenario():
        store = open_app_store(tmp_path)
        [match_id] = store.import_documents([json.loads((CASES / "hr-2p-instant-win-62.json").read_text())])
        live = await Live.open(store, tmp_path, route=f"/table/{match_id}")
        state = live.state
        assert state.table.match.finished and "winners" in live.texts()
        assert "house-rules-on" not in live.texts()
        await live.tap("review")
        assert state.screen == Screen.REVIEW and "review-move" in live.texts()
        assert "house-rules-on" not in live.texts()

    asyncio.run(scenario())


def hook_names(live: Live) -> set[str]:
    """The hooks shown (the whole sheet repeats the strip's entry hooks: no ``texts()`` while it is open)."""
    return {node.identifier for node in walk(live.root) if isinstance(node, ft.Semantics) and node.identifier}


def test_another_match_opens_with_the_score_sheet_closed(tmp_path):
    """The whole sheet opened at one table takes the entry's place there; a new match, a match resumed
    from the start screen and one opened by a link (a phone's) each start as a fresh table: the deal and
    "Who leads?", not the sheet left open at the table before."""

    async def scenario():
        store = open_app_store(tmp_path)
        first = target_4(store)  # Ann led 5-5
        live = await Live.open(store, tmp_path)  # resumes it
        state = live.state
        assert state.table.match_id == first

        async def open_the_sheet():
            await live.tap("sheet-open")
            assert state.correction.sheet_open

        async def fresh(match_id: str):
            assert state.screen == Screen.TABLE and state.table.match_id == match_id
            assert not state.correction.sheet_open
            return live.texts()

        await open_the_sheet()
        await state.go(Screen.NEW_MATCH)  # a new match
        await live.settle()
        await live.tap("create-match")
        second = state.table.match_id
        assert second != first
        texts = await fresh(second)
        assert {"deal", "who-leads"} <= set(texts)
        await open_the_sheet()
        assert {"who-leads", "score-sheet"} <= hook_names(live)  # the start stays over the sheet (issue 21)
        await state.go(Screen.HOME)
        await live.settle()
        resume = next(name for name, words in live.texts().items() if name.startswith("resume-") and "Ann" in words)
        await live.tap(resume)  # the first match, resumed
        texts = await fresh(first)
        assert texts["turn"] == "Ann continues: the double 5-5" and "selection" in texts  # its move entry
        await open_the_sheet()
        await live.echo()  # the client has the routes the tab pushed
        await live.route_change(f"/table/{second}")  # a link to the second (a phone's), opened in this tab
        texts = await fresh(second)
        assert {"deal", "who-leads"} <= set(texts)

    asyncio.run(scenario())


def test_r8_is_offered_only_in_partnerships_and_the_favourite_set_keeps_it(tmp_path):
    """R8 (the partner's pips) counts a partner's hand at a domino: offered at four in partnerships only,
    never recorded for a match without partners (the engine would count no partner's pips); the set
    chosen stays whole while the count changes, and is the favourite offered at the next four."""

    async def scenario():
        store = open_app_store(tmp_path)
        live = await Live.open(store, tmp_path)
        state, form = live.state, live.state.setup
        await state.go(Screen.NEW_MATCH)
        await live.settle()
        await live.tap("house-rules")  # unfold the section
        assert form.count == 2 and "house-reserve-2" in live.texts()
        assert not {"house-partner_pips-subtracted", "house-rule-partner_pips"} & set(live.texts())
        await live.tap("players-4")
        assert not form.partnerships and "house-partner_pips-subtracted" not in live.texts()  # four, each alone
        form.set_form(partnerships=True)
        await live.settle()
        await live.tap("house-partner_pips-subtracted")
        await live.tap("house-reserve-2")
        assert form.house == {"reserve": 2, "partner_pips": "subtracted"}
        assert live.texts()["house-rules"] == (
            "House rules: R3 Boneyard reserve: the last 2 tiles stay; "
            "R8 Partner's pips at a domino: rounded and subtracted (E6)"
        )
        await live.tap("players-2")  # no partners: R8 neither offered, said nor recorded
        assert "house-partner_pips-subtracted" not in live.texts()
        assert live.texts()["house-rules"] == "House rules: R3 Boneyard reserve: the last 2 tiles stay"
        await live.tap("create-match")
        match_id = state.table.match_id
        assert state.table.match.house_rules == {"reserve": 2}
        assert store.export_document(match_id)["house_rules"] == {"reserve": 2}
        assert live.texts()["house-rules-on"] == "House rules: R3 Boneyard reserve: the last 2 tiles stay"
        await state.go(Screen.NEW_MATCH)  # the favourite set, whole: R8 back at four in partnerships
        await live.settle()
        await live.tap("players-4")
        form.set_form(partnerships=True)
        await live.settle()
        assert "R8 Partner's pips at a domino: rounded and subtracted (E6)" in live.texts()["house-rules"]
        for seat, name in enumerate(["Ann", "Bo", "Cy", "Di"]):
            form.set_name(seat, name)
        await live.tap("create-match")
        assert state.table.match.house_rules == {"reserve": 2, "partner_pips": "subtracted"}

    asyncio.run(scenario())


R1_NAME = {"en": "Stuck while continuing", "uk": "Продовження без ходу", "ko": "이어가다 막히면"}
R1_OLD = {"en": "Continuation that stops", "uk": "Продовження, що зупиняється", "ko": "멈추는 이어가기"}


def test_r1_has_one_name_on_the_form_and_on_the_rules_screen(tmp_path):
    """A tester read R1 as "Stuck while continuing" on the form and "Continuation that stops" on the
    Rules screen its info button opens: one name in each language, the form's."""

    async def scenario():
        live = await Live.open(open_app_store(tmp_path), tmp_path)
        state = live.state
        for lang in ("en", "uk", "ko"):
            await state.set_language(lang)
            await state.go(Screen.NEW_MATCH)
            await live.settle()
            if not state.setup.house_open:
                await live.tap("house-rules")
            await live.tap("house-continuation-stop")
            fold = live.texts()["house-rules"]
            assert f"R1 {R1_NAME[lang]}: " in fold
            await live.tap("house-rule-continuation")  # its rule, on the Rules screen
            assert state.screen == Screen.RULES and state.rules.focus == "R1"
            rule = live.texts()["rule-R1"]
            assert rule.startswith(f"R1 · {R1_NAME[lang]} ") and R1_OLD[lang] not in rule, rule
            await state.setup.set_house("continuation", "draw")

    asyncio.run(scenario())
