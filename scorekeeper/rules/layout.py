"""The layout on the table: spinners, open spots and scoring ends (S4–S7).

Spots are named as in the match format: a non-double has ``low`` and ``high``
(its smaller and larger half); a double has ``line-a`` and ``line-b`` (its two
straight sides), and a spinner also ``branch-a`` and ``branch-b``. A double
played onto the layout joins by ``line-a``; an opening double has both lines
open; a spinner's branches open only when both lines are filled (S5).

Which doubles are spinners (R9): every double (S5, the two RULES.md games),
the first double of the round only (All Fives), or none. A double that is no
spinner is a plain tile laid crosswise with two ends, its lines: it counts
both halves while at most one line is filled and nothing once both are (S6),
and it never has branches. With R11 ``all-four-first`` (Merry-Go-Round) the
first spinner's four sides are filled before any other end may be played:
the other ends still count in the end sum but are not open spots yet.

The end sum (S6) is kept incrementally: each placement changes it by the
ends it covers and the ends it adds, so scoring never re-walks the layout.
"""

from __future__ import annotations

from collections.abc import KeysView
from dataclasses import dataclass

from .errors import Clause, RuleViolation
from .tiles import Tile, tile_text

LOW, HIGH = "low", "high"
LINE_A, LINE_B, BRANCH_A, BRANCH_B = "line-a", "line-b", "branch-a", "branch-b"
DOUBLE_SIDES = (LINE_A, LINE_B, BRANCH_A, BRANCH_B)
NON_DOUBLE_SIDES = (LOW, HIGH)

Spot = tuple[Tile, str]  # (tile on the table, side name)


@dataclass(frozen=True, slots=True)
class ScoringEnd:
    """One contribution to the end sum (S6).

    ``tile`` is the tile the end belongs to; ``side`` is the free half
    (``"low"``/``"high"``) of a non-double, or ``None`` for an end double,
    which counts both halves; ``value`` is the raw pips it adds.
    """

    tile: Tile
    side: str | None
    value: int


@dataclass(frozen=True, slots=True)
class Connection:
    """How a placed tile joined the layout: ``tile`` by its ``own_side`` to
    the spot ``side`` of ``target``."""

    tile: Tile
    own_side: str
    target: Tile
    side: str


_SPOT_CACHE: dict[str, Spot] = {}


def parse_spot(text: object) -> Spot:
    """Read an attachment point written ``"c-d:SIDE"`` (e.g. ``"1-1:line-b"``).

    Returns ``((c, d), SIDE)``. Raises :class:`RuleViolation` (S4) when the
    text is not of that form or names a side the tile does not have
    (``low``/``high`` belong to non-doubles, ``line-*``/``branch-*`` to doubles).
    """
    spot = _SPOT_CACHE.get(text) if isinstance(text, str) else None
    if spot is not None:
        return spot
    from .tiles import parse_tile

    if not isinstance(text, str) or text.count(":") != 1:
        raise RuleViolation("S4", "bad_spot", spot=str(text))
    tile_part, side = text.split(":")
    tile = parse_tile(tile_part)
    allowed = DOUBLE_SIDES if tile[0] == tile[1] else NON_DOUBLE_SIDES
    if side not in allowed:
        raise RuleViolation(
            "S4",
            "bad_side",
            spot=text,
            tile=tile_text(tile),
            side=side,
            sides=", ".join(allowed),
        )
    if len(_SPOT_CACHE) < 4096:
        _SPOT_CACHE[text] = (tile, side)
    return tile, side


def spot_text(spot: Spot) -> str:
    """Write a spot as the match format does: ``"1-1:line-b"``."""
    return f"{tile_text(spot[0])}:{spot[1]}"


class Layout:
    """The tiles on the table of one round and what they leave open.

    Attributes (read-only for callers):
        tiles: placed tiles in the order played.
        on_table: the same tiles as a set-like view (``tile in layout.on_table``).
        connections: one :class:`Connection` per placed tile after the lead.
        end_sum: raw sum of all scoring ends (S6) after the last placement.
        open_spots: ``{(tile, side): value}`` of every spot a tile may join.
        open_counts: ``open_counts[v]`` = number of open spots of value v.

    The hot path (:meth:`place`) keeps only ``end_sum``, ``open_spots``, the
    spinners' filled lines and ``{tile: the spot it joined}`` up to date,
    incrementally; everything else is worked out from those when asked
    (explanations, the referee, tests), not on every move.
    """

    __slots__ = (
        "end_sum",
        "open_spots",
        "_placed",
        "_lines",
        "_all_spin",
        "_first_spins",
        "_spinner",
        "_fill_first",
        "_waiting",
        "_sides",
    )

    def __init__(self, spinners: str = "all", spinner_fill: str = "lines-first") -> None:
        """``spinners``: ``"all"`` (S5), ``"first"`` or ``"none"`` (R9); ``spinner_fill``:
        ``"lines-first"`` (S5) or ``"all-four-first"`` (R11). Raises ``ValueError`` for another value."""
        if spinners not in ("all", "first", "none") or spinner_fill not in ("lines-first", "all-four-first"):
            raise ValueError(f"no such layout: spinners {spinners!r}, spinner_fill {spinner_fill!r}")
        self.end_sum = 0
        self.open_spots: dict[Spot, int] = {}
        self._placed: dict[Tile, Spot | None] = {}  # tile -> the spot it joined (None: the lead)
        self._lines: dict[Tile, int] = {}  # double -> number of its lines filled
        self._all_spin = spinners == "all"  # S5: every double is a spinner
        self._first_spins = spinners == "first"  # R9: only the first double of the round
        self._spinner: Tile | None = None  # the first double played (the only spinner with R9 "first")
        self._fill_first = spinner_fill == "all-four-first"  # R11: the first spinner's four sides first
        self._waiting: dict[Spot, int] = {}  # R11: ends not open until the first spinner's sides are filled
        self._sides = 0  # R11: sides of the first spinner filled (0 to 4)

    # ------------------------------------------------------------------ queries
    @property
    def tiles(self) -> list[Tile]:
        """The placed tiles, in the order played."""
        return list(self._placed)

    @property
    def on_table(self) -> KeysView[Tile]:
        """The placed tiles as a set-like view: ``tile in layout.on_table``."""
        return self._placed.keys()

    @property
    def connections(self) -> list[Connection]:
        """How each tile after the lead joined: one :class:`Connection` per tile, in order."""
        out = []
        for tile, spot in self._placed.items():
            if spot is not None:
                out.append(Connection(tile, _own_side(tile, spot), spot[0], spot[1]))
        return out

    @property
    def open_counts(self) -> list[int]:
        """``open_counts[v]``: how many open spots have value ``v``."""
        counts = [0] * 7
        for value in self.open_spots.values():
            counts[value] += 1
        return counts

    @property
    def open_mask(self) -> int:
        """Bit ``v`` set for every value ``v`` that has an open spot."""
        mask = 0
        for value in self.open_spots.values():
            mask |= 1 << value
        return mask

    def spots_for(self, tile: Tile) -> list[Spot]:
        """Open spots where ``tile`` may legally join (S4, S5), in layout order.

        An empty layout has no spots: the tile would be the lead.
        """
        a, b = tile
        return [spot for spot, value in self.open_spots.items() if value in (a, b)]

    def can_place(self, tile: Tile) -> bool:
        """True if ``tile`` has at least one open spot (or the layout is empty)."""
        if not self._placed:
            return True
        a, b = tile
        return any(value in (a, b) for value in self.open_spots.values())

    def scoring_ends(self) -> list[ScoringEnd]:
        """Every scoring end with its contribution, in placement order (S6).

        The values add up to :attr:`end_sum`. Used for explanations
        ("1-1: 2 + 3-4: 3 = 5"); the hot path keeps the sum incrementally.
        """
        filled = set()
        for tile, spot in self._placed.items():
            if spot is not None:
                filled.add(spot)
                filled.add((tile, _own_side(tile, spot)))
        ends: list[ScoringEnd] = []
        for tile in self._placed:
            a, b = tile
            if a == b:
                if self._lines[tile] < 2:
                    ends.append(ScoringEnd(tile, None, a + b))
            else:
                for side, value in ((LOW, a), (HIGH, b)):
                    if (tile, side) not in filled:
                        ends.append(ScoringEnd(tile, side, value))
        return ends

    def spinners(self) -> list[Tile]:
        """The spinners on the table: every double (S5), the first double only or none (R9)."""
        return [t for t in self._placed if self.is_spinner(t)]

    def is_spinner(self, tile: Tile) -> bool:
        """Whether ``tile``, a double on the table, is a spinner (S5, R9); False for a non-double."""
        return tile[0] == tile[1] and (self._all_spin or tile == self._spinner and self._first_spins)

    @property
    def waiting(self) -> dict[Spot, int]:
        """R11 ``all-four-first``: the ends that are not open yet (``{(tile, side): value}``), until
        the first spinner's four sides are filled; ``{}`` otherwise."""
        return dict(self._waiting)

    # -------------------------------------------------------------- placement
    def check(self, tile: Tile, spot: Spot | None) -> None:
        """Raise :class:`RuleViolation` if ``tile`` may not go at ``spot``.

        ``spot`` is ``None`` for the lead. Rules: S2/S4 (tile already on the
        table), S4 (no such tile, spot taken, value mismatch, lead without an
        empty table or attachment on an empty one), S5 (branch before both
        lines are filled). Changes nothing.
        """
        if spot is not None:  # the usual case first: an open spot of a matching value
            value = self.open_spots.get(spot)
            if value is not None and (value == tile[0] or value == tile[1]) and tile not in self._placed:
                return
        if tile in self._placed:
            raise RuleViolation("S4", "tile_on_table", tile=tile_text(tile))
        if spot is None:
            if self._placed:
                raise RuleViolation("S4", "missing_spot", tile=tile_text(tile))
            return
        if not self._placed:
            raise RuleViolation("S4", "spot_on_empty", tile=tile_text(tile), spot=spot_text(spot))
        value = self.open_spots.get(spot)
        if value is None:
            target, side = spot
            if target not in self._placed:
                raise RuleViolation(
                    "S4",
                    "target_not_on_table",
                    tile=tile_text(tile),
                    spot=spot_text(spot),
                    target=tile_text(target),
                )
            if side in (BRANCH_A, BRANCH_B) and not self.is_spinner(target):
                # which doubles spin under house rule R9: none, or only the first (``spinner``)
                which = Clause("first_spinner" if self._first_spins and self._spinner else "no_spinners")
                raise RuleViolation(
                    "R9",
                    "not_spinner",
                    tile=tile_text(tile),
                    spot=spot_text(spot),
                    target=tile_text(target),
                    spinners=which,
                    spinner=tile_text(self._spinner) if self._spinner else "",
                )
            if spot in self._waiting and self._spinner is not None:
                raise RuleViolation(
                    "R11",
                    "spinner_sides_first",
                    tile=tile_text(tile),
                    spot=spot_text(spot),
                    spinner=tile_text(self._spinner),
                    filled=self._sides,
                )
            # A branch can only have been filled after both lines were: fewer lines, not open yet.
            if side in (BRANCH_A, BRANCH_B) and self._lines.get(target, 0) < 2:
                raise RuleViolation(
                    "S5",
                    "branch_before_lines",
                    tile=tile_text(tile),
                    spot=spot_text(spot),
                    target=tile_text(target),
                    lines=self._lines.get(target, 0),
                )
            raise RuleViolation("S4", "spot_taken", tile=tile_text(tile), spot=spot_text(spot))
        raise RuleViolation(
            "S4",
            "value_mismatch",
            tile=tile_text(tile),
            spot=spot_text(spot),
            value=value,
        )

    def place(self, tile: Tile, spot: Spot | None) -> int:
        """Put ``tile`` on the table at ``spot`` (``None`` for the lead).

        Returns the new end sum (raw). Validates first (see :meth:`check`),
        so a refused placement leaves the layout unchanged.
        """
        a, b = tile
        spots = self.open_spots
        if spot is None:  # the lead: an opening double has both lines open (S5)
            self.check(tile, spot)
            self._placed[tile] = None
            if a == b:
                self._lines[tile] = 0
                spots[(tile, LINE_A)] = a
                spots[(tile, LINE_B)] = a
                self._spinner = tile  # the first double of the round (R9, R11)
            else:
                spots[(tile, LOW)] = a
                spots[(tile, HIGH)] = b
            self.end_sum = a + b
            return self.end_sum

        value = spots.get(spot)
        if value is None or (value != a and value != b) or tile in self._placed:
            self.check(tile, spot)  # raises the refusal that fits
            raise AssertionError("unreachable: check() refuses this placement")
        del spots[spot]
        self._placed[tile] = spot
        target, side = spot
        end_sum = self.end_sum
        if target[0] != target[1]:
            end_sum -= value  # the target's free half is covered
        elif side in (LINE_A, LINE_B):
            lines = self._lines[target] + 1
            self._lines[target] = lines
            if lines == 2:  # both lines filled: internal; a spinner's branches open (S5, R9)
                end_sum -= 2 * value
                if self._all_spin or target == self._spinner and self._first_spins:
                    spots[(target, BRANCH_A)] = value
                    spots[(target, BRANCH_B)] = value
        if a == b:  # a double joins by line A; line B is its open spot
            self._lines[tile] = 1
            spots[(tile, LINE_B)] = a
            end_sum += 2 * a
        elif a == value:  # joins by its low half; the high half is the new end
            spots[(tile, HIGH)] = b
            end_sum += b
        else:
            spots[(tile, LOW)] = a
            end_sum += a
        self.end_sum = end_sum
        if a == b and self._spinner is None:
            self._spinner = tile  # the first double of the round (R9, R11)
            if self._fill_first:  # R11: every other end waits for its four sides (line A is filled)
                self._sides = 1
                self._waiting = {s: v for s, v in spots.items() if s[0] != tile}
                for waiting in self._waiting:
                    del spots[waiting]
        elif self._fill_first and self._sides < 4 and target == self._spinner:  # one more of its sides filled
            self._sides += 1
            if self._sides == 4:  # all four: every end opens (R11)
                spots.update(self._waiting)
                self._waiting = {}
            else:  # the new end waits too
                new = (tile, LINE_B if a == b else HIGH if a == value else LOW)
                self._waiting[new] = spots.pop(new)
        return end_sum


def _own_side(tile: Tile, spot: Spot) -> str:
    """The side by which ``tile`` joined ``spot``: line A for a double (S5), else its half
    of the spot's value."""
    if tile[0] == tile[1]:
        return LINE_A
    target, side = spot
    value = target[1] if side == HIGH else target[0]
    return LOW if tile[0] == value else HIGH
