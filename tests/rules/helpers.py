"""Helpers shared by the simulation-based tests: an independent layout model and state snapshots."""

from __future__ import annotations

from hypothesis import settings

from scorekeeper.rules import Match, build_report

#: the budget of a property whose every example plays whole simulated matches (each costs as much as a hundred
#: examples of a string or a seed): a tenth of the profile's examples (tests/conftest.py), at least 2
SIMULATED = settings(max_examples=max(2, settings().max_examples // 10))

LINES = ("line-a", "line-b")
BRANCHES = ("branch-a", "branch-b")


def spot_value(target: tuple[int, int], side: str) -> int:
    """The pip value of a spot, read from the tile alone (S4)."""
    if side == "low":
        return target[0]
    if side == "high":
        return target[1]
    return target[0]  # every side of a double carries its value


def reference_layout(placements: list, spinners: str = "all", fill: str = "any") -> tuple[int, dict]:
    """End sum and open spots of a layout, worked out from scratch (S4–S6).

    ``placements`` is the round's ``(tile, spot)`` list in order (``spot`` None
    for the lead). Written independently of the engine's incremental
    :class:`~scorekeeper.rules.Layout`: it notes which sides of each tile are
    filled, then walks every tile. Returns ``(end_sum, {(tile, side): value})``.

    House rules (test_house_properties): R9 ``spinners``: every double is a spinner (``all``, the
    games' own), the first double placed only (``first``) or none; a double that is no spinner has its
    two lines and never branches. R11 ``fill`` ``all-four-first``: while the first spinner has fewer than
    four filled sides, only its own open sides are open spots (the other ends still count, S6).
    """
    filled: dict[tuple[int, int], set[str]] = {}
    first_double = None
    for tile, spot in placements:
        filled.setdefault(tile, set())
        if tile[0] == tile[1] and first_double is None:
            first_double = tile
        if spot is None:
            continue
        target, side = spot
        value = spot_value(target, side)
        filled[target].add(side)
        filled[tile].add("line-a" if tile[0] == tile[1] else "low" if tile[0] == value else "high")

    def spins(tile: tuple[int, int]) -> bool:
        return tile[0] == tile[1] and (spinners == "all" or (spinners == "first" and tile == first_double))

    end_sum, spots = 0, {}
    for tile, sides in filled.items():
        a, b = tile
        if a == b:
            lines = sum(side in sides for side in LINES)
            if lines < 2:
                end_sum += a + b  # an end double counts both halves (S6)
            for side in LINES + (BRANCHES if lines == 2 and spins(tile) else ()):
                if side not in sides:
                    spots[(tile, side)] = a
        else:
            for side, value in (("low", a), ("high", b)):
                if side not in sides:
                    end_sum += value
                    spots[(tile, side)] = value
    spinner = first_double if first_double is not None and spins(first_double) else None
    if fill == "all-four-first" and spinner is not None and len(filled[spinner]) < 4:
        spots = {spot: value for spot, value in spots.items() if spot[0] == spinner}
    return end_sum, spots


def state_of(match: Match) -> dict:
    """Everything a screen or a referee can see of a match, as plain comparable data."""
    r = match.round
    state = {
        "report": build_report(match),
        "status": match.status,
        "turn": match.turn,
        "required_starter": match.required_starter,
        "scores": list(match.scores),
        "actions": len(match.actions),
    }
    if r is not None:
        lay = r.layout
        state.update(
            {
                "tiles": list(lay.tiles),
                "connections": list(lay.connections),
                "open_spots": dict(lay.open_spots),
                "end_sum": lay.end_sum,
                "hand_sizes": list(r.hand_sizes),
                "stock": r.stock,
                "moves": list(r.moves),
                "ended": r.ended,
            }
        )
    return state
