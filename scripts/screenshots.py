"""Take the screenshots in ``screenshots/`` from the running app (see screenshots/README.md).

Starts ``scorekeeper serve`` on a free loopback port with a temporary data
folder, fills it with a few shared cases through the store (fixed dates, so
the history looks the same on every run), then drives Debian's Chromium
(Playwright, headless, ``/usr/bin/chromium``; never a downloaded browser) tap
by tap as a player would: a new match, a round played to its settlement,
the table in three languages and two sizes, a match finished on the table,
the history and the review, the Rules screen, a blocked round's settlement,
a player's name fixed and a match abandoned; then, each with a server of its own
(``serve --lan --host 127.0.0.1``), the 403 page and the phones at the table (the host's join codes,
a viewer's phone).

Deterministic: fixed viewports, device scale 1, reduced motion, the app's
own font, the mouse moved away (no tooltip), non-loopback requests blocked,
and each picture kept only when two consecutive shots are identical.

    .venv/bin/python scripts/screenshots.py [--out screenshots] [--keep-data] [--only-phones]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository: tests.served

from tests.served import CHROMIUM, ServedApp, focus_text_field, open_app_page, spot_hook, tile_hook
from tests.served import CHROMIUM_ARGS as SERVED_CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
CHROMIUM_ARGS = [*SERVED_CHROMIUM_ARGS, "--hide-scrollbars", "--font-render-hinting=none"]  # steady pictures
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TIMEOUT = 15_000


def case(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text())


def seed(data: Path) -> None:
    """The history the screenshots show: shared cases imported through the store with fixed dates."""
    from scorekeeper.store import open_store

    almost = case("hr-2p-instant-win-62")
    almost["rounds"][-1]["moves"].pop()  # Ann's winning 1-4 is played on the screen
    docs = [
        case("e61-2p-exact-finish")
        | {"meta": {"started": "2025-06-12T16:30:00.000Z", "ended": "2025-06-12T17:42:00.000Z"}},
        case("hr-pairs-shared-win")
        | {"meta": {"started": "2025-06-14T10:05:00.000Z", "ended": "2025-06-14T11:20:00.000Z"}},
        case("e61-pairs-negative") | {"meta": {"started": "2025-06-15T19:00:00.000Z"}},
        almost | {"meta": {"started": "2025-06-20T18:15:00.000Z"}},
    ]
    store = open_store(data)
    try:
        store.import_documents(docs)
    finally:
        store.close()


class Driver:
    """Taps and waits on the app's test hooks (``flt-semantics-identifier``), and takes stable shots."""

    def __init__(self, page, out: Path) -> None:
        self.page = page
        self.out = out
        self.taken: list[Path] = []

    def hook(self, name: str):
        return self.page.locator(f'[flt-semantics-identifier="{name}"]').first

    def tap(self, name: str) -> None:
        from playwright.sync_api import expect

        target = self.hook(name)
        expect(target).to_be_visible(timeout=TIMEOUT)
        expect(target).to_be_enabled(timeout=TIMEOUT)
        target.click()

    def expect_text(self, name: str, pattern) -> None:
        from playwright.sync_api import expect

        expect(self.hook(name)).to_have_text(pattern, timeout=TIMEOUT)

    def expect_contains(self, name: str, words: str) -> None:
        from playwright.sync_api import expect

        expect(self.hook(name)).to_contain_text(words, timeout=TIMEOUT)

    def expect_label(self, name: str, words: str) -> None:
        """A group's words are its label (``aria-label``) or its text, as Flutter chose to write it."""
        self.page.wait_for_function(
            """([name, words]) => {
            const el = document.querySelector(`[flt-semantics-identifier="${name}"]`);
            return el !== null && ((el.getAttribute("aria-label") || "") + el.innerText).includes(words);
        }""",
            arg=[name, words],
            timeout=TIMEOUT,
        )

    def expect_gone(self, name: str) -> None:
        from playwright.sync_api import expect

        expect(self.page.locator(f'[flt-semantics-identifier="{name}"]')).to_have_count(0, timeout=TIMEOUT)

    def type_into(self, name: str, text: str) -> None:
        focus_text_field(self.page, self.page.locator(f'[flt-semantics-identifier="{name}"] input').first)
        self.page.keyboard.type(text, delay=15)

    def resize(self, viewport: dict) -> None:
        self.page.set_viewport_size(viewport)
        self.page.wait_for_timeout(800)  # the server hears of the new width and re-lays the screen out

    def shot(self, name: str) -> Path:
        """Save ``name``.png once two consecutive shots (0.4 s apart) are identical."""
        size = self.page.viewport_size
        self.page.mouse.move(size["width"] - 2, size["height"] // 2)  # away from anything with a tooltip
        previous = None
        for _ in range(40):
            self.page.wait_for_timeout(400)
            current = self.page.screenshot(animations="disabled", caret="hide")
            if current == previous:
                path = self.out / f"{name}.png"
                path.write_bytes(current)
                self.taken.append(path)
                print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", flush=True)
                return path
            previous = current
        raise RuntimeError(f"{name}: the screen did not settle")


def play(d: Driver, moves: list[dict]) -> None:
    """Enter moves as a player would: tile, spot, (drawn), Play; Draw with its count."""
    previous = None
    for move in moves:
        if "play" in move:
            tile = tile_hook(move["play"]).removeprefix("tile-")  # "1-4", as the screen writes it
            d.tap(f"tile-{tile}")
            if "at" in move:
                d.expect_text("selection", re.compile(f"^{tile}"))
                d.tap(spot_hook(move["at"]))
                d.expect_text("selection", re.compile(f"{tile} at "))
            if move.get("drawn") and not (previous and "draw" in previous):
                d.tap("drawn")
            d.tap("play")
            d.expect_gone(f"tile-{tile}")
        elif "draw" in move:
            d.tap("draw")
            d.tap(f"draw-count-{move['draw']}")
            d.expect_gone("draw-panel")
        previous = move


def journey(d: Driver) -> None:
    page = d.page
    seed_case = case("hr-2p-seed-layout")
    moves = seed_case["rounds"][0]["moves"]
    # the app opens the newest unfinished match: go to the start screen, then a new match
    page.wait_for_selector('[flt-semantics-identifier="home"], [flt-semantics-identifier="new-match"]')
    if page.locator('[flt-semantics-identifier="new-match"]').count() == 0:
        d.tap("home")
    d.tap("new-match")
    d.tap("game-horse-race")
    d.tap("players-2")
    d.type_into("name-0", "Ann")
    d.type_into("name-1", "Bo")
    page.wait_for_timeout(400)
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no blinking caret
    d.shot("new-match")

    # the seed layout (hr-2p-seed-layout), played tap by tap
    d.tap("create-match")
    d.tap("starter-0")
    d.expect_text("turn", "Ann leads the round")
    play(d, moves[:7])
    d.expect_text("score-1", "4")
    d.tap("tile-5-5")  # Bo's next tile picked: its legal spot is offered
    d.expect_text("selection", re.compile("^5-5"))
    d.shot("table-phone")
    d.resize(DESKTOP)
    d.shot("table-desktop")
    d.resize(PHONE)
    for lang, turn in (("uk", "Bo продовжує"), ("ko", "Bo 계속")):
        d.tap("settings")
        d.tap(f"lang-{lang}")
        d.tap("back")
        d.expect_contains("turn", turn)
        d.expect_contains("selection", "5-5")  # the selection is kept while the settings were open
        d.shot(f"table-{lang}")
        if lang == "uk":  # the longest words with the draw panel open: everything still in view
            d.tap("draw")
            d.expect_contains("draw-panel", "0")
            d.shot("table-uk-draw")
            d.tap("draw")
            d.expect_gone("draw-panel")
    d.tap("settings")
    d.tap("lang-en")
    d.tap("back")
    d.expect_contains("turn", "Bo continues")
    d.tap("tile-5-5")  # unselect it: the rest of the round is entered move by move
    d.expect_text("selection", re.compile("^Open spot"))
    play(d, moves[7:])
    d.expect_text("round-end", "Bo went out (domino)")
    d.tap("reveal-seat-0")
    for count, tile in enumerate(seed_case["rounds"][0]["hands"]["0"], start=1):
        d.tap(tile_hook(tile))
        d.expect_contains("reveal-seat-0", f"{count} of 6 tiles")
    d.shot("round-end")
    d.tap("confirm")
    d.expect_contains("settlement", "Domino for Bo")
    d.shot("settlement")
    corrections(d)

    # a match one tile from its end (imported): resumed from the history, finished on the table
    d.tap("home")
    d.tap("history")
    d.tap("history-status-unfinished")
    d.expect_text("history-count", "Matches: 3")
    item = page.locator('[flt-semantics-identifier^="history-item-"]', has_text="60").first
    item.click()
    d.expect_text("score-0", "60")
    d.tap("tile-1-4")
    d.tap("spot-1-2-low")
    d.expect_text("selection", re.compile("1-4 at "))
    d.tap("play")
    d.expect_text("winners", "Winner: Ann")
    d.shot("match-end")

    # the history: every match, newest first, with the players' statistics
    d.tap("history")
    d.tap("history-status-any")
    d.expect_text("history-count", "Matches: 5")
    d.shot("history")
    d.resize(DESKTOP)
    d.shot("history-desktop")
    d.resize(PHONE)

    # the review: Exact 61, round 3, move 7 — a placement rejected at 58 (E3)
    page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Ann 61").first.click()
    d.expect_text("review-step", re.compile("^Round 1 of 4"))
    for number in (2, 3):  # wait for each step: a tap sent before the last one's answer can be lost
        d.tap("review-next-round")
        d.expect_text("review-step", f"Round {number} of 4: start")
    for move in range(1, 8):
        d.tap("review-next")
        d.expect_text("review-step", f"Round 3 of 4 · move {move} of 12")
    d.expect_contains("review-explain", "rejected")
    d.shot("review")
    d.resize(DESKTOP)
    d.shot("review-desktop")
    d.resize(PHONE)
    rules_and_blocked_round(d)


def rules_and_blocked_round(d: Driver) -> None:
    """The Rules screen (en: S6 with its worked example, uk: the list of Horse Race, ko: Exact 61's E7), and
    a blocked Exact 61 round's settlement on the table (issue 12)."""
    d.tap("rules")
    d.tap("rules-game-horse-race")
    d.tap("rules-index-S6")
    d.expect_label("rule-S6", "S6 · Counting the ends")
    d.shot("rules")
    d.tap("rules-all")
    d.tap("settings")
    d.tap("lang-uk")
    d.tap("back")
    d.expect_label("rule-S1", "S1 · Місця")
    d.shot("rules-uk")
    d.tap("settings")
    d.tap("lang-ko")
    d.tap("back")
    d.tap("rules-game-exact-61")
    d.tap("rules-index-E7")
    d.expect_label("rule-E7", "E7 · 막힌 라운드")
    d.shot("rules-ko")
    d.tap("settings")
    d.tap("lang-en")
    d.tap("back")
    d.tap("home")
    d.tap("history")
    with d.page.expect_file_chooser() as chooser:
        d.tap("import")
    chooser.value.set_files(str(ROOT / "tests" / "app" / "fixtures" / "e61-pairs-block-won.json"))
    d.expect_contains("notice", "Matches imported: 1")
    d.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Bo & Di 32").first.click()
    d.expect_contains("settlement", "Round won by Bo & Di")
    d.shot("settlement-blocked")
    names_and_abandon(d)


def names_and_abandon(d: Driver) -> None:
    """A player's name fixed on the table (the Names panel, typed, before Save), then that match abandoned
    from the start screen: the notice with its Undo (issue 12 item 6)."""
    page = d.page
    d.tap("sheet-open")
    d.tap("rename")
    d.expect_label("rename-panel", "Fix the players' names")
    d.type_into("rename-1", "Bohdan")
    page.wait_for_timeout(400)
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no blinking caret
    d.shot("rename")
    d.tap("rename-save")
    d.expect_label("notice", "1 name fixed: Bo → Bohdan")
    d.tap("home")
    row = page.locator('[flt-semantics-identifier^="resume-"]', has_text="Bohdan").first
    row.wait_for(timeout=TIMEOUT)
    index = (row.get_attribute("flt-semantics-identifier") or "").removeprefix("resume-")
    d.tap(f"abandon-{index}")
    d.expect_label("notice", "Ann & Cy, Bohdan & Di: abandoned")
    d.shot("abandoned")


def corrections(d: Driver) -> None:
    """The score sheet and a fix with its preview (issue 9): Bo's 1-3 (move 10) as if it had gone on the
    3-4's low end instead of the 1-1's branch B; then cancelled, nothing changed."""
    d.tap("sheet-open")
    d.expect_contains("score-sheet", "10. Bo plays 1-3 at 1-1 (branch B)")
    d.shot("score-sheet")
    d.tap("sheet-open")  # closed again: the fix opened from the tile on the picture, in view (the sheet's entry
    d.expect_gone("score-sheet")  # 10 is below the fold, and a scrolled page leaves stale boxes: flet-notes.md)
    d.tap("placed-1-3")
    d.expect_contains("fix-title", "Fix round 1, move 10")
    d.tap("spot-3-4-low")
    d.expect_text("fix-preview", "Bo 19 → 18; 2 later moves re-checked")
    d.shot("fix-dialog")
    d.tap("settings")
    d.tap("lang-uk")
    d.tap("back")
    d.expect_contains("fix-preview", "перевірено 2 наступні ходи")
    d.shot("fix-dialog-uk")
    d.tap("settings")
    d.tap("lang-en")
    d.tap("back")
    d.tap("fix-cancel")
    d.expect_gone("fix-panel")


def seed_all_fives(data: Path) -> None:
    """An All Fives match for two stopped mid-round (a simulated deal, seed 7, cut after 9 moves of round 2)."""
    from scorekeeper.store import open_store
    from tests.simulator import Config, simulate

    doc = simulate(Config("all-fives", 2), 7, max_rounds=2).document
    doc["players"] = ["Ann", "Bo"]
    doc["rounds"] = doc["rounds"][:2]
    doc["rounds"][1]["moves"] = doc["rounds"][1]["moves"][:9]
    doc["rounds"][1].pop("hands", None)
    store = open_store(data)
    try:
        store.import_documents([doc | {"meta": {"started": "2025-06-21T18:00:00.000Z"}}])
    finally:
        store.close()


def house_rules(d: Driver) -> None:
    """Issue 13: the new-match form with its House rules section (Horse Race, continuation stop and the
    last 2 tiles of the stock never drawn), a target typed (75), the table with the house rules shown,
    All Fives mid-round."""
    page = d.page
    page.wait_for_selector('[flt-semantics-identifier="home"], [flt-semantics-identifier="new-match"]')
    if page.locator('[flt-semantics-identifier="new-match"]').count() == 0:
        d.tap("home")
    d.tap("new-match")
    d.tap("game-horse-race")
    d.tap("players-2")
    d.type_into("name-0", "Ann")
    d.type_into("name-1", "Bo")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    d.tap("house-rules")
    d.tap("house-continuation-stop")
    d.tap("house-reserve-2")
    d.expect_label("house-rules", "R3")
    d.hook("house-continuation-stop").scroll_into_view_if_needed()
    d.shot("new-match-house-rules")
    d.type_into("house-target-field", "75")  # R7: any target of 1 to 999, typed
    page.keyboard.press("Enter")
    d.expect_label("house-rules", "R7 Target: 75 points")
    page.evaluate("document.activeElement && document.activeElement.blur()")  # no blinking caret
    d.hook("house-spinners-all").scroll_into_view_if_needed()  # R7 and its target mode in view (R8: partnerships)
    d.shot("new-match-target")
    d.tap("create-match")
    d.tap("starter-0")
    play(d, [{"player": 0, "play": "1-4"}, {"player": 0, "play": "1-1", "at": "1-4:low"}])
    d.expect_label("house-rules-on", "R1")
    d.shot("table-house-rules")
    d.tap("home")
    d.tap("history")
    d.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="All Fives").first.click()
    d.expect_contains("turn", "")
    d.shot("table-all-fives")


def seed_fives_and_threes(data: Path) -> None:
    """Issue 24: the hand-worked case ``tests/house_cases/f3-2p-ends-go-block`` cut after move 7 (Ann's 0-3
    makes 15: 5 × 3 + 3 × 5 → 8)."""
    import json

    from scorekeeper.store import open_store

    doc = json.loads((ROOT / "tests" / "house_cases" / "f3-2p-ends-go-block.json").read_text(encoding="utf-8"))
    doc["rounds"] = [doc["rounds"][0] | {"moves": doc["rounds"][0]["moves"][:7]}]
    doc["rounds"][0].pop("hands")
    store = open_store(data)
    try:
        store.import_documents([doc | {"meta": {"started": "2026-12-02T19:00:00.000Z"}}])
    finally:
        store.close()


def seed_muggins(data: Path) -> None:
    """Issue 24 item 3: a Horse Race match under R13 ``muggins``, Ann to lead round 1."""
    from scorekeeper.store import open_store

    doc = {
        "format": "scorekeeper-match/1",
        "variant": "horse-race",
        "players": ["Ann", "Bo"],
        "partnerships": False,
        "house_rules": {"claims": "muggins"},
        "rounds": [{"starter": 0, "moves": []}],
        "meta": {"started": "2026-12-03T07:00:00.000Z"},
    }
    store = open_store(data)
    try:
        store.import_documents([doc])
    finally:
        store.close()


def muggins(d: Driver) -> None:
    """Issue 24 item 3: Ann leads 5-5 (the ends make 2) and claims 1; Bo's Muggins! button, then his call."""
    page = d.page
    page.wait_for_selector('[flt-semantics-identifier="home"], [flt-semantics-identifier="history"]')
    if page.locator('[flt-semantics-identifier="history"]').count() == 0:
        d.tap("home")
    d.tap("history")
    d.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Claims").first.click()
    d.tap("tile-5-5")
    d.expect_label("claim", "Claimed")
    d.shot("table-muggins-claim")
    d.tap("claim-1")
    d.tap("play")
    d.expect_label("muggins-1", "Muggins! Bo")
    d.shot("table-muggins-call")
    d.tap("muggins-1")
    d.expect_gone("muggins-1")
    d.shot("table-muggins-called")


def seed_misplay(data: Path) -> None:
    """Issue 24 item 2: ``tests/house_cases/hr-2p-misplay-penalty`` (R14 penalty) cut before Оксана's 2-5,
    the play that proves her draw at move 3 wrong; no offence recorded yet."""
    import json

    from scorekeeper.store import open_store

    doc = json.loads((ROOT / "tests" / "house_cases" / "hr-2p-misplay-penalty.json").read_text(encoding="utf-8"))
    first = doc["rounds"][0]
    doc["rounds"] = [{"starter": first["starter"], "moves": first["moves"][:5]}]
    store = open_store(data)
    try:
        store.import_documents([doc | {"meta": {"started": "2026-12-03T08:00:00.000Z"}}])
    finally:
        store.close()


def misplay(d: Driver) -> None:
    """Issue 24 item 2: the proof refused with the table's question, "it happened" chosen, the round played
    out and its settlement with the penalty (R14)."""
    page = d.page
    moves = case_of("hr-2p-misplay-penalty")["rounds"][0]["moves"]
    page.wait_for_selector('[flt-semantics-identifier="home"], [flt-semantics-identifier="history"]')
    if page.locator('[flt-semantics-identifier="history"]').count() == 0:
        d.tap("home")
    d.tap("history")
    d.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Misplay").first.click()
    d.tap("tile-2-5")
    d.tap(spot_hook(moves[5]["at"]))
    d.tap("play")
    d.expect_label("misplay-record", "It happened")
    d.shot("table-misplay-question")
    for lang, words in (("uk", "Так було"), ("ko", "실제로 그랬음"), ("en", "It happened")):
        d.tap("settings")
        d.tap(f"lang-{lang}")
        d.tap("back")
        d.tap("play")  # leaving the table let the refusal go: the same play again asks again
        d.expect_label("misplay-record", words)
        if lang != "en":
            d.shot(f"table-misplay-question-{lang}")
    d.tap("misplay-record")
    d.expect_gone("tile-2-5")
    play(d, moves[6:])
    d.tap("reveal-seat-1")
    for count, tile in enumerate(case_of("hr-2p-misplay-penalty")["rounds"][0]["hands"]["1"], start=1):
        d.tap(tile_hook(tile))
        d.expect_contains("reveal-seat-1", f"{count} of 3 tiles")
    d.tap("confirm")
    d.expect_contains("settlement", "Misplay")
    d.shot("settlement-misplay")


def case_of(name: str) -> dict:
    """A house case's document (tests/house_cases)."""
    import json

    return json.loads((ROOT / "tests" / "house_cases" / f"{name}.json").read_text(encoding="utf-8"))


def seed_clock(data: Path) -> None:
    """Issue 24 item 4: two Horse Race matches under R15, recorded through the store with real times (the
    clock is counted from the log): Ann and Bo's 30-minute clock started 12 minutes ago, Cy and Di's
    20-minute clock 21 minutes ago (time called)."""
    from datetime import timedelta

    import scorekeeper.store.store as store_module
    from scorekeeper.rules import Play, StartRound

    real = store_module.now
    for names, minutes, back in ((["Ann", "Bo"], 30, 12), (["Cy", "Di"], 20, 21)):
        store_module.now = lambda back=back: real() - timedelta(minutes=back)  # type: ignore[misc]
        store = store_module.MatchStore(data)
        try:
            match_id = store.create_match("horse-race", names, False, {"clock": minutes})
            store.record(match_id, StartRound(0))
            store.record(match_id, Play(0, (1, 4)))
            store.record(match_id, Play(0, (1, 1), ((1, 4), "low")))
        finally:
            store.close()
            store_module.now = real


def clock(d: Driver) -> None:
    """Issue 24 item 4: the match clock in the table's header on a phone, ticking, and once time is called."""
    page = d.page
    for who, name in (("Ann", "table-clock"), ("Cy", "table-clock-called")):
        page.wait_for_selector('[flt-semantics-identifier="home"], [flt-semantics-identifier="history"]')
        if page.locator('[flt-semantics-identifier="history"]').count() == 0:
            d.tap("home")
        d.tap("history")
        d.page.locator('[flt-semantics-identifier^="history-item-"]', has_text=who).first.click()
        d.expect_contains("match-clock", "Time")
        d.shot(name)


def fives_and_threes(d: Driver) -> None:
    """Issue 24: a Fives and Threes table (the preset) with the last placement's two parts."""
    page = d.page
    page.wait_for_selector('[flt-semantics-identifier="home"], [flt-semantics-identifier="history"]')
    if page.locator('[flt-semantics-identifier="history"]').count() == 0:
        d.tap("home")
    d.tap("history")
    d.page.locator('[flt-semantics-identifier^="history-item-"]', has_text="Fives and Threes").first.click()
    d.expect_contains("turn", "Bo")
    d.shot("table-fives-and-threes")


def forbidden_page(browser, out: Path) -> Path:
    """``lan-403.png``: what a browser without the table's key gets from ``serve --lan`` (here on loopback)."""
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-lan-"))
    server = ServedApp(
        data,
        cwd=ROOT,
        args=["--data-dir", str(data), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
        env={"LANG": "en_US.UTF-8"},
    )
    try:
        context = browser.new_context(viewport=PHONE, device_scale_factor=1, reduced_motion="reduce", locale="en-US")
        page = context.new_page()
        page.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
        page.goto(server.url)
        driver = Driver(page, out)
        path = driver.shot("lan-403")
        context.close()
        return path
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


JOIN_LINE = re.compile(r"^  (this computer \(host\)|scorers \(enter moves\)|viewers \(watch only\)): (\S+)$", re.M)


def phones_at_the_table(browser, out: Path) -> list[Path]:
    """``lan-table.png``: the host's Table screen (a laptop window) with the open match's two QR codes and
    the phones joined with them; ``lan-viewer.png``: the viewer's phone following that match. A server of
    its own, ``serve --lan --host 127.0.0.1`` (keys required, loopback only): the keys in the pictures
    are that server's, gone when it stops."""
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-phones-"))
    server = ServedApp(
        data,
        cwd=ROOT,
        args=["--data-dir", str(data), "serve", "--lan", "--host", "127.0.0.1", "--port", "{port}"],
        env={"TZ": "Europe/Kyiv", "LANG": "en_US.UTF-8"},
    )
    contexts = []
    try:
        links = dict(JOIN_LINE.findall(server.log_path.read_text()))

        seen: list[str] = []  # the keys of the join links the host's page was sent (its Table screen's)

        def listen(page) -> None:  # the screen's links are selectable text, not in the page's DOM
            def frame(payload) -> None:
                if isinstance(payload, bytes):
                    seen.extend(key.decode() for key in re.findall(rb"\?key=([A-Za-z0-9_-]{22})", payload))

            page.on("websocket", lambda ws: ws.on("framereceived", frame))

        def joined(link: str, viewport: dict, setup=None) -> Driver:
            page = open_app_page(
                browser, server.url, viewport, join=link, locale="en-US", timezone_id="Europe/Kyiv", setup=setup
            )
            contexts.append(page.context)
            return Driver(page, out)

        host = joined(links["this computer (host)"], DESKTOP, setup=listen)
        host.tap("new-match")
        host.tap("game-horse-race")
        host.tap("players-2")
        host.type_into("name-0", "Ann")
        host.type_into("name-1", "Bo")
        host.tap("create-match")
        host.tap("starter-0")
        play(host, case("hr-2p-seed-layout")["rounds"][0]["moves"][:7])  # the table-phone.png moment
        host.expect_text("score-1", "4")
        host.tap("phones")
        host.expect_text("devices-count", re.compile("^Devices joined"))
        keys = dict(zip(("scorer", "viewer"), dict.fromkeys(seen), strict=False))  # in the screen's order
        viewer = joined(f"{server.url}?key={keys['viewer']}", PHONE)  # the match's own links, as scanned
        joined(f"{server.url}?key={keys['scorer']}", PHONE).expect_text("score-1", "4")
        viewer.expect_text("score-1", "4")
        host.page.wait_for_function(
            """() => document.querySelectorAll(
            '[flt-semantics-identifier^="disconnect-"]').length === 2""",
            timeout=TIMEOUT,
        )  # the list follows joins
        return [host.shot("lan-table"), viewer.shot("lan-viewer")]
    finally:
        for context in contexts:
            context.close()
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "screenshots"), help="folder for the PNG files")
    parser.add_argument("--keep-data", action="store_true", help="keep the temporary data folder")
    parser.add_argument("--house", action="store_true", help="only the house-rules pictures (issue 13)")
    parser.add_argument("--fives", action="store_true", help="only the Fives and Threes table (issue 24)")
    parser.add_argument("--muggins", action="store_true", help="only the muggins claim and call (issue 24)")
    parser.add_argument("--misplay", action="store_true", help="only the misplay question and penalty (issue 24)")
    parser.add_argument("--clock", action="store_true", help="only the match clock on a phone (issue 24)")
    parser.add_argument("--port", type=int, help="serve on this port (default: a free one)")
    parser.add_argument(
        "--only-phones", action="store_true", help="only the phones at the table (lan-403, lan-table, lan-viewer)"
    )
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp(prefix="scorekeeper-shots-"))
    seed(data)
    if args.house:
        seed_all_fives(data)
    if args.fives:
        seed_fives_and_threes(data)
    if args.muggins:
        seed_muggins(data)
    if args.misplay:
        seed_misplay(data)
    if args.clock:
        seed_clock(data)
    if args.port:
        import tests.served

        tests.served.free_port = lambda: args.port
    server = ServedApp(data, cwd=ROOT, env={"TZ": "Europe/Kyiv", "LANG": "en_US.UTF-8"})
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = open_app_page(browser, server.url, PHONE, locale="en-US", timezone_id="Europe/Kyiv")
            driver = Driver(page, out)
            try:
                if args.house:
                    house_rules(driver)
                elif args.fives:
                    fives_and_threes(driver)
                elif args.muggins:
                    muggins(driver)
                elif args.misplay:
                    misplay(driver)
                elif args.clock:
                    clock(driver)
                elif not args.only_phones:
                    journey(driver)
            except Exception:
                page.screenshot(path=str(out / "_failed.png"))
                raise
            if not (args.house or args.fives or args.muggins or args.misplay or args.clock):
                driver.taken.append(forbidden_page(browser, out))
                driver.taken += phones_at_the_table(browser, out)
            browser.close()
    finally:
        server.stop()
        if args.keep_data:
            print(f"data: {data}")
        else:
            shutil.rmtree(data, ignore_errors=True)
    print(f"{len(driver.taken)} screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
