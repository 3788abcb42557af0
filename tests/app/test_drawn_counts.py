"""The stock and the drawer's hand while a drawn tile waits to be played (issue 21: after Draw → "0" both
stayed as before the draw until the tile was played)."""

from __future__ import annotations

from scorekeeper.app.parts.status import table_counts
from scorekeeper.rules import Draw, Play

from .test_state import new_match_state, run, shown


def test_a_tile_drawn_that_fits_is_out_of_the_stock_and_in_hand_before_it_is_played(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((1, 4))
    run(state.entry.play())  # Ann leads 1-4: 5, she goes on (H4); 7 tiles dealt, 14 in the stock
    assert (shown(state)["stock"], shown(state)["hand-0"]) == ("Stock: 14", "Ann: 6")
    version = state.table.version
    state.entry.open_draw()
    run(state.entry.draw(0))  # the first tile drawn fits: nothing is recorded until it is played (S8)
    assert state.table.version == version and state.table.match.round.stock == 14
    assert (shown(state)["stock"], shown(state)["hand-0"], shown(state)["hand-1"]) == ("Stock: 13", "Ann: 7", "Bo: 7")
    assert shown(state)["turn"] == "Ann drew: play the drawn tile that fits"
    state.entry.pick_tile((4, 6))
    run(state.entry.play())
    assert state.table.match.actions[-1] == Play(0, (4, 6), ((1, 4), "high"), True)
    assert (shown(state)["stock"], shown(state)["hand-0"]) == ("Stock: 13", "Ann: 6")  # as the engine has it now

    # Bo draws 2 that do not fit: the record has them; the third, which fits, is in his hand too
    state.entry.open_draw()
    run(state.entry.draw(2))
    assert state.table.match.actions[-1] == Draw(1, 2)
    r = state.table.match.round
    assert (r.stock, r.hand_sizes[1]) == (11, 9)  # the engine's: the two drawn
    assert (shown(state)["stock"], shown(state)["hand-1"]) == ("Stock: 10", "Bo: 10")
    assert table_counts(state.table.match) == (10, (6, 10))  # every tab shows it so (a viewer too)
    run(state.table.undo())  # the draw taken back: as before it
    assert (shown(state)["stock"], shown(state)["hand-1"]) == ("Stock: 13", "Bo: 7")


def test_the_drawn_mark_ticked_by_hand_counts_the_same_and_unticked_gives_it_back(state):
    new_match_state(state, "horse-race", ["Ann", "Bo"])
    run(state.table.start_round(0))
    state.entry.pick_tile((1, 4))
    run(state.entry.play())
    state.entry.toggle_drawn()  # "Tile just drawn from the stock"
    assert (shown(state)["stock"], shown(state)["hand-0"]) == ("Stock: 13", "Ann: 7")
    state.entry.toggle_drawn()
    assert (shown(state)["stock"], shown(state)["hand-0"]) == ("Stock: 14", "Ann: 6")
