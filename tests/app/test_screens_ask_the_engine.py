"""The screens hold no rule: what the table offers and says is the engine's answer (``Turn.can_draw`` /
``can_pass`` / ``max_draw``, ``Match.points_to_target``, ``ScoreEvent.points_after``, the E5 mark)."""

from __future__ import annotations

from tests.app.tabs import tab

from .test_state import new_match_state, run, shown


def test_the_table_asks_the_engine_when_draw_and_pass_are_allowed(tmp_path, monkeypatch):
    """Ann continues after 1-4 with 14 tiles in the stock: Draw offered, Pass not (S8). The buttons
    follow the engine's ``Turn.can_draw`` / ``can_pass``, not a rule of their own."""
    from scorekeeper.app.screens import table
    from scorekeeper.rules.moves import Turn

    from .hooks import hooks

    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    buttons = hooks(table.view(st))
    assert buttons["draw"].disabled and buttons["pass"].disabled  # a lead neither draws nor passes
    st.entry.pick_tile((1, 4))
    run(st.entry.play())
    buttons = hooks(table.view(st))
    assert not buttons["draw"].disabled and buttons["pass"].disabled and "drawn" in buttons
    monkeypatch.setattr(Turn, "can_draw", property(lambda self: False))
    monkeypatch.setattr(Turn, "can_pass", property(lambda self: True))
    buttons = hooks(table.view(st))
    assert buttons["draw"].disabled and not buttons["pass"].disabled and "drawn" not in buttons


def test_the_distance_to_61_and_the_running_totals_are_the_engines(tmp_path, monkeypatch):
    """Exact 61: a side at -3 points is exactly 64 from 61 (E3, E6); the scoreboard says what the engine
    counts (``Match.points_to_target``), the chart's points are the events' ``points_after``."""
    from scorekeeper.app.parts.progress import score_progress
    from scorekeeper.rules import Match
    from scorekeeper.rules.moves import ScoreEvent

    st = tab(tmp_path)
    new_match_state(st, "exact-61", ["Ann", "Bo"])
    st.table.match.scores[1] = -15
    assert shown(st)["distance-1"] == "exactly 64 to go" and shown(st)["distance-0"] == "exactly 61 to go"
    monkeypatch.setattr(Match, "points_to_target", lambda self, side: 0 if side else 5)
    assert shown(st)["distance-1"] == "61 reached" and shown(st)["distance-0"] == "exactly 5 to go"
    run(st.table.start_round(0))
    st.entry.pick_tile((1, 4))
    run(st.entry.play())  # 5: +1 for Ann
    assert score_progress(st.table.match).series[0][-1][1] == 1
    monkeypatch.setattr(ScoreEvent, "points_after", property(lambda self: 42))
    assert score_progress(st.table.match).series[0][-1][1] == 42


def test_the_e5_words_come_from_the_engines_mark():
    """e61-2p-exact-finish, round 1, move 9: the last tile 0-1 makes 25, which joins the settlement (E5)."""
    import dataclasses
    from pathlib import Path

    from scorekeeper.explain import placement_words
    from scorekeeper.i18n import Translator
    from scorekeeper.rules import load_document

    cases = Path(__file__).resolve().parents[1] / "cases"
    match = load_document((cases / "e61-2p-exact-finish.json").read_bytes(), explain=True)
    last = match.rounds[0].placements[9]
    t = Translator("en")
    assert placement_words(t, match, last).endswith("= 25 → 25 pips join the settlement (last tile)")
    unmarked = dataclasses.replace(last, joins_settlement=False)
    assert placement_words(t, match, unmarked).endswith("= 25")


def test_the_draw_panel_offers_no_more_misses_than_the_set_holds(tmp_path):
    """6-6 led, 1-6 and 2-6 on its lines: only 10 tiles off the table miss 1, 2 and 6, so the draw panel
    offers 0 to 10 tiles that did not fit although the stock holds 14 (the engine's ``Turn.max_draw``, S8)."""
    from scorekeeper.app.screens import table

    from .hooks import hooks

    st = tab(tmp_path)
    new_match_state(st, "horse-race", ["Ann", "Bo"])
    run(st.table.start_round(0))
    for tile, spot in (((6, 6), None), ((1, 6), ((6, 6), "line-a")), ((2, 6), ((6, 6), "line-b"))):
        st.entry.pick_tile(tile)
        if spot is not None and st.entry.selected_spot != spot:
            st.entry.pick_spot(spot)
        run(st.entry.play())
    assert st.table.match.round.stock == 14
    st.entry.open_draw()
    counts = sorted(int(name.rsplit("-", 1)[1]) for name in hooks(table.view(st)) if name.startswith("draw-count-"))
    assert counts == list(range(11))
