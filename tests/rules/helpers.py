"""Helpers shared by the simulation-based tests: an independent layout model and state snapshots."""

from __future__ import annotations

from scorekeeper.rules import Match, build_report

LINES = ("line-a", "line-b")
BRANCHES = ("branch-a", "branch-b")


def spot_value(target: tuple[int, int], side: str) -> int:
    """The pip value of a spot, read from the tile alone (S4)."""
    if side == "low":
        return target[0]
    if side == "high":
        return target[1]
    return target[0]  # every side of a double carries its value


def reference_layout(placements: list) -> tuple[int, dict]:
    """End sum and open spots of a layout, worked out from scratch (S4–S6).

    ``placements`` is the round's ``(tile, spot)`` list in order (``spot`` None
    for the lead). Written independently of the engine's incremental
    :class:`~scorekeeper.rules.Layout`: it notes which sides of each tile are
    filled, then walks every tile. Returns ``(end_sum, {(tile, side): value})``.
    """
    filled: dict[tuple[int, int], set[str]] = {}
    for tile, spot in placements:
        filled.setdefault(tile, set())
        if spot is None:
            continue
        target, side = spot
        value = spot_value(target, side)
        filled[target].add(side)
        if tile[0] == tile[1]:
            filled[tile].add("line-a")  # a double joins by line A (S5)
        else:
            filled[tile].add("low" if tile[0] == value else "high")
    end_sum, spots = 0, {}
    for tile, sides in filled.items():
        a, b = tile
        if a == b:
            lines = sum(side in sides for side in LINES)
            if lines < 2:
                end_sum += a + b  # an end double counts both halves (S6)
            for side in LINES + (BRANCHES if lines == 2 else ()):
                if side not in sides:
                    spots[(tile, side)] = a
        else:
            for side, value in (("low", a), ("high", b)):
                if side not in sides:
                    end_sum += value
                    spots[(tile, side)] = value
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
        state.update({
            "tiles": list(lay.tiles),
            "connections": list(lay.connections),
            "open_spots": dict(lay.open_spots),
            "end_sum": lay.end_sum,
            "hand_sizes": list(r.hand_sizes),
            "stock": r.stock,
            "moves": list(r.moves),
            "ended": r.ended,
        })
    return state
