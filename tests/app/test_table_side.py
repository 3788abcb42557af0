"""Table-side usability (issue 12): what a family's first evening with the app ran into, in-process."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from scorekeeper.app.models.app import AppModel
from scorekeeper.app.navigation import Screen
from scorekeeper.rules import parse_tile

from .hooks import hooks, text
from .test_state import drive_document, new_match_state, shown

CASES = Path(__file__).resolve().parents[1] / "cases"


def run(coro):
    return asyncio.run(coro)


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def to_the_hands(st: AppModel, name: str) -> dict:
    """Play the case ``name`` through the screens up to its first round's end (the hands not entered)."""
    doc = case(name)
    new_match_state(st, doc["variant"], doc["players"], doc.get("partnerships", False))
    first = dict(doc["rounds"][0])
    hands = first.pop("hands")
    drive_document(st, doc | {"rounds": [first]})
    assert st.table.match.status == "reveal"
    return hands


# ------------------------------------------------------------------ item 10: no more tiles than a hand holds
def test_a_hand_takes_no_more_tiles_than_the_player_holds(state):
    hands = to_the_hands(state, "e61-2p-seed-layout")
    assert hands == {"0": [], "1": ["6-6"]}  # Bo holds one tile
    state.reveal.select_seat(1)
    state.reveal.pick(parse_tile("6-6"))
    screen = hooks(_table(state))
    assert text(screen["reveal-seat-1"]) == "Bo: 1 of 1 tile — 6-6"
    # the hand is full: the picker offers only Bo's own tile (to take it back)
    offered = {name for name, node in screen.items() if name.startswith("tile-") and not node.disabled}
    assert offered == {"tile-6-6"}
    state.reveal.pick(parse_tile("0-6"))  # a tap that gets through anyway is refused, nothing added
    assert state.reveal.tiles[1] == [parse_tile("6-6")]
    assert state.shell.error.code == "ui_hand_full"
    assert "Bo holds 1 tile and it is entered" in shown(state)["message"]
    state.reveal.pick(parse_tile("6-6"))  # taken back: every unseen tile is offered again
    screen = hooks(_table(state))
    assert not screen["tile-0-6"].disabled and text(screen["reveal-seat-1"]) == "Bo: 1 tile to enter"
    state.reveal.pick(parse_tile("6-6"))
    run(state.reveal.reveal())
    assert state.shell.error is None and state.table.match.status == "start-round"


def _table(st: AppModel):
    from scorekeeper.app.screens import SCREENS

    return SCREENS[st.screen](st)


# ------------------------------------------------------------------ item 7: what to deal, who leads
def test_the_round_start_says_what_to_deal_and_who_leads(state):
    new_match_state(state, "exact-61", ["Ann", "Bo", "Cy", "Di"], partnerships=True)
    screen = shown(state)
    assert screen["deal"] == (
        "Shuffle all 28 tiles face down (anyone may); each player takes 5 tiles; "
        "the other 8 stay in the stock, all drawable (S2, E2)."
    )
    assert "(S3)" in screen["who-leads"]
    state.shell.lang = "uk"
    assert shown(state)["deal"] == (
        "Перемішайте всі 28 плиток лицьовою стороною донизу (може будь-хто); "
        "кожен бере 5 плиток; решта 8 плиток — запас, усі доступні для добору (S2, E2)."
    )
    state.shell.lang = "ko"
    assert "각자 5개씩 가져갑니다; 나머지 8개는" in shown(state)["deal"]


def test_horse_race_deals_by_the_number_of_players(state):
    new_match_state(state, "horse-race", ["Ann", "Bo", "Cy"])
    assert "each player takes 6 tiles; the other 10 stay in the stock" in shown(state)["deal"]
    assert shown(state)["deal"].endswith("(S2, H2).")


def test_fives_and_threes_deal_says_nobody_draws(state):
    """F2 (R3 ``all``): the tiles left after the deal are out of play, so the deal line never calls them drawable."""
    new_match_state(state, "fives-and-threes", ["Ann", "Bo"])
    assert shown(state)["deal"] == (
        "Shuffle all 28 tiles face down (anyone may); each player takes 7 tiles; "
        "the other 14 are set aside, out of play: nobody draws (S2, F2)."
    )
    state.shell.lang = "uk"
    assert "решту 14 плиток відкладіть, вони не в грі: ніхто не добирає (S2, F2)." in shown(state)["deal"]
    state.shell.lang = "ko"
    assert "나머지 14개는 따로 치워 두며 게임에 쓰지 않습니다: 아무도 뽑지 않습니다 (S2, F2)." in shown(state)["deal"]


def test_a_house_reserve_is_named_in_the_deal(state):
    run(state.go(Screen.NEW_MATCH))
    state.setup.set_form(variant="horse-race", count=2)
    run(state.setup.set_house("reserve", 2))
    state.setup.set_name(0, "Ann")
    state.setup.set_name(1, "Bo")
    run(state.setup.create())
    assert state.shell.error is None
    assert shown(state)["deal"].endswith(
        "each player takes 7 tiles; the other 14 stay in the stock; the last 2 are never drawn (S2, H2, R3)."
    )


def test_after_a_blocked_round_a_lot_chooses_the_leader(state):
    doc = case("hr-4i-block-4-4-4-14")
    new_match_state(state, doc["variant"], doc["players"])
    drive_document(state, doc | {"rounds": doc["rounds"][:1]})
    screen = shown(state)
    assert state.table.match.required_starter is None and "start-round" not in screen
    assert screen["who-leads"].startswith("The last round was blocked, so a neutral lot chooses who leads (S10)")
    assert "each player takes 5 tiles; the other 8 stay" in screen["deal"]


def test_after_a_domino_the_one_who_went_out_leads(state):
    doc = case("hr-2p-seed-layout")
    new_match_state(state, doc["variant"], doc["players"])
    drive_document(state, doc | {"rounds": doc["rounds"][:1]})
    screen = shown(state)
    assert screen["start-round"] == "Start: Bo leads" and "who-leads" not in screen
    assert "each player takes 7 tiles; the other 14 stay in the stock" in screen["deal"]


# ------------------------------------------------------------------ item 2: a blocked Exact 61 round, told whole
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_a_blocked_exact_61_round_shows_each_hand_each_difference_the_rounding_and_the_winner(state):
    """Ann & Cy against Bo & Di; the hands left are Ann 56, Bo 27, Cy 7, Di 6 (E7, by hand):
    Di 6: Ann 56 − 6 = 50, Cy 7 − 6 = 1, 51 → 50 → +10 Bo & Di; Cy 7: Bo 27 − 7 = 20 → +4 Ann & Cy
    (Di's 6 is smaller); Bo 27: Ann 56 − 27 = 29 → 30 → +6 Bo & Di; Ann's 56 is larger than all: nothing.
    Di holds the lowest hand: Bo & Di win the round (E8). Shown on the table, not only in the review."""
    doc = json.loads((FIXTURES / "e61-pairs-block-won.json").read_text())
    new_match_state(state, doc["variant"], doc["players"], doc["partnerships"])
    drive_document(state, doc)
    assert state.table.match.status == "start-round" and state.table.match.points == [24, 32]
    lines = _settlement_lines(state)
    assert lines == [
        "End of round 4",
        "Hands left, lowest first: Di 6, Cy 7, Bo 27, Ann 56 (E7)",
        "Di's hand 6 against the larger opponent hands: Ann 56 − 6 = 50, Cy 7 − 6 = 1; 50 + 1 = 51, "
        "rounded to 50 → +10 Bo & Di",
        "Cy's hand 7 against the larger opponent hands: Bo 27 − 7 = 20, rounded to 20 → +4 Ann & Cy",
        "Bo's hand 27 against the larger opponent hands: Ann 56 − 27 = 29, rounded to 30 → +6 Bo & Di",
        "Round won by Bo & Di: Di holds the lowest hand, 6 (E8)",
    ]
    state.shell.lang = "uk"
    uk = _settlement_lines(state)
    assert uk[1] == "Залишки на руках, від найменшого: Di 6, Cy 7, Bo 27, Ann 56 (E7)"
    assert uk[2] == (
        "Di — рука 6 проти більших рук суперників: Ann 56 − 6 = 50, Cy 7 − 6 = 1; 50 + 1 = 51, "
        "округлено до 50 → +10 Bo & Di"
    )
    assert uk[-1] == "Перемога в раунді: Bo & Di; найменша рука, 6, у Di (E8)"
    state.shell.lang = "ko"
    ko = _settlement_lines(state)
    assert ko[3] == "Cy의 손패 7, 더 큰 상대 손패와 비교: Bo 27 − 7 = 20, 20(으)로 반올림 → Ann & Cy +4"
    assert ko[-1] == "라운드 승리: Bo & Di; Di의 손패가 최저 6 (E8)"


def test_a_drawn_block_names_the_opponents_sharing_the_lowest_hand(state):
    """e61-3p-block-tie, round 3: Ann 12, Bo 3, Cy 3 (Cy started): Cy's 9 → 10 would pass 61 and is rejected
    (E3), Bo's 9 → 10 stands; the lowest hand is shared by opponents: a draw (E8)."""
    doc = case("e61-3p-block-tie")
    new_match_state(state, doc["variant"], doc["players"])
    drive_document(state, doc)
    lines = _settlement_lines(state)
    assert lines[1] == "Hands left, lowest first: Cy 3, Bo 3, Ann 12 (E7)"
    assert lines[2].startswith("Cy's hand 3 against the larger opponent hands: Ann 12 − 3 = 9, rounded to 10 → +2 Cy")
    assert "rejected" in lines[2]
    assert lines[-1] == "Round drawn: opponents Bo & Cy share the lowest hand, 3 (E8)"


def _settlement_lines(st: AppModel) -> list[str]:
    import flet as ft

    from .hooks import walk

    def words(node: ft.Text) -> str:  # a text with links (rule ids) is made of spans
        return node.value or "".join(span.text or "" for span in node.spans or [])

    # a name and its number never part (no-break space); Korean words are kept whole (word joiners, invisible)
    return [
        words(node).replace("\xa0", " ").replace("\u2060", "")
        for node in walk(hooks(_table(st))["settlement"])
        if isinstance(node, ft.Text)
    ]


# ------------------------------------------------------------------ item 4: the picker by suit
def _picker_rows(st: AppModel) -> list[list[str]]:
    """The picker's rows as the tiles' names, in their places (a tile on the table leaves its slot)."""
    import flet as ft

    from .hooks import walk

    screen = _table(st)
    rows = []
    for node in walk(screen):
        if isinstance(node, ft.Row):
            names = []
            for place in node.controls:
                key = str(place.key or "")
                if isinstance(place, ft.Semantics) and (place.identifier or "").startswith("tile-"):
                    names.append(place.identifier.removeprefix("tile-"))
                elif key.startswith("slot-"):
                    names.append(key.removeprefix("slot-"))
            if names:
                rows.append(names)
    return rows


def _suit(value: int) -> list[str]:
    return [f"{value}-{other}" for other in range(value, 7)]


def test_the_picker_lays_the_tiles_out_by_suit(state):
    """A phone: the triangle folded into four rows of seven, each row starting with a double and no suit
    split (0-0…0-6 / 1-1…1-6 | 6-6 / 2-2…2-6 | 5-5 5-6 / 3-3…3-6 | 4-4 4-5 4-6); a wide window: the
    triangle, seven rows, bigger tiles. Tiles on the table keep their empty places."""
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((1, 4))
    run(state.entry.play())
    assert _picker_rows(state) == [_suit(0), _suit(1) + _suit(6), _suit(2) + _suit(5), _suit(3) + _suit(4)]
    state.shell.width = 1280
    assert _picker_rows(state) == [_suit(value) for value in range(7)]


def test_picker_tiles_are_finger_sized_and_grow_on_a_desktop():
    from scorekeeper.app.parts.tile_picker import TAP_HEIGHT, _pad_y, picker_cell

    for width in (320, 340, 360, 375, 390, 430):  # phones: seven tiles, their gaps and a suit gap fit
        cell = picker_cell(width)
        assert cell + 2 * _pad_y(cell, 0) >= TAP_HEIGHT
        assert 7 * (2 * cell + 8) + 6 * 3 + 7 <= width - 20, width
        if width >= 360:  # 44 px wide too from the common phone widths up
            assert 2 * cell + 8 >= 44, width
    assert picker_cell(390) == 19 and picker_cell(1280) == 30 and picker_cell(900) == 20
    for width in (900, 1024, 1280, 1920):  # the table's right column holds the triangle's widest row
        assert 7 * (2 * picker_cell(width) + 8) + 6 * 3 <= 0.42 * width - 14, width


def _texts(control) -> list[str]:
    """Every text value under ``control`` (a Row/Column tree)."""
    found = [control.value] if isinstance(getattr(control, "value", None), str) else []
    for child in getattr(control, "controls", None) or []:
        found += _texts(child)
    content = getattr(control, "content", None)
    if content is not None and not isinstance(content, str):
        found += _texts(content)
    return found


def test_the_header_names_the_round_the_start_card_names(state):
    """After a round is settled, the header and the round's start card both name the next round."""
    from scorekeeper.app.parts.page import match_header

    def title() -> str:
        return next(
            words for words in _texts(match_header(state.shell.t, state.table.shown, lambda _: None)) if "·" in words
        )

    doc = case("hr-2p-seed-layout")
    new_match_state(state, doc["variant"], doc["players"])
    assert title() == "Horse Race · Round 1"  # before the first round, as its card
    drive_document(state, doc | {"rounds": doc["rounds"][:1]})
    assert state.table.match.status == "start-round"
    assert title() == "Horse Race · Round 2"
    assert any(words == "Round 2" for words in _texts(_table(state)))  # the start card's title


def test_a_double_that_is_no_spinner_has_ends_not_lines(state):
    """Fives and Threes (R9 ``none``): a double is crosswise with two ends, so its open spot is no "line B"."""
    new_match_state(state, "fives-and-threes", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile(parse_tile("5-5"))
    run(state.entry.play())
    assert state.shell.error is None
    state.entry.pick_tile(parse_tile("2-5"))
    state.entry.pick_spot(((5, 5), "line-b"))
    assert shown(state)["selection"].startswith("2-5 at 5-5 (other end)")
    state.shell.lang = "uk"
    assert "5-5 (інший кінець)" in shown(state)["selection"]
    state.shell.lang = "ko"
    assert "5-5 (다른 쪽 끝)" in shown(state)["selection"]


def test_a_spinner_double_keeps_its_lines(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile(parse_tile("5-5"))
    run(state.entry.play())
    state.entry.pick_tile(parse_tile("2-5"))
    state.entry.pick_spot(((5, 5), "line-b"))
    assert "5-5 (line B)" in shown(state)["selection"]
