"""The referee's pip-total checks against brute force (S2: a total some unseen tiles can make)."""

from __future__ import annotations

import itertools

from hypothesis import assume, event, given
from hypothesis import strategies as st

from scorekeeper.rules.referee import _possible_alone, _possible_together
from scorekeeper.rules.tiles import ALL_TILES


def brute(values: list[int], groups: list[tuple[int, int]]) -> bool:
    """Try every way to pick each group's tiles in turn (the rest is the stock)."""

    def pick(left: list[int], groups: list[tuple[int, int]]) -> bool:
        if not groups:
            return True
        size, total = groups[0]
        for chosen in itertools.combinations(range(len(left)), size):
            if sum(left[i] for i in chosen) == total:
                rest = [v for i, v in enumerate(left) if i not in chosen]
                if pick(rest, groups[1:]):
                    return True
        return False

    return pick(values, groups)


@st.composite
def sharings(draw):
    """A pool of unseen tiles, 2 to 4 hands given as (size, pip total), and the stock."""
    pool = draw(st.lists(st.sampled_from(ALL_TILES), min_size=3, max_size=12, unique=True))
    values = [a + b for a, b in pool]
    sizes = draw(st.lists(st.integers(min_value=0, max_value=3), min_size=2, max_size=4))
    assume(sum(sizes) <= len(pool))
    order = draw(st.permutations(range(len(pool))))
    groups, start = [], 0
    for size in sizes:  # true totals, then some nudged: possible and impossible cases
        total = sum(values[i] for i in order[start : start + size]) + draw(st.sampled_from([0, 0, 1, -1, 2, -2]))
        groups.append((size, max(total, 0)))
        start += size
    return pool, groups, len(pool) - sum(sizes)


@given(sharings())
def test_pip_totals_held_together_agree_with_brute_force(case):
    pool, groups, stock = case
    values = [a + b for a, b in pool]
    # The referee asks this only after each total was found possible alone and, with the
    # stock empty, after the totals were found to add up to the unseen pips.
    assume(all(_possible_alone(pool, size, total) for size, total in groups))
    assume(stock or sum(total for _, total in groups) == sum(values))
    expected = brute(values, groups)
    event(f"possible: {expected}")
    assert _possible_together(pool, groups, stock) == expected


@given(
    pool=st.lists(st.sampled_from(ALL_TILES), min_size=1, max_size=12, unique=True),
    size=st.integers(min_value=0, max_value=5),
    total=st.integers(min_value=0, max_value=70),
)
def test_one_pip_total_agrees_with_brute_force(pool, size, total):
    values = [a + b for a, b in pool]
    expected = size <= len(values) and any(sum(c) == total for c in itertools.combinations(values, size))
    assert _possible_alone(pool, size, total) == expected


def test_two_hands_cannot_both_hold_the_only_five():
    """Unseen 0-1, 2-3 and 0-6 (1, 5 and 6 pips); two one-tile hands both claim 5 pips, one
    tile is in the stock: each total is possible alone, not both at once."""
    pool = [(0, 1), (2, 3), (0, 6)]
    assert _possible_alone(pool, 1, 5)
    assert not _possible_together(pool, [(1, 5), (1, 5)], 1)
    assert _possible_together(pool, [(1, 5), (1, 6)], 1)
