"""Revealed hands entered as pip totals: a typed total counts over tiles tapped by mistake, and a refused
total's message goes once the field is changed."""

from __future__ import annotations

from tests.app.tabs import tab

from .test_state import run, shown


def test_a_pip_total_typed_after_tapping_tiles_is_the_one_that_counts(tmp_path):
    """Ann's hand in the case (0-0 3-3 5-6 6-6 3-5 2-3) holds 42 pips: Bo's domino is worth 40 raw, 8 points
    (H8: 42 rounded to the nearest 5). One tile tapped by mistake, then the total typed: the total counts."""
    from .test_messages import reveal_state

    st = tab(tmp_path)
    reveal_state(st, "hr-2p-seed-layout")
    st.reveal.seat = 0
    st.reveal.pick((0, 0))
    st.reveal.set_total(0, "42")
    assert st.reveal.tiles.get(0, []) == [] and st.reveal.hands() == {0: 42, 1: []}
    assert shown(st)["reveal-seat-0"] == "Ann: pip total 42"
    run(st.reveal.reveal())
    assert st.shell.error is None, st.shell.error
    assert [(e.kind, e.side, e.raw, e.points) for e in st.table.settlement] == [("domino", 1, 40, 8)]


def test_a_refused_pip_total_is_forgotten_once_the_field_is_changed(state):
    """Newcomer 11: "abc" refused, the field cleared, and the red message stayed until the next Settle."""
    from .test_messages import reveal_state

    reveal_state(state, "hr-2p-seed-layout")
    state.reveal.set_total(0, "abc")
    run(state.reveal.reveal())
    assert shown(state)["message"] == 'Ann\'s pip total "abc": a pip total is a whole number, 0 or more'
    state.reveal.set_total(0, "")
    assert "message" not in shown(state)
    run(state.reveal.reveal())  # nothing entered: refused again, and a tapped tile drops it too
    assert "message" in shown(state)
    state.reveal.pick((0, 0))
    assert "message" not in shown(state)
