"""On a 390 x 844 phone nothing a player must tap next is below the fold, and it does not move (issue 21).

The round's end with four long names (every hand to enter), the fix panel and the notice a fix leaves, the
draw question: each control's box must lie inside the viewport. The matches are imported into the data
folder before the server starts (a module's own server), each test opening its own.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("playwright", reason="playwright is not installed (pip install -e '.[test]')")

from playwright.sync_api import expect  # noqa: E402

from scorekeeper.app import settings  # noqa: E402
from tests.served import ServedApp  # noqa: E402

from .conftest import PHONE, UI, _require_browser, open_ui  # noqa: E402

CASES = Path(__file__).resolve().parent.parent / "cases"
LONG = ["Олександра", "Bohdan", "Кирило", "Maria"]


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def seeded() -> dict[str, dict]:
    """The matches each test opens, by name (each its own, the names make them distinct)."""
    docs = {}
    for lang in ("en", "uk", "ko"):
        blocked = case("hr-4i-block-4-4-4-14")  # blocked: four hands to enter
        blocked["rounds"][0].pop("hands")
        docs[f"reveal-{lang}"] = blocked | {"players": [f"{name}{lang}" for name in LONG]}
    for lang in ("en", "uk"):
        seed = case("hr-2p-seed-layout")  # Bo went out: Ann's hand to enter; fixes three moves back
        seed["rounds"][0].pop("hands")
        docs[f"fix-{lang}"] = seed | {"players": [f"Ann{lang}", f"Bo{lang}"]}
    for lang in ("en", "ko"):
        middle = case("hr-4i-block-4-4-4-14")
        middle["rounds"][0]["moves"] = middle["rounds"][0]["moves"][:8]  # Cy to play: 5 in the stock
        middle["rounds"][0].pop("hands")
        docs[f"draw-{lang}"] = middle | {"players": [f"{name}{lang}" for name in LONG]}
    between = case("hr-2p-seed-layout")
    between["rounds"] = between["rounds"][:1]  # round 1 settled: "Start: Bo leads"
    docs["between"] = between | {"players": ["Zoe", "Bo"]}
    return docs


@pytest.fixture(scope="module")
def fold_server():
    """A server on a data folder holding :func:`seeded`'s matches: yields ``(url, {name: match id})``."""
    _require_browser()
    from scorekeeper.store import open_store

    folder = tempfile.mkdtemp(prefix="scorekeeper-fold-")
    settings.save(folder, {settings.LANG: "en"})
    docs = seeded()
    store = open_store(folder)
    try:
        ids = dict(zip(docs, store.import_documents(list(docs.values())), strict=True))
    finally:
        store.close()
    running = ServedApp(folder)
    yield running.url, ids
    running.stop()


def opened(browser, fold_server, name: str, lang: str = "en") -> UI:
    """A phone's page on match ``name``'s table, in ``lang`` (the host's setting: set at every open)."""
    url, ids = fold_server
    ui = open_ui(browser, f"{url}table/{ids[name]}")
    ui.tap("settings")
    ui.tap(f"lang-{lang}")
    ui.tap("back")
    expect(ui.hook("score-0")).to_be_visible(timeout=10_000)
    return ui


def boxes(ui: UI, prefix: str = "", names: tuple[str, ...] = ()) -> dict[str, dict]:
    """The boxes of the hooks named, and of every hook starting with ``prefix``, in CSS px."""
    found = ui.page.evaluate(
        """([prefix, names]) => Object.fromEntries(
        [...document.querySelectorAll('[flt-semantics-identifier]')]
            .map(el => [el.getAttribute('flt-semantics-identifier'), el.getBoundingClientRect()])
            .filter(([id]) => (prefix && id.startsWith(prefix)) || names.includes(id))
            .map(([id, b]) => [id, {x: b.x, y: b.y, width: b.width, height: b.height}]))""",
        [prefix, list(names)],
    )
    missing = [name for name in names if name not in found]
    assert not missing, f"not on the page: {missing}"
    return found


def steady(ui: UI, name: str) -> None:
    """Wait until the layout has settled (the picture takes the room the rest leaves a round trip later)."""
    ui.settle(ui.hook(name), quiet_ms=400, timeout_ms=5_000)


def assert_in_view(ui: UI, names: tuple[str, ...], prefix: str = "") -> dict[str, dict]:
    """Every hook named (and each starting with ``prefix``) lies whole inside the 390 x 844 viewport."""
    found = boxes(ui, prefix, names)
    outside = {
        name: b
        for name, b in found.items()
        if b["y"] < 0
        or b["y"] + b["height"] > PHONE["height"] + 0.5
        or b["x"] < 0
        or b["x"] + b["width"] > PHONE["width"] + 0.5
        or b["height"] < 15
    }
    assert not outside, f"below the fold or cut: {outside}"
    return found


@pytest.mark.parametrize("lang", ["en", "uk", "ko"])
def test_at_a_rounds_end_every_hand_the_picker_and_settle_are_in_view(browser, fold_server, lang):
    """A blocked round, four long names, every hand to enter: the seats, all the tiles off the table, the
    pip total, Settle and Undo in view (the last picker row and Settle were below the fold)."""
    ui = opened(browser, fold_server, f"reveal-{lang}", lang)
    try:
        expect(ui.hook("confirm")).to_be_visible(timeout=10_000)
        steady(ui, "confirm")
        names = (
            "round-end",
            "reveal-seat-0",
            "reveal-seat-1",
            "reveal-seat-2",
            "reveal-seat-3",
            "pips-0",
            "confirm",
            "undo",
            "score-3",
        )
        before = assert_in_view(ui, names, prefix="tile-")
        assert len([name for name in before if name.startswith("tile-")]) == 28 - 22  # all off the table
        ui.tap("tile-0-1")  # Олександра's first tile: the panel's words change, nothing moves
        expect(ui.hook("reveal-seat-0")).to_contain_text("0-1", timeout=10_000)
        steady(ui, "confirm")
        after = assert_in_view(ui, names, prefix="tile-")
        assert {name: round(b["y"]) for name, b in after.items() if name != "reveal-seat-0"} == {
            name: round(b["y"]) for name, b in before.items() if name != "reveal-seat-0"
        }
    finally:
        ui.page.context.close()


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_fix_panel_and_the_notice_it_leaves_keep_the_picker_in_view(browser, fold_server, lang):
    """The fix of move 10 (Bo's 1-3, tapped on the picture): its kinds, Save, Cancel and the whole picker
    in view; once saved, its notice takes the news line and the round's end (the hands, Settle) stays in
    view under it (a fix notice pushed the picker off the screen).

    Not from the whole sheet: its entry 10 is below the fold, Playwright scrolls the page to click it, and
    Flutter's accessibility tree keeps that scroll in its boxes after the fix panel has made the page short
    again (the screen itself shows the top)."""
    ui = opened(browser, fold_server, f"fix-{lang}", lang)
    try:
        ui.tap("placed-1-3")
        expect(ui.hook("fix-panel")).to_be_visible(timeout=10_000)
        ui.tap("spot-3-4-low")
        expect(ui.hook("fix-preview")).to_contain_text("→", timeout=10_000)
        steady(ui, "fix-save")
        kinds = tuple(f"fix-kind-{kind}" for kind in ("play", "draw", "pass", "delete", "insert-draw"))
        assert_in_view(
            ui,
            ("fix-title", *kinds, "fix-selection", "fix-preview", "fix-save", "fix-cancel", "fix-drawn"),
            prefix="tile-",
        )
        ui.tap("fix-save")
        expect(ui.hook("notice")).to_be_visible(timeout=10_000)
        steady(ui, "confirm")
        shown = assert_in_view(
            ui, ("notice", "round-end", "reveal-seat-0", "pips-0", "confirm", "undo"), prefix="tile-"
        )
        assert len([name for name in shown if name.startswith("tile-")]) == 28 - 11  # every tile off the table
    finally:
        ui.page.context.close()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_draw_question_is_in_view_and_a_drawn_tile_is_counted_in_hand(browser, fold_server, lang):
    """Four players, Cy to play with 5 in the stock: Draw opens the question in the picker's place (every
    count in view, Play and Undo where they were); "0" puts the tile drawn in Cy's hand and out of the
    stock (they stayed as before until it was played), and the picker comes back where it was."""
    ui = opened(browser, fold_server, f"draw-{lang}", lang)
    try:
        expect(ui.hook("draw")).to_be_enabled(timeout=10_000)
        steady(ui, "draw")
        picker = boxes(ui, "tile-", ("play", "undo", "draw"))
        ui.tap("draw")
        expect(ui.hook("draw-count-5")).to_be_visible(timeout=10_000)
        steady(ui, "draw-count-5")
        counts = tuple(f"draw-count-{n}" for n in range(6))
        opened_boxes = assert_in_view(ui, (*counts, "play", "draw", "pass", "undo", "turn", "stock"))
        for name in ("play", "undo", "draw"):  # the question took the picker's place: nothing moved
            assert round(opened_boxes[name]["y"]) == round(picker[name]["y"]), name
        stock = ui.text("stock")
        hand = ui.text("hand-2")
        assert re.search(r"\b5\b", stock) and re.search(r"\b6\b", hand), (stock, hand)
        ui.tap("draw-count-0")
        ui.expect_gone("draw-panel")
        expect(ui.hook("stock")).to_contain_text("4", timeout=10_000)
        assert re.search(r"\b7\b", ui.text("hand-2")), ui.text("hand-2")  # Cy holds the tile drawn
        steady(ui, "play")
        back = assert_in_view(ui, ("play", "draw", "pass", "undo", "drawn"), prefix="tile-")
        assert {name: round(b["y"]) for name, b in back.items() if name.startswith("tile-")} == {
            name: round(b["y"]) for name, b in picker.items() if name.startswith("tile-")
        }
    finally:
        ui.page.context.close()


def test_a_refusal_moves_nothing_a_finger_aims_at(browser, fold_server):
    """Cy plays 1-3 from hand, though Cy drew at move 4 when a 1 was open: refused (the engine's
    held_fitting_tile, a long message). It takes the news line; Play, the move buttons and every tile stay
    where they were (a message box pushed them down, then the picture gave its room back a round trip
    later: a tap aimed meanwhile hit the wrong control)."""
    ui = opened(browser, fold_server, "draw-en")
    try:
        expect(ui.hook("play")).to_be_visible(timeout=10_000)
        steady(ui, "play")
        before = boxes(ui, "tile-", ("play", "draw", "pass", "undo", "turn", "stock"))
        ui.tap("tile-1-3")
        ui.tap("spot-1-1-branch-a")
        ui.expect_text("selection", re.compile("^1-3 at 1-1"))
        ui.tap("play")
        expect(ui.hook("message")).to_contain_text("move 4", timeout=10_000)
        after = assert_in_view(ui, ("message", "play", "draw", "pass", "undo", "turn", "stock"), prefix="tile-")
        for name, box in before.items():
            assert round(after[name]["y"]) == round(box["y"]), (name, box, after[name])
        ui.settle(ui.hook("play"), quiet_ms=600)  # and a round trip later (the picture kept its size)
        later = boxes(ui, "tile-", tuple(before))
        assert {n: round(b["y"]) for n, b in later.items()} == {n: round(b["y"]) for n, b in before.items()}
    finally:
        ui.page.context.close()


def test_a_reload_shows_the_table_with_the_sheet_closed_and_the_start_above_it(browser, fold_server):
    """Between rounds the whole sheet open keeps "Start: Bo leads" (it was missing), and after a reload the
    table shows again without the sheet (the sheet stayed open)."""
    ui = opened(browser, fold_server, "between")
    try:
        ui.tap("sheet-open")
        expect(ui.hook("score-sheet")).to_be_visible(timeout=10_000)
        ui.expect_text("start-round", "Start: Bo leads")
        assert_in_view(ui, ("start-round",))
        ui.page.reload()
        ui.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        ui.page.locator("flt-semantics-placeholder").dispatch_event("click")
        ui.expect_text("start-round", "Start: Bo leads")
        ui.expect_gone("score-sheet")
    finally:
        ui.page.context.close()
